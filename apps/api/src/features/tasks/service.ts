import { and, asc, eq, sql } from 'drizzle-orm';
import {
  COMPANY_TIME_ZONE,
  computeDueDates,
  TASK_TEXT,
  wallClockAt,
  type Assignee,
  type DueDateTask,
  type TaskChoice,
  type TaskData,
  type TaskHistoryRow,
} from '@siteflow/core';
import { inTenant, type Actor, type Deps, type TenantContext } from '../../platform/context.js';
import type { Tx } from '../../platform/db/client.js';
import { projects, tasks, users } from '../../platform/db/schema.js';
import { fieldError, HttpError, notFound } from '../../platform/errors.js';
import type { OnCommit } from '../../platform/mail.js';
import { lockVisibleProject, visibleProjects } from '../../platform/project-scope.js';
import { sharedTaskColumns } from '../task-templates/columns.js';
import { dueDateTaskOf, markGenerating, queueDueDates } from './due-dates-job.js';
import { recordTaskEvent } from './history.js';
import { taskNotFound, taskView } from './view.js';

export type D = Pick<Deps, 'db' | 'clock' | 'jobs'>;
export type TaskRow = typeof tasks.$inferSelect;

/** Texts the contract does not carry (ours). */
export const TASK_SERVICE_TEXT = {
  notRestorable: 'Only a completed or voided task can be restored.',
  deleted: 'The task was deleted.',
  cannotClose: 'The project can be closed only when it has tasks and all of them are completed or voided.',
  closed: 'The project was closed.',
} as const;

export const conflict = (message: string) => new HttpError(409, message);
export const nowOf = (deps: Pick<Deps, 'clock'>) => wallClockAt(deps.clock.now());

/**
 * The task, when the actor sees its project (404 otherwise), with its project row locked: every
 * write to a project's tasks takes the project row first, as the due-date job does.
 */
export async function lockTask(tx: Tx, actor: Actor, id: number): Promise<TaskRow> {
  const [row] = await tx
    .select({ task: tasks })
    .from(tasks)
    .innerJoin(projects, and(eq(projects.tenantId, tasks.tenantId), eq(projects.id, tasks.projectId)))
    .where(and(eq(tasks.id, id), visibleProjects(actor)))
    .for('update', { of: projects });
  if (!row) throw taskNotFound();
  return row.task;
}

/** The project's tasks in list order, as the due-date module reads them. */
async function dueDateTasksOf(tx: Tx, tenantId: string, projectId: number): Promise<DueDateTask[]> {
  const rows = await tx
    .select()
    .from(tasks)
    .where(and(eq(tasks.tenantId, tenantId), eq(tasks.projectId, projectId)))
    .orderBy(asc(tasks.position), asc(tasks.id));
  return rows.map(dueDateTaskOf);
}

/** A user of the company (any role) with this id. */
async function isTenantUser(tx: Tx, userId: string) {
  const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  return !!row;
}

/** The table's columns of a saved task (the manual due date only when the due date is not automatic). */
const columnsOf = (input: TaskData) => ({
  ...sharedTaskColumns(input),
  actionTaken: input.action_taken,
  userId: input.user_id,
  smsTemplate: input.sms_template,
});
type Columns = ReturnType<typeof columnsOf>;

/** How the history names each field in an 'Updated' row. */
const FIELD_LABELS: Record<keyof Columns | 'dueDateAt', string> = {
  title: 'Title',
  actionBy: 'Action By',
  staffResponsible: 'Staff Responsible',
  priority: 'Priority',
  triggerType: 'Trigger Type',
  trigger: 'Trigger',
  triggerProjectStatus: 'Trigger Project Status',
  triggerCompletedTaskId: 'Completed Task',
  fixedDateAt: 'Fixed Date',
  defaultEntity: 'Recipient',
  defaultContact: 'Default Contact',
  emailTemplate: 'Email Template',
  instructions: 'Instructions',
  isAutoComplete: 'Auto Complete',
  shareActionOnClient: 'Share on Client',
  shareActionOnSp: 'Share on Service Provider',
  emailReminder: 'Email Reminder',
  emailNotice: 'Email Notice',
  actionedAtDays: 'Days',
  actionedAtHours: 'Hours',
  actionedAtMins: 'Minutes',
  isAutoDueDate: 'Automatic Due Date',
  dueDateAt: 'Due date',
  actionTaken: 'Actions Taken',
  userId: 'User',
  smsTemplate: 'SMS Template',
};

