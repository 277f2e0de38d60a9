/**
 * The project list filtered by status alone reads its total from a running count (migration 0033:
 * tenant_counters 'projects_status:<status>', kept by statement-level triggers on projects next to
 * 'projects_total' of 0010) instead of counting every project with that status. The counts must
 * stay exact through inserts, status changes (one project or many, in both directions), deletes
 * and concurrent transactions, and the list must report the real number of projects.
 */
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PROJECT_STATUS_VALUES } from '../../platform/db/schema.js';
import { createDb } from '../../platform/db/client.js';
import { dbErrorCode } from '../../platform/errors.js';
import { signedIn, twoCompanies, type As, type TestApp, type TestTenant } from '../../../test/companies.js';
import { createClientCo, createClientUser, createProject, type TestClient } from '../../../test/factories.js';
import { ownerDb } from '../../../test/harness.js';

type Status = (typeof PROJECT_STATUS_VALUES)[number];
/** Projects per status. */
type Counts = Partial<Record<Status, number>>;

let t: TestApp;
let a: TestTenant;
let b: TestTenant;
let asA: As;
let client: TestClient;
/** The request role's own pool (siteflow_app, under row-level security), for writes the API has no route for. */
let app: ReturnType<typeof createDb>;

beforeAll(async () => {
  ({ t, a, b, asA } = await twoCompanies());
  client = await createClientCo(a);
  app = createDb(inject('appUrl'), 4);
});

afterAll(async () => {
  await app.pool.end();
  await t.close();
});

/** One transaction as the request role in `tenant` (a plain one: a deadlock is not tried again). */
async function asApp<T>(tenant: { id: string }, fn: (c: pg.PoolClient) => Promise<T>): Promise<T> {
  const c = await app.pool.connect();
  try {
    await c.query(`begin; select set_config('app.tenant_id', '${tenant.id}', true)`);
    const result = await fn(c);
    await c.query('commit');
    return result;
  } catch (error) {
    await c.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    c.release();
  }
}

/** The tenant's projects per status, counted (statuses without projects left out). */
async function realCounts(tenant: { id: string }): Promise<Counts> {
  const rows = await ownerDb().execute<{ status: Status; n: number }>(
    sql`select status, count(*)::int as n from projects where tenant_id = ${tenant.id} group by status`,
  );
  return Object.fromEntries(rows.rows.map((r) => [r.status, r.n]));
}

/** The tenant's counters: projects_total and one per status that is not zero. */
async function counters(tenant: { id: string }) {
  const rows = await ownerDb().execute<{ name: string; value: number }>(
    sql`select name, value from tenant_counters
         where tenant_id = ${tenant.id} and (name = 'projects_total' or name like 'projects\\_status:%')`,
  );
  return Object.fromEntries(rows.rows.filter((r) => r.value !== 0).map((r) => [r.name, r.value]));
}

/** `counts` with `delta` added, statuses left with no project left out (as realCounts does). */
function shift(counts: Counts, delta: Counts): Counts {
  const out: Counts = { ...counts };
  for (const [status, n] of Object.entries(delta) as [Status, number][]) out[status] = (out[status] ?? 0) + n;
  return Object.fromEntries(Object.entries(out).filter(([, n]) => n !== 0));
}

/** The counters equal the projects counted, per status and in all. */
async function expectExact(tenant: { id: string }) {
  const real = await realCounts(tenant);
  const expected: Record<string, number> = {
    projects_total: Object.values(real).reduce((sum, n) => sum + n, 0),
  };
  for (const [status, n] of Object.entries(real)) expected[`projects_status:${status}`] = n;
  expect(await counters(tenant)).toEqual(expected);
  return real;
}

type ListPage = { items: { id: number; status: string }[]; total: number };
const list = async (query: string, as: As = asA) => {
  const res = await as({ url: `/api/projects?${query}` });
  expect(res.status, res.text).toBe(200);
  return res.json as ListPage;
};

/** Every status's list total (first page, and a page past the end, which counts on its own) is the real number. */
async function expectListTotals() {
  const real = await realCounts(a);
  for (const status of PROJECT_STATUS_VALUES) {
    const first = await list(`status=${status}&page=1&pageSize=2`);
    const past = await list(`status=${status}&page=500&pageSize=2`);
    expect([status, first.total, past.total]).toEqual([status, real[status] ?? 0, real[status] ?? 0]);
    expect(first.items.every((p) => p.status === status)).toBe(true);
  }
  return real;
}

