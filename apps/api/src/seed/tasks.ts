// Demo task templates and action lists (features/task-templates, features/tasks): the template a
// company would build for its installations, applied to the demo's open projects, with due dates
// computed the way the job computes them and a few tasks done, assigned and starred.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { DEFAULT_CLASSIFICATION, TemplateTaskInput, type TemplateTaskInput as TaskIn } from '@siteflow/core';
import { withTenant, type Db } from '../platform/db/client.js';
import { classifications, projects, taskTemplates, templateTasks } from '../platform/db/schema.js';
import { applyTaskTemplate } from '../features/tasks/apply-template.js';
import { computeProjectDueDates } from '../features/tasks/due-dates-job.js';
import { seedOnce } from './once.js';

const LOCK = 727007;

/** The installation template, in order; 'Invoice the client' waits for 'Confirm completion' (index 4). */
export const DEMO_TEMPLATE_TASKS: (TaskIn & { completedTaskIndex?: number })[] = [
  {
    title: 'Confirm the booking with the client',
    action_by: 'Company',
    staff_responsible: 'Project Manager',
    priority: 'High',
    trigger: 'Project Registration Date',
    actioned_at_days: 1,
  },
  {
    title: 'Send the work order to the service provider',
    action_by: 'Company',
    staff_responsible: 'Project Administrator',
    trigger: 'Project Commencement Date',
    trigger_type: 'Before',
    actioned_at_days: 3,
  },
  {
    title: 'Site induction and safety check',
    action_by: 'Service Provider',
    staff_responsible: 'Admin',
    trigger: 'Project Commencement Date',
    actioned_at_hours: 1,
    share_action_on_sp: true,
  },
  {
    title: 'Confirm completion with the site contact',
    action_by: 'Company',
    staff_responsible: 'Project Manager',
    trigger: 'Project End Date',
    actioned_at_hours: 2,
    share_action_on_client: true,
  },
  {
    title: 'Upload photos and the completion report',
    action_by: 'Service Provider',
    staff_responsible: 'Staff',
    trigger: 'Project End Date',
    actioned_at_days: 1,
    share_action_on_sp: true,
  },
  {
    title: 'Invoice the client',
    action_by: 'Company',
    staff_responsible: 'Admin',
    priority: 'Low',
    trigger: 'Completed Task',
    completedTaskIndex: 3,
    actioned_at_days: 2,
  },
];

export function seedDemoTasks(db: Db, tenantId: string) {
  return seedOnce(db, tenantId, {
    lock: LOCK,
    table: taskTemplates,
    existing: (n): { created: boolean; templates: number; tasks: number; projects?: number[] } => ({
      created: false,
      templates: n,
      tasks: 0,
    }),
    create: async (tx) => {
      const [cls] = await tx
        .select({ id: classifications.id })
        .from(classifications)
        .where(and(eq(classifications.tenantId, tenantId), eq(classifications.title, DEFAULT_CLASSIFICATION)));
      const [template] = await tx
        .insert(taskTemplates)
        .values({ tenantId, title: 'Standard installation', classificationId: cls?.id ?? null })
        .returning({ id: taskTemplates.id });
      const ids: string[] = [];
      for (const [i, input] of DEMO_TEMPLATE_TASKS.entries()) {
        const { completedTaskIndex, ...fields } = input;
        const t = TemplateTaskInput.parse({
          ...fields,
          trigger_completed_task_id: completedTaskIndex === undefined ? null : ids[completedTaskIndex]!,
        });
        const [row] = await tx
          .insert(templateTasks)
          .values({
            tenantId,
            templateId: template!.id,
            taskIndex: i + 1,
            title: t.title,
            actionBy: t.action_by,
            staffResponsible: t.staff_responsible,
            priority: t.priority,
            triggerType: t.trigger_type,
            trigger: t.trigger,
            triggerCompletedTaskId: t.trigger_completed_task_id,
            shareActionOnClient: t.share_action_on_client,
            shareActionOnSp: t.share_action_on_sp,
            actionedAtDays: t.actioned_at_days,
            actionedAtHours: t.actioned_at_hours,
            actionedAtMins: t.actioned_at_mins,
          })
          .returning({ id: templateTasks.id });
        ids.push(row!.id);
      }
      // The open projects get the action list (projects created from now on get it by their classification).
      const open = await tx
        .select({ id: projects.id, manager: projects.projectManagerId })
        .from(projects)
        .where(and(eq(projects.tenantId, tenantId), inArray(projects.status, ['order', 'scheduled', 'completed'])));
      let count = 0;
      for (const p of open) count += await applyTaskTemplate(tx, tenantId, p.id, { templateId: template!.id }, null);
      // A few tasks are starred. (Applying the template assigned each Project Manager and Project
      // Administrator task to the project's manager or administrator.)
      await tx.execute(sql`
        UPDATE tasks SET starred = true WHERE tenant_id = ${tenantId} AND position = 1 AND project_id % 4 = 0`);
      return { created: true, templates: 1, tasks: count, projects: open.map((p) => p.id) };
    },
  }).then(async (report) => {
    // Due dates as the job computes them, after the tasks are committed; finished projects' first tasks done.
    const deps = { db, clock: { now: () => new Date() } };
    const compute = async (ids: readonly number[]) => {
      for (const projectId of ids) await computeProjectDueDates(deps, { tenantId, projectId });
    };
    await compute(report.projects ?? []);
    if (report.projects) await compute(await completeFinished(db, tenantId));
    return report;
  });
}

/** On completed projects every task but the invoice is done, at its due date; answers those projects. */
async function completeFinished(db: Db, tenantId: string): Promise<number[]> {
  const done = await withTenant(db, tenantId, (tx) =>
    tx.execute<{ project_id: string }>(sql`
      UPDATE tasks t SET status = 'Completed', completed_at = coalesce(t.due_date_at, date_trunc('minute', now() AT TIME ZONE 'Australia/Brisbane'))
      FROM projects p WHERE t.tenant_id = ${tenantId} AND p.tenant_id = t.tenant_id AND p.id = t.project_id
        AND p.status = 'completed' AND t.trigger IS DISTINCT FROM 'Completed Task'
      RETURNING t.project_id`),
  );
  return [...new Set(done.rows.map((r) => Number(r.project_id)))];
}
