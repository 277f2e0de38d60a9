/**
 * The pool (platform/db/client.ts): the guard against waiting for a second connection while
 * holding one, the checkout timeout that turns a starved pool into a 503, and the request role's
 * statement / lock / idle-in-transaction limits (platform/db/bootstrap.ts).
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createTenant, createTestApp, request, signIn } from '../../../test/harness.js';
import { isDatabaseUnavailable, UNAVAILABLE_MESSAGE } from './availability.js';
import { APP_ROLE_SETTINGS } from './bootstrap.js';
import {
  createDb,
  inPoolShare,
  NESTED_CONNECTION,
  NestedConnectionError,
  PLAN_EACH_TIME,
  withTenant,
  type DbOptions,
} from './client.js';
import { tenants } from './schema.js';

const pools: pg.Pool[] = [];
const open = (options: DbOptions, url = inject('appUrl')) => {
  const made = createDb(url, options);
  pools.push(made.pool);
  return made;
};
afterAll(async () => {
  await Promise.all(pools.map((p) => p.end()));
});

const TENANT = '00000000-0000-4000-8000-000000000001';

describe('no second pool connection while holding one', () => {
  it('is on under NODE_ENV=test: db inside a transaction is refused at once, naming where the transaction began', async () => {
    const { db } = open({ max: 2 });
    const run = withTenant(db, TENANT, async () => db.select({ id: tenants.id }).from(tenants).limit(1));
    const error = await run.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(Error);
    const nested = findNested(error);
    expect(nested?.message).toContain(NESTED_CONNECTION);
    expect(nested?.message).toContain('client.int.test.ts'); // the stack where the transaction was opened
  });

  it('refuses a nested db.transaction and a raw pool.query, allows the transaction’s own savepoints', async () => {
    const { db, pool } = open({ max: 2 });
    await expect(db.transaction(async () => db.transaction(async (tx) => tx.execute(sql`select 1`)))).rejects.toSatisfy(
      (e) => !!findNested(e),
    );
    await expect(db.transaction(async () => pool.query('select 1'))).rejects.toBeInstanceOf(NestedConnectionError);
    const n = await db.transaction(async (tx) =>
      tx.transaction(async (sp) => (await sp.execute(sql`select 41 + 1 as n`)).rows[0]!.n),
    );
    expect(n).toBe(42);
  });

  it('allows another pool inside a transaction, and work that runs after the transaction ended', async () => {
    const { db } = open({ max: 1 });
    const other = open({ max: 1 });
    const inner = await db.transaction(async () => (await other.db.execute(sql`select 7 as n`)).rows[0]!.n);
    expect(inner).toBe(7);
    let later: Promise<unknown> | undefined;
    await db.transaction(async () => {
      // Started inside, runs once the transaction has released its connection.
      later = new Promise((r) => setTimeout(r, 20)).then(() => db.execute(sql`select 1`));
    });
    await expect(later).resolves.toBeDefined();
  });

  it('in production mode it is logged, and the checkout timeout ends the wait with an error the API answers 503', async () => {
    const logged: string[] = [];
    const { db } = open({ max: 1, connectTimeoutMs: 300, onNestedConnection: 'log', log: (m) => logged.push(m) });
    const started = Date.now();
    const error = await db
      .transaction(async () => db.execute(sql`select 1`))
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(Date.now() - started).toBeLessThan(2000);
    expect(logged.join('\n')).toContain(NESTED_CONNECTION);
    expect(String((error as Error).message) + String((error as { cause?: Error }).cause?.message)).toContain(
      'timeout exceeded when trying to connect',
    );
    expect(isDatabaseUnavailable(error)).toBe(true);
  });
});

describe('a pool with no free connection', () => {
  it('answers 503 with Retry-After within the checkout timeout, also in the onRequest hooks, then serves again', async () => {
    const t = await createTestApp({ poolSize: 1 });
    try {
      const tenant = await createTenant();
      const pool = (t.deps.db as unknown as { $client: pg.Pool }).$client;
      const held = await pool.connect(); // the only connection, taken
      const started = Date.now();
      const res = await request(t, { host: tenant.host, url: '/api/session' });
      const waited = Date.now() - started;
      expect(res.status).toBe(503);
      expect(res.json).toEqual({ message: UNAVAILABLE_MESSAGE });
      expect(res.headers['retry-after']).toBe('5');
      expect(waited).toBeGreaterThanOrEqual(2900);
      expect(waited).toBeLessThan(6000);
      held.release();
      expect((await request(t, { host: tenant.host, url: '/api/session' })).status).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe('one company’s many slow requests (tenant-share.ts)', () => {
  it('hold at most its share of the pool: another company’s request is answered at once, the flood waits its turn or gets a 503', async () => {
    const t = await createTestApp({ poolSize: 4 }); // a share of 3: one connection stays free for others
    try {
      const [a, b] = [await createTenant(), await createTenant()];
      const cookieB = await signIn(t, b.host, b.admin.email);
      const watch = open({ max: 1 });
      const marker = `flood-${a.id}`;
      // Company A: eight transactions of 2 s each at once.
      const flood = Array.from({ length: 8 }, () =>
        withTenant(t.deps.db, a.id, (tx) => tx.execute(sql.raw(`select pg_sleep(2) /* ${marker} */`))).then(
          () => 'done',
          (e: unknown) => e,
        ),
      );
      await new Promise((r) => setTimeout(r, 300));
      const sleeping = await watch.pool.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity where state = 'active' and query like '%' || $1 || '%' and query not like '%pg_stat_activity%'`,
        [marker],
      );
      expect(sleeping.rows[0]!.n).toBe(3);
      // Company B, signed in, reads its projects list (a tenant transaction) while A's flood lasts.
      const started = Date.now();
      const res = await request(t, { host: b.host, url: '/api/projects', cookie: cookieB });
      const waited = Date.now() - started;
      expect(res.status).toBe(200);
      expect(waited).toBeLessThan(1500); // without the share: behind A's first 2 s, at least 1.7 s
      // A's own: three at a time; what could not start within the 3 s checkout timeout is answered 503.
      const outcomes = await Promise.all(flood);
      const done = outcomes.filter((o) => o === 'done').length;
      expect(done).toBeGreaterThanOrEqual(3);
      for (const o of outcomes) if (o !== 'done') expect(isDatabaseUnavailable(o)).toBe(true);
      // And all of the pool serves A again once its flood is over.
      const n = await withTenant(t.deps.db, a.id, async (tx) => (await tx.execute(sql`select 5 as n`)).rows[0]!.n);
      expect(n).toBe(5);
    } finally {
      await t.close();
    }
  }, 20_000);
});

