import crypto from 'node:crypto';
import { and, gt, inArray, lt, sql } from 'drizzle-orm';
import { AUTH_TEXT } from '@siteflow/core';
import type { Db, Exec } from './db/client.js';
import { knownDevices, throttleCounters } from './db/schema.js';
import { HttpError } from './errors.js';
import type { Clock } from './clock.js';

/**
 * A counter of attempts per key in a window that starts at the key's first attempt.
 * `max`: more attempts than this in the window are refused (429 with Retry-After).
 * `slowAfter`: attempts beyond this many are answered after a growing delay (slowDownMs).
 */
export type Limit = {
  key: string;
  windowSeconds: number;
  max?: number;
  slowAfter?: number;
  /** For logs: what the key counts. */ name?: string;
};
export type Count = { limit: Limit; n: number; resetAt: Date };

/** Keys are stored hashed: no e-mail address or IP address is kept in the table. */
export const throttleKey = (key: string) => crypto.createHash('sha256').update(key).digest('base64url');

/**
 * Count one attempt against every limit and return the counts including it: ONE statement (an
 * upsert per key, rows locked in key order), so concurrent attempts each see a distinct count and
 * the check cannot be raced. A window that has passed starts again at 1.
 */
export async function countAttempt(db: Exec, clock: Clock, limits: Limit[]): Promise<Count[]> {
  if (!limits.length) return [];
  const now = clock.now();
  const byKey = new Map(limits.map((l) => [throttleKey(l.key), l]));
  const rows = [...byKey.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, l]) => ({ key, n: 1, resetAt: new Date(now.getTime() + l.windowSeconds * 1000) }));
  const expired = sql`${throttleCounters.resetAt} <= ${now.toISOString()}::timestamptz`;
  const result = await db
    .insert(throttleCounters)
    .values(rows)
    .onConflictDoUpdate({
      target: throttleCounters.key,
      set: {
        n: sql`case when ${expired} then 1 else ${throttleCounters.n} + 1 end`,
        resetAt: sql`case when ${expired} then excluded.reset_at else ${throttleCounters.resetAt} end`,
      },
    })
    .returning();
  return result.map((r) => ({ limit: byKey.get(r.key)!, n: r.n, resetAt: r.resetAt }));
}

/** Take back the attempt countAttempt counted (it succeeded), in the caller's transaction if any. */
export async function uncountAttempt(db: Exec, clock: Clock, limits: Limit[]): Promise<void> {
  if (!limits.length) return;
  await db
    .update(throttleCounters)
    .set({ n: sql`greatest(${throttleCounters.n} - 1, 0)` })
    .where(
      and(
        inArray(
          throttleCounters.key,
          limits.map((l) => throttleKey(l.key)),
        ),
        gt(throttleCounters.resetAt, clock.now()),
      ),
    );
}

/** Forget these counters (e.g. the failures of one account from one address after it signs in). */
export async function clearCounts(db: Exec, limits: Limit[]): Promise<void> {
  if (!limits.length) return;
  await db.delete(throttleCounters).where(
    inArray(
      throttleCounters.key,
      limits.map((l) => throttleKey(l.key)),
    ),
  );
}

/** The first count over its limit's max, if any. */
export const overLimit = (counts: Count[]) => counts.find((c) => c.limit.max !== undefined && c.n > c.limit.max);

/** Whole seconds until the window of this count ends (at least 1). */
export const retryAfterSeconds = (count: Count, clock: Clock) =>
  Math.max(1, Math.ceil((count.resetAt.getTime() - clock.now().getTime()) / 1000));

/** 429 with a Retry-After header (seconds). */
export const tooManyAttempts = (retryAfter: number) =>
  new HttpError(429, AUTH_TEXT.throttled, undefined, { 'retry-after': String(retryAfter) });

export const SLOW_DOWN_FIRST_MS = 250;
export const SLOW_DOWN_MAX_MS = 3000;

/**
 * The delay before answering an attempt: none up to `slowAfter` attempts in the window, then
 * 250 ms doubling with every further attempt, capped at 3 s. The largest over all the limits.
 */
export function slowDownMs(counts: Count[]): number {
  let ms = 0;
  for (const c of counts) {
    if (c.limit.slowAfter === undefined || c.n <= c.limit.slowAfter) continue;
    const excess = Math.min(c.n - c.limit.slowAfter, 16);
    ms = Math.max(ms, Math.min(SLOW_DOWN_FIRST_MS * 2 ** (excess - 1), SLOW_DOWN_MAX_MS));
  }
  return ms;
}

/** Counters whose window ended, and device marks that expired (a daily job). */
export async function pruneThrottle(db: Db, clock: Clock) {
  const now = clock.now();
  await db.delete(throttleCounters).where(lt(throttleCounters.resetAt, now));
  await db.delete(knownDevices).where(lt(knownDevices.expiresAt, now));
}
