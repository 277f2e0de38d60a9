/**
 * What the benchmarks share (projects.bench.ts, providers.bench.ts): start the real app on a
 * generated database, sign in over HTTP, then per scenario a warm-up, sequential requests
 * (p50/p95/p99 on the client, and the server's own time from Fastify), and a load phase in a
 * worker thread (load-worker.mjs) so the load generator does not share the server's event loop.
 * A View says which p95 the targets apply to and how the table looks: the provider search and
 * project map judge the server's time (SERVER_VIEW, the default), the projects bench the client's
 * round trip (its own view).
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { loadConfig } from '../apps/api/src/config.js';
import { startRuntime, type Runtime } from '../apps/api/src/runtime.js';
import { BENCH_DIR, BENCH_PASSWORD, BENCH_SLUG, benchAdminEmail } from './generate.js';
import { freePort } from '../apps/api/test/reliability/processes.js';

export const HOST = `${BENCH_SLUG}.localhost`;

/** The job and result of bench/load-worker.mjs. */
export type LoadJob = {
  port: number;
  host: string;
  cookie: string;
  urls: string[];
  concurrency: number;
  requests: number;
  durationMs: number;
};
type LoadResult = { latencies: number[]; statuses: Record<number, number>; elapsedMs: number; bytes: number };
export type Scenario = { name: string; target: number | null; urls: string[] };
export type Stats = { n: number; p50: number; p95: number; p99: number; max: number; mean: number };
export type ScenarioResult = {
  name: string;
  target: number | null;
  sequential: Stats & { server: Stats; statuses: Record<number, number> };
  load: Stats & { rps: number; concurrency: number; statuses: Record<number, number> };
  /** Judged on the p95 the view names (server or client), all answers 200. */
  pass: boolean | null;
  sample: string;
  /** The URLs with the highest median time (server or client, as judged) in the sequential phase. */
  slowest: { url: string; median: number }[];
};
export type RunOptions = { requests: number; duration: number; concurrency: number };

/**
 * The command line every bench takes: the run options (--requests 300 up to 5000, --duration 5 s
 * up to 60, --concurrency 8 up to 64), --fresh, and the data-set sizes that parseGenerateArgs
 * reads; `more` names the bench's own string options.
 */
export function parseBenchArgs(more: string[] = []) {
  const { values } = parseArgs({
    strict: false,
    options: {
      projects: { type: 'string' },
      requests: { type: 'string' },
      duration: { type: 'string' },
      concurrency: { type: 'string' },
      fresh: { type: 'boolean' },
      noise: { type: 'string' },
      'noise-projects': { type: 'string' },
      ...Object.fromEntries(more.map((name) => [name, { type: 'string' as const }])),
    },
  });
  const int = (v: unknown, d: number, max: number) =>
    Math.min(max, typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : d);
  const opts: RunOptions = {
    requests: int(values.requests, 300, 5000),
    duration: int(values.duration, 5, 60),
    concurrency: int(values.concurrency, 8, 64),
  };
  return { values, opts, fresh: values.fresh === true };
}

/** Run a bench's main(); a failure is printed and exits 1. */
export function runMain(main: () => Promise<void>) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
/** The first answer of a scenario, as far as its sample line looks at it. */
export type ProbeBody = { total?: number; markers?: unknown[]; items?: unknown[] };

/** How a bench judges its scenarios and prints them. */
export type View = {
  /** Which sequential p95 a target applies to; the slowest URLs are ranked by the same time. */
  judge: 'server' | 'client';
  /** The first column's heading and what one row is ('scenario', 'endpoint'). */
  subject: string;
  /** Ends the description line, after the phases ("Times in ms ..."). */
  timesNote: string;
  /** The time columns between 'n' and the load columns. */
  columns: { head: string; cell: (r: ScenarioResult) => string }[];
  /** What follows "<first URL> -> " in the sample line. */
  sample: (body: ProbeBody, text: string) => string;
  /** Whose slowest URLs are listed: every scenario with a target, or only the failed ones. */
  slowestOf: 'targeted' | 'failed';
};

export const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : '-');

/** Provider search and project map: targets on the server p95, server and client times side by side. */
/** Targets judged on the client's round trip, with the server's p95 beside it (projects, tasks). */
export const CLIENT_VIEW: View = {
  judge: 'client',
  subject: 'endpoint',
  timesNote: 'Times in ms (client round trip on loopback).',
  columns: [
    { head: 'p50', cell: (r) => ms(r.sequential.p50) },
    { head: 'p95', cell: (r) => ms(r.sequential.p95) },
    { head: 'p99', cell: (r) => ms(r.sequential.p99) },
    { head: 'max', cell: (r) => ms(r.sequential.max) },
    { head: 'server p95', cell: (r) => ms(r.sequential.server.p95) },
  ],
  sample: (body) => `total ${body.total ?? '?'}`,
  slowestOf: 'failed',
};

