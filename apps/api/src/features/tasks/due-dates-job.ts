import {
  computeDueDates,
  wallClockAt,
  type DueDateTask,
  type DueDateTrigger,
  type ProjectStatus,
} from '@siteflow/core';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { inTenant, type Deps } from '../../platform/context.js';
import type { OnCommit } from '../../platform/mail.js';
import type { Db, Tx } from '../../platform/db/client.js';
import { projects, projectStatusHistory, tasks, tenants } from '../../platform/db/schema.js';
import type { Clock } from '../../platform/clock.js';

/**
 * Due dates are computed by a job (issue 12 section 2): a change that moves them marks the pending
 * automatic tasks it concerns `is_generating` in its own transaction (markGenerating here, or the
 * projects trigger of migration 0022 for project dates and status) and, after commit, queues the
 * project (queueDueDates). The job computes every pending automatic task of the project with
 * core's computeDueDates, writes the dates and clears the flags in one transaction. A worker that
 * dies mid-run rolls that transaction back, so the tasks stay generating and the sweep (every 5
 * minutes: the countdown the list shows) computes them again: nothing is lost, nothing generates
 * for ever.
 */
export const DUE_DATES_QUEUE = 'tasks-due-dates';
export const DUE_DATES_SWEEP_QUEUE = 'tasks-due-dates-sweep';
export const DUE_DATES_SWEEP_CRON = '*/5 * * * *';

export type DueDatesJob = { tenantId: string; projectId: number };

/** Marks the project's pending automatic tasks generating: all of them, or those of `taskIds`. */
export async function markGenerating(tx: Tx, tenantId: string, projectId: number, taskIds?: readonly number[]) {
  if (taskIds && taskIds.length === 0) return;
  await tx
    .update(tasks)
    .set({ isGenerating: true, generatingSince: sql`coalesce(${tasks.generatingSince}, now())` })
    .where(
      and(
        eq(tasks.tenantId, tenantId),
        eq(tasks.projectId, projectId),
        eq(tasks.status, 'Pending'),
        eq(tasks.isAutoDueDate, true),
        taskIds ? sql`${tasks.id} = ANY(${`{${taskIds.join(',')}}`}::bigint[])` : undefined,
      ),
    );
}

/** After commit, asks the job to compute the project's due dates. */
export function queueDueDates(deps: Pick<Deps, 'jobs'>, onCommit: OnCommit, tenantId: string, projectId: number) {
  onCommit(() => deps.jobs.enqueue(DUE_DATES_QUEUE, { tenantId, projectId } satisfies DueDatesJob));
}

type DueDateColumns = Pick<
  typeof tasks.$inferSelect,
  | 'id'
  | 'status'
  | 'isAutoDueDate'
  | 'dueDateAt'
  | 'completedAt'
  | 'trigger'
  | 'triggerType'
  | 'actionedAtDays'
  | 'actionedAtHours'
  | 'actionedAtMins'
  | 'triggerProjectStatus'
  | 'triggerCompletedTaskId'
  | 'fixedDateAt'
>;

/** The due-date module's view of a stored task. */
export const dueDateTaskOf = (r: DueDateColumns): DueDateTask => ({
  id: r.id,
  status: r.status,
  isAutoDueDate: r.isAutoDueDate,
  dueDateAt: r.dueDateAt,
  completedAt: r.completedAt,
  trigger: r.trigger as DueDateTrigger | null,
  triggerType: r.triggerType === 'Before' ? 'Before' : 'After',
  days: r.actionedAtDays,
  hours: r.actionedAtHours,
  minutes: r.actionedAtMins,
  triggerProjectStatus: r.triggerProjectStatus as ProjectStatus | null,
  triggerCompletedTaskId: r.triggerCompletedTaskId,
  fixedDateAt: r.fixedDateAt,
});

/**
 * The job: computes the due dates of the project's pending automatic tasks, writes the ones that
 * changed and clears every generating flag of the project. Answers how many tasks it wrote. Safe
 * to run twice (it computes from what is stored); a cycle (refused when saving, so only from data
 * changed behind the app's back) leaves the dates as they were.
 */
