/**
 * Compiled selects (db/compiled.ts): built once per shape, answered on any transaction exactly as
 * drizzle's own select maps its rows (joins, nested objects, nulls of an outer join), with the
 * values of each call.
 */
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { asOwner, createTenant, type TestTenant } from '../../../test/harness.js';
import { compiledSelect, compileWith } from './compiled.js';
import { tenants, users } from './schema.js';

let tenant: TestTenant;
beforeAll(async () => {
  tenant = await createTenant();
});

describe('a compiled select', () => {
  it('is built once per shape and answers like the same select built each time', async () => {
    const build = vi.fn((shape: 'admins' | 'all') =>
      compileWith
        .select({ user: { id: users.id, email: users.email }, company: tenants.customerName, at: users.createdAt })
        .from(users)
        .leftJoin(tenants, and(eq(tenants.id, users.tenantId), eq(tenants.id, sql.placeholder('company'))))
        .where(
          and(eq(users.id, sql.placeholder('id')), shape === 'admins' ? eq(users.role, 'company_admin') : undefined),
        ),
    );
    const statement = compiledSelect('compiled_test', build);
    const admin = tenant.admin.id;
    const [first] = await asOwner(tenant.id, (tx) => statement(tx, 'all', { id: admin, company: tenant.id }));
    const again = await asOwner(tenant.id, (tx) => statement(tx, 'all', { id: admin, company: null }));
    await asOwner(tenant.id, (tx) => statement(tx, 'admins', { id: admin, company: tenant.id }));
    expect(build.mock.calls.map(([shape]) => shape)).toEqual(['all', 'admins']);

    const [drizzleOwn] = await asOwner(tenant.id, (tx) =>
      tx
        .select({ user: { id: users.id, email: users.email }, company: tenants.customerName, at: users.createdAt })
        .from(users)
        .leftJoin(tenants, and(eq(tenants.id, users.tenantId), eq(tenants.id, tenant.id)))
        .where(eq(users.id, admin)),
    );
    expect(first).toEqual(drizzleOwn);
    expect(first!.user.id).toBe(admin);
    expect(first!.company).toEqual(expect.any(String));
    // Each call's own values: no company matched this time, so the outer join gives null.
    expect(again).toEqual([{ ...drizzleOwn, company: null }]);
  });
});