describe('one address’s many requests before anyone is known (the request context)', () => {
  it('wait in that address’s share of the pool; another address is answered at once', async () => {
    const t = await createTestApp({ poolSize: 4 }); // a share of 3
    try {
      const tenant = await createTenant();
      const [busy, other] = ['203.0.113.7', '198.51.100.9'];
      // Three lookups of the busy address in flight (held here for 1.5 s).
      let release!: () => void;
      const hold = new Promise<void>((r) => (release = r));
      const held = Array.from({ length: 3 }, () => inPoolShare(t.deps.db, `address ${busy}`, () => hold));
      setTimeout(release, 1500);

      let started = Date.now();
      const answered = await request(t, { host: tenant.host, url: '/api/session', remoteAddress: other });
      expect(answered.status).toBe(200); // answered (nobody signed in), and at once
      expect(Date.now() - started).toBeLessThan(1000);

      started = Date.now();
      const waited = await request(t, { host: tenant.host, url: '/api/session', remoteAddress: busy });
      expect(waited.status).toBe(200);
      expect(Date.now() - started).toBeGreaterThanOrEqual(1000); // its turn came when one of its own ended
      await Promise.all(held);
    } finally {
      await t.close();
    }
  });
});

describe('a connection that dies while it is checked out', () => {
  it('does not end the process (pg-pool listens only on idle clients); its query fails with an error answered 503', async () => {
    const logged: string[] = [];
    const { pool } = open({ max: 2, log: (m) => logged.push(m) });
    const owner = open({ max: 1 }, inject('ownerUrl'));
    const client = await pool.connect();
    const pid = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
    // The server ends the session (57P01, as in a shutdown) while nobody is waiting on it: pg emits
    // 'error' on the client, which without a listener is an uncaught exception (vitest fails the run).
    await owner.pool.query('select pg_terminate_backend($1)', [pid]);
    for (let i = 0; i < 40 && !logged.length; i++) await new Promise((r) => setTimeout(r, 25));
    expect(logged.join('\n')).toContain('database connection lost');
    const error = await client.query('select 1').then(
      () => null,
      (e: unknown) => e,
    );
    expect(isDatabaseUnavailable(error)).toBe(true);
    client.release(error as Error);
    // The pool dropped it and serves a fresh connection.
    expect((await pool.query('select 2 as n')).rows[0]).toEqual({ n: 2 });
  });
});