export async function computeProjectDueDates(deps: { db: Db; clock: Clock }, job: DueDatesJob): Promise<number> {
  return computeDueDatesOf(deps, job.tenantId, [job.projectId]);
}

/**
 * computeProjectDueDates for several projects of one company in one transaction of five
 * statements whatever their number (the sweep's batches): the projects locked in id order (the
 * lock order of every project write), their status history and tasks read at once, each project
 * computed on its own, every changed date written by one UPDATE and the flags cleared by another.
 */
export async function computeDueDatesOf(
  deps: { db: Db; clock: Clock },
  tenantId: string,
  projectIds: readonly number[],
): Promise<number> {
  if (projectIds.length === 0) return 0;
  const ids = `{${projectIds.join(',')}}`;
  return inTenant(deps, tenantId, async (tx) => {
    const found = await tx
      .select({
        id: projects.id,
        start: projects.startDate,
        end: projects.endDate,
        completion: projects.completedOn,
        created: projects.createdAt,
      })
      .from(projects)
      .where(and(eq(projects.tenantId, tenantId), sql`${projects.id} = ANY(${ids}::bigint[])`))
      .orderBy(asc(projects.id))
      .for('update');
    if (found.length === 0) return 0;
    const [statuses, rows] = await Promise.all([
      tx
        .select({
          projectId: projectStatusHistory.projectId,
          status: projectStatusHistory.status,
          at: projectStatusHistory.enteredAt,
        })
        .from(projectStatusHistory)
        .where(
          and(
            eq(projectStatusHistory.tenantId, tenantId),
            sql`${projectStatusHistory.projectId} = ANY(${ids}::bigint[])`,
          ),
        ),
      tx
        .select({
          projectId: tasks.projectId,
          id: tasks.id,
          status: tasks.status,
          isAutoDueDate: tasks.isAutoDueDate,
          dueDateAt: tasks.dueDateAt,
          completedAt: tasks.completedAt,
          trigger: tasks.trigger,
          triggerType: tasks.triggerType,
          actionedAtDays: tasks.actionedAtDays,
          actionedAtHours: tasks.actionedAtHours,
          actionedAtMins: tasks.actionedAtMins,
          triggerProjectStatus: tasks.triggerProjectStatus,
          triggerCompletedTaskId: tasks.triggerCompletedTaskId,
          fixedDateAt: tasks.fixedDateAt,
          isGenerating: tasks.isGenerating,
        })
        .from(tasks)
        .where(and(eq(tasks.tenantId, tenantId), sql`${tasks.projectId} = ANY(${ids}::bigint[])`))
        .orderBy(asc(tasks.projectId), asc(tasks.position), asc(tasks.id)),
    ]);
    const byProject = groupBy(rows, (r) => r.projectId);
    const statusesOf = groupBy(statuses, (s) => s.projectId);
    const now = wallClockAt(deps.clock.now());
    const changed: { id: number; due: string | null }[] = [];
    for (const [i, project] of found.entries()) {
      // A sweep's batch computes many projects: the requests this process serves go in between.
      if (i > 0 && i % YIELD_EVERY === 0) await new Promise((resolve) => setImmediate(resolve));
      const own = byProject.get(project.id) ?? [];
      const result = computeDueDates({
        now,
        project: {
          commencement: project.start,
          end: project.end,
          completion: project.completion,
          registration: wallClockAt(new Date(project.created)),
          statusEnteredAt: Object.fromEntries((statusesOf.get(project.id) ?? []).map((s) => [s.status, s.at])),
        },
        tasks: own.map(dueDateTaskOf),
      });
      if (!result.ok) continue;
      for (const r of own) {
        if (!result.dueDates.has(r.id)) continue;
        const due = result.dueDates.get(r.id) ?? null;
        if (r.isGenerating || normalise(r.dueDateAt) !== due) changed.push({ id: r.id, due });
      }
    }
    if (changed.length) {
      await tx.execute(sql`
        UPDATE tasks t SET due_date_at = c.due::timestamp, is_generating = false, generating_since = NULL, updated_at = now()
        FROM unnest(${`{${changed.map((c) => c.id).join(',')}}`}::bigint[], ${toPgArray(changed.map((c) => c.due))}::text[]) AS c(id, due)
        WHERE t.tenant_id = ${tenantId} AND t.id = c.id`);
    }
    await tx
      .update(tasks)
      .set({ isGenerating: false, generatingSince: null })
      .where(
        and(
          eq(tasks.tenantId, tenantId),
          sql`${tasks.projectId} = ANY(${ids}::bigint[])`,
          eq(tasks.isGenerating, true),
        ),
      );
    return changed.length;
  });
}

