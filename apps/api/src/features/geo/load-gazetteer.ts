/**
 * Loads the shipped gazetteer files into the global `gazetteer` table at start-up, as the owner.
 * A start with unchanged files costs one small query (the files' hash against data_versions);
 * a changed or empty table is replaced in one transaction, under an advisory lock so API
 * processes starting together load it once.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { AU_FILE, gazetteerRows, NZ_FILE, type GazetteerRow } from './gazetteer-data.js';

export const GAZETTEER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../data/gazetteer');
const DATA_NAME = 'gazetteer';
/** Bump when the loading itself changes (ids, columns) so existing databases reload. */
const LOADER_VERSION = '1';
const LOCK = 727002;
const BATCH = 5000;

export type GazetteerLoad = { loaded: boolean; rows: number; version: string; ms: number };

async function readOptional(file: string): Promise<string | null> {
  return fs.readFile(file, 'utf8').catch((e: NodeJS.ErrnoException) => {
    if (e.code === 'ENOENT') return null;
    throw e;
  });
}

export function versionOf(auCsv: string, nzCsv: string | null): string {
  return crypto
    .createHash('sha256')
    .update(`${LOADER_VERSION}\0${auCsv}\0${nzCsv ?? ''}`)
    .digest('hex')
    .slice(0, 32);
}

async function isCurrent(client: pg.ClientBase, version: string): Promise<boolean> {
  const { rows } = await client.query<{ current: boolean }>(
    `select exists (select 1 from data_versions where name = $1 and version = $2) and exists (select 1 from gazetteer) as current`,
    [DATA_NAME, version],
  );
  return rows[0]?.current === true;
}

async function insertRows(client: pg.ClientBase, rows: GazetteerRow[]) {
  for (let i = 0; i < rows.length; i += BATCH) {
    const b = rows.slice(i, i + BATCH);
    // One statement per batch: arrays unnested server-side (16k rows in a few hundred ms).
    await client.query(
      `insert into gazetteer (id, country, suburb, state, postcode, lat, lng, population)
       select * from unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::float8[], $7::float8[], $8::int[])`,
      [
        b.map((r) => r.id),
        b.map((r) => r.country),
        b.map((r) => r.suburb),
        b.map((r) => r.state),
        b.map((r) => r.postcode),
        b.map((r) => r.lat),
        b.map((r) => r.lng),
        b.map((r) => r.population),
      ],
    );
  }
}

/** Load when the table is empty or the files changed; otherwise return at once. */
export async function loadGazetteer(
  ownerUrl: string,
  log: (msg: string) => void = () => undefined,
  dir = GAZETTEER_DIR,
): Promise<GazetteerLoad> {
  const started = performance.now();
  const auCsv = await readOptional(path.join(dir, AU_FILE));
  if (auCsv === null) {
    log(`Gazetteer: ${path.join(dir, AU_FILE)} is missing; address lookup and geocoding are off.`);
    return { loaded: false, rows: 0, version: '', ms: 0 };
  }
  const nzCsv = await readOptional(path.join(dir, NZ_FILE));
  const version = versionOf(auCsv, nzCsv);
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    if (await isCurrent(client, version)) return { loaded: false, rows: 0, version, ms: performance.now() - started };
    const rows = gazetteerRows(auCsv, nzCsv);
    await client.query('begin');
    try {
      await client.query('select pg_advisory_xact_lock($1)', [LOCK]);
      if (await isCurrent(client, version)) {
        await client.query('rollback');
        return { loaded: false, rows: 0, version, ms: performance.now() - started };
      }
      await client.query('delete from gazetteer');
      await insertRows(client, rows);
      await client.query(
        `insert into data_versions (name, version, row_count, loaded_at) values ($1, $2, $3, now())
         on conflict (name) do update set version = excluded.version, row_count = excluded.row_count, loaded_at = excluded.loaded_at`,
        [DATA_NAME, version, rows.length],
      );
      await client.query('commit');
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    }
    // A bulk insert leaves the trigram index's entries in GIN's pending list, which every search
    // would scan linearly (tens of ms) until the next vacuum: clean it up now.
    await client.query('vacuum (analyze) gazetteer');
    const ms = performance.now() - started;
    log(`Gazetteer: loaded ${rows.length} places in ${Math.round(ms)} ms.`);
    return { loaded: true, rows: rows.length, version, ms };
  } finally {
    await client.end();
  }
}
