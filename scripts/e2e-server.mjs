// The server the e2e suite drives: a fresh data directory (embedded PostgreSQL) every run.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT, runForever } from './lib.mjs';

const dataDir = path.join(os.tmpdir(), `siteflow-e2e-${process.env.E2E_PORT ?? '3190'}`);
fs.rmSync(dataDir, { recursive: true, force: true });
runForever(['--import', 'tsx', path.join(ROOT, 'apps/api/src/main.ts')], {
  ...process.env,
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  PORT: process.env.E2E_PORT ?? '3190',
  SEED_DEMO: 'true',
  LOG_LEVEL: 'warn',
  SMTP_URL: '',
  DATABASE_URL: process.env.E2E_DATABASE_URL ?? '',
});
