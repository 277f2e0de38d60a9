import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { asOwner, createTenant, createUser, ownerPool, type TestTenant } from '../../test/harness.js';
import { APP_ROLE } from './db/bootstrap.js';
import { createDb, withTenant, type Db } from './db/client.js';
import { settings, users } from './db/schema.js';

type Pool = ReturnType<typeof createDb>['pool'];

const q = async <T>(text: string, values: unknown[] = []) => (await ownerPool().query(text, values)).rows as T[];

describe('tenancy: the database enforces isolation (catalog audit)', () => {
  it('every public table with tenant_id has RLS enabled and forced, with a policy on tenant_id, and tenant-first keys', async () => {
    const tables = await q<{
      relname: string;
      rls: boolean;
      forced: boolean;
      policies: number;
      quals: string[];
      checks: string[];
      pk: string[] | null;
      notnull: boolean;
    }>(
      `select c.relname, c.relrowsecurity as rls, c.relforcerowsecurity as forced,
              (select count(*)::int from pg_policy p where p.polrelid = c.oid) as policies,
              (select array_agg(pg_get_expr(p.polqual, p.polrelid)) from pg_policy p where p.polrelid = c.oid) as quals,
              (select array_agg(pg_get_expr(p.polwithcheck, p.polrelid)) from pg_policy p where p.polrelid = c.oid) as checks,
              (select array_agg(a2.attname::text order by k.ord) from pg_constraint con
                 cross join lateral unnest(con.conkey) with ordinality as k(attnum, ord)
                 join pg_attribute a2 on a2.attrelid = con.conrelid and a2.attnum = k.attnum
                where con.conrelid = c.oid and con.contype = 'p') as pk,
              a.attnotnull as notnull
         from pg_class c
         join pg_attribute a on a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped
        where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p')
        order by c.relname`,
    );
    // The audit must actually cover the tenant tables that exist today.
    expect(tables.map((t) => t.relname)).toEqual(
      expect.arrayContaining(['users', 'sessions', 'password_resets', 'settings', 'outbox']),
    );
    for (const t of tables) {
      expect({ table: t.relname, rls: t.rls, forced: t.forced, notnull: t.notnull }).toEqual({
        table: t.relname,
        rls: true,
        forced: true,
        notnull: true,
      });
      expect(t.policies, `${t.relname} has no policy`).toBeGreaterThan(0);
      for (const expr of [...t.quals, ...t.checks]) expect(expr, `${t.relname} policy`).toMatch(/tenant_id/);
      expect(t.pk?.[0], `${t.relname} primary key must lead with tenant_id`).toBe('tenant_id');
    }
  });

  it('views are security_invoker (none may bypass RLS with its owner’s rights)', async () => {
    const views = await q<{ relname: string; options: string[] | null }>(
      `select relname, reloptions as options from pg_class where relnamespace = 'public'::regnamespace and relkind in ('v', 'm')`,
    );
    for (const v of views) expect(v.options ?? [], v.relname).toContain('security_invoker=true');
  });

  it('the request role is not superuser, not BYPASSRLS, and owns nothing', async () => {
    const [role] = await q<{
      rolsuper: boolean;
      rolbypassrls: boolean;
      rolcreaterole: boolean;
      rolcreatedb: boolean;
      oid: number;
    }>('select oid, rolsuper, rolbypassrls, rolcreaterole, rolcreatedb from pg_roles where rolname = $1', [APP_ROLE]);
    expect(role).toMatchObject({ rolsuper: false, rolbypassrls: false, rolcreaterole: false, rolcreatedb: false });
    const owned = await q<{ kind: string; name: string }>(
      `select 'relation' as kind, relname::text as name from pg_class where relowner = $1
       union all select 'schema', nspname::text from pg_namespace where nspowner = $1
       union all select 'function', proname::text from pg_proc where proowner = $1
       union all select 'type', typname::text from pg_type where typowner = $1
       union all select 'database', datname::text from pg_database where datdba = $1`,
      [role!.oid],
    );
    expect(owned).toEqual([]);
  });

  it('the app connects as that role', () => {
    expect(new URL(inject('appUrl')).username).toBe(APP_ROLE);
  });
});

