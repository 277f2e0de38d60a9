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
/**
 * Chromium's full browser (156 here) builds its address bar's popups (chrome://omnibox-popup.top-chrome
 * and its AI-mode page, WebUI pages in a renderer of their own) for every new window: about 1.2 s of
 * CPU in the window's first 3 s, on a 2-core machine beside the page under test (a trace of a cold
 * sign-in: 2.4 s of that renderer's main thread against 1.35 s of the page's). A user's browser built
 * them when it started, not when the app is opened; the benches open a new window for every cold load,
 * so they turn these off.
 */
export const BROWSER_UI_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];
/**
 * What Playwright 1.65 itself passes as --disable-features (its chromiumSwitches.ts). Chromium keeps
 * only the last --disable-features it is given, so the benches' one list carries these too.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
];

/**
 * Flags with every --disable-features among them made one (their union, in order): Chromium would
 * keep only the last.
 */
export function mergeDisabledFeatures(flags: string[]): string[] {
  const prefix = '--disable-features=';
  const features = flags.filter((f) => f.startsWith(prefix)).flatMap((f) => f.slice(prefix.length).split(','));
  const rest = flags.filter((f) => !f.startsWith(prefix));
  return [...rest, `${prefix}${[...new Set(features.filter(Boolean))].join(',')}`];
}

/** The flags both benches' browsers share (chrome-launcher's and Playwright's own come on top). */
export const CHROMIUM_COMMON_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--disable-dev-shm-usage',
];
/** Playwright's launch arguments: the common flags, and its own features list with the browser's UI ones. */
export const CHROMIUM_ARGS = mergeDisabledFeatures([
  ...CHROMIUM_COMMON_ARGS,
  `--disable-features=${PLAYWRIGHT_DISABLED_FEATURES.join(',')}`,
  `--disable-features=${BROWSER_UI_FEATURES.join(',')}`,
]);

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

/** The options both web benches take: --port, --runs (1 to maxRuns), --fresh, --json <file>, --only <names>. */
export function webBenchOptions(defaults: { port: number; runs: number; maxRuns: number }) {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: String(defaults.port) },
      runs: { type: 'string', default: String(defaults.runs) },
      fresh: { type: 'boolean', default: false },
      json: { type: 'string' },
      only: { type: 'string' },
    },
  });
  return {
    port: Number(values.port),
    runs: Math.max(1, Math.min(defaults.maxRuns, Number(values.runs) || defaults.runs)),
    fresh: values.fresh === true,
    json: values.json,
    /** Names (or parts of names, any case) of the screens to measure, comma-separated: all when absent. */
    only: values.only
      ?.split(',')
      .map((name) => name.trim().toLowerCase())
      .filter(Boolean),
  };
}
