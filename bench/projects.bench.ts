/**
 * Projects benchmark: quick search and the project list over HTTP against the real app.
 *
 *   npm run bench:projects -- [--projects 100000] [--requests 300] [--duration 5] [--concurrency 8] [--fresh]
 *
 * Starts the runtime (embedded PostgreSQL in bench/out/data-<projects>, reused between runs;
 * SEED_DEMO=false), generates the data set when missing (bench/generate.ts), listens on a
 * loopback port, signs in as the big tenant's admin, then per endpoint:
 *   1. sequential: `--requests` requests one at a time -> p50/p95/p99 (the targets apply here);
 *   2. under load: `--concurrency` requests at a time for `--duration` s -> throughput and p95.
 * Latency is the client's round trip on loopback (server time is printed too, from Fastify).
 * Targets: quick search p95 <= 30 ms, list page p95 <= 50 ms. Results: bench/out/results-<projects>.json.
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { loadConfig } from '../apps/api/src/config.js';
import { startRuntime } from '../apps/api/src/runtime.js';
import {
  BENCH_DIR,
  BENCH_PASSWORD,
  BENCH_SLUG,
  benchAdminEmail,
  generateDataset,
  parseGenerateArgs,
  type Dataset,
} from './generate.js';

const HOST = `${BENCH_SLUG}.localhost`;
const TARGETS = { search: 30, list: 50 } as const;

/** The job and result of bench/load-worker.mjs. */
type LoadJob = {
  port: number;
  host: string;
  cookie: string;
  urls: string[];
  concurrency: number;
  requests: number;
  durationMs: number;
};
type LoadResult = { latencies: number[]; statuses: Record<number, number>; elapsedMs: number; bytes: number };
type Scenario = { name: string; target: number | null; urls: string[] };
type Stats = { n: number; p50: number; p95: number; p99: number; max: number; mean: number };
type ScenarioResult = {
  name: string;
  target: number | null;
  sequential: Stats & { server: Stats; statuses: Record<number, number> };
  load: Stats & { rps: number; concurrency: number; statuses: Record<number, number> };
  pass: boolean | null;
  sample: string;
  /** The URLs with the highest median time in the sequential phase. */
  slowest: { url: string; median: number }[];
};

// ---------------------------------------------------------------------------------------------
// Small helpers

function percentiles(values: number[]): Stats {
  const s = [...values].sort((a, b) => a - b);
  const at = (p: number) => (s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]! : NaN);
  const mean = s.length ? s.reduce((a, b) => a + b, 0) / s.length : NaN;
  return { n: s.length, p50: at(50), p95: at(95), p99: at(99), max: s.at(-1) ?? NaN, mean };
}

