/**
 * Backup and restore without pg_dump (the embedded PostgreSQL ships none, and a distribution's
 * pg_dump refuses a newer server). `npm run backup -- <file>` / `npm run restore -- <file>`.
 *
 * Archive: one gzip stream of frames.
 *   line 1   `siteflow-backup 1`
 *   line 2   the manifest (JSON): when, migration level, every table with its row count and
 *            checksum, every sequence's position, the files
 *   then     `@table <name>` and the table's rows in COPY text format as `@data <bytes>` chunks,
 *            ended by `@end`; `@file <path> <bytes>` and the file's bytes; finally `@done`.
 * Everything is read in ONE read-only REPEATABLE READ transaction as the owner, so the tables are
 * one consistent snapshot (the app may keep running). The pg-boss schema is not included: the
 * queue is derived state (the outbox rows are the truth, and the sweeper re-queues pending ones;
 * schedules are created at start). The uploaded files (DATA_DIR/files) are included unless
 * --no-files: file names are generated and never reused, so a file copied a moment before or
 * after the snapshot is still the one its row names.
 *
 * Restore: onto an EMPTY database (a fresh DATA_DIR, or an empty DATABASE_URL database): the
 * migrations up to the recorded level, then in one transaction with triggers and foreign-key
 * checks off (session_replication_role = replica: needs a superuser, which the embedded server's
 * owner is) every table is emptied of what the migrations wrote and loaded with COPY FROM, the
 * sequences are set, and after the commit every table's row count and checksum is compared with
 * the manifest. The app then starts on it as usual (later migrations, the request role, jobs).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { migrateTo, migrationLevel, publicTables, q, SESSION, summarize, summarizeAll } from './backup-db.js';
import { FrameReader, MAGIC, readManifest, type Manifest, type TableSummary } from './backup-format.js';

export { embeddedOwnerUrl, summarize, summarizeAll } from './backup-db.js';
export { readManifest, type Manifest, type TableSummary } from './backup-format.js';

async function listFiles(root: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (dir: string) => {
    let entries: fs.Dirent[];
    try {
      entries = await fsp.readdir(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) await walk(p);
      else if (e.isFile()) out.push(path.relative(root, p));
    }
  };
  await walk(root);
  return out;
}

/** Write a backup of the database at `url` (and the files under `filesDir`, if given) to `file`. */
export async function backup(
  url: string,
  file: string,
  filesDir: string | null,
  log: (m: string) => void,
): Promise<Manifest> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const tmp = `${file}.partial`;
  try {
    await client.query(SESSION);
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    const tables = await publicTables(client);
    const summaries: TableSummary[] = [];
    for (const t of tables) summaries.push(await summarize(client, t));
    const seqs = await client.query<{ name: string }>(
      `select sequencename as name from pg_sequences where schemaname = 'public' order by 1`,
    );
    const sequences: Manifest['sequences'] = [];
    for (const s of seqs.rows) {
      const r = await client.query<{ last_value: string; is_called: boolean }>(
        `select last_value::text, is_called from public.${q(s.name)}`,
      );
      sequences.push({ name: s.name, lastValue: r.rows[0]!.last_value, isCalled: r.rows[0]!.is_called });
    }
    const files: Manifest['files'] = [];
    const fileList = filesDir ? await listFiles(filesDir) : [];
    for (const rel of fileList) {
      const data = await fsp.readFile(path.join(filesDir!, rel));
      files.push({
        path: rel.split(path.sep).join('/'),
        bytes: data.length,
        sha256: crypto.createHash('sha256').update(data).digest('hex'),
      });
    }
    const version = (await client.query<{ v: string }>('select version() as v')).rows[0]!.v;
    const manifest: Manifest = {
      createdAt: new Date().toISOString(),
      server: version,
      migrations: await migrationLevel(client),
      tables: summaries,
      sequences,
      files,
    };

    const gzip = zlib.createGzip({ level: 6 });
    const done = pipeline(gzip, fs.createWriteStream(tmp, { mode: 0o600 }));
    const write = async (chunk: Buffer | string) => {
      if (!gzip.write(chunk)) await new Promise((r) => gzip.once('drain', r));
    };
    await write(`${MAGIC}\n${JSON.stringify(manifest)}\n`);
    for (const t of tables) {
      await write(`@table ${t}\n`);
      const stream = client.query(copyTo(`COPY public.${q(t)} TO STDOUT`));
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        await write(`@data ${chunk.length}\n`);
        await write(chunk);
      }
      await write('@end\n');
    }
    for (const f of files) {
      const data = await fsp.readFile(path.join(filesDir!, f.path));
      // The file may have changed since it was listed: the manifest's size and hash are what we read first.
      if (data.length !== f.bytes) throw new Error(`${f.path} changed during the backup; run it again`);
      await write(`@file ${f.path} ${data.length}\n`);
      await write(data);
    }
    await write('@done\n');
    gzip.end();
    await done;
    await client.query('COMMIT');
    await fsp.rename(tmp, file);
    const rows = summaries.reduce((a, t) => a + t.rows, 0);
    log(
      `Backed up ${summaries.length} tables (${rows} rows), ${sequences.length} sequences and ${files.length} files at migration level ${manifest.migrations.count} to ${file}.`,
    );
    return manifest;
  } catch (error) {
    await fsp.rm(tmp, { force: true });
    throw error;
  } finally {
    await client.end();
  }
}

