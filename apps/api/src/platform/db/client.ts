import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { drizzle, NodePgSession, NodePgTransaction, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.js';
import { createTenantShare, defaultTenantShare, type TenantShare } from './tenant-share.js';

export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either the database or a transaction: services accept whichever the caller holds. */
export type Exec = Db | Tx;

// numeric and bigint come back as strings; counts are small enough for numbers.
pg.types.setTypeParser(20, (v) => Number(v));

export const NESTED_CONNECTION = 'second pool connection requested while holding one';

/** Thrown (in tests) when code inside a transaction asks the same pool for another connection. */
export class NestedConnectionError extends Error {
  constructor(openedAt?: string) {
    super(
      `${NESTED_CONNECTION}: code inside a transaction used db instead of its tx; under load every connection waits for another and the pool deadlocks` +
        (openedAt ? `\nThe transaction was opened:\n${openedAt}` : ''),
    );
    this.name = 'NestedConnectionError';
  }
}

/** A connection checked out by a transaction, for the code running inside it. */
type Hold = { pool: pg.Pool; held: boolean; parent: Hold | undefined; openedAt?: string };
const holding = new AsyncLocalStorage<Hold>();

/** How each pool of createDb treats a nested checkout ('throw' records where transactions open). */
const nestedMode = new WeakMap<pg.Pool, 'throw' | 'log'>();
/** Each pool's places per tenant (tenant-share.ts). */
const tenantShares = new WeakMap<pg.Pool, TenantShare>();

function holder(pool: pg.Pool): Hold | undefined {
  for (let h = holding.getStore(); h; h = h.parent) if (h.pool === pool && h.held) return h;
  return undefined;
}

export type DbOptions = {
  /** Connections in the pool. */
  max?: number;
  /** How long a request waits for a free connection before it fails (answered 503). */
  connectTimeoutMs?: number;
  /**
   * Server settings sent with every new connection (e.g. statement_timeout), for a request role
   * whose own settings we did not write (an external APP_DATABASE_URL).
   */
  settings?: Record<string, string>;
  /**
   * A transaction asking its own pool for a second connection: 'throw' (the default under
   * NODE_ENV=test, so every integration test detects it) or 'log' (production: the checkout
   * timeout turns the possible deadlock into a 503 anyway).
   */
  onNestedConnection?: 'throw' | 'log';
  /**
   * Connections one tenant's transactions may hold at once (tenant-share.ts); the rest stay free
   * for the other companies. Default: all but a quarter of `max` (at least one); 0: no share, every
   * request in pg-pool's one first-come-first-served queue (only to measure what the share does).
   */
  tenantShare?: number;
  log?: (msg: string) => void;
};

/** Errors of connections that die while checked out, reported once per connection. */
function watchClients(pool: pg.Pool, log: (msg: string) => void) {
  // pg-pool listens for errors only while a client is idle; a checked-out client whose server
  // goes away would emit an unhandled 'error' and end the process. The query in flight (if any)
  // fails with the same error and the pool discards the client when it is released.
  let last = 0;
  pool.on('connect', (client) => {
    client.on('error', (error) => {
      if (Date.now() - last < 5000) return; // an outage drops every connection at once: say it once
      last = Date.now();
      log(`database connection lost: ${error.message}`);
    });
  });
  pool.on('error', () => undefined); // an idle client dropped by the server is replaced on next use
}

/** The stack of whoever opened the transaction, without this file's frames. */
function callerStack(): string {
  const lines = (new Error().stack ?? '').split('\n').slice(1);
  return lines
    .filter((l) => !/platform[/\\]db[/\\]client\.[jt]s/.test(l))
    .slice(0, 8)
    .join('\n');
}

export function createDb(connectionString: string, maxOrOptions: number | DbOptions = {}): { db: Db; pool: pg.Pool } {
  const o = typeof maxOrOptions === 'number' ? { max: maxOrOptions } : maxOrOptions;
  const log = o.log ?? ((msg: string) => console.error(msg));
  const options = o.settings
    ? Object.entries(o.settings)
        .map(([k, v]) => `-c ${k}=${v}`)
        .join(' ')
    : undefined;
  const max = o.max ?? 10;
  const connectTimeoutMs = o.connectTimeoutMs ?? 3000;
  const pool = new pg.Pool({
    connectionString,
    max,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: connectTimeoutMs,
    ...(options ? { options } : {}),
  });
  watchClients(pool, log);
  const share = o.tenantShare ?? defaultTenantShare(max);
  if (share > 0) tenantShares.set(pool, createTenantShare(share, connectTimeoutMs, max));

  const mode = o.onNestedConnection ?? (process.env.NODE_ENV === 'test' ? 'throw' : 'log');
  nestedMode.set(pool, mode);
  const connect = pool.connect.bind(pool);
  // pool.query checks out through this.connect too, so this sees every checkout.
  pool.connect = ((
    callback?: (err: Error | undefined, client?: pg.PoolClient, done?: (release?: unknown) => void) => void,
  ) => {
    const held = holder(pool);
    if (held) {
      const error = new NestedConnectionError(held.openedAt);
      if (mode === 'throw') {
        if (!callback) return Promise.reject(error);
        process.nextTick(() => callback(error));
        return undefined;
      }
      log(error.stack ?? error.message);
    }
    return callback ? connect(callback as never) : connect();
  }) as typeof pool.connect;

  const db = drizzle(pool, { schema });
  const transaction = db.transaction.bind(db);
  // Mark the code inside a transaction as holding a connection until the transaction ends
  // (a task it started that outlives it is free again).
  db.transaction = ((fn, config) => {
    const openedAt = mode === 'throw' ? callerStack() : undefined; // where, for the error above
    return transaction(async (tx) => {
      const hold: Hold = { pool, held: true, parent: holding.getStore(), openedAt };
      try {
        return await holding.run(hold, () => fn(tx));
      } finally {
        hold.held = false;
      }
    }, config);
  }) as Db['transaction'];
  return { db, pool };
}

/**
 * Runs `fn`, one statement on the pool outside any transaction (pool.query), within `key`'s share
 * of the pool (tenant-share.ts), as a tenant's transactions run within the tenant's: the request
 * context's lookup is keyed by the caller's address, so one address sending many requests at once
 * cannot fill the pool before anyone is known.
 */
export async function inPoolShare<T>(db: Db, key: string, fn: () => Promise<T>): Promise<T> {
  const share = tenantShares.get(db.$client);
  const leave = share ? await share.enter(key) : undefined;
  try {
    return await fn();
  } finally {
    leave?.();
  }
}

/**
 * Run `fn` in a transaction scoped to one tenant. Row-level security reads app.tenant_id,
 * set with is_local = true so it ends with the transaction and never leaks across the pool.
 */
export type TenantTxOptions = {
  /**
   * false: COMMIT does not wait for the WAL flush (synchronous_commit off for this transaction).
   * Only for writes whose loss in a server crash (the last fraction of a second) does no harm,
   * such as "recently viewed"; never for anything a user saved.
   */
  durable?: boolean;
};

export async function withTenant<T>(
  db: Db,
  tenantId: string,
  fn: (tx: Tx) => Promise<T>,
  options: TenantTxOptions = {},
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await tenantTransaction(db, tenantId, fn, options);
    } catch (error) {
      // A deadlock or serialization failure rolled the whole transaction back: run it again
      // (a short random pause apart), as PostgreSQL advises; a third failure is answered 503.
      if (attempt >= TRANSACTION_ATTEMPTS || !isRetryable(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 10 + Math.random() * 40 * attempt));
    }
  }
}