/** The fields whose change moves due dates (this task's or, through Next/Previous Task, others'). */
const DUE_FIELDS: (keyof Columns | 'dueDateAt')[] = [
  'triggerType',
  'trigger',
  'triggerProjectStatus',
  'triggerCompletedTaskId',
  'fixedDateAt',
  'actionedAtDays',
  'actionedAtHours',
  'actionedAtMins',
  'isAutoDueDate',
  'dueDateAt',
];

/** A stored timestamp ('YYYY-MM-DD HH:mm:ss') as the inputs carry it ('YYYY-MM-DD HH:mm'). */
const minutes = (v: unknown) =>
  typeof v === 'string' && /^\d{4}-\d\d-\d\d[ T]\d\d:\d\d/.test(v) ? v.replace('T', ' ').slice(0, 16) : v;

/** The fields that differ between the stored task and what is saved. */
function changedFields(before: TaskRow, after: Columns & { dueDateAt?: string | null }) {
  return (Object.keys(after) as (keyof typeof after)[]).filter(
    (k) => after[k] !== undefined && minutes(before[k]) !== minutes(after[k]),
  );
}

/**
 * The checks of a saved task against its project (422 per field): a Completed Task trigger names
 * another task of the project; the assigned user is one of the company's; the triggers make no
 * cycle (the project's list with this task as saved, through core's computeDueDates).
 */
async function checkTask(tx: Tx, list: DueDateTask[], input: TaskData, self: DueDateTask) {
  const named = input.trigger_completed_task_id;
  if (named !== null && (named === self.id || !list.some((t) => t.id === named)))
    throw fieldError('trigger_completed_task_id', TASK_TEXT.completedTask);
  if (input.user_id && !(await isTenantUser(tx, input.user_id))) throw fieldError('user_id', TASK_TEXT.user);
  const saved = list.some((t) => t.id === self.id) ? list.map((t) => (t.id === self.id ? self : t)) : [...list, self];
  const result = computeDueDates({
    now: '2000-01-01 00:00',
    project: { commencement: null, end: null, completion: null, registration: null, statusEnteredAt: {} },
    tasks: saved,
  });
  if (!result.ok) throw fieldError('trigger', result.message);
}

/** The due-date module's view of a task as saved. */
const asDueDateTask = (id: number, input: TaskData, stored?: TaskRow): DueDateTask => ({
  id,
  status: stored?.status ?? 'Pending',
  isAutoDueDate: input.is_auto_due_date,
  dueDateAt: input.is_auto_due_date ? (stored?.dueDateAt ?? null) : input.due_date_at,
  completedAt: stored?.completedAt ?? null,
  trigger: input.trigger,
  triggerType: input.trigger_type,
  days: input.actioned_at_days,
  hours: input.actioned_at_hours,
  minutes: input.actioned_at_mins,
  triggerProjectStatus: input.trigger_project_status,
  triggerCompletedTaskId: input.trigger_completed_task_id,
  fixedDateAt: input.fixed_date_at,
});

/** Marks the project's pending automatic tasks generating and queues the job after commit. */
export async function requeue(
  tx: Tx,
  deps: Pick<Deps, 'jobs'>,
  onCommit: OnCommit,
  tenantId: string,
  projectId: number,
) {
  await markGenerating(tx, tenantId, projectId);
  queueDueDates(deps, onCommit, tenantId, projectId);
}

// ---- reads ----

export const getTask = (deps: D, tenant: TenantContext, actor: Actor, id: number) =>
  inTenant(deps, tenant.id, (tx) => taskView(tx, actor, id, nowOf(deps)));

