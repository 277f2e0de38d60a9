/**
 * The read cache (read-cache.ts, migration 0035): a read answered again while nothing changed
 * sends only the request context; any committed change, whoever makes it and however (the API,
 * SQL in the tenant, SQL with no tenant set), is seen by the next read; one user's answer is
 * never another's; and every table a cached read may show notes its changes.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneCompany, signedIn, twoCompanies, type As, type TwoCompanies } from '../../test/companies.js';
import { createClientCo, createClientUser, createProject, type TestProject } from '../../test/factories.js';
import { asOwner, ownerPool } from '../../test/harness.js';
import { queryCounter, type StatementCount } from '../../test/query-counter.js';
import { projects } from './db/schema.js';

/** The tables no cached read shows: sign-in state, the throttle, "recently viewed" (migration 0035). */
const UNNOTED = ['known_devices', 'password_resets', 'project_views', 'sessions', 'throttle_counters'];

let world: TwoCompanies;
let asA: As;
let asClientUser: As;
let count: StatementCount;
let mine: TestProject;
let theirs: TestProject;

const versionOf = async (tenantId: string) => {
  const client = await ownerPool().connect();
  try {
    await client.query(`begin; select set_config('app.tenant_id', '${tenantId}', true)`);
    const { rows } = await client.query<{ v: number }>('select app_data_version() as v');
    await client.query('commit');
    return Number(rows[0]!.v);
  } finally {
    client.release();
  }
};

beforeAll(async () => {
  world = await twoCompanies();
  const { t, a } = world;
  asA = world.asA;
  count = queryCounter(t.deps.db.$client);
  const [ours, other] = [await createClientCo(a), await createClientCo(a)];
  mine = await createProject(a, ours, { name: 'Harbour fitout' });
  theirs = await createProject(a, other, { name: 'Quarry gatehouse' });
  asClientUser = await signedIn(t, a, await createClientUser(a, ours.id));
});

afterAll(() => world.t.close());

const names = async (as: As) =>
  ((await as({ url: '/api/projects?page=1&pageSize=20' })).json as { items: { name: string }[] }).items
    .map((p) => p.name)
    .sort();

