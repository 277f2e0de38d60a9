// `npm test`: install what is missing (Debian's Chromium, nginx and poppler-utils too, when running as root), then
// run every tier: lint, types, unit, integration against a real PostgreSQL, the reliability battery
// (real processes), e2e in Chromium.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { BIN, ensureDependencies, ensureWebBuild, NODE, ROOT, run, runConcurrently, say } from './lib.mjs';

// Debian's headless shell of Chromium: what the e2e journeys run in (e2e/playwright.config.ts).
const CHROMIUM = '/usr/bin/chromium-headless-shell';
const RESULTS = path.join(ROOT, 'test-results');

/**
 * A Debian package the tests need, installed with apt-get when `binaryPath` is missing (as root;
 * otherwise an error that says what to install): Chromium (e2e), nginx (the reliability tier,
 * two API processes behind a reverse proxy) and poppler-utils (pdftotext: the quote PDF's tests).
 */
function ensureDebianPackage(binaryPath, packageName, what = packageName) {
  if (fs.existsSync(binaryPath)) return;
  if (process.getuid?.() !== 0) {
    throw new Error(
      `${what} is missing: install Debian's package as root (apt-get install -y ${packageName}) so that ${binaryPath} exists.`,
    );
  }
  say(`Installing Debian's ${packageName}...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', packageName],
  ]) {
    const r = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (r.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed`);
  }
}

const counts = { passed: 0, failed: 0, skipped: 0 };

/**
 * Add a vitest JSON report to the counts and give the step's status: failed when vitest exited
 * non-zero OR its report holds a failure (the integration tier was seen to exit 0 with a failed
 * test in its report: something in its global setup's shutdown resets the exit code), or when no
 * report was written at all.
 */
function readVitest(file, status) {
  try {
    const j = JSON.parse(fs.readFileSync(file, 'utf8'));
    counts.passed += j.numPassedTests ?? 0;
    counts.failed += j.numFailedTests ?? 0;
    counts.skipped += (j.numPendingTests ?? 0) + (j.numTodoTests ?? 0);
    const failed = (j.numFailedTests ?? 0) + (j.numFailedTestSuites ?? 0) > 0 || j.success === false;
    return status || (failed ? 1 : 0);
  } catch {
    return status || 1;
  }
}

function readPlaywright(file) {
  try {
    const s = JSON.parse(fs.readFileSync(file, 'utf8')).stats;
    counts.passed += (s.expected ?? 0) + (s.flaky ?? 0);
    counts.failed += s.unexpected ?? 0;
    counts.skipped += s.skipped ?? 0;
  } catch {
    /* the step's exit code already tells */
  }
}

const vitest = path.join(ROOT, 'node_modules', 'vitest', 'vitest.mjs');
const steps = [
  // ESLint, the import boundaries (dependency-cruiser, .dependency-cruiser.cjs), Prettier and the
  // type check: all four always run, side by side. ESLint (one core, about 70 s) is the longest;
  // the other three end within it.
  [
    'lint and typecheck',
    async () => {
      const statuses = await runConcurrently([
        [path.join(BIN, 'eslint'), ['.', '--max-warnings', '0']],
        ['npm', ['run', '--silent', 'typecheck']],
        ['npm', ['run', '--silent', 'lint:deps']],
        ['npm', ['run', '--silent', 'format:check']],
      ]);
      return statuses.find((status) => status !== 0) ?? 0;
    },
  ],
  ['generated files are up to date', () => run(NODE, ['--import', 'tsx', 'apps/api/src/scripts/check-generated.ts'])],
  [
    'unit tests',
    () => {
      const status = run(NODE, [
        vitest,
        'run',
        '--project',
        'unit',
        '--project',
        'web',
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${RESULTS}/unit.json`,
      ]);
      return readVitest(`${RESULTS}/unit.json`, status);
    },
  ],
  [
    'integration tests (real PostgreSQL)',
    () => {
      const status = run(NODE, [
        vitest,
        'run',
        '--project',
        'int',
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${RESULTS}/int.json`,
      ]);
      return readVitest(`${RESULTS}/int.json`, status);
    },
  ],
  [
    'reliability tests (soak, mail worker killed, two API processes behind nginx, backup and restore)',
    () => {
      const status = run(NODE, [
        vitest,
        'run',
        '--project',
        'reliability',
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${RESULTS}/reliability.json`,
      ]);
      return readVitest(`${RESULTS}/reliability.json`, status);
    },
  ],
  [
    'e2e tests (Chromium)',
    () => {
      ensureWebBuild();
      const status = run(path.join(BIN, 'playwright'), ['test', '-c', 'e2e/playwright.config.ts'], {
        env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: `${RESULTS}/e2e.json` },
      });
      readPlaywright(`${RESULTS}/e2e.json`);
      return status;
    },
  ],
];

const started = Date.now();
try {
  ensureDependencies();
  ensureDebianPackage(CHROMIUM, 'chromium-headless-shell', "Chromium's headless shell");
  ensureDebianPackage('/usr/sbin/nginx', 'nginx-light', 'nginx');
  ensureDebianPackage('/usr/bin/pdftotext', 'poppler-utils', 'pdftotext');
} catch (error) {
  console.error(`npm test could not prepare: ${error.message}`);
  process.exit(1);
}
fs.rmSync(RESULTS, { recursive: true, force: true });
fs.mkdirSync(RESULTS, { recursive: true });
const failedSteps = [];
for (const [name, step] of steps) {
  const t = Date.now();
  say(`${name}...`);
  const status = await step();
  say(`${name}: ${status === 0 ? 'ok' : `FAILED (exit ${status})`} in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  if (status !== 0) failedSteps.push(name);
}
say(
  `All tiers finished in ${((Date.now() - started) / 1000).toFixed(1)} s.${failedSteps.length ? ` Failed: ${failedSteps.join(', ')}.` : ''}`,
);
console.log(`${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ''}`);
process.exit(failedSteps.length ? 1 : 0);
