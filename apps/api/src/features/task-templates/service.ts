import { and, eq, sql } from 'drizzle-orm';
import {
  TASK_TEMPLATE_TEXT,
  nextTaskIndex,
  type TaskTemplateSummary,
  type TaskTemplateView,
  type TemplateTaskData,
  type TemplateTaskView,
} from '@siteflow/core';
import { inTenant, type Deps, type TenantContext } from '../../platform/context.js';
import type { Tx } from '../../platform/db/client.js';
import { classifications, taskTemplates, templateTasks } from '../../platform/db/schema.js';
import { fieldError, uniqueOrFieldError, notFound } from '../../platform/errors.js';
import { sharedTaskColumns } from './columns.js';

type D = Pick<Deps, 'db'>;
type TemplateData = { title: string; classification_id: string | null };

const templateNotFound = () => notFound('The task template');
const taskNotFound = () => notFound('The template task');

/** The view's columns of a template task, snake_case as the contract names them. */
const TASK_JSON = sql`json_build_object(
  'id', tt.id, 'template_id', tt.template_id, 'task_index', tt.task_index, 'title', tt.title,
  'action_by', tt.action_by, 'staff_responsible', tt.staff_responsible, 'priority', tt.priority,
  'trigger_type', tt.trigger_type, 'trigger', tt.trigger, 'trigger_project_status', tt.trigger_project_status,
  'trigger_completed_task_id', tt.trigger_completed_task_id,
  'fixed_date_at', to_char(tt.fixed_date_at, 'YYYY-MM-DD HH24:MI'),
  'default_entity', tt.default_entity, 'default_contact', tt.default_contact, 'email_template', tt.email_template,
  'instructions', tt.instructions, 'is_auto_complete', tt.is_auto_complete,
  'share_action_on_client', tt.share_action_on_client, 'share_action_on_sp', tt.share_action_on_sp,
  'email_reminder', tt.email_reminder, 'email_notice', tt.email_notice,
  'actioned_at_days', tt.actioned_at_days, 'actioned_at_hours', tt.actioned_at_hours,
  'actioned_at_mins', tt.actioned_at_mins, 'is_auto_due_date', tt.is_auto_due_date)`;

/** A template with its classification and its tasks in order: one statement. */
async function templateView(tx: Tx, id: string): Promise<TaskTemplateView> {
  const { rows } = await tx.execute<TaskTemplateView>(sql`
    select t.id, t.title, t.classification_id, c.title as classification_title,
      coalesce((select json_agg(${TASK_JSON} order by tt.task_index, tt.created_at, tt.id)
        from template_tasks tt where tt.tenant_id = t.tenant_id and tt.template_id = t.id), '[]') as tasks
    from task_templates t
    left join classifications c on c.tenant_id = t.tenant_id and c.id = t.classification_id
    where t.id = ${id}`);
  const [view] = rows;
  if (!view) throw templateNotFound();
  return view;
}

async function taskView(tx: Tx, templateId: string, taskId: string): Promise<TemplateTaskView> {
  const { rows } = await tx.execute<{ task: TemplateTaskView }>(sql`
    select ${TASK_JSON} as task from template_tasks tt where tt.template_id = ${templateId} and tt.id = ${taskId}`);
  const [row] = rows;
  if (!row) throw taskNotFound();
  return row.task;
}

/**
 * Creates a template, or updates template `id`: the template as saved. A classification can carry
 * one template; a race past the check is the same 422.
 */
async function saveTemplate(deps: D, tenant: TenantContext, input: TemplateData, id?: string) {
  return uniqueOrFieldError('classification_id', TASK_TEMPLATE_TEXT.classificationTaken, () =>
    inTenant(deps, tenant.id, async (tx) => {
      await checkClassification(tx, input, id);
      const columns = { title: input.title, classificationId: input.classification_id };
      const [row] = id
        ? await tx
            .update(taskTemplates)
            .set({ ...columns, updatedAt: sql`now()` })
            .where(eq(taskTemplates.id, id))
            .returning({ id: taskTemplates.id })
        : await tx
            .insert(taskTemplates)
            .values({ tenantId: tenant.id, ...columns })
            .returning({ id: taskTemplates.id });
      if (!row) throw templateNotFound();
      return templateView(tx, row.id);
    }),
  );
}

async function checkClassification(tx: Tx, input: TemplateData, exceptTemplateId?: string) {
  if (!input.classification_id) return;
  const { rows } = await tx.execute<{ found: boolean; taken: boolean }>(sql`
    select exists (select 1 from ${classifications} where id = ${input.classification_id}) as found,
      exists (select 1 from ${taskTemplates} where classification_id = ${input.classification_id}
        and id <> coalesce(${exceptTemplateId ?? null}::uuid, '00000000-0000-0000-0000-000000000000')) as taken`);
  if (!rows[0]?.found) throw fieldError('classification_id', 'The chosen classification was not found.');
  if (rows[0].taken) throw fieldError('classification_id', TASK_TEMPLATE_TEXT.classificationTaken);
}

