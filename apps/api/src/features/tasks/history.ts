import type { Actor } from '../../platform/context.js';
import type { Tx } from '../../platform/db/client.js';
import { taskHistory } from '../../platform/db/schema.js';
import type { TASK_HISTORY_TYPES } from '@siteflow/core';

/** Who did it, as a history row keeps it: the user's id and name (kept when the user goes). */
export type HistoryUser = { id: string; name: string } | null;

export const actorRef = (actor: Actor): HistoryUser => ({
  id: actor.userId,
  name: actor.profile ? `${actor.profile.firstName} ${actor.profile.lastName}`.trim() : '',
});

/** Writes history rows (spec 2 section 2.6: every change, completion, restore, void, e-mail and SMS); one statement. */
export async function recordHistory(
  tx: Tx,
  tenantId: string,
  user: HistoryUser,
  rows: { taskId: number; projectId: number; type: (typeof TASK_HISTORY_TYPES)[number]; description: string }[],
) {
  if (rows.length === 0) return;
  await tx.insert(taskHistory).values(
    rows.map(({ taskId, projectId, type, description }) => ({
      tenantId,
      taskId,
      projectId,
      type,
      description,
      userId: user?.id ?? null,
      userName: user?.name ?? null,
    })),
  );
}

/** One history row of a task, by the actor. */
export const recordTaskEvent = (
  tx: Tx,
  tenantId: string,
  actor: Actor,
  task: { id: number; projectId: number },
  type: (typeof TASK_HISTORY_TYPES)[number],
  description: string,
) => recordHistory(tx, tenantId, actorRef(actor), [{ taskId: task.id, projectId: task.projectId, type, description }]);
