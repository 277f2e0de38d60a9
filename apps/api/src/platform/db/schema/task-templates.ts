// Task templates (features/task-templates): a titled, ordered list of template tasks from which a
// project's action list is built, optionally applied by the project's classification.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenantFk, tenantTable, timestamps } from './columns.js';
import { classifications } from './reference.js';

/**
 * A template. The migration makes the classification key `ON DELETE SET NULL (classification_id)`
 * (drizzle cannot say which column), so removing a classification keeps its template.
 */
export const taskTemplates = tenantTable(
  'task_templates',
  { title: text('title').notNull(), classificationId: uuid('classification_id'), ...timestamps() },
  (t) => [
    uniqueIndex('task_templates_tenant_classification_key')
      .on(t.tenantId, t.classificationId)
      .where(sql`${t.classificationId} IS NOT NULL`),
    index('task_templates_tenant_title_idx').on(t.tenantId, sql`lower(${t.title})`),
    tenantFk(t, t.classificationId, classifications).onDelete('set null'),
  ],
);

/**
 * The columns a template task and a project task share (spec 2 section 3), each table adding its
 * own key to the Completed Task it names (a template task's uuid, a project task's number).
 */
export const taskColumns = () => ({
  title: text('title').notNull(),
  actionBy: text('action_by'),
  staffResponsible: text('staff_responsible'),
  priority: text('priority').notNull().default('Medium'),
  triggerType: text('trigger_type').notNull().default('After'),
  trigger: text('trigger'),
  triggerProjectStatus: text('trigger_project_status'),
  fixedDateAt: timestamp('fixed_date_at', { mode: 'string' }),
  defaultEntity: text('default_entity'),
  defaultContact: text('default_contact'),
  emailTemplate: uuid('email_template'),
  instructions: text('instructions'),
  isAutoComplete: boolean('is_auto_complete').notNull().default(false),
  shareActionOnClient: boolean('share_action_on_client').notNull().default(false),
  shareActionOnSp: boolean('share_action_on_sp').notNull().default(false),
  emailReminder: boolean('email_reminder').notNull().default(false),
  emailNotice: boolean('email_notice').notNull().default(false),
  actionedAtDays: integer('actioned_at_days').notNull().default(0),
  actionedAtHours: integer('actioned_at_hours').notNull().default(0),
  actionedAtMins: integer('actioned_at_mins').notNull().default(0),
  isAutoDueDate: boolean('is_auto_due_date').notNull().default(true),
});

/**
 * A task of a template. trigger_completed_task_id names another task of the same template; the
 * migration makes that key `ON DELETE SET NULL (trigger_completed_task_id)`. email_template is the
 * id of an e-mail template once that feature exists (no key yet).
 */
export const templateTasks = tenantTable(
  'template_tasks',
  {
    templateId: uuid('template_id').notNull(),
    taskIndex: integer('task_index').notNull(),
    ...taskColumns(),
    triggerCompletedTaskId: uuid('trigger_completed_task_id'),
    ...timestamps(),
  },
  (t) => [
    index('template_tasks_tenant_template_idx').on(t.tenantId, t.templateId, t.taskIndex),
    index('template_tasks_tenant_completed_task_idx').on(t.tenantId, t.triggerCompletedTaskId),
    tenantFk(t, t.templateId, taskTemplates).onDelete('cascade'),
    tenantFk(t, t.triggerCompletedTaskId, { tenantId: t.tenantId, id: t.id }).onDelete('set null'),
  ],
);