/** Every template of the tenant by title, with its classification and number of tasks. */
export const listTemplates = (deps: D, tenant: TenantContext) =>
  inTenant(deps, tenant.id, async (tx) => {
    const { rows } = await tx.execute<TaskTemplateSummary>(sql`
      select t.id, t.title, t.classification_id, c.title as classification_title,
        (select count(*)::int from template_tasks tt where tt.tenant_id = t.tenant_id and tt.template_id = t.id)
          as task_count
      from task_templates t
      left join classifications c on c.tenant_id = t.tenant_id and c.id = t.classification_id
      order by lower(t.title), t.id`);
    return { items: rows };
  });

export const getTemplate = (deps: D, tenant: TenantContext, id: string) =>
  inTenant(deps, tenant.id, (tx) => templateView(tx, id));

export const createTemplate = (deps: D, tenant: TenantContext, input: TemplateData) =>
  saveTemplate(deps, tenant, input);

export const updateTemplate = (deps: D, tenant: TenantContext, id: string, input: TemplateData) =>
  saveTemplate(deps, tenant, input, id);

export const deleteTemplate = (deps: D, tenant: TenantContext, id: string) =>
  inTenant(deps, tenant.id, async (tx) => {
    const [row] = await tx.delete(taskTemplates).where(eq(taskTemplates.id, id)).returning({ id: taskTemplates.id });
    if (!row) throw templateNotFound();
  });

/** The template's task numbers (404 when the template is not the tenant's). */
async function taskIndexesOf(tx: Tx, templateId: string) {
  const { rows } = await tx.execute<{ found: boolean; indexes: number[] | null; ids: string[] | null }>(sql`
    select exists (select 1 from task_templates where id = ${templateId}) as found,
      (select array_agg(task_index) from template_tasks where template_id = ${templateId}) as indexes,
      (select array_agg(id) from template_tasks where template_id = ${templateId}) as ids`);
  if (!rows[0]?.found) throw templateNotFound();
  return { indexes: rows[0].indexes ?? [], ids: rows[0].ids ?? [] };
}

/** A Completed Task trigger names another task of the same template. */
function checkCompletedTask(input: TemplateTaskData, templateTaskIds: string[], ownId?: string) {
  const id = input.trigger_completed_task_id;
  if (id && (id === ownId || !templateTaskIds.includes(id)))
    throw fieldError('trigger_completed_task_id', TASK_TEMPLATE_TEXT.completedTask);
}

export const createTask = (deps: D, tenant: TenantContext, templateId: string, input: TemplateTaskData) =>
  inTenant(deps, tenant.id, async (tx) => {
    const { indexes, ids } = await taskIndexesOf(tx, templateId);
    checkCompletedTask(input, ids);
    const [row] = await tx
      .insert(templateTasks)
      .values({
        tenantId: tenant.id,
        templateId,
        taskIndex: input.task_index ?? nextTaskIndex(indexes),
        ...sharedTaskColumns(input),
      })
      .returning({ id: templateTasks.id });
    return taskView(tx, templateId, row!.id);
  });

export const updateTask = (
  deps: D,
  tenant: TenantContext,
  templateId: string,
  taskId: string,
  input: TemplateTaskData,
) =>
  inTenant(deps, tenant.id, async (tx) => {
    const { ids } = await taskIndexesOf(tx, templateId);
    if (!ids.includes(taskId)) throw taskNotFound();
    checkCompletedTask(input, ids, taskId);
    await tx
      .update(templateTasks)
      .set({
        ...sharedTaskColumns(input),
        ...(input.task_index === null ? {} : { taskIndex: input.task_index }),
        updatedAt: sql`now()`,
      })
      .where(and(eq(templateTasks.templateId, templateId), eq(templateTasks.id, taskId)));
    return taskView(tx, templateId, taskId);
  });

/** Deletes a task; the template as it is then (tasks triggered by its completion lose that trigger task). */
export const deleteTask = (deps: D, tenant: TenantContext, templateId: string, taskId: string) =>
  inTenant(deps, tenant.id, async (tx) => {
    const [row] = await tx
      .delete(templateTasks)
      .where(and(eq(templateTasks.templateId, templateId), eq(templateTasks.id, taskId)))
      .returning({ id: templateTasks.id });
    if (!row) {
      await taskIndexesOf(tx, templateId);
      throw taskNotFound();
    }
    return templateView(tx, templateId);
  });

/** Numbers the template's tasks 1..n in the order given: every task once, saved in one statement. */
export const reorderTasks = (deps: D, tenant: TenantContext, templateId: string, order: string[]) =>
  inTenant(deps, tenant.id, async (tx) => {
    const { ids } = await taskIndexesOf(tx, templateId);
    const given = new Set(order);
    if (given.size !== order.length || order.length !== ids.length || ids.some((id) => !given.has(id)))
      throw fieldError('ids', TASK_TEMPLATE_TEXT.order);
    if (order.length)
      await tx.execute(sql`
        update template_tasks tt set task_index = o.n, updated_at = now()
        from unnest(${`{${order.join(',')}}`}::uuid[]) with ordinality as o(id, n)
        where tt.template_id = ${templateId} and tt.id = o.id`);
    return templateView(tx, templateId);
  });