/** A task's history, newest first, dated on the company's wall clock; 404 when the task is not seen. */
export const taskHistoryOf = (deps: D, tenant: TenantContext, actor: Actor, id: number) =>
  inTenant(deps, tenant.id, async (tx) => {
    const visible = visibleProjects(actor);
    const { rows } = await tx.execute<{ found: boolean; items: TaskHistoryRow[] }>(sql`
      select exists (select 1 from tasks t join projects on projects.tenant_id = t.tenant_id and projects.id = t.project_id
          where t.id = ${id}${visible ? sql` and ${visible}` : sql``}) as found,
        (select coalesce(json_agg(json_build_object('id', h.id,
            'date', to_char(h.at at time zone ${COMPANY_TIME_ZONE}, 'YYYY-MM-DD HH24:MI'),
            'type', h.type, 'description', h.description, 'user', h.user_name) order by h.at desc, h.id desc), '[]'::json)
          from task_history h where h.task_id = ${id}) as items`);
    if (!rows[0]?.found) throw taskNotFound();
    return { items: rows[0].items };
  });

/** The project's tasks offered for a Completed Task trigger (all but `exclude`), in list order. */
export const taskChoices = (deps: D, tenant: TenantContext, actor: Actor, projectId: number, exclude?: number) =>
  inTenant(deps, tenant.id, async (tx) => {
    const visible = visibleProjects(actor);
    const { rows } = await tx.execute<{ found: boolean; items: TaskChoice[] }>(sql`
      select exists (select 1 from projects where projects.id = ${projectId}${visible ? sql` and ${visible}` : sql``}) as found,
        (select coalesce(json_agg(json_build_object('id', t.id, 'title', t.title, 'position', t.position,
            'status', t.status) order by t.position, t.id), '[]'::json)
          from tasks t where t.project_id = ${projectId} and t.id <> ${exclude ?? 0}) as items`);
    if (!rows[0]?.found) throw notFound('The project');
    return { items: rows[0].items };
  });

const STAFF_ROLES_OF: Record<string, string[]> = {
  Admin: ['company_admin'],
  Employee: ['company_employee'],
};
const CLIENT_ROLES_OF: Record<string, string[]> = {
  'Account Manager': ['client_am'],
  Admin: ['client_admin'],
  Finance: ['client_account'],
};
const PROVIDER_ROLES_OF: Record<string, string[]> = { Admin: ['sp_admin'], Staff: ['sp_employee'] };

/**
 * Users who may be assigned a task of an Action By and Staff Responsible (active ones, by name):
 * Company: staff (the project's manager or administrator, company admins or employees, or all);
 * Client: users of the project's client; Service Provider: users of its provider. Without a
 * project (the all-projects filters) the company's staff only, without the project roles.
 */
export const assignees = (
  deps: D,
  tenant: TenantContext,
  q: { project_id: number; action_by?: string | undefined; staff?: string | undefined },
) =>
  inTenant(deps, tenant.id, async (tx): Promise<{ items: Assignee[] }> => {
    const staff = q.staff ?? 'All';
    let project: typeof projects.$inferSelect | undefined;
    if (q.project_id) {
      [project] = await tx.select().from(projects).where(eq(projects.id, q.project_id));
      if (!project) throw notFound('The project');
    }
    let who: ReturnType<typeof sql>;
    const roles = (list: string[]) => sql`u.role = any(${`{${list.join(',')}}`}::text[])`;
    if (!q.action_by || q.action_by === 'Company') {
      if (project && staff === 'Project Manager') who = sql`u.id = ${project.projectManagerId}`;
      else if (project && staff === 'Project Administrator') who = sql`u.id = ${project.projectAdministratorId}`;
      else who = roles(STAFF_ROLES_OF[staff] ?? ['company_admin', 'company_employee']);
    } else if (!project) {
      return { items: [] };
    } else if (q.action_by === 'Client') {
      who = sql`u.client_id = ${project.clientId} and ${roles(CLIENT_ROLES_OF[staff] ?? ['client_am', 'client_admin', 'client_account'])}`;
    } else {
      if (!project.serviceProviderId) return { items: [] };
      who = sql`u.service_provider_id = ${project.serviceProviderId} and ${roles(PROVIDER_ROLES_OF[staff] ?? ['sp_admin', 'sp_employee'])}`;
    }
    const { rows } = await tx.execute<Assignee>(sql`
      select u.id, u.first_name, u.last_name from users u
      where u.active and ${who} order by lower(u.last_name), lower(u.first_name), u.id`);
    return { items: rows };
  });

