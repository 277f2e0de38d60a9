import crypto from 'node:crypto';
import type { Db } from '../../src/platform/db/client.js';
import { tenants } from '../../src/platform/db/schema.js';

/**
 * A customer company written straight into a database of its own (no users; its admin is Ada
 * Admin at `email`), for the runs that queue messages under a tenant. Its slug is `slugPrefix`
 * and the start of its id; returns the id.
 */
export async function insertTenant(db: Db, slugPrefix: string, customerName: string, email: string): Promise<string> {
  const id = crypto.randomUUID();
  await db.insert(tenants).values({
    id,
    slug: `${slugPrefix}-${id.slice(0, 8)}`,
    customerName,
    email,
    firstName: 'Ada',
    lastName: 'Admin',
  });
  return id;
}