function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

/** 'YYYY-MM-DD HH:mm' of a stored timestamp ('YYYY-MM-DD HH:mm:ss'), as computeDueDates answers. */
const normalise = (v: string | null) => (v ? v.replace('T', ' ').slice(0, 16) : null);

/** A PostgreSQL text[] literal of strings that are plain dates (no quotes or commas) or NULL. */
const toPgArray = (values: readonly (string | null)[]) =>
  `{${values.map((v) => (v === null ? 'NULL' : `"${v}"`)).join(',')}}`;

/** Projects computed between two turns of the event loop (so a batch never holds up a request for long). */
const YIELD_EVERY = 10;

/** Projects a batch of the sweep computes in one transaction (computeDueDatesOf). */
export const SWEEP_BATCH = 100;

/**
 * The sweep: every project of every company with a task still generating (its job was lost, its
 * worker died mid-run, or a tenant-wide recalculation marked them) is computed again, in batches
 * of SWEEP_BATCH projects in project id order, each batch its own transaction. It is background
 * work beside the requests this process and its database serve: after each batch it rests as
 * long as the batch took (`rest` x that), so it takes at most about half of the time it shares
 * with them (100,000 projects in about 5 minutes on 2 cores, bench/README "Tasks"). Answers the
 * number of projects.
 */
export async function sweepGeneratingTasks(
  deps: { db: Db; clock: Clock },
  { batch = SWEEP_BATCH, rest = 1 }: { batch?: number; rest?: number } = {},
): Promise<number> {
  const companies = await deps.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.kind, 'customer'));
  let done = 0;
  for (const company of companies) {
    let after = 0;
    for (;;) {
      const started = performance.now();
      // The partial index tasks_tenant_generating_idx reads this page in project order.
      const page = await inTenant(deps, company.id, (tx) =>
        tx
          .selectDistinct({ projectId: tasks.projectId })
          .from(tasks)
          // `is_generating` as a literal (not a parameter), so even a generic plan can use the partial index.
          .where(and(eq(tasks.tenantId, company.id), sql`${tasks.isGenerating}`, gt(tasks.projectId, after)))
          .orderBy(asc(tasks.projectId))
          .limit(batch),
      );
      if (page.length === 0) break;
      await computeDueDatesOf(
        deps,
        company.id,
        page.map((p) => p.projectId),
      );
      done += page.length;
      after = page.at(-1)!.projectId;
      await new Promise((resolve) => setTimeout(resolve, (performance.now() - started) * rest));
    }
  }
  return done;
}

/**
 * After a change the projects trigger may have answered by marking tasks generating (a project
 * date or the status): queues the project's due dates when it did. One cheap statement otherwise.
 */
export async function queueIfGenerating(
  tx: Tx,
  deps: Pick<Deps, 'jobs'>,
  onCommit: OnCommit,
  tenantId: string,
  projectId: number,
) {
  const [row] = await tx
    .select({ id: tasks.id })
    .from(tasks)
    .where(and(eq(tasks.tenantId, tenantId), eq(tasks.projectId, projectId), eq(tasks.isGenerating, true)))
    .limit(1);
  if (row) queueDueDates(deps, onCommit, tenantId, projectId);
}
