import { and, eq, sql } from 'drizzle-orm';
import { TASK_TEXT } from '@siteflow/core';
import { inTenant, type Actor, type TenantContext } from '../../platform/context.js';
import { tasks } from '../../platform/db/schema.js';
import { recordTaskEvent } from './history.js';
import { conflict, lockTask, nowOf, requeue, TASK_SERVICE_TEXT, type D, type TaskRow } from './service.js';
import { taskView } from './view.js';

/** A task's status changes and its deletion (each computes the project's due dates again). */

/** A status change with its history row; the project's due dates are computed again after it. */
async function changeStatus(
  deps: D,
  tenant: TenantContext,
  actor: Actor,
  id: number,
  change: {
    allowed: (status: TaskRow['status']) => boolean;
    refusal: string;
    set: Partial<typeof tasks.$inferInsert>;
    type: 'Completed' | 'Restored' | 'Voided';
  },
) {
  return inTenant(deps, tenant.id, async (tx, onCommit) => {
    const before = await lockTask(tx, actor, id);
    if (!change.allowed(before.status)) throw conflict(change.refusal);
    await tx
      .update(tasks)
      .set({ ...change.set, isGenerating: false, generatingSince: null, updatedAt: sql`now()` })
      .where(and(eq(tasks.tenantId, tenant.id), eq(tasks.id, id)));
    await recordTaskEvent(tx, tenant.id, actor, before, change.type, `${change.type}.`);
    await requeue(tx, deps, onCommit, tenant.id, before.projectId);
    return taskView(tx, actor, id, nowOf(deps));
  });
}

/** POST /api/tasks/:id/complete: a Pending task, completed now by the actor; tasks chained on it move. */
export const completeTask = (deps: D, tenant: TenantContext, actor: Actor, id: number) =>
  changeStatus(deps, tenant, actor, id, {
    allowed: (s) => s === 'Pending',
    refusal: TASK_TEXT.notPending,
    set: { status: 'Completed', completedAt: nowOf(deps), completedBy: actor.userId },
    type: 'Completed',
  });

/** POST /api/tasks/:id/restore: a Completed or Voided task back to Pending. */
export const restoreTask = (deps: D, tenant: TenantContext, actor: Actor, id: number) =>
  changeStatus(deps, tenant, actor, id, {
    allowed: (s) => s !== 'Pending',
    refusal: TASK_SERVICE_TEXT.notRestorable,
    set: { status: 'Pending', completedAt: null, completedBy: null },
    type: 'Restored',
  });

/** POST /api/tasks/:id/void. */
export const voidTask = (deps: D, tenant: TenantContext, actor: Actor, id: number) =>
  changeStatus(deps, tenant, actor, id, {
    allowed: (s) => s !== 'Voided',
    refusal: TASK_TEXT.voidedLocked,
    set: { status: 'Voided' },
    type: 'Voided',
  });

/** DELETE /api/tasks/:id (its history goes with it; tasks that named it lose that trigger). */
export const deleteTask = (deps: D, tenant: TenantContext, actor: Actor, id: number) =>
  inTenant(deps, tenant.id, async (tx, onCommit) => {
    const before = await lockTask(tx, actor, id);
    await tx.delete(tasks).where(and(eq(tasks.tenantId, tenant.id), eq(tasks.id, id)));
    await requeue(tx, deps, onCommit, tenant.id, before.projectId);
    return { message: TASK_SERVICE_TEXT.deleted };
  });