// ---- writes ----

/** POST /api/projects/:id/tasks: a task added at the end of the project's list. */
export const createTask = (deps: D, tenant: TenantContext, actor: Actor, projectId: number, input: TaskData) =>
  inTenant(deps, tenant.id, async (tx, onCommit) => {
    await lockVisibleProject(tx, actor, projectId);
    const list = await dueDateTasksOf(tx, tenant.id, projectId);
    await checkTask(tx, list, input, asDueDateTask(-1, input));
    const [last] = await tx
      .select({ max: sql<number | null>`max(${tasks.position})` })
      .from(tasks)
      .where(and(eq(tasks.tenantId, tenant.id), eq(tasks.projectId, projectId)));
    const [row] = await tx
      .insert(tasks)
      .values({
        tenantId: tenant.id,
        projectId,
        position: (last?.max ?? 0) + 1,
        ...columnsOf(input),
        dueDateAt: input.is_auto_due_date ? null : input.due_date_at,
        createdBy: actor.userId,
      })
      .returning({ id: tasks.id });
    const id = row!.id;
    await recordTaskEvent(tx, tenant.id, actor, { id, projectId }, 'Created', 'Created.');
    // A new task can move others (Next/Previous Task): the whole project is computed again.
    await requeue(tx, deps, onCommit, tenant.id, projectId);
    return taskView(tx, actor, id, nowOf(deps));
  });

/** PUT /api/tasks/:id: every field (company roles); a Voided task is locked. */
export const updateTask = (deps: D, tenant: TenantContext, actor: Actor, id: number, input: TaskData) =>
  inTenant(deps, tenant.id, async (tx, onCommit) => {
    const before = await lockTask(tx, actor, id);
    if (before.status === 'Voided') throw conflict(TASK_TEXT.voidedLocked);
    const list = await dueDateTasksOf(tx, tenant.id, before.projectId);
    await checkTask(tx, list, input, asDueDateTask(id, input, before));
    const columns = { ...columnsOf(input), ...(input.is_auto_due_date ? {} : { dueDateAt: input.due_date_at }) };
    const changed = changedFields(before, columns);
    await tx
      .update(tasks)
      .set({ ...columns, updatedAt: sql`now()` })
      .where(and(eq(tasks.tenantId, tenant.id), eq(tasks.id, id)));
    const description = changed.length ? changed.map((k) => FIELD_LABELS[k]).join(', ') : 'No changes.';
    await recordTaskEvent(tx, tenant.id, actor, before, 'Updated', description);
    if (changed.some((k) => DUE_FIELDS.includes(k))) await requeue(tx, deps, onCommit, tenant.id, before.projectId);
    return taskView(tx, actor, id, nowOf(deps));
  });

/** PUT /api/tasks/:id/action-taken: Actions Taken, by anyone who sees the task (spec 2.3). */
export const updateActionTaken = (
  deps: D,
  tenant: TenantContext,
  actor: Actor,
  id: number,
  actionTaken: string | null,
) =>
  inTenant(deps, tenant.id, async (tx) => {
    const before = await lockTask(tx, actor, id);
    if (before.status === 'Voided') throw conflict(TASK_TEXT.voidedLocked);
    await tx
      .update(tasks)
      .set({ actionTaken, updatedAt: sql`now()` })
      .where(and(eq(tasks.tenantId, tenant.id), eq(tasks.id, id)));
    await recordTaskEvent(tx, tenant.id, actor, before, 'Updated', 'Actions Taken');
    return taskView(tx, actor, id, nowOf(deps));
  });

/** POST /api/tasks/:id/star: toggles the star (every viewer of the task; spec 6 lists it for all). */
export const toggleStar = (deps: D, tenant: TenantContext, actor: Actor, id: number) =>
  inTenant(deps, tenant.id, async (tx) => {
    await lockTask(tx, actor, id);
    await tx
      .update(tasks)
      .set({ starred: sql`not ${tasks.starred}` })
      .where(and(eq(tasks.tenantId, tenant.id), eq(tasks.id, id)));
    return taskView(tx, actor, id, nowOf(deps));
  });
