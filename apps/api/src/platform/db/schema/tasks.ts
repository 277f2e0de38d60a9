// Project tasks (features/tasks): a project's action list, built from a task template or by hand,
// with computed due dates (core due-dates/due-dates.ts, worked by the tasks-due-dates job), stars, an
// order and a history; project_status_history records when a project entered each status (the
// 'Project Status' trigger's anchor).
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { instant, projectId, tenantFk, tenantId, timestamps } from './columns.js';
import { projects } from './projects.js';
import { users } from './tenancy.js';
import { taskColumns } from './task-templates.js';

export const TASK_STATUS_VALUES = ['Pending', 'Completed', 'Voided'] as const;

/**
 * A project task. `position` is its place in the project's list (1..n); `template_task_id` the
 * template task it came from (no key: the template may change or go). Dates the due-date module
 * reads are company wall-clock `timestamp`s; `is_generating` is set (with `generating_since`) while
 * its due date waits for the job, by the service or by the projects trigger of migration 0022.
 */
export const tasks = pgTable(
  'tasks',
  {
    tenantId: tenantId(),
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    projectId: projectId(),
    position: integer('position').notNull(),
    templateTaskId: uuid('template_task_id'),
    ...taskColumns(),
    triggerCompletedTaskId: bigint('trigger_completed_task_id', { mode: 'number' }),
    smsTemplate: uuid('sms_template'),
    actionTaken: text('action_taken'),
    status: text('status', { enum: TASK_STATUS_VALUES }).notNull().default('Pending'),
    dueDateAt: timestamp('due_date_at', { mode: 'string' }),
    completedAt: timestamp('completed_at', { mode: 'string' }),
    completedBy: uuid('completed_by'),
    isGenerating: boolean('is_generating').notNull().default(false),
    generatingSince: instant('generating_since'),
    starred: boolean('starred').notNull().default(false),
    /** When the e-mail notice and the reminder went out (tasks/notices.ts); null while waiting. */
    noticeSentAt: instant('notice_sent_at'),
    reminderSentAt: instant('reminder_sent_at'),
    userId: uuid('user_id'),
    createdBy: uuid('created_by'),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('tasks_tenant_project_position_idx').on(t.tenantId, t.projectId, t.position, t.id),
    index('tasks_tenant_status_due_idx').on(t.tenantId, t.status, t.dueDateAt, t.projectId),
    index('tasks_tenant_user_due_idx').on(t.tenantId, t.userId, t.status, t.dueDateAt),
    // The all-projects list's groups: matching tasks by due date, then project (features/tasks/list.ts);
    // the list's common filters read from the index alone.
    index('tasks_tenant_due_project_idx').on(
      t.tenantId,
      t.dueDateAt,
      t.projectId,
      t.status,
      t.priority,
      t.userId,
      t.starred,
    ),
    index('tasks_tenant_generating_idx')
      .on(t.tenantId, t.projectId)
      .where(sql`${t.isGenerating}`),
    index('tasks_tenant_completed_task_idx').on(t.tenantId, t.triggerCompletedTaskId),
    index('tasks_tenant_notices_idx')
      .on(t.tenantId, t.dueDateAt)
      .where(sql`${t.status} = 'Pending' AND (${t.emailNotice} OR ${t.emailReminder})`),
    tenantFk(t, t.projectId, projects).onDelete('cascade'),
    tenantFk(t, t.userId, users).onDelete('set null'),
    tenantFk(t, t.triggerCompletedTaskId, { tenantId: t.tenantId, id: t.id }).onDelete('set null'),
  ],
);

/** Every change of a task (spec 2 section 2.6): Date, Type, Description, User; never edited. */
export const taskHistory = pgTable(
  'task_history',
  {
    tenantId: tenantId(),
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    taskId: bigint('task_id', { mode: 'number' }).notNull(),
    projectId: projectId(),
    at: instant('at').notNull().defaultNow(),
    type: text('type').notNull(),
    description: text('description').notNull(),
    userId: uuid('user_id'),
    /** Kept as written: the history still names a user who has gone. */
    userName: text('user_name'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('task_history_tenant_task_idx').on(t.tenantId, t.taskId, t.at),
    tenantFk(t, t.taskId, tasks).onDelete('cascade'),
  ],
);

/** When a project last entered each status (kept by a trigger on projects, migration 0022). */
export const projectStatusHistory = pgTable(
  'project_status_history',
  {
    tenantId: tenantId(),
    projectId: projectId(),
    status: text('status').notNull(),
    enteredAt: timestamp('entered_at', { mode: 'string' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.projectId, t.status] }),
    tenantFk(t, t.projectId, projects).onDelete('cascade'),
  ],
);
