/**
 * Counts the statements requests send to PostgreSQL (the round-trips tests of the data-access
 * pattern, docs/architecture.md): every simple or extended query through the app's pool.
 */
import type pg from 'pg';
import { expect } from 'vitest';

export type StatementCount = (send: () => Promise<{ status: number }>) => Promise<number>;

/** The statements one request sends (the fewest of three runs: nothing else shares this pool). */
export function queryCounter(pool: pg.Pool): StatementCount {
  let n = 0;
  const wrapped = new WeakSet<pg.PoolClient>();
  pool.on('acquire', (client) => {
    if (wrapped.has(client)) return;
    wrapped.add(client);
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      n++;
      return query(...args);
    };
  });
  return async (send) => {
    let fewest = Infinity;
    for (let i = 0; i < 3; i++) {
      n = 0;
      expect((await send()).status).toBe(200);
      fewest = Math.min(fewest, n);
    }
    return fewest;
  };
}