/** What drizzle keeps inside a database object and needs to build a transaction on a client. */
type DbInternals = { dialect: PgDialect; _: { session: { schema: unknown; options: object } } };

/**
 * One tenant transaction on a pooled connection. BEGIN and set_config go out as one simple
 * query (one round trip instead of two: the tenant id is a uuid, sent as an escaped literal);
 * the queries of `fn` run on a drizzle transaction bound to that connection; then COMMIT, or
 * ROLLBACK on any error. Nested transactions (tx.transaction) are savepoints, as with drizzle's own.
 */
async function tenantTransaction<T>(
  db: Db,
  tenantId: string,
  fn: (tx: Tx) => Promise<T>,
  options: TenantTxOptions,
): Promise<T> {
  if (!UUID.test(tenantId)) throw new Error(`not a tenant id: ${tenantId}`);
  const pool = db.$client;
  const openedAt = nestedMode.get(pool) === 'throw' ? callerStack() : undefined;
  const transaction = async () => {
    const client = await pool.connect();
    const hold: Hold = { pool, held: true, parent: holding.getStore(), openedAt };
    let broken: Error | undefined;
    try {
      const relaxed = options.durable === false ? '; set local synchronous_commit = off' : '';
      await client.query(`begin; select set_config('app.tenant_id', '${tenantId}', true)${relaxed}`);
      const { dialect, _ } = db as unknown as DbInternals;
      const session = new NodePgSession(preparing(client), dialect, _.session.schema as never, _.session.options);
      const tx = new NodePgTransaction(dialect, session, _.session.schema as never) as unknown as Tx;
      const result = await holding.run(hold, () => fn(tx));
      await client.query('commit');
      return result;
    } catch (error) {
      await client.query('rollback').catch((e: Error) => (broken = e)); // a dead connection is not reused
      throw error;
    } finally {
      hold.held = false;
      client.release(broken);
    }
  };
  // Within the tenant's share of the pool; a nested checkout skips it (pool.connect refuses it).
  return holder(pool) ? transaction() : inPoolShare(db, tenantId, transaction);
}