/** A deterministic shuffle (same URL order on every run). */
function shuffled<T>(list: T[], seed = 7): T[] {
  const out = [...list];
  let a = seed;
  const rnd = () => (a = (a * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** A typing slip: two neighbouring letters swapped in the middle of the word. */
function typo(word: string): string {
  if (word.length < 5) return word;
  const i = Math.floor(word.length / 2);
  return word.slice(0, i - 1) + word[i] + word[i - 1] + word.slice(i + 1);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

function call(port: number, method: string, url: string, headers: Record<string, string>, body?: string) {
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

function runInWorker(job: LoadJob): Promise<LoadResult> {
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

// ---------------------------------------------------------------------------------------------
// What to ask for: terms and filters taken from the generated data.

async function scenarios(ownerUrl: string, tenantId: string): Promise<Scenario[]> {
  const db = new pg.Client({ connectionString: ownerUrl });
  await db.connect();
  try {
    const col = async (text: string) => (await db.query(text, [tenantId])).rows.map((r: { v: string }) => r.v);
    const suburbs = await col(
      `select v from (select distinct suburb as v from projects where tenant_id = $1) s order by md5(v) limit 16`,
    );
    const refs = await col(
      `select order_reference as v from projects where tenant_id = $1 order by md5(code) limit 10`,
    );
    const codes = await col(`select code as v from projects where tenant_id = $1 order by md5(code || 'x') limit 8`);
    const clients = await col(
      `select trading_name as v from clients where tenant_id = $1 order by md5(trading_name) limit 8`,
    );
    const streets = await col(
      `select lower(street) as v from projects where tenant_id = $1 order by md5(street) limit 4`,
    );
    const managers = await col(
      `select id::text as v from users where tenant_id = $1 and is_project_manager order by email`,
    );
    const clientIds = await col(
      `select id::text as v from clients where tenant_id = $1 order by md5(trading_name) limit 10`,
    );
    const [{ total }] = (await db.query(`select count(*)::int as total from projects where tenant_id = $1`, [tenantId]))
      .rows as [{ total: number }];

    const words = [
      'switchboard',
      'cctv',
      'solar',
      'hot water',
      'sprinkler',
      'line marking',
      'fire alarm',
      'access control',
      'ducted air',
      'battery',
    ];
    const terms = [
      ...suburbs.map((s) => s.toLowerCase()),
      ...refs,
      ...refs.slice(0, 5).map((r) => r.slice(0, 6)),
      ...codes,
      ...codes.slice(0, 4).map((c) => String(Number(c.replace(/\D/g, '')))),
      ...clients,
      ...clients.map((c) => c.split(' ')[0]!.toLowerCase()),
      ...streets,
      ...words,
      // Typing slips in real words, names and places.
      ...suburbs.slice(0, 8).map((s) => typo(s.toLowerCase())),
      ...clients.slice(0, 4).map((c) => typo(c.split(' ')[0]!.toLowerCase())),
      ...['swithcboard', 'sprinkelr', 'cctv penrith', 'solar brisbane', 'harbourside fire', 'queen st'],
    ];
    const search = shuffled(terms).map((q) => `/api/search/projects?q=${encodeURIComponent(q)}`);

    const pages = Math.max(1, Math.ceil(total / 20));
    const firstPages = Array.from({ length: 60 }, (_, i) => 1 + ((i * 7) % Math.min(50, pages)));
    const list = shuffled(firstPages).map((p) => `/api/projects?page=${p}&pageSize=20`);
    const statuses = ['quote', 'on_hold', 'order', 'scheduled', 'completed', 'cancelled', 'closed'];
    const filtered = shuffled([
      ...managers
        .slice(0, 10)
        .map(
          (m, i) =>
            `/api/projects?status=${statuses[i % statuses.length]}&project_manager_id=${m}&page=${1 + (i % 3)}&pageSize=20`,
        ),
      ...clientIds.map((c, i) => `/api/projects?client_id=${c}&page=${1 + (i % 2)}&pageSize=20`),
      ...statuses.map((s, i) => `/api/projects?status=${s}&page=${1 + i}&pageSize=20`),
      ...suburbs
        .slice(0, 8)
        .map((s) => `/api/projects?search=${encodeURIComponent(s.toLowerCase())}&page=1&pageSize=20`),
      ...statuses.map((s) => `/api/projects?status=${s}&sort=name&order=asc&page=1&pageSize=20`),
    ]);
    const deep = Array.from({ length: 20 }, (_, i) => `/api/projects?page=${Math.max(1, pages - i * 37)}&pageSize=20`);
    return [
      // The fixed cost of any signed-in request (tenant, session, JSON): the floor under the others.
      { name: 'session (baseline, info)', target: null, urls: ['/api/session'] },
      { name: 'quick search', target: TARGETS.search, urls: search },
      { name: 'list page (default sort)', target: TARGETS.list, urls: list },
      { name: 'list page (filtered)', target: TARGETS.list, urls: filtered },
      { name: 'list page (last pages, info)', target: null, urls: deep },
    ];
  } finally {
    await db.end();
  }
}

// ---------------------------------------------------------------------------------------------

const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : '-');

function report(
  dataset: Dataset,
  results: ScenarioResult[],
  opts: { requests: number; duration: number; concurrency: number },
) {
  const big = dataset.tenants[0]!;
  const noise = dataset.tenants.slice(1);
  console.log('');
  console.log(
    `Data set: '${big.slug}' ${big.projects.toLocaleString('en-AU')} projects, ${big.clients} clients, ${big.staff} staff, ${big.siteContacts.toLocaleString('en-AU')} site contacts` +
      (noise.length
        ? `; noise: ${noise.map((t) => `${t.projects.toLocaleString('en-AU')}`).join(' + ')} projects in ${noise.length} other tenants`
        : ''),
  );
  console.log(
    `Sequential: up to ${opts.requests} requests per endpoint (n), one at a time, at most 60 s. Load: ${opts.concurrency} concurrent for ${opts.duration} s. Times in ms (client round trip on loopback).`,
  );
  const load = os.loadavg().map((l) => l.toFixed(1));
  console.log(
    `Machine: ${os.cpus().length} CPUs (${os.cpus()[0]?.model.trim()}), Node ${process.version}, load average ${load.join(' / ')} (1/5/15 min).`,
  );
  if (os.loadavg()[0]! > os.cpus().length)
    console.log('  ! The machine was busy with other work while measuring: expect slower, noisier figures.');
  console.log('');
  const head = [
    'endpoint',
    'n',
    'p50',
    'p95',
    'p99',
    'max',
    'server p95',
    `rps@${opts.concurrency}`,
    `p95@${opts.concurrency}`,
    'target p95',
    'result',
  ];
  const rows = results.map((r) => [
    r.name,
    String(r.sequential.n),
    ms(r.sequential.p50),
    ms(r.sequential.p95),
    ms(r.sequential.p99),
    ms(r.sequential.max),
    ms(r.sequential.server.p95),
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
  for (const r of results.filter((x) => x.pass === false)) {
    console.log(`\n  Slowest requests of '${r.name}' (median ms):`);
    for (const u of r.slowest) console.log(`    ${ms(u.median).padStart(7)}  ${u.url}`);
  }
}

async function main() {
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
    },
  });
  const gen = parseGenerateArgs(process.argv.slice(2));
  const int = (v: unknown, d: number, max: number) =>
    Math.min(max, typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : d);
  const opts = {
    requests: int(values.requests, 300, 5000),
    duration: int(values.duration, 5, 60),
    concurrency: int(values.concurrency, 8, 64),
  };

  const dataDir = path.join(BENCH_DIR, 'out', `data-${gen.projects}`);
  if (values.fresh) await fs.rm(dataDir, { recursive: true, force: true });
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
    log(`Generating data (${gen.projects} projects + ${gen.noise} x ${gen.noiseProjects}), or reusing it...`);
    const dataset = await generateDataset(rt.ownerUrl, { ...gen, log });
    log(
      `Data ready in ${(dataset.ms / 1000).toFixed(1)} s${dataset.tenants.every((t) => t.reused) ? ' (reused)' : ''}.`,
    );

    // Server time of every request, from Fastify, while a phase records.
    let serverTimes: number[] | null = null;
    rt.app.addHook('onResponse', async (_request, reply) => {
      serverTimes?.push(reply.elapsedTime);
    });
    await rt.app.listen({ port, host: '127.0.0.1' });

    const login = await call(
      port,
      'POST',
      '/api/auth/login',
      { 'content-type': 'application/json', 'x-siteflow-csrf': '1' },
      JSON.stringify({ email: benchAdminEmail(BENCH_SLUG), password: BENCH_PASSWORD }),
    );
    const setCookie = [login.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('sf_session='));
    if (login.status !== 200 || !setCookie) throw new Error(`sign-in failed: ${login.status} ${login.text}`);
    const cookie = setCookie.split(';')[0]!;

    const results: ScenarioResult[] = [];
    for (const s of await scenarios(rt.ownerUrl, dataset.tenants[0]!.id)) {
      const probe = await call(port, 'GET', s.urls[0]!, { cookie });
      if (probe.status !== 200) {
        log(
          `${s.name}: ${s.urls[0]} answered ${probe.status} ${probe.text.slice(0, 120)}; skipped (endpoint not there yet?)`,
        );
        continue;
      }
      const base = { port, host: HOST, cookie, urls: s.urls };
      log(`${s.name}: warming up, then sequential requests...`);
      await runInWorker({ ...base, concurrency: 1, requests: Math.min(50, s.urls.length * 2), durationMs: 30_000 });
      serverTimes = [];
      // Info rows (deep pages) are slow by nature: fewer requests, and every phase is time-bounded.
      const requests = s.target === null ? Math.min(opts.requests, 100) : opts.requests;
      const seq = await runInWorker({ ...base, concurrency: 1, requests, durationMs: 60_000 });
      const server = percentiles(serverTimes);
      serverTimes = null;
      log(`${s.name}: ${opts.concurrency} concurrent for ${opts.duration} s...`);
      const load = await runInWorker({
        ...base,
        concurrency: opts.concurrency,
        requests: 200_000,
        durationMs: opts.duration * 1000,
      });
      const sequential = { ...percentiles(seq.latencies), server, statuses: seq.statuses };
      // One lane cycles through the URLs in order, so the i-th time belongs to urls[i % length].
      const byUrl = new Map<string, number[]>();
      seq.latencies.forEach((t, i) => {
        const u = s.urls[i % s.urls.length]!;
        byUrl.set(u, [...(byUrl.get(u) ?? []), t]);
      });
      const slowest = [...byUrl]
        .map(([url, times]) => ({ url: decodeURIComponent(url), median: percentiles(times).p50 }))
        .sort((a, b) => b.median - a.median)
        .slice(0, 5);
      const allOk = Object.keys(seq.statuses).every((k) => k === '200');
      const body = JSON.parse(probe.text) as { total?: number };
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
        pass: s.target === null ? null : allOk && sequential.p95 <= s.target,
        sample: `${decodeURIComponent(s.urls[0]!)} -> total ${body.total ?? '?'}`,
        slowest,
      });
    }
    report(dataset, results, opts);
    const out = path.join(BENCH_DIR, 'out', `results-${gen.projects}.json`);
    await fs.writeFile(
      out,
      JSON.stringify(
        {
          at: new Date().toISOString(),
          machine: { cpus: os.cpus().length, node: process.version, loadavg: os.loadavg() },
          dataset,
          opts,
          results,
        },
        null,
        2,
      ),
    );
    console.log(`\nResults written to ${path.relative(process.cwd(), out)}`);
    if (results.some((r) => r.pass === false)) process.exitCode = 1;
  } finally {
    await rt.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
