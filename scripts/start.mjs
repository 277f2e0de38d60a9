// `npm start`: install what is missing, build the web app if it changed, then run Siteflow
// (embedded PostgreSQL unless DATABASE_URL is set; migrations and demo data on start).
import fs from 'node:fs';
import path from 'node:path';
import { ensureDependencies, ensureWebBuild, ROOT, runForever, say, serverNodeFlags } from './lib.mjs';

const started = Date.now();
try {
  ensureDependencies();
  ensureWebBuild();
} catch (error) {
  console.error(`npm start failed: ${error.message}`);
  process.exit(1);
}
say(`Prepared in ${((Date.now() - started) / 1000).toFixed(1)} s; starting the server...`);
const envFile = path.join(ROOT, '.env');
const envArgs = fs.existsSync(envFile) ? [`--env-file=${envFile}`] : [];
runForever([...envArgs, ...serverNodeFlags(), '--import', 'tsx', path.join(ROOT, 'apps/api/src/main.ts')], {
  NODE_ENV: 'production',
  ...process.env,
});