export const SERVER_VIEW: View = {
  judge: 'server',
  subject: 'scenario',
  timesNote:
    "Times in ms; client = round trip on loopback, server = Fastify's own time. Targets apply to the server p95.",
  columns: [
    { head: 'server p50', cell: (r) => ms(r.sequential.server.p50) },
    { head: 'server p95', cell: (r) => ms(r.sequential.server.p95) },
    { head: 'client p50', cell: (r) => ms(r.sequential.p50) },
    { head: 'client p95', cell: (r) => ms(r.sequential.p95) },
    { head: 'client p99', cell: (r) => ms(r.sequential.p99) },
  ],
  sample: (body, text) =>
    `total ${body.total ?? '?'}, ${body.items?.length ?? '?'} items${body.markers ? `, ${body.markers.length} markers` : ''}, ${text.length} bytes`,
  slowestOf: 'targeted',
};

export function percentiles(values: number[]): Stats {
  const s = [...values].sort((a, b) => a - b);
  const at = (p: number) => (s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]! : NaN);
  const mean = s.length ? s.reduce((a, b) => a + b, 0) / s.length : NaN;
  return { n: s.length, p50: at(50), p95: at(95), p99: at(99), max: s.at(-1) ?? NaN, mean };
}

/** A deterministic shuffle (same URL order on every run). */
export function shuffled<T>(list: T[], seed = 7): T[] {
  const out = [...list];
  let a = seed;
  const rnd = () => (a = (a * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

export function call(port: number, method: string, url: string, headers: Record<string, string>, body?: string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }>((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, method, path: url, headers: { host: HOST, ...headers } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** One load phase in a worker thread (load-worker.mjs), so the load generator does not share the server's event loop. */
export function runInWorker(job: LoadJob): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./load-worker.mjs', import.meta.url), { workerData: job });
    worker.once('message', (m: { result?: LoadResult; error?: string }) => {
      void worker.terminate();
      if (m.result) resolve(m.result);
      else reject(new Error(m.error));
    });
    worker.once('error', reject);
  });
}

/** Signs the bench tenant's admin in on the server at `port`; returns the session cookie. */
export async function signIn(port: number): Promise<string> {
  const login = await call(
    port,
    'POST',
    '/api/auth/login',
    { 'content-type': 'application/json', 'x-siteflow-csrf': '1' },
    JSON.stringify({ email: benchAdminEmail(BENCH_SLUG), password: BENCH_PASSWORD }),
  );
  const setCookie = [login.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('sf_session='));
  if (login.status !== 200 || !setCookie) throw new Error(`sign-in failed: ${login.status} ${login.text}`);
  return setCookie.split(';')[0]!;
}

export type Bench = {
  rt: Runtime;
  port: number;
  cookie: string;
  log: (m: string) => void;
  /** Runs the scenarios that answer (a probe first) and returns their results, judged as the view says. */
  measure(scenarios: Scenario[], opts: RunOptions, view?: View): Promise<ScenarioResult[]>;
  close(): Promise<void>;
};

/** Starts the runtime on bench/out/data-<projects> (or DATABASE_URL); `prepare` generates or reuses the data, then the app listens and signs in. */
export async function startBench(
  projects: number,
  fresh: boolean,
  prepare: (ownerUrl: string, log: (m: string) => void) => Promise<void>,
): Promise<Bench> {
  const dataDir = path.join(BENCH_DIR, 'out', `data-${projects}`);
  if (fresh) await fs.rm(dataDir, { recursive: true, force: true });
  await fs.mkdir(dataDir, { recursive: true, mode: 0o711 });
  await fs.chmod(dataDir, 0o711); // as root the server runs as 'postgres' and must reach its folder
  const port = await freePort();
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: process.env.DATABASE_URL,
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    BASE_HOST: 'localhost',
  });
  const t0 = performance.now();
  const log = (m: string) => console.log(`[${((performance.now() - t0) / 1000).toFixed(1)}s] ${m}`);
  log(`Starting Siteflow (data in ${config.databaseUrl ? 'DATABASE_URL' : dataDir})...`);
  const rt = await startRuntime(config, log, { logger: false, serveWeb: false });
  try {
    await prepare(rt.ownerUrl, log);
    // Server time of every request, from Fastify, while a phase records.
    let serverTimes: { url: string; ms: number }[] | null = null;
    rt.app.addHook('onResponse', async (request, reply) => {
      serverTimes?.push({ url: request.url, ms: reply.elapsedTime });
    });
    await rt.app.listen({ port, host: '127.0.0.1' });
    const cookie = await signIn(port);

    const measure = async (scenarios: Scenario[], opts: RunOptions, view: View = SERVER_VIEW) => {
      const results: ScenarioResult[] = [];
      for (const s of scenarios) {
        const probe = await call(port, 'GET', s.urls[0]!, { cookie });
        if (probe.status !== 200) {
          log(
            `${s.name}: ${s.urls[0]} answered ${probe.status} ${probe.text.slice(0, 200)}; skipped (endpoint not there yet?)`,
          );
          continue;
        }
        const base = { port, host: HOST, cookie, urls: s.urls };
        log(`${s.name}: warming up, then sequential requests...`);
        await runInWorker({ ...base, concurrency: 1, requests: Math.min(50, s.urls.length * 2), durationMs: 30_000 });
        serverTimes = [];
        // Info rows (e.g. deep pages) are slow by nature: fewer requests, and every phase is time-bounded.
        const requests = s.target === null ? Math.min(opts.requests, 100) : opts.requests;
        const seq = await runInWorker({ ...base, concurrency: 1, requests, durationMs: 60_000 });
        const times = serverTimes as { url: string; ms: number }[];
        serverTimes = null;
        const server = percentiles(times.map((x) => x.ms));
        log(`${s.name}: ${opts.concurrency} concurrent for ${opts.duration} s...`);
        const load = await runInWorker({
          ...base,
          concurrency: opts.concurrency,
          requests: 200_000,
          durationMs: opts.duration * 1000,
        });
        const sequential = { ...percentiles(seq.latencies), server, statuses: seq.statuses };
        const byUrl = new Map<string, number[]>();
        if (view.judge === 'server') {
          for (const x of times) byUrl.set(x.url, [...(byUrl.get(x.url) ?? []), x.ms]);
        } else {
          // One lane cycles through the URLs in order, so the i-th time belongs to urls[i % length].
          seq.latencies.forEach((t, i) => {
            const u = s.urls[i % s.urls.length]!;
            byUrl.set(u, [...(byUrl.get(u) ?? []), t]);
          });
        }
        const slowest = [...byUrl]
          .map(([url, ms]) => ({ url: decodeURIComponent(url), median: percentiles(ms).p50 }))
          .sort((a, b) => b.median - a.median)
          .slice(0, 20); // the results file keeps 20, the table prints 5
        const allOk = Object.keys(seq.statuses).every((k) => k === '200');
        const body = JSON.parse(probe.text) as ProbeBody;
        const judged = view.judge === 'server' ? server.p95 : sequential.p95;
        results.push({
          name: s.name,
          target: s.target,
          sequential,
          load: {
            ...percentiles(load.latencies),
            rps: (load.latencies.length / load.elapsedMs) * 1000,
            concurrency: opts.concurrency,
            statuses: load.statuses,
          },
          pass: s.target === null ? null : allOk && judged <= s.target,
          sample: `${decodeURIComponent(s.urls[0]!)} -> ${view.sample(body, probe.text)}`,
          slowest,
        });
      }
      return results;
    };
    return { rt, port, cookie, log, measure, close: () => rt.close() };
  } catch (error) {
    await rt.close();
    throw error;
  }
}