let nextSeq = 100_000;

/** Projects of `client` inserted in one statement as the request role, with these statuses. */
async function insertMany(tenant: TestTenant, owner: TestClient, statuses: Status[]): Promise<number[]> {
  const seqs = statuses.map(() => nextSeq++);
  return asApp(tenant, async (c) => {
    const res = await c.query<{ id: string }>(
      `insert into projects (tenant_id, seq, code, name, status, client_id, client_name, project_manager_id, project_administrator_id)
       select $1, s.seq, 'BULK-' || s.seq, 'Bulk project ' || s.seq, s.status, $2, $3, $4, $4
         from unnest($5::int[], $6::text[]) as s(seq, status)
       returning id`,
      [tenant.id, owner.id, owner.tradingName, tenant.admin.id, seqs, statuses],
    );
    return res.rows.map((r) => Number(r.id));
  });
}

/** Sets the statuses of these projects in one statement as the request role: `to` maps each old status. */
const moveMany = (ids: number[], to: Partial<Record<Status, Status>>) =>
  asApp(a, (c) =>
    c.query(`update projects set status = coalesce(($2::jsonb) ->> status, status) where id = any($1::bigint[])`, [
      ids,
      JSON.stringify(to),
    ]),
  );

const setStatus = async (id: number, status: Status, extra: object = {}) => {
  const res = await asA({ method: 'PUT', url: `/api/projects/${id}/status`, body: { status, ...extra } });
  expect(res.status, res.text).toBe(200);
};