describe('the read cache', () => {
  it('answers a read again with only the request context, with the same body and type', async () => {
    const first = await asA({ url: `/api/projects/${mine.id}` });
    expect(first.status).toBe(200);
    const again = await asA({ url: `/api/projects/${mine.id}` });
    expect(again.text).toBe(first.text);
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect(again.headers['content-type']).toMatch(/^application\/json/);
    // the context alone: the view is not read again (and recently viewed is written behind)
    expect(await count(() => asA({ url: `/api/projects/${mine.id}` }))).toBe(1);
    expect(await count(() => asA({ url: '/api/projects?page=1&pageSize=20' }))).toBe(1);
  });

  it('shows a change made through the API at once, to the one who made it and to others', async () => {
    expect(await names(asA)).toEqual(['Harbour fitout', 'Quarry gatehouse']);
    expect(await names(asClientUser)).toEqual(['Harbour fitout']);
    const view = (await asA({ url: `/api/projects/${mine.id}` })).json as Record<string, unknown>;
    const saved = await asA({
      method: 'PUT',
      url: `/api/projects/${mine.id}/details`,
      body: {
        name: 'Harbour fitout stage 2',
        start_date: view.start_date,
        end_date: view.end_date,
        project_administrator_id: (view.project_administrator as { id: string }).id,
        project_manager_id: (view.project_manager as { id: string }).id,
        linked_projects: [],
      },
    });
    expect(saved.status, saved.text).toBe(200);
    expect(await names(asA)).toEqual(['Harbour fitout stage 2', 'Quarry gatehouse']);
    expect(await names(asClientUser)).toEqual(['Harbour fitout stage 2']);
    expect(((await asA({ url: `/api/projects/${mine.id}` })).json as { name: string }).name).toBe(
      'Harbour fitout stage 2',
    );
  });

  it('shows a change made in SQL inside the tenant, and one made with no tenant set', async () => {
    await names(asA);
    await asOwner(world.a.id, (tx) =>
      tx.update(projects).set({ name: 'Quarry gatehouse (SQL)' }).where(eq(projects.id, theirs.id)),
    );
    expect(await names(asA)).toEqual(['Harbour fitout stage 2', 'Quarry gatehouse (SQL)']);
    // The company's name comes with every request's context; a project's view reads the tenant too.
    await ownerPool().query(
      `update projects set name = 'Quarry gatehouse (no tenant)' where id = $1 and tenant_id = $2`,
      [theirs.id, world.a.id],
    );
    expect(await names(asA)).toEqual(['Harbour fitout stage 2', 'Quarry gatehouse (no tenant)']);
  });

  it('finds what quick search finds after a change, never the last answer', async () => {
    const search = async () =>
      ((await asA({ url: '/api/search/projects?q=gatehouse' })).json as { data: { name: string }[] }).data.map(
        (p) => p.name,
      );
    expect(await search()).toEqual(['Quarry gatehouse (no tenant)']);
    await asOwner(world.a.id, (tx) =>
      tx.update(projects).set({ name: 'Quarry office' }).where(eq(projects.id, theirs.id)),
    );
    expect(await search()).toEqual([]);
  });

  it('keeps each user their own answer: a client user never gets the admin’s', async () => {
    const admin = await asA({ url: '/api/projects?page=1&pageSize=20' });
    const client = await asClientUser({ url: '/api/projects?page=1&pageSize=20' });
    expect((admin.json as { total: number }).total).toBe(2);
    expect((client.json as { total: number }).total).toBe(1);
    expect((await asClientUser({ url: `/api/projects/${theirs.id}` })).status).toBe(404);
  });

  it('counts one change per committed transaction, none for a rolled-back one or a recently-viewed record', async () => {
    const a = world.a.id;
    const before = await versionOf(a);
    await asOwner(a, async (tx) => {
      await tx.update(projects).set({ name: 'One' }).where(eq(projects.id, theirs.id));
      await tx.update(projects).set({ name: 'Two' }).where(eq(projects.id, theirs.id));
      await tx.execute(sql`update tenant_counters set value = value where tenant_id = ${a}`);
    });
    expect(await versionOf(a)).toBe(before + 1);
    await asOwner(a, async (tx) => {
      await tx.update(projects).set({ name: 'Three' }).where(eq(projects.id, theirs.id));
      throw new Error('roll back');
    }).catch(() => undefined);
    expect(await versionOf(a)).toBe(before + 1);
    await asA({ url: `/api/projects/${theirs.id}` }); // records a view
    await world.t.app.viewLog.flush();
    expect(await versionOf(a)).toBe(before + 1);
  });

  it('keeps one company’s changes out of another’s version, but not changes of no company', async () => {
    const [a, b] = [world.a.id, world.b.id];
    const [a0, b0] = [await versionOf(a), await versionOf(b)];
    await asOwner(a, (tx) => tx.update(projects).set({ name: 'Four' }).where(eq(projects.id, theirs.id)));
    expect(await versionOf(a)).toBe(a0 + 1);
    expect(await versionOf(b)).toBe(b0);
    // tenants has no tenant_id: its changes are everyone's (the platform admin edits them)
    await ownerPool().query(`update tenants set customer_name = customer_name where id = $1`, [b]);
    expect(await versionOf(a)).toBe(a0 + 2);
    expect(await versionOf(b)).toBe(b0 + 1);
  });

  it('drops a company’s answers of its older version once its version moves, and keeps the other company’s', async () => {
    const [a, b] = [world.a.id, world.b.id];
    const { store } = world.t.app.readCache;
    const keysOf = (tenantId: string) => [...store!.keys()].filter((k) => k.startsWith(`${tenantId} `));
    await names(asA);
    await asA({ url: `/api/projects/${mine.id}` });
    await world.asB({ url: '/api/projects?page=1&pageSize=20' });
    const [a0, b0] = [keysOf(a), keysOf(b)];
    expect(a0.length).toBeGreaterThanOrEqual(2);
    expect(b0.length).toBeGreaterThanOrEqual(1);
    await asOwner(a, (tx) => tx.update(projects).set({ summary: 'moved on' }).where(eq(projects.id, mine.id)));
    const v = await versionOf(a);
    await names(asA); // the first read of the new version
    const a1 = keysOf(a);
    expect(a1).toHaveLength(1);
    expect(a1[0]).toContain(`${a} ${v} `);
    expect(keysOf(b)).toEqual(b0);
  });

  it('answers afresh on another company day', async () => {
    const kept = () => world.t.app.readCache.store!.size;
    const list = (as: As) => as({ url: '/api/projects?page=1&pageSize=20' });
    await list(asA);
    const before = kept();
    // the same user signed in again asks the same: kept (sessions are not part of the key)
    expect((await list(await signedIn(world.t, world.a, world.a.admin))).status).toBe(200);
    expect(kept()).toBe(before);
    world.t.clock.advance(24 * 3600_000);
    try {
      expect((await list(await signedIn(world.t, world.a, world.a.admin))).status).toBe(200);
      expect(kept()).toBe(before + 1);
    } finally {
      world.t.clock.reset();
    }
  });

  it('trusts nothing kept once the count goes back (a restored database)', async () => {
    const a = world.a.id;
    const slot = `scope = '${a}' and slot = (select min(slot) from app_private.data_changes where scope = '${a}')`;
    await ownerPool().query(`update app_private.data_changes set changes = changes + 100 where ${slot}`);
    expect(await names(asA)).toContain('Four');
    // back to the count of before, with different data: what is kept under that count is stale
    await ownerPool().query(`update projects set name = 'Five' where id = $1 and tenant_id = $2`, [theirs.id, a]);
    await ownerPool().query(`update app_private.data_changes set changes = changes - 101 where ${slot}`);
    expect(await names(asA)).toContain('Five');
  });
});

