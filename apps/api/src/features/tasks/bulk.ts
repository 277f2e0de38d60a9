import { and, eq, sql } from 'drizzle-orm';
import { TASK_TEMPLATE_TEXT, TASK_TEXT } from '@siteflow/core';
import { inTenant, type Actor, type TenantContext } from '../../platform/context.js';
import { projects, tasks, taskTemplates, users } from '../../platform/db/schema.js';
import { fieldError } from '../../platform/errors.js';
import { lockVisibleProject } from '../../platform/project-scope.js';
import { applyTaskTemplate } from './apply-template.js';
import { queueIfGenerating } from './due-dates-job.js';
import { actorRef, recordHistory } from './history.js';
import { conflict, requeue, TASK_SERVICE_TEXT, type D } from './service.js';

/** What a project's action list does to many tasks at once: order, recalculation, assignment, a template, closing. */

/** PUT /api/projects/:id/tasks/order: every task of the project once, numbered 1..n in one statement. */
export const reorderTasks = (deps: D, tenant: TenantContext, actor: Actor, projectId: number, ids: number[]) =>
  inTenant(deps, tenant.id, async (tx, onCommit) => {
    await lockVisibleProject(tx, actor, projectId);
    const current = await tx
      .select({ id: tasks.id })
      .from(tasks)
      .where(and(eq(tasks.tenantId, tenant.id), eq(tasks.projectId, projectId)));
    const known = new Set(current.map((r) => r.id));
    if (ids.length !== known.size || new Set(ids).size !== ids.length || ids.some((id) => !known.has(id)))
      throw fieldError('ids', TASK_TEXT.order);
    if (ids.length) {
      await tx.execute(sql`
        update tasks t set position = o.n, updated_at = now()
        from unnest(${`{${ids.join(',')}}`}::bigint[]) with ordinality as o(id, n)
        where t.tenant_id = ${tenant.id} and t.project_id = ${projectId} and t.id = o.id`);
      await requeue(tx, deps, onCommit, tenant.id, projectId);
    }
    return { message: TASK_TEMPLATE_TEXT.orderSaved };
  });

/** POST /api/projects/:id/tasks/recalculate: every pending automatic task is computed again. */
export const recalculate = (deps: D, tenant: TenantContext, actor: Actor, projectId: number) =>
  inTenant(deps, tenant.id, async (tx, onCommit) => {
    await lockVisibleProject(tx, actor, projectId);
    await requeue(tx, deps, onCommit, tenant.id, projectId);
    return { message: TASK_TEXT.recalculated };
  });

/** POST /api/projects/:id/tasks/assign: every pending task of the Action By and Staff Responsible to the user. */
export const bulkAssign = (
  deps: D,
  tenant: TenantContext,
  actor: Actor,
  projectId: number,
  input: { assigned: string; staff: string; user_id: string },
) =>
  inTenant(deps, tenant.id, async (tx) => {
    await lockVisibleProject(tx, actor, projectId);
    const [user] = await tx
      .select({ firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.id, input.user_id));
    if (!user) throw fieldError('user_id', TASK_TEXT.user);
    const rows = await tx
      .update(tasks)
      .set({ userId: input.user_id, updatedAt: sql`now()` })
      .where(
        and(
          eq(tasks.tenantId, tenant.id),
          eq(tasks.projectId, projectId),
          eq(tasks.status, 'Pending'),
          eq(tasks.actionBy, input.assigned),
          eq(tasks.staffResponsible, input.staff),
        ),
      )
      .returning({ id: tasks.id });
    const name = `${user.firstName} ${user.lastName}`;
    await recordHistory(
      tx,
      tenant.id,
      actorRef(actor),
      rows.map((r) => ({ taskId: r.id, projectId, type: 'Assigned' as const, description: `Assigned to ${name}.` })),
    );
    return { message: TASK_TEXT.assignCount.replace('{count}', String(rows.length)), count: rows.length };
  });

/** POST /api/projects/:id/tasks/apply-template: the template's tasks after the project's own. */
export const applyTemplate = (deps: D, tenant: TenantContext, actor: Actor, projectId: number, templateId: string) =>
  inTenant(deps, tenant.id, async (tx, onCommit) => {
    await lockVisibleProject(tx, actor, projectId);
    const [template] = await tx
      .select({ id: taskTemplates.id })
      .from(taskTemplates)
      .where(eq(taskTemplates.id, templateId));
    if (!template) throw fieldError('template_id', TASK_TEXT.noTemplate);
    const count = await applyTaskTemplate(tx, tenant.id, projectId, { templateId }, actorRef(actor));
    if (count) await requeue(tx, deps, onCommit, tenant.id, projectId);
    return { message: TASK_TEXT.templateApplied.replace('{count}', String(count)), count };
  });

/**
 * POST /api/projects/:id/tasks/close-project: the project to Closed when it is not closed, has
 * tasks and every one is Completed or Voided (409 otherwise). The projects trigger records the
 * status and marks tasks that wait for it generating.
 */
export const closeProject = (deps: D, tenant: TenantContext, actor: Actor, projectId: number) =>
  inTenant(deps, tenant.id, async (tx, onCommit) => {
    const project = await lockVisibleProject(tx, actor, projectId);
    const [counts] = await tx
      .select({
        total: sql<number>`count(*)::int`,
        open: sql<number>`(count(*) filter (where ${tasks.status} = 'Pending'))::int`,
      })
      .from(tasks)
      .where(and(eq(tasks.tenantId, tenant.id), eq(tasks.projectId, projectId)));
    if (project.status === 'closed' || !counts?.total || counts.open > 0) throw conflict(TASK_SERVICE_TEXT.cannotClose);
    await tx
      .update(projects)
      .set({ status: 'closed' })
      .where(and(eq(projects.tenantId, tenant.id), eq(projects.id, projectId)));
    await queueIfGenerating(tx, deps, onCommit, tenant.id, projectId);
    return { message: TASK_SERVICE_TEXT.closed };
  });