describe('per-status project counts (tenant_counters)', () => {
  it('count projects inserted one at a time and many in one statement, per status and per company', async () => {
    for (const status of ['quote', 'order', 'order', 'closed'] as const) await createProject(a, client, { status });
    await insertMany(a, client, ['closed', 'closed', 'quote', 'on_hold', 'order', 'closed', 'cancelled']);
    const other = await createClientCo(b);
    await insertMany(b, other, ['closed', 'scheduled']);
    expect(await expectExact(a)).toEqual({ quote: 2, order: 3, closed: 4, on_hold: 1, cancelled: 1 });
    expect(await expectExact(b)).toEqual({ closed: 1, scheduled: 1 });
    await expectListTotals();
  });

  it('follow a status change through the API, one way and back', async () => {
    const { id } = await createProject(a, client, { status: 'order' });
    const before = await expectListTotals();
    await setStatus(id, 'scheduled');
    expect(await expectListTotals()).toEqual(shift(before, { order: -1, scheduled: 1 }));
    await expectExact(a);
    await setStatus(id, 'order');
    expect(await expectListTotals()).toEqual(before);
    await expectExact(a);
    // B's counters did not move.
    expect(await expectExact(b)).toEqual({ closed: 1, scheduled: 1 });
  });

  it('follow one statement changing many projects in both directions, and ignore edits that keep the status', async () => {
    const ids = await insertMany(a, client, ['order', 'order', 'order', 'closed', 'closed', 'quote', 'cancelled']);
    const before = await expectExact(a);
    // order <-> closed swap (3 out, 2 in), quote -> cancelled, cancelled -> quote (one each way: no change).
    await moveMany(ids, { order: 'closed', closed: 'order', quote: 'cancelled', cancelled: 'quote' });
    const swapped = shift(before, { order: -1, closed: 1 });
    expect(await expectExact(a)).toEqual(swapped);
    // Renaming every project of the company changes no count.
    await asApp(a, (c) => c.query(`update projects set name = name || ' (renamed)'`));
    expect(await expectExact(a)).toEqual(swapped);
    // And back the other way, with on_hold as well.
    await moveMany(ids, { order: 'on_hold', closed: 'on_hold' });
    expect(await expectExact(a)).toEqual(shift(before, { order: -3, closed: -2, on_hold: 5 }));
    await expectListTotals();
  });

  it('follow deletes of one project and of many in one statement', async () => {
    const ids = await insertMany(a, client, ['scheduled', 'scheduled', 'completed', 'quote']);
    const before = await expectExact(a);
    await asApp(a, (c) => c.query(`delete from projects where id = $1`, [ids[0]]));
    expect(await expectExact(a)).toEqual(shift(before, { scheduled: -1 }));
    await asApp(a, (c) => c.query(`delete from projects where id = any($1::bigint[])`, [ids.slice(1)]));
    expect(await expectExact(a)).toEqual(shift(before, { scheduled: -2, completed: -1, quote: -1 }));
    await expectListTotals();
  });

  it('stay exact when concurrent transactions move projects between the same statuses in opposite directions, without deadlocking', async () => {
    // Each transaction moves its own 28 projects one status along the cycle of all statuses, half
    // of them forwards and half backwards. A set holds 1, 2, ... 7 projects of the statuses in
    // turn, so every step changes every status's counter (by 6 or by 1): the transactions meet on
    // the same seven counter rows, and on nothing else (no project is in two sets).
    const cycle = [...PROJECT_STATUS_VALUES];
    const uneven = cycle.flatMap((status, i) => Array.from({ length: i + 1 }, () => status));
    const sets = await Promise.all([0, 1, 2, 3].map(() => insertMany(a, client, uneven)));
    const step = (dir: 1 | -1) =>
      Object.fromEntries(cycle.map((s, i) => [s, cycle[(i + dir + cycle.length) % cycle.length]!]));
    const before = await expectExact(a);
    let deadlocks = 0;
    const other: unknown[] = [];
    const worker = async (w: number) => {
      for (let round = 0; round < 25; round++) {
        try {
          await asApp(a, (c) =>
            c.query(`update projects set status = ($2::jsonb) ->> status where id = any($1::bigint[])`, [
              sets[w],
              JSON.stringify(step(w % 2 ? -1 : 1)),
            ]),
          );
        } catch (error) {
          if (dbErrorCode(error) === '40P01') deadlocks++;
          else other.push(error);
        }
      }
    };
    await Promise.all([0, 1, 2, 3].map((w) => worker(w)));
    expect(other).toEqual([]);
    expect(deadlocks).toBe(0);
    // Every update went through: each set is 25 steps along, two forwards and two backwards
    // (status i now holds as many of a set's projects as status i - 25 x dir held).
    const n = cycle.length;
    const moved = (dir: 1 | -1): Counts =>
      Object.fromEntries(cycle.map((s, i) => [s, ((((i - 25 * dir) % n) + n) % n) - i]));
    const expected = [1, -1, 1, -1].reduce((counts, dir) => shift(counts, moved(dir as 1 | -1)), before);
    expect(await expectExact(a)).toEqual(expected);
    expect(await expectListTotals()).toEqual(expected);
  });
});

describe('the project list total', () => {
  it("for a status is the number of projects with it, also beside other filters and in a client user's scope", async () => {
    const mine = await createClientCo(a);
    const moving = (await createProject(a, mine, { status: 'scheduled' })).id;
    await insertMany(a, mine, ['closed', 'closed', 'quote']);
    const real = await expectListTotals();
    const total = async (query: string, as: As = asA) => (await list(`${query}&page=1&pageSize=2`, as)).total;
    // Beside a client or a manager, and in a client user's scope, the total is counted.
    const asClient = await signedIn(t, a, await createClientUser(a, mine.id));
    const scoped = async () => [
      await total(`status=closed&client_id=${mine.id}`),
      await total(`status=completed&project_manager_id=${a.admin.id}`),
      await total('status=closed', asClient),
      await total('status=completed', asClient),
    ];
    const managed = async (status: Status) =>
      (
        await ownerDb().execute<{ n: number }>(
          sql`select count(*)::int as n from projects
               where tenant_id = ${a.id} and status = ${status} and project_manager_id = ${a.admin.id}`,
        )
      ).rows[0]!.n;
    expect(await scoped()).toEqual([2, await managed('completed'), 2, 0]);
    // After a status change every total follows.
    await setStatus(moving, 'completed', { completed_on: '2026-11-24T16:00' });
    expect(await expectListTotals()).toEqual(shift(real, { scheduled: -1, completed: 1 }));
    expect(await scoped()).toEqual([2, await managed('completed'), 2, 1]);
    expect(await total('status=scheduled', asClient)).toBe(0);
  });
});