describe('with READ_CACHE_MB=0', () => {
  it('computes every read: the view is read again each time, and a change still shows', async () => {
    const off = await oneCompany({ app: { env: { READ_CACHE_MB: '0' } } });
    try {
      expect(off.t.app.readCache.store).toBeNull();
      const as = await signedIn(off.t, off.tenant, off.tenant.admin);
      const project = await createProject(off.tenant, await createClientCo(off.tenant), { name: 'Uncached' });
      const counted = queryCounter(off.t.deps.db.$client);
      // context 1; BEGIN + tenant 1; the view 1; COMMIT 1, every time
      expect(await counted(() => as({ url: `/api/projects/${project.id}` }))).toBe(4);
      expect(((await as({ url: '/api/projects?page=1&pageSize=20' })).json as { total: number }).total).toBe(1);
    } finally {
      await off.t.close();
    }
  });
});

describe('the data version triggers', () => {
  it('note changes on every table but those no cached read shows', async () => {
    const { rows } = await ownerPool().query<{
      table: string;
      noted: boolean;
      scope: string | null;
      def: string | null;
    }>(
      `select c.relname as table,
              exists (select 1 from pg_trigger g where g.tgrelid = c.oid and g.tgname = 'a_data_change') as noted,
              (select encode(g.tgargs, 'escape') from pg_trigger g where g.tgrelid = c.oid and g.tgname = 'a_data_change') as scope,
              (select pg_get_triggerdef(g.oid) from pg_trigger g where g.tgrelid = c.oid and g.tgname = 'a_data_change') as def
         from pg_class c where c.relkind in ('r', 'p') and c.relnamespace = 'public'::regnamespace order by 1`,
    );
    const missing = rows.filter((r) => !r.noted && !UNNOTED.includes(r.table)).map((r) => r.table);
    expect(
      missing,
      'tables without the a_data_change trigger (migration 0039): add it with app_add_data_change_trigger',
    ).toEqual([]);
    // The short cut of migration 0039: the function runs once per transaction and scope, not per statement.
    const slow = rows
      .filter((r) => r.def && !r.def.includes("WHEN ((current_setting('app.data_change_noted'"))
      .map((r) => r.table);
    expect(
      slow,
      'a_data_change triggers without the WHEN of migration 0039: add them with app_add_data_change_trigger',
    ).toEqual([]);
    expect(rows.filter((r) => r.noted && UNNOTED.includes(r.table)).map((r) => r.table)).toEqual([]);
    expect(rows.find((r) => r.table === 'projects')?.scope).toBe('tenant\\000');
    expect(rows.find((r) => r.table === 'tenants')?.scope).toBe('global\\000');
    expect(rows.length).toBeGreaterThan(40);
  });

  it('keep their counts where the request role cannot reach them', async () => {
    const res = await world.t.deps.db.$client.query(
      `select has_schema_privilege(current_user, 'app_private', 'usage') as usage, app_data_version() is not null as readable`,
    );
    expect(res.rows[0]).toEqual({ usage: false, readable: true });
  });
});