/** The table (the view's time columns and target judgement), non-200 answers, samples and the slowest URLs. */
export function printResults(title: string, results: ScenarioResult[], opts: RunOptions, view: View = SERVER_VIEW) {
  console.log('');
  console.log(title);
  console.log(
    `Sequential: up to ${opts.requests} requests per ${view.subject} (n), one at a time, at most 60 s. Load: ${opts.concurrency} concurrent for ${opts.duration} s. ${view.timesNote}`,
  );
  const load = os.loadavg().map((l) => l.toFixed(1));
  console.log(
    `Machine: ${os.cpus().length} CPUs (${os.cpus()[0]?.model.trim()}), Node ${process.version}, load average ${load.join(' / ')} (1/5/15 min).`,
  );
  if (os.loadavg()[0]! > os.cpus().length)
    console.log('  ! The machine was busy with other work while measuring: expect slower, noisier figures.');
  console.log('');
  const head = [
    view.subject,
    'n',
    ...view.columns.map((c) => c.head),
    `rps@${opts.concurrency}`,
    `p95@${opts.concurrency}`,
    'target p95',
    'result',
  ];
  const rows = results.map((r) => [
    r.name,
    String(r.sequential.n),
    ...view.columns.map((c) => c.cell(r)),
    r.load.rps.toFixed(0),
    ms(r.load.p95),
    r.target === null ? '-' : `<= ${r.target}`,
    r.pass === null ? 'info' : r.pass ? 'PASS' : 'FAIL',
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows) console.log(line(r));
  for (const r of results) {
    const bad = Object.entries({ ...r.sequential.statuses, ...r.load.statuses }).filter(([s]) => s !== '200');
    if (bad.length) console.log(`  ! ${r.name}: non-200 responses ${JSON.stringify(Object.fromEntries(bad))}`);
  }
  console.log('');
  for (const r of results) console.log(`  e.g. ${r.sample}`);
  const listed = results.filter((x) => (view.slowestOf === 'failed' ? x.pass === false : x.target !== null));
  for (const r of listed) {
    console.log(`\n  Slowest requests of '${r.name}' (median ${view.judge === 'server' ? 'server ' : ''}ms):`);
    for (const u of r.slowest.slice(0, 5)) console.log(`    ${ms(u.median).padStart(7)}  ${u.url}`);
  }
}

export async function writeResults(file: string, data: unknown) {
  const out = path.join(BENCH_DIR, 'out', file);
  await fs.writeFile(
    out,
    JSON.stringify(
      {
        at: new Date().toISOString(),
        machine: { cpus: os.cpus().length, node: process.version, loadavg: os.loadavg() },
        ...(data as object),
      },
      null,
      2,
    ),
  );
  console.log(`\nResults written to ${path.relative(process.cwd(), out)}`);
}