/**
 * Start a statement's text with this (sql`${sql.raw(PLAN_EACH_TIME)} select ...`) when its best plan
 * depends on its values (text search: match.ts); it and the rest of its transaction are then
 * planned for their values each time, never from a kept generic plan.
 */
export const PLAN_EACH_TIME = '/* plan each time */';

/** Named statements one connection keeps at most; past that, statements go unnamed (parsed and planned each time). */
const PREPARED_PER_CONNECTION = 300;
const preparedCount = new WeakMap<pg.PoolClient, number>();
const nameOfText = new Map<string, string>();

function statementName(text: string): string {
  let name = nameOfText.get(text);
  if (name === undefined) {
    name = `q${createHash('sha1').update(text).digest('base64url')}`;
    if (nameOfText.size >= 5000) nameOfText.clear();
    nameOfText.set(text, name);
  }
  return name;
}

/**
 * The connection as a tenant transaction's drizzle session sees it: every statement is sent as a
 * named (prepared) statement, named after its text, so the connection parses it once and
 * PostgreSQL may keep its plan: after five runs it keeps a generic plan when that costs no more
 * than the custom ones (plan_cache_mode auto). A statement's text holds no values, only $1, $2...:
 * the same shape from any tenant or request is the same statement, and row-level security still
 * applies, as its policies read app.tenant_id when the statement runs. At most
 * PREPARED_PER_CONNECTION shapes per connection (lists of ids make one shape per length).
 */
function preparing(client: pg.PoolClient): pg.PoolClient {
  const wrapper = Object.create(client) as pg.PoolClient;
  let steered = false;
  wrapper.query = ((config: unknown, values?: unknown) => {
    if (config && typeof config === 'object' && 'text' in config && !(config as { name?: string }).name && !steered) {
      const c = config as pg.QueryConfig;
      // A transaction that changes settings (planner methods, pg_trgm's threshold: match.ts) gets
      // no cached plans from then on: PostgreSQL's plan cache does not notice those settings, so a
      // plan made under them could be reused where they differ, or the other way round. So does
      // a statement that asks for it (PLAN_EACH_TIME) and what follows it.
      if (c.text.startsWith(PLAN_EACH_TIME) || /\bset_config\(|^\s*set\s/i.test(c.text)) {
        steered = true;
        return client.query(config as never, values as never);
      }
      const n = preparedCount.get(client) ?? 0;
      const name = statementName(c.text);
      const known = (client as unknown as { connection: { parsedStatements: Record<string, string> } }).connection
        .parsedStatements[name];
      if (known !== undefined || n < PREPARED_PER_CONNECTION) {
        if (known === undefined) preparedCount.set(client, n + 1);
        return client.query({ ...c, name }, values as never);
      }
    }
    return client.query(config as never, values as never);
  }) as pg.PoolClient['query'];
  return wrapper;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const TRANSACTION_ATTEMPTS = 3;
/** 40P01 deadlock detected, 40001 serialization failure: nothing was kept, so trying again is safe. */
function isRetryable(error: unknown): boolean {
  // drizzle wraps the driver's error in `cause`.
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++, e = (e as { cause?: unknown }).cause) {
    if (e instanceof pg.DatabaseError) return e.code === '40P01' || e.code === '40001';
  }
  return false;
}
