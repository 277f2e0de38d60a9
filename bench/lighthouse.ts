/**
 * `npm run bench:lighthouse`: Lighthouse (the npm package, its default mobile settings: a slow
 * 4G network and a 4x slower CPU, simulated) in Debian's headless Chromium against the real server
 * (bench/web-server.ts): the sign-in page, and the projects list signed in as the demo admin (the
 * session cookie sent as an extra header). Prints the four category scores against the targets
 * (performance >= 90, accessibility 100), the main timings and what Lighthouse suggests.
 * Options: --port 3291, --runs 1 (the median run by performance is shown), --fresh,
 * --json <file> (the figures as JSON too). LIGHTHOUSE_REPORTS=<dir> keeps each run's full report
 * (open it in the Lighthouse viewer, or read the LCP element and the request chain from it).
 */
import fs from 'node:fs';
import http from 'node:http';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import {
  BROWSER_UI_FEATURES,
  CHROMIUM,
  CHROMIUM_COMMON_ARGS,
  DEMO_ADMIN,
  mergeDisabledFeatures,
  prepareWebBench,
  webBenchOptions,
} from './web-server.js';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const TARGETS: Partial<Record<(typeof CATEGORIES)[number], number>> = { performance: 90, accessibility: 100 };
const TIMINGS = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
  ['speed-index', 'SI'],
] as const;

const { port, runs, fresh, json } = webBenchOptions({ port: 3291, runs: 1, maxRuns: 5 });

type Audit = {
  id: string;
  title: string;
  details?: { items?: { issueType?: string; description?: string }[] };
  score: number | null;
  scoreDisplayMode?: string;
  displayValue?: string;
  numericValue?: number;
};
type Lhr = {
  runtimeError?: { code: string };
  categories: Record<string, { score: number | null; auditRefs: { id: string }[] }>;
  audits: Record<string, Audit>;
};
type PageResult = {
  name: string;
  url: string;
  scores: Record<string, number>;
  timings: Record<string, string>;
  advice: string[];
};

/** Signs in over HTTP with the demo company's Host (Node does not resolve *.localhost); answers the Cookie header. */
function signIn(port: number, host: string): Promise<string> {
  const body = JSON.stringify(DEMO_ADMIN);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: '/api/auth/login',
        method: 'POST',
        headers: {
          host,
          origin: `http://${host}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'x-siteflow-csrf': '1',
        },
      },
      (res) => {
        res.resume();
        const cookie = (res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
        if (res.statusCode !== 200 || !cookie) reject(new Error(`sign-in answered ${res.statusCode}`));
        else resolve(cookie);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function audit(name: string, url: string, headers: Record<string, string>): Promise<PageResult> {
  const samples: Lhr[] = [];
  for (let i = 0, failed = 0; i < runs; i++) {
    const chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM,
      // chrome-launcher's own flags, with the browser's UI features in its --disable-features.
      ignoreDefaultFlags: true,
      chromeFlags: mergeDisabledFeatures([
        ...chromeLauncher.Launcher.defaultFlags(),
        '--headless=new',
        ...CHROMIUM_COMMON_ARGS,
        `--disable-features=${BROWSER_UI_FEATURES.join(',')}`,
      ]),
    });
    try {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
        extraHeaders: headers,
      });
      if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
      const error = (result.lhr as unknown as Lhr).runtimeError;
      if (error) {
        // A trace that Chromium did not record well (NO_NAVSTART, NO_FCP) scores 0: run it again.
        console.warn(`${name}: Lighthouse failed (${error.code}), running again`);
        if (++failed > 2) throw new Error(`Lighthouse failed three times on ${url}: ${error.code}`);
        i--;
        continue;
      }
      samples.push(result.lhr as unknown as Lhr);
      const dir = process.env.LIGHTHOUSE_REPORTS;
      if (dir) {
        fs.mkdirSync(dir, { recursive: true });
        const file = `${name.replace(/\W+/g, '-').toLowerCase()}-${Date.now()}.json`;
        fs.writeFileSync(`${dir}/${file}`, JSON.stringify(result.lhr));
      }
    } finally {
      chrome.kill();
    }
  }
  const perf = (l: Lhr) => l.categories.performance?.score ?? 0;
  const lhr = [...samples].sort((a, b) => perf(a) - perf(b))[Math.floor((samples.length - 1) / 2)]!;
  const scores = Object.fromEntries(
    CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
  ) as Record<string, number>;
  const timings = Object.fromEntries(TIMINGS.map(([id, label]) => [label, lhr.audits[id]?.displayValue ?? '?']));
  // What did not pass: opportunities and diagnostics with a score below 0.9, and failed checks.
  const advice = Object.values(lhr.audits)
    .filter(
      (a) =>
        a.score !== null &&
        a.score < 0.9 &&
        a.scoreDisplayMode !== 'informative' &&
        a.scoreDisplayMode !== 'manual' &&
        a.scoreDisplayMode !== 'notApplicable',
    )
    .map((a) => {
      const issues = (a.details?.items ?? []).map((item) => item.issueType).filter(Boolean);
      const value = a.displayValue ?? (issues.length ? issues.join(', ') : '');
      return `${a.title}${value ? ` (${value})` : ''}`;
    });
  return { name, url, scores, timings, advice };
}

async function main() {
  const { load, server } = await prepareWebBench(port, fresh);
  try {
    const host = `demo.localhost:${server.port}`;
    const cookie = await signIn(server.port, host);
    const pages = [
      await audit('Sign-in page', `${server.demo}/login`, {}),
      await audit('Projects list (signed in)', `${server.demo}/projects`, { Cookie: cookie }),
    ];
    const lines = [
      '',
      `Lighthouse ${runs > 1 ? `(median of ${runs} by performance) ` : ''}mobile defaults, ${CHROMIUM}`,
    ];
    for (const page of pages) {
      lines.push('', `${page.name}: ${page.url}`);
      for (const c of CATEGORIES) {
        const target = TARGETS[c];
        const verdict =
          target === undefined
            ? ''
            : page.scores[c]! >= target
              ? `  (target >= ${target}: ok)`
              : `  (target >= ${target}: BELOW)`;
        lines.push(`  ${c.padEnd(16)}${String(page.scores[c]).padStart(4)}${verdict}`);
      }
      lines.push(
        `  ${Object.entries(page.timings)
          .map(([k, v]) => `${k} ${v}`)
          .join(', ')}`,
      );
      if (page.advice.length) lines.push('  not passing:', ...page.advice.map((a) => `    - ${a}`));
    }
    lines.push('');
    console.log(lines.join('\n'));
    if (json) fs.writeFileSync(json, JSON.stringify({ load, runs, pages }, null, 2));
  } finally {
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
