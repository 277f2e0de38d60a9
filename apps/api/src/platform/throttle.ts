import crypto from 'node:crypto';
import { and, count, eq, gt, lt } from 'drizzle-orm';
import { AUTH_TEXT } from '@siteflow/core';
import type { Db } from './db/client.js';
import { throttleHits } from './db/schema.js';
import { HttpError } from './errors.js';
import type { Clock } from './clock.js';

export type Limit = { key: string; max: number; windowSeconds: number };

const hashKey = (key: string) => crypto.createHash('sha256').update(key).digest('base64url');

/** Refuse (429) when any limit already has its maximum of hits in its window. */
export async function checkThrottle(db: Db, clock: Clock, limits: Limit[]): Promise<void> {
  const now = clock.now();
  for (const limit of limits) {
    const since = new Date(now.getTime() - limit.windowSeconds * 1000);
    const [row] = await db
      .select({ n: count() })
      .from(throttleHits)
      .where(and(eq(throttleHits.key, hashKey(limit.key)), gt(throttleHits.at, since)));
    if ((row?.n ?? 0) >= limit.max) throw new HttpError(429, AUTH_TEXT.throttled);
  }
}

/** Count one hit against each limit. Kept in the database so every API process shares the counts. */
export async function recordHits(db: Db, clock: Clock, limits: Limit[]): Promise<void> {
  const now = clock.now();
  await db.insert(throttleHits).values(limits.map((l) => ({ key: hashKey(l.key), at: now })));
}

export async function pruneThrottle(db: Db, clock: Clock) {
  await db.delete(throttleHits).where(lt(throttleHits.at, new Date(clock.now().getTime() - 24 * 3600 * 1000)));
}
