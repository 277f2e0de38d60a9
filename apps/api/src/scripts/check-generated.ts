// CI guard: the committed OpenAPI document and SQL migrations match the code that generates them.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateOpenApi, OPENAPI_FILE } from './openapi.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
let failed = false;

const committed = fs.existsSync(OPENAPI_FILE) ? fs.readFileSync(OPENAPI_FILE, 'utf8') : '';
if (committed !== (await generateOpenApi())) {
  console.error('apps/api/openapi.json is out of date: run `npm run openapi` and commit it.');
  failed = true;
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'siteflow-drift-'));
fs.cpSync(path.join(root, 'apps/api/drizzle'), tmp, { recursive: true });
const config = path.join(tmp, 'drizzle.config.mjs');
fs.writeFileSync(
  config,
  `export default { dialect: 'postgresql', schema: ${JSON.stringify(path.join(root, 'apps/api/src/platform/db/schema.ts'))}, out: ${JSON.stringify(path.relative(root, tmp))} };\n`,
);
const r = spawnSync(path.join(root, 'node_modules/.bin/drizzle-kit'), ['generate', '--config', config], {
  cwd: root,
  encoding: 'utf8',
});
const out = `${r.stdout}${r.stderr}`;
if (r.status !== 0 || !out.includes('No schema changes')) {
  console.error('The database schema has changes without a migration: run `npm run db:generate` and commit the SQL.');
  console.error(
    out
      .split('\n')
      .filter((l) => !l.includes('nodedir'))
      .slice(-15)
      .join('\n'),
  );
  failed = true;
}
fs.rmSync(tmp, { recursive: true, force: true });
if (failed) process.exit(1);
console.log('OpenAPI document and migrations are up to date.');