describe('the request role’s limits', () => {
  it('every connection of the request role has them, set on the role', async () => {
    const { pool } = open({ max: 1 });
    const show = async (name: string) =>
      (await pool.query(`select current_setting('${name}') as v, current_user as u`)).rows[0] as {
        v: string;
        u: string;
      };
    expect(await show('statement_timeout')).toEqual({ v: '15s', u: 'siteflow_app' });
    expect((await show('lock_timeout')).v).toBe('5s');
    expect((await show('idle_in_transaction_session_timeout')).v).toBe('15s');
  });

  it('a pool given the settings (an external APP_DATABASE_URL) sends them with every connection', async () => {
    const { pool } = open({ max: 1, settings: { ...APP_ROLE_SETTINGS } }, inject('ownerUrl'));
    const rows = (
      await pool.query(
        "select current_setting('statement_timeout') as s, current_setting('lock_timeout') as l, current_setting('idle_in_transaction_session_timeout') as i",
      )
    ).rows;
    expect(rows[0]).toEqual({ s: '15s', l: '5s', i: '15s' });
  });

  it('a statement longer than 15 s is cancelled, and that answers 503', { timeout: 40_000 }, async () => {
    const { pool } = open({ max: 1 });
    const started = Date.now();
    const error = await pool.query('select pg_sleep(16)').then(
      () => null,
      (e: unknown) => e,
    );
    expect((error as pg.DatabaseError).code).toBe('57014');
    expect(Date.now() - started).toBeLessThan(15_900);
    expect(isDatabaseUnavailable(error)).toBe(true);
  });
});

function findNested(error: unknown): NestedConnectionError | undefined {
  for (let e = error; e; e = (e as { cause?: unknown }).cause) if (e instanceof NestedConnectionError) return e;
  return undefined;
}

describe('statements of a tenant transaction are prepared once per connection', () => {
  const prepared = (tx: Parameters<Parameters<typeof withTenant>[2]>[0]) =>
    tx.execute<{ statement: string }>(sql`select statement from pg_prepared_statements`);

  it('the same statement run again is the same prepared statement; the answers do not change', async () => {
    const { db } = open({ max: 1 });
    const run = (n: number) =>
      withTenant(db, TENANT, async (tx) => (await tx.execute(sql`select ${n}::int + 1 as m`)).rows[0]!.m);
    expect([await run(1), await run(41), await run(99)]).toEqual([2, 42, 100]);
    const statements = await withTenant(db, TENANT, async (tx) => (await prepared(tx)).rows.map((r) => r.statement));
    expect(statements.filter((s) => s.includes('::int + 1 as m'))).toHaveLength(1);
  });

  it('after a transaction changes a setting (the planner’s, in match.ts) its statements are not kept', async () => {
    const { db } = open({ max: 1 });
    const statements = await withTenant(db, TENANT, async (tx) => {
      await tx.execute(sql`select set_config('enable_seqscan', 'off', true)`);
      await tx.execute(sql`select 7 as steered_statement`);
      return (await prepared(tx)).rows.map((r) => r.statement);
    });
    expect(statements.some((s) => s.includes('steered_statement') || s.includes('enable_seqscan'))).toBe(false);
  });

  it('a statement that asks to be planned each time is not kept either, nor what follows it', async () => {
    const { db } = open({ max: 1 });
    const statements = await withTenant(db, TENANT, async (tx) => {
      await tx.execute(sql`${sql.raw(PLAN_EACH_TIME)} select 8 as searched_words`);
      await tx.execute(sql`select 9 as after_the_search`);
      return (await prepared(tx)).rows.map((r) => r.statement);
    });
    expect(statements.some((s) => s.includes('searched_words') || s.includes('after_the_search'))).toBe(false);
  });
});
