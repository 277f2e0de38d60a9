import { sql } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema.js';

export type Db = NodePgDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either the database or a transaction: services accept whichever the caller holds. */
export type Exec = Db | Tx;

// numeric and bigint come back as strings; counts are small enough for numbers.
pg.types.setTypeParser(20, (v) => Number(v));

export function createDb(connectionString: string, max = 10): { db: Db; pool: pg.Pool } {
  const pool = new pg.Pool({ connectionString, max, idleTimeoutMillis: 30_000 });
  pool.on('error', () => undefined); // an idle client dropped by the server is replaced on next use
  return { db: drizzle(pool, { schema }), pool };
}

/**
 * Run `fn` in a transaction scoped to one tenant. Row-level security reads app.tenant_id,
 * set with is_local = true so it ends with the transaction and never leaks across the pool.
 */
export function withTenant<T>(db: Db, tenantId: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('app.tenant_id', ${tenantId}, true)`);
    return fn(tx);
  });
}
