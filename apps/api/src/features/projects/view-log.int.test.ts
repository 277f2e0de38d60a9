/**
 * "Recently viewed" written behind (view-log.ts, migration 0037): views reach the list at once in
 * the process that noted them, in the order they were made, whichever process writes them and
 * when; a view of a project deleted meanwhile is skipped, not the batch; a failed write is tried
 * again.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signedIn, twoCompanies, type As, type TwoCompanies } from '../../../test/companies.js';
import { createClientCo, createProject, type TestProject } from '../../../test/factories.js';
import { createUser } from '../../../test/harness.js';
import { VIEW_LOG_ATTEMPTS, VIEW_LOG_DELAY_MS, ViewLog } from './view-log.js';
import type { Db } from '../../platform/db/client.js';

let world: TwoCompanies;
let asUser: As;
let userId: string;
let p: TestProject[];

const recent = async (as = asUser) => {
  const res = await as({ url: '/api/recently-viewed?pageSize=50' });
  expect(res.status, res.text).toBe(200);
  return (res.json as { data: { id: number; last_accessed_date: string }[] }).data;
};
const view = async (id: number, as = asUser) => {
  const res = await as({ url: `/api/projects/${id}` });
  expect(res.status, res.text).toBe(200);
  world.t.clock.advance(1000);
};

beforeAll(async () => {
  world = await twoCompanies();
  const { t, a } = world;
  const client = await createClientCo(a);
  p = [];
  for (const name of ['Alpha', 'Bravo', 'Charlie', 'Delta']) p.push(await createProject(a, client, { name }));
  const user = await createUser(a, 'company_employee');
  userId = user.id;
  asUser = await signedIn(t, a, user);
});

afterAll(() => world.t.close());

describe('recently viewed, written behind', () => {
  it('lists views at once, last first, though none is written when the view answers', async () => {
    await view(p[0]!.id);
    await view(p[1]!.id);
    await view(p[0]!.id);
    expect(world.t.app.viewLog.size).toBe(2); // noted, not written
    expect((await recent()).map((d) => d.id)).toEqual([p[0]!.id, p[1]!.id]);
    expect(world.t.app.viewLog.size).toBe(0);
  });

  it('writes the notes by itself shortly after the views', async () => {
    await view(p[2]!.id);
    expect(world.t.app.viewLog.size).toBe(1);
    await vi.waitFor(() => expect(world.t.app.viewLog.size).toBe(0), { timeout: 20 * VIEW_LOG_DELAY_MS });
  });

  it('does not bring back a project removed right after its view', async () => {
    await view(p[3]!.id);
    const del = await asUser({ method: 'DELETE', url: `/api/recently-viewed/${p[3]!.id}` });
    expect(del.status, del.text).toBe(200);
    await world.t.app.viewLog.flush();
    expect((await recent()).map((d) => d.id)).not.toContain(p[3]!.id);
  });

  it('skips a view of a project deleted before the write, and keeps the others of the batch', async () => {
    const client = await createClientCo(world.a);
    const doomed = await createProject(world.a, client, { name: 'Doomed' });
    await view(doomed.id);
    await view(p[1]!.id);
    const gone = await world.asA({ method: 'DELETE', url: `/api/projects/${doomed.id}` });
    expect(gone.status, gone.text).toBe(200);
    const ids = (await recent()).map((d) => d.id);
    expect(ids[0]).toBe(p[1]!.id);
    expect(ids).not.toContain(doomed.id);
  });

  it('keeps the batch when the project is deleted while the batch waits on it', async () => {
    const client = await createClientCo(world.a);
    const doomed = await createProject(world.a, client, { name: 'Deleted meanwhile' });
    const writer = new ViewLog(world.t.deps.db);
    const deleting = await world.t.deps.db.$client.connect();
    try {
      await deleting.query('begin');
      await deleting.query(`select set_config('app.tenant_id', $1, true)`, [world.a.id]);
      await deleting.query('delete from projects where id = $1', [doomed.id]);
      const at = new Date(world.t.clock.now().getTime() + 60_000);
      writer.record(world.a.id, userId, doomed.id, at);
      writer.record(world.a.id, userId, p[3]!.id, at);
      const written = writer.flush();
      // The write has seen the project and waits on the delete's lock for its foreign key.
      await vi.waitFor(
        async () => {
          const { rows } = await world.t.deps.db.$client.query(
            `select 1 from pg_stat_activity where wait_event_type = 'Lock' and query like '%app_record_project_views%'`,
          );
          expect(rows.length).toBe(1);
        },
        { timeout: 5000 },
      );
      await deleting.query('commit');
      await written;
      expect(writer.size).toBe(0); // nothing left for a retry
      expect((await recent())[0]!.id).toBe(p[3]!.id);
    } finally {
      deleting.release();
    }
  });

  it('never moves a view back in time when another process writes an older one later', async () => {
    const other = new ViewLog(world.t.deps.db);
    const before = (await recent()).find((d) => d.id === p[0]!.id)!.last_accessed_date;
    other.record(world.a.id, userId, p[0]!.id, new Date(Date.parse(before) - 3600_000));
    await other.flush();
    expect((await recent()).find((d) => d.id === p[0]!.id)!.last_accessed_date).toBe(before);
  });

  it('keeps one company’s views out of the other’s list', async () => {
    await view(p[2]!.id, world.asA);
    expect((await recent(world.asB)).map((d) => d.id)).toEqual([]);
  });
});

describe('a write the database refuses', () => {
  it('is tried again until it goes through, then no more', async () => {
    vi.useFakeTimers();
    try {
      let calls = 0;
      let failures = 2;
      const written: unknown[][] = [];
      const db = {
        $client: {
          query: (q: { values: unknown[] }) => {
            calls++;
            if (failures-- > 0) return Promise.reject(new Error('the database is restarting'));
            written.push(q.values);
            return Promise.resolve({ rows: [] });
          },
        },
      } as unknown as Db;
      const logged: string[] = [];
      const log = new ViewLog(db, (m) => logged.push(m));
      log.record('t1', 'u1', 7, new Date('2026-12-01T00:00:00Z'));
      await log.flush();
      expect([calls, log.size]).toEqual([1, 1]);
      expect(logged[0]).toMatch(/1 views not written \(the database is restarting\); retrying 1/);
      await vi.advanceTimersByTimeAsync(1000);
      expect([calls, log.size]).toEqual([2, 1]);
      await vi.advanceTimersByTimeAsync(1000);
      expect([calls, log.size]).toEqual([3, 0]);
      expect(written).toEqual([['t1', ['u1'], [7], [new Date('2026-12-01T00:00:00Z')]]]);
      await vi.advanceTimersByTimeAsync(5000);
      expect(calls).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it(`drops a view after ${VIEW_LOG_ATTEMPTS} failed writes`, async () => {
    vi.useFakeTimers();
    try {
      let calls = 0;
      const db = {
        $client: { query: () => (calls++, Promise.reject(new Error('down'))) },
      } as unknown as Db;
      const log = new ViewLog(db);
      log.record('t1', 'u1', 7, new Date());
      await log.flush();
      await vi.advanceTimersByTimeAsync(10 * 1000);
      expect([calls, log.size]).toEqual([VIEW_LOG_ATTEMPTS, 0]);
    } finally {
      vi.useRealTimers();
    }
  });
});