export type RestoreReport = { tables: number; rows: number; files: number; mismatches: string[] };

/** Restore `file` onto the empty database at `url` (files into `filesDir` unless null), then verify. */
export async function restore(
  url: string,
  file: string,
  filesDir: string | null,
  log: (m: string) => void,
): Promise<RestoreReport> {
  const manifest = await readManifest(file);
  const check = new pg.Client({ connectionString: url });
  await check.connect();
  try {
    const existing = await check.query(
      `select 1 from pg_tables where schemaname = 'public' union all select 1 from pg_tables where schemaname = 'drizzle' limit 1`,
    );
    if (existing.rowCount)
      throw new Error(
        'the database is not empty: restore onto a fresh one (a new DATA_DIR, or an empty database for DATABASE_URL)',
      );
    const su = await check.query<{ s: boolean }>(`select rolsuper as s from pg_roles where rolname = current_user`);
    if (!su.rows[0]?.s)
      throw new Error(
        'restore needs a superuser connection (it loads the tables with triggers off: session_replication_role = replica)',
      );
  } finally {
    await check.end();
  }
  log(`Applying migrations up to level ${manifest.migrations.count}...`);
  await migrateTo(url, manifest.migrations);

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const reader = new FrameReader(fs.createReadStream(file).pipe(zlib.createGunzip()));
  let filesWritten = 0;
  try {
    await reader.line();
    await reader.line();
    await client.query(SESSION);
    await client.query('BEGIN');
    await client.query('SET LOCAL session_replication_role = replica');
    const tables = await publicTables(client);
    const unknown = manifest.tables.map((t) => t.name).filter((t) => !tables.includes(t));
    if (unknown.length) throw new Error(`the backup has tables this schema does not: ${unknown.join(', ')}`);
    // What the migrations wrote (reference rows, the platform tenant) is replaced by the backup's rows.
    if (tables.length) await client.query(`TRUNCATE ${tables.map((t) => `public.${q(t)}`).join(', ')}`);
    for (;;) {
      const header = await reader.line();
      if (header === '@done') break;
      if (header.startsWith('@table ')) {
        const table = header.slice(7);
        const sink = client.query(copyFrom(`COPY public.${q(table)} FROM STDIN`));
        const finished = new Promise<void>((resolve, reject) => {
          sink.on('finish', resolve);
          sink.on('error', reject);
        });
        for (;;) {
          const h = await reader.line();
          if (h === '@end') break;
          const m = /^@data (\d+)$/.exec(h);
          if (!m) throw new Error(`unexpected frame in ${table}: ${h.slice(0, 40)}`);
          const chunk = await reader.bytes(Number(m[1]));
          if (!sink.write(chunk)) await new Promise((r) => sink.once('drain', r));
        }
        sink.end();
        await finished;
        continue;
      }
      const f = /^@file (.+) (\d+)$/.exec(header);
      if (!f) throw new Error(`unexpected frame: ${header.slice(0, 40)}`);
      const data = await reader.bytes(Number(f[2]));
      if (!filesDir) continue;
      const rel = path.normalize(f[1]!);
      if (rel.startsWith('..') || path.isAbsolute(rel)) throw new Error(`bad file path in the backup: ${f[1]}`);
      const target = path.join(filesDir, rel);
      await fsp.mkdir(path.dirname(target), { recursive: true });
      await fsp.writeFile(target, data, { flag: 'wx' }).catch((e: NodeJS.ErrnoException) => {
        if (e.code !== 'EEXIST') throw e;
      });
      filesWritten++;
    }
    for (const s of manifest.sequences)
      await client.query(`select setval($1::regclass, $2::bigint, $3)`, [
        `public.${q(s.name)}`,
        s.lastValue,
        s.isCalled,
      ]);
    await client.query('COMMIT');
    await client.query('ANALYZE');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }

  log('Verifying row counts and checksums...');
  const after = new Map((await summarizeAll(url)).map((t) => [t.name, t]));
  const mismatches: string[] = [];
  for (const t of manifest.tables) {
    const got = after.get(t.name);
    if (!got || got.rows !== t.rows || got.checksum !== t.checksum) {
      mismatches.push(
        `${t.name}: backup ${t.rows} rows ${t.checksum}, restored ${got?.rows ?? 0} rows ${got?.checksum ?? '-'}`,
      );
    }
  }
  if (filesDir) {
    for (const f of manifest.files) {
      const data = await fsp.readFile(path.join(filesDir, f.path)).catch(() => null);
      if (!data || crypto.createHash('sha256').update(data).digest('hex') !== f.sha256)
        mismatches.push(`file ${f.path}: missing or different`);
    }
  }
  const rows = manifest.tables.reduce((a, t) => a + t.rows, 0);
  return { tables: manifest.tables.length, rows, files: filesWritten, mismatches };
}