describe('tenancy: row-level security at run time (as the request role)', () => {
  let a: TestTenant;
  let b: TestTenant;
  let app: { db: Db; pool: Pool };

  beforeAll(async () => {
    [a, b] = await Promise.all([createTenant(), createTenant()]);
    await Promise.all([
      createUser(a, 'company_employee'),
      createUser(a, 'company_employee'),
      createUser(b, 'company_employee'),
    ]);
    app = createDb(inject('appUrl'), 2);
  });
  afterAll(async () => {
    await app.pool.end();
  });

  it('a probe alternating two tenants over a pool of 2 connections never sees the other tenant', async () => {
    const expected = { [a.id]: 3, [b.id]: 2 };
    const probes = Array.from({ length: 50 }, (_, i) => (i % 2 === 0 ? a : b)).map((tenant) =>
      withTenant(app.db, tenant.id, async (tx) => {
        const rows = await tx.select({ tenantId: users.tenantId, id: users.id }).from(users);
        // A session-level leak would show here as a plain query outside any tenant.
        return { tenant: tenant.id, seen: rows.map((r) => r.tenantId) };
      }),
    );
    const results = await Promise.all(probes);
    expect(results).toHaveLength(50);
    for (const r of results) {
      expect(new Set(r.seen)).toEqual(new Set([r.tenant]));
      expect(r.seen).toHaveLength(expected[r.tenant]!);
    }
    // After all that traffic, a connection with no tenant set sees nothing of either.
    const after = await app.pool.query('select count(*)::int as n from users');
    expect(after.rows[0].n).toBe(0);
  });

  it('with no app.tenant_id set, every tenant table reads as empty', async () => {
    const tables = await q<{ relname: string }>(
      `select c.relname from pg_class c join pg_attribute a on a.attrelid = c.oid and a.attname = 'tenant_id'
        where c.relnamespace = 'public'::regnamespace and c.relkind = 'r'`,
    );
    // There is data: the owner sees the rows of tenant a.
    expect((await q<{ n: number }>('select count(*)::int as n from users where tenant_id = $1', [a.id]))[0]!.n).toBe(3);
    const client = await app.pool.connect();
    try {
      for (const { relname } of tables) {
        const r = await client.query(`select count(*)::int as n from "${relname}"`);
        expect(r.rows[0].n, relname).toBe(0);
      }
      // An empty setting (what a finished local set_config leaves behind) is the same as none.
      await client.query(`begin; select set_config('app.tenant_id', '', true)`);
      expect((await client.query('select count(*)::int as n from users')).rows[0].n).toBe(0);
      await client.query('commit');
    } finally {
      client.release();
    }
  });

  it('an insert with another tenant’s tenant_id is rejected by WITH CHECK', async () => {
    const attempt = withTenant(app.db, a.id, (tx) =>
      tx.insert(settings).values({ tenantId: b.id, key: 'smuggled', value: 'x' }),
    );
    await expect(attempt).rejects.toMatchObject({ cause: { code: '42501' } });
    const rows = await asOwner(b.id, (tx) => tx.select().from(settings).where(eq(settings.key, 'smuggled')));
    expect(rows).toEqual([]);
  });

  it('an update cannot move a row into another tenant, nor touch the other tenant’s rows', async () => {
    const move = withTenant(app.db, a.id, (tx) =>
      tx.update(users).set({ tenantId: b.id }).where(eq(users.id, a.admin.id)),
    );
    await expect(move).rejects.toMatchObject({ cause: { code: '42501' } });
    const touched = await withTenant(app.db, a.id, (tx) =>
      tx.update(users).set({ firstName: 'Hacked' }).where(eq(users.id, b.admin.id)).returning({ id: users.id }),
    );
    expect(touched).toEqual([]);
    const deleted = await withTenant(app.db, a.id, (tx) =>
      tx.delete(users).where(eq(users.tenantId, b.id)).returning({ id: users.id }),
    );
    expect(deleted).toEqual([]);
    const [still] = await asOwner(b.id, (tx) =>
      tx.select({ firstName: users.firstName }).from(users).where(eq(users.id, b.admin.id)),
    );
    expect(still?.firstName).toBe('Ada');
  });

  it('the request role cannot switch off RLS or change its own rights', async () => {
    const client = await app.pool.connect();
    try {
      await expect(client.query('alter table users disable row level security')).rejects.toMatchObject({
        code: '42501',
      });
      await expect(client.query('set row_security = off; select count(*) from users')).rejects.toBeTruthy();
      await expect(client.query(`alter role ${APP_ROLE} bypassrls`)).rejects.toMatchObject({ code: '42501' });
    } finally {
      await client.query('reset all').catch(() => undefined);
      client.release();
    }
    // sanity: the role still reads through RLS normally
    const n = await withTenant(app.db, a.id, (tx) => tx.execute(sql`select count(*)::int as n from users`));
    expect(n.rows[0]).toEqual({ n: 3 });
  });
});
