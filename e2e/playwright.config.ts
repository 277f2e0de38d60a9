import fs from 'node:fs';
import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3190);

/**
 * Debian's headless shell (package chromium-headless-shell, which `npm test` installs): the same
 * Chromium build without the full browser's window machinery. On CI's 2-core machine the browsers
 * are most of the suite's CPU, and the shell ran the 46 journeys in 575 s against 665 s with
 * `/usr/bin/chromium --headless`. E2E_CHROMIUM picks another binary; without the shell, the full
 * Chromium is used.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const CHROMIUM = process.env.E2E_CHROMIUM ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

export default defineConfig({
  testDir: './tests',
  // The journeys take 40-60 s on a 2-core machine running two browsers, the server and PostgreSQL
  // (CI's machine is of that kind): 60 s left no room, and two of them ran out of it.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  workers: 2,
  retries: 0,
  forbidOnly: true,
  reporter: [['list'], ['json']],
  outputDir: '../test-results/e2e-artifacts',
  use: {
    baseURL: `http://localhost:${PORT}`,
    // A trace (DOM snapshots and screencast of every step) is recorded only when asked for
    // (E2E_TRACE=1): recording it for every journey, to keep the failed ones, doubled their time on
    // CI's 2-core machine (4 journeys: 89-104 s against 52 s). A failure keeps its screenshot, its
    // page snapshot (error-context.md) and the server's log either way; re-run it with E2E_TRACE=1.
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
        '--disable-dev-shm-usage',
      ],
    },
  },
  webServer: {
    command: 'node ../scripts/e2e-server.mjs',
    url: `http://localhost:${PORT}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe', // the server logs at warn: slow requests, refusals and errors show beside the tests
    stderr: 'pipe',
    env: { E2E_PORT: String(PORT) },
  },
});
