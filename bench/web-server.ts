/**
 * What the web benchmarks share (web-speed.ts, lighthouse.ts): build the web app if its sources
 * changed (the same check as `npm start`), start the real server as `npm start` runs it
 * (NODE_ENV=production, demo data, no tile server so the maps draw their coastlines) on its own
 * port and data directory, and sign in as the demo company's admin.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { spawnApi } from './server-process.js';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Debian's full Chromium; BENCH_CHROMIUM picks another (e.g. /usr/bin/chromium-headless-shell, what e2e runs). */
export const CHROMIUM = process.env.BENCH_CHROMIUM ?? '/usr/bin/chromium';
export const DEMO_ADMIN = { email: 'olivia.nguyen@demo.test', password: 'siteflow-demo' };
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--disable-dev-shm-usage',
];

export type WebServer = { port: number; demo: string; platform: string; stop: () => Promise<void> };

export function requireChromium() {
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(`${CHROMIUM} is missing: install Debian's package (apt-get install -y chromium)`);
  }
}

/** `npm start`'s build step: vite build when apps/web's sources changed since the last build. */
export function ensureWebBuild() {
  const result = spawnSync(
    process.execPath,
    ['--input-type=module', '-e', "import { ensureWebBuild } from './scripts/lib.mjs'; ensureWebBuild();"],
    { cwd: ROOT, stdio: 'inherit' },
  );
  if (result.status !== 0) throw new Error('the web build failed');
}

/**
 * The API serving the built web app, on `port`, with its data in bench/out/web-data (kept between
 * runs, so only the first run creates the database and seeds it; --fresh starts again).
 */
export async function startWebServer(port: number, fresh: boolean): Promise<WebServer> {
  const dataDir = path.join(ROOT, 'bench', 'out', 'web-data');
  if (fresh) fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  const { stop } = await spawnApi(
    port,
    {
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      DATABASE_URL: '',
      MAP_TILE_URL: '',
      APP_URL: `http://localhost:${port}`,
      BASE_HOST: 'localhost',
    },
    240_000,
  );
  return { port, demo: `http://demo.localhost:${port}`, platform: `http://localhost:${port}`, stop };
}

/** Load average over the last minute, and a warning when the machine is busy (figures would be noisy). */
export function warnIfBusy(loadavg: number) {
  if (loadavg > 3) console.warn(`warning: load average ${loadavg.toFixed(1)}: figures will be noisy`);
}

/**
 * What both web benches do first: check for Chromium, note the load average (warned when high),
 * build the web app if its sources changed and start the server. Returns the load and the server.
 */
export async function prepareWebBench(port: number, fresh: boolean): Promise<{ load: number; server: WebServer }> {
  requireChromium();
  const load = os.loadavg()[0]!;
  warnIfBusy(load);
  ensureWebBuild();
  return { load, server: await startWebServer(port, fresh) };
}

/** The options both web benches take: --port, --runs (1 to maxRuns), --fresh, --json <file>. */
export function webBenchOptions(defaults: { port: number; runs: number; maxRuns: number }) {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: String(defaults.port) },
      runs: { type: 'string', default: String(defaults.runs) },
      fresh: { type: 'boolean', default: false },
      json: { type: 'string' },
    },
  });
  return {
    port: Number(values.port),
    runs: Math.max(1, Math.min(defaults.maxRuns, Number(values.runs) || defaults.runs)),
    fresh: values.fresh === true,
    json: values.json,
  };
}
