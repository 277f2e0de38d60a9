/**
 * The database side of backup and restore (backup-archive.ts): the snapshot session, table
 * summaries, the migration level and migrating up to it, and the embedded server's owner URL.
 */
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { startEmbeddedPostgres } from '../platform/db/bootstrap.js';
import type { Manifest, TableSummary } from './backup-format.js';

const MIGRATIONS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/** The same text for the same data on any server: UTC, ISO dates, exact floats. */
export const SESSION =
  "SET TimeZone = 'UTC'; SET DateStyle = 'ISO, MDY'; SET IntervalStyle = 'postgres'; SET extra_float_digits = 3";

export const q = (ident: string) => `"${ident.replace(/"/g, '""')}"`;

export async function publicTables(client: pg.ClientBase): Promise<string[]> {
  const r = await client.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`,
  );
  return r.rows.map((x) => x.name);
}

/** Row count and a checksum that does not depend on row order or collation. */
export async function summarize(client: pg.ClientBase, table: string): Promise<TableSummary> {
  const r = await client.query<{ rows: string; checksum: string }>(
    `select count(*)::text as rows, md5(coalesce(string_agg(h, '' order by h collate "C"), '')) as checksum
       from (select md5(t::text) as h from public.${q(table)} t) s`,
  );
  return { name: table, rows: Number(r.rows[0]!.rows), checksum: r.rows[0]!.checksum };
}

/** Every table of the public schema, summarized in one snapshot. */
export async function summarizeAll(url: string): Promise<TableSummary[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(SESSION);
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    const out: TableSummary[] = [];
    for (const t of await publicTables(client)) out.push(await summarize(client, t));
    await client.query('COMMIT');
    return out;
  } finally {
    await client.end();
  }
}

export async function migrationLevel(client: pg.ClientBase): Promise<Manifest['migrations']> {
  const exists = await client.query(
    `select 1 from pg_tables where schemaname = 'drizzle' and tablename = '__drizzle_migrations'`,
  );
  if (!exists.rowCount) return { count: 0, lastCreatedAt: null };
  const r = await client.query<{ n: string; last: string | null }>(
    'select count(*)::text as n, max(created_at)::text as last from drizzle.__drizzle_migrations',
  );
  return { count: Number(r.rows[0]!.n), lastCreatedAt: r.rows[0]!.last === null ? null : Number(r.rows[0]!.last) };
}

/** Apply the committed migrations up to (and including) the one created at `lastCreatedAt`. */
export async function migrateTo(url: string, level: Manifest['migrations']) {
  const journal = JSON.parse(await fsp.readFile(path.join(MIGRATIONS, 'meta/_journal.json'), 'utf8')) as {
    entries: { when: number; tag: string }[];
  };
  const wanted = journal.entries.filter((e) => level.lastCreatedAt !== null && e.when <= level.lastCreatedAt);
  if (wanted.length !== level.count) {
    throw new Error(
      `the backup was taken at migration level ${level.count}, which this version of Siteflow does not have (it knows ${journal.entries.length}): restore it with the version that made it`,
    );
  }
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'siteflow-migrations-'));
  try {
    await fsp.mkdir(path.join(dir, 'meta'));
    await fsp.writeFile(path.join(dir, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: wanted }));
    for (const e of wanted) await fsp.copyFile(path.join(MIGRATIONS, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    try {
      await migrate(drizzle(pool), { migrationsFolder: dir });
    } finally {
      await pool.end();
    }
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
}

/**
 * The owner URL of the embedded server in `dataDir`: the running one (npm start) when its
 * postmaster.pid names a live process, else a server started for this command (stopped by `stop`).
 */
export async function embeddedOwnerUrl(
  dataDir: string,
  log: (m: string) => void,
): Promise<{ url: string; stop: () => Promise<void> }> {
  const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
  const secret = (await fsp.readFile(path.join(dataDir, 'postgres.secret'), 'utf8').catch(() => '')).trim();
  const lines = (await fsp.readFile(pidFile, 'utf8').catch(() => '')).split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  let alive = false;
  if (secret && Number.isInteger(pid) && pid > 0 && port > 0) {
    try {
      process.kill(pid, 0);
      alive = true;
    } catch (e) {
      alive = (e as NodeJS.ErrnoException).code === 'EPERM';
    }
  }
  if (alive) {
    log(`Using the running embedded PostgreSQL of ${dataDir} (port ${port}).`);
    return {
      url: `postgres://postgres:${encodeURIComponent(secret)}@127.0.0.1:${port}/siteflow`,
      stop: async () => undefined,
    };
  }
  await fsp.mkdir(dataDir, { recursive: true });
  if (process.getuid?.() === 0) await fsp.chmod(dataDir, 0o711); // the server runs as 'postgres' and must reach its folder
  const embedded = await startEmbeddedPostgres(dataDir, log);
  return { url: embedded.url, stop: embedded.stop };
}
