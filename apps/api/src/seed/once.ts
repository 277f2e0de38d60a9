import { eq, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { withTenant, type Db, type Tx } from '../platform/db/client.js';

/** What the demo seeds are given: the demo password's hash and the day the demo is built around. */
export type DemoSeedOptions = { passwordHash: string; today: Date };

/**
 * One demo seed of a tenant, in one transaction: `create` runs unless `table` already has rows of
 * the tenant (then the report is `existing(n)` for its n rows), so seeding is idempotent; the
 * advisory `lock` keeps two starting processes from both seeding.
 */
export function seedOnce<TReport>(
  db: Db,
  tenantId: string,
  seed: {
    lock: number;
    table: PgTable & { tenantId: AnyPgColumn };
    existing: (n: number) => TReport;
    create: (tx: Tx) => Promise<TReport>;
  },
): Promise<TReport> {
  return withTenant(db, tenantId, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${seed.lock})`);
    const [rows] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(seed.table)
      .where(eq(seed.table.tenantId, tenantId));
    if (rows && rows.n > 0) return seed.existing(rows.n);
    return seed.create(tx);
  });
}
