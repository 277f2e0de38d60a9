/**
 * `npm run bench:api`: the app's endpoints against the database's own ceiling, in one run.
 *
 * 1. Starts an embedded PostgreSQL in bench/out/api-data (kept between runs) and the real server as
 *    a child process, the way `npm start` runs it (NODE_ENV=production, demo data, LOG_LEVEL=warn).
 * 2. Raw ceiling: node-postgres from this process, as the request role, 10 connections: BEGIN,
 *    set_config('app.tenant_id'), one indexed SELECT, COMMIT, as fast as it goes. Before the write,
 *    the same with an UPDATE of a project's updated_at in place of the SELECT (the raw write: what
 *    the database alone does per write transaction; shown, not a target).
 * 3. Signs in as the demo admin and loads each endpoint with autocannon (10 connections), then
 *    prints req/s, p50/p99 and the share of the raw ceiling, with the targets: every read at least
 *    40% of the ceiling and p99 under 50 ms, the write at least 20%; and the machine's CPU time per
 *    request (every process, from /proc/stat: steadier between runs on a shared VM than req/s).
 *
 * Options: --duration 10 (s per phase), --connections 10, --only session,detail (the keys below),
 * --profile (a CPU profile of the server in bench/out/profiles), --no-read-cache (the server with
 * READ_CACHE_MB=0: every read computed, as on a cache miss).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { ensureAppRole, startEmbeddedPostgres } from '../apps/api/src/platform/db/bootstrap.js';
import { freePort, httpCall, signInHttp } from '../apps/api/test/reliability/processes.js';
import { BENCH_DIR } from './generate.js';
import { numberArg } from './cli.js';
import { sameDetails } from './project-details.js';
import { runMain } from './harness.js';

const ROOT = path.resolve(BENCH_DIR, '..');
const flag = (name: string) => process.argv.includes(`--${name}`);
const textArg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i < 0 ? undefined : process.argv[i + 1];
};
const DURATION = numberArg('duration', 10, 'positive whole number');
const CONNECTIONS = numberArg('connections', 10, 'positive whole number');
const ONLY = textArg('only') ? new Set(textArg('only')!.split(',')) : null;
const PROFILE = flag('profile');
/** --no-read-cache: the server with READ_CACHE_MB=0, so every read is computed (the cache's misses). */
const NO_READ_CACHE = flag('no-read-cache');

const TARGET_READ = 0.4;
const TARGET_WRITE = 0.2;
const TARGET_P99 = 50;

type Figure = {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** The machine's CPU time (every process: server, database, load generator) per request, in ms. */
  cpuMs?: number;
};

/**
 * The machine's busy CPU time so far, in ms (/proc/stat; Linux only, else 0). The CPU a request
 * costs varies far less between runs on a shared VM than its throughput does.
 */
async function machineCpu(): Promise<number> {
  const stat = await fs.readFile('/proc/stat', 'utf8').catch(() => '');
  const f = (stat.split('\n')[0] ?? '').trim().split(/\s+/).slice(1).map(Number);
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0] = f;
  return (user + nice + system + irq + softirq) * (1000 / 100); // USER_HZ ticks to ms
}

/** Runs `phase` and gives its figure the machine's CPU per request. */
async function withCpu(phase: () => Promise<Figure>, seconds: number): Promise<Figure> {
  const before = await machineCpu();
  const figure = await phase();
  const after = await machineCpu();
  const requests = figure.rps * seconds;
  return { ...figure, cpuMs: requests > 0 && after > 0 ? (after - before) / requests : undefined };
}

/** An autocannon request set-up that asks for each path (with its body) in turn. */
function rotating(requests: { path: string; body?: string }[]) {
  let next = 0;
  return (req: autocannon.Request) => {
    const r = requests[next++ % requests.length]!;
    return { ...req, path: r.path, ...(r.body ? { body: r.body } : {}) };
  };
}

type RawStatement = { name: string; text: string; values: (i: number) => unknown[] };

/** The raw ceiling: what the database and node-postgres do with nothing of the app around them. */
const ceilingSelect = (tenantId: string, projectId: number): RawStatement => ({
  name: 'raw ceiling (BEGIN, set_config, SELECT, COMMIT)',
  text: 'select id, name, status from projects where tenant_id = $1 and id = $2',
  values: () => [tenantId, projectId],
});

/**
 * The same transaction with the least write a save makes in place of the SELECT: the project's
 * `updated_at`, on the write's projects in turn (its triggers run, nothing else). Shown beside the
 * write as what the database alone does per write transaction; the write's target stays a share
 * of the raw ceiling above.
 */
const rawWrite = (projectIds: number[]): RawStatement => ({
  name: 'raw write (BEGIN, set_config, UPDATE, COMMIT)',
  text: 'update projects set updated_at = now() where id = $1',
  values: (i) => [projectIds[i % projectIds.length]],
});

/** node-postgres as the request role, CONNECTIONS connections: BEGIN, the tenant, `statement`, COMMIT. */
async function rawTransactions(appUrl: string, tenantId: string, statement: RawStatement): Promise<Figure> {
  const pool = new pg.Pool({ connectionString: appUrl, max: CONNECTIONS });
  const latencies: number[] = [];
  const until = Date.now() + DURATION * 1000;
  let errors = 0;
  let done = 0;
  const loop = async () => {
    const client = await pool.connect();
    try {
      while (Date.now() < until) {
        const t0 = performance.now();
        try {
          await client.query('BEGIN');
          await client.query("select set_config('app.tenant_id', $1, true)", [tenantId]);
          await client.query(statement.text, statement.values(done++));
          await client.query('COMMIT');
        } catch {
          errors++;
          await client.query('ROLLBACK').catch(() => undefined);
        }
        latencies.push(performance.now() - t0);
      }
    } finally {
      client.release();
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, loop));
  const elapsed = (performance.now() - started) / 1000;
  await pool.end();
  latencies.sort((a, b) => a - b);
  const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.ceil(p * latencies.length) - 1)] ?? NaN;
  return {
    name: statement.name,
    rps: latencies.length / elapsed,
    p50: at(0.5),
    p99: at(0.99),
    errors,
    non2xx: 0,
  };
}

/** Starts the server as `npm start` would (without the install and build steps) and reads its banner. */
async function startServer(
  ownerUrl: string,
  dataDir: string,
  port: number,
): Promise<{ child: ChildProcess; banner: string }> {
  const entry = [
    // --profile: a CPU profile of the server, written to bench/out/profiles when it stops.
    ...(PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${path.join(BENCH_DIR, 'out', 'profiles')}`] : []),
    '--import',
    'tsx',
    path.join(ROOT, 'apps/api/src/main.ts'),
  ];
  const child = spawn(process.execPath, entry, {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: ownerUrl,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...(NO_READ_CACHE ? { READ_CACHE_MB: '0' } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stderr!.on('data', (c: Buffer) => process.stderr.write(c));
  const banner = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start in 180 s:\n${out}`)), 180_000);
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      if (/API docs:/.test(out)) {
        clearTimeout(timer);
        resolve(out);
      }
    });
    child.once('exit', (code) => reject(new Error(`the server exited (${code}):\n${out}`)));
  });
  return { child, banner };
}

async function main() {
  const dataDir = path.join(BENCH_DIR, 'out', 'api-data');
  await fs.mkdir(dataDir, { recursive: true, mode: 0o711 });
  const log = (m: string) => console.log(`[bench] ${m}`);
  const embedded = await startEmbeddedPostgres(dataDir, log);
  const port = await freePort();
  let server: ChildProcess | undefined;
  try {
    const started = await startServer(embedded.url, dataDir, port);
    server = started.child;
    const demo = /Demo company:\s+http:\/\/([^/:]+)(?::\d+)?\/login\s+sign in as (\S+) \/ (\S+)/.exec(started.banner);
    if (!demo) throw new Error(`no demo company in the banner:\n${started.banner}`);
    const [, host, email, password] = demo as unknown as [string, string, string, string];
    const base = `http://127.0.0.1:${port}`;

    const cookie = await signInHttp(port, host, email, password);
    const headers = { host, cookie, 'x-siteflow-csrf': '1' };
    const get = async <T>(url: string): Promise<T> => {
      const res = await httpCall(port, host, 'GET', url, { cookie });
      if (res.status !== 200) throw new Error(`${url}: ${res.status} ${res.text}`);
      return res.json as T;
    };

    const session = await get<{ tenant: { id: string } }>('/api/session');
    const list = await get<{ items: { id: number }[] }>('/api/projects?page=1&pageSize=20');
    const projectId = list.items[0]!.id;
    // The write: each project of the first page saved with its own details, in turn (one project
    // saved by ten connections at once would only measure its row lock).
    const writes = await Promise.all(
      list.items.map(async ({ id }) => {
        const project = await get<Record<string, unknown>>(`/api/projects/${id}`);
        const body = JSON.stringify(sameDetails(project));
        const check = await httpCall(port, host, 'PUT', `/api/projects/${id}/details`, {
          cookie,
          body: JSON.parse(body) as unknown,
        });
        if (check.status !== 200) throw new Error(`the write does not answer 200: ${check.status} ${check.text}`);
        return { path: `/api/projects/${id}/details`, body };
      }),
    );

    const appUrl = await ensureAppRole(embedded.url);
    // An endpoint asks for `url`, or for each of `rotate` in turn (the first page's projects).
    type Endpoint = { key: string; name: string; url: string; rotate?: { path: string; body?: string }[] };
    const endpoints: (Endpoint & { write?: boolean })[] = [
      { key: 'session', name: 'GET /api/session', url: '/api/session' },
      {
        key: 'detail',
        name: 'GET /api/projects/{id}',
        url: `/api/projects/${projectId}`,
        rotate: list.items.map(({ id }) => ({ path: `/api/projects/${id}` })),
      },
      { key: 'list', name: 'GET /api/projects?page=2&pageSize=20', url: '/api/projects?page=2&pageSize=20' },
      { key: 'search', name: 'GET /api/search/projects?q=', url: '/api/search/projects?q=brisbane' },
      {
        key: 'providers',
        name: 'GET /api/service-providers/search',
        url: `/api/service-providers/search?project_id=${projectId}&distance=100`,
      },
      {
        key: 'map',
        name: 'GET /api/project-map',
        url: '/api/project-map?bbox=-44,112,-10,154&zoom=5&page=1&pageSize=20',
      },
      {
        key: 'write',
        name: 'PUT /api/projects/{id}/details',
        write: true,
        url: writes[0]!.path,
        rotate: writes,
      },
    ];
    for (const e of endpoints)
      await get(e.url).catch((error: unknown) => {
        if (!e.write) throw error;
      });

    log(`raw ceiling: ${CONNECTIONS} connections, ${DURATION} s`);
    const ceiling = await withCpu(
      () => rawTransactions(appUrl, session.tenant.id, ceilingSelect(session.tenant.id, projectId)),
      DURATION,
    );
    const rows: (Figure & { target: number | null; write: boolean })[] = [{ ...ceiling, target: null, write: false }];
    for (const e of endpoints) {
      if (ONLY && !ONLY.has(e.key)) continue;
      if (e.write) {
        log(`raw write: ${CONNECTIONS} connections, ${DURATION} s`);
        const ids = list.items.map(({ id }) => id);
        const raw = await withCpu(() => rawTransactions(appUrl, session.tenant.id, rawWrite(ids)), DURATION);
        rows.push({ ...raw, target: null, write: true });
      }
      log(`${e.name}: ${CONNECTIONS} connections, ${DURATION} s`);
      const figure = await withCpu(async () => {
        const result = await autocannon({
          url: `${base}${e.url}`,
          connections: CONNECTIONS,
          duration: DURATION,
          method: e.write ? 'PUT' : 'GET',
          headers: e.write ? { ...headers, 'content-type': 'application/json' } : headers,
          ...(e.rotate ? { requests: [{ setupRequest: rotating(e.rotate) }] } : {}),
        });
        return {
          name: e.name,
          rps: result.requests.average,
          p50: result.latency.p50,
          p99: result.latency.p99,
          errors: result.errors + result.timeouts,
          non2xx: result.non2xx,
        };
      }, DURATION);
      rows.push({ ...figure, target: e.write ? TARGET_WRITE : TARGET_READ, write: Boolean(e.write) });
    }

    const pad = (s: string, n: number) => s.padEnd(n);
    const lines = [
      '',
      `API against the raw ceiling: ${CONNECTIONS} connections, ${DURATION} s each, server as npm start runs it` +
        (NO_READ_CACHE
          ? ', read cache off (READ_CACHE_MB=0)'
          : ', read cache on (reads asked again with nothing changed)'),
      `${pad('request', 48)} ${pad('req/s', 8)} ${pad('p50 ms', 7)} ${pad('p99 ms', 7)} ${pad('cpu ms', 7)} ${pad('share', 7)} target`,
    ];
    let failed = 0;
    for (const r of rows) {
      const share = r.rps / ceiling.rps;
      const ok =
        r.target === null || (share >= r.target && (r.write || r.p99 < TARGET_P99) && r.errors === 0 && r.non2xx === 0);
      if (!ok) failed++;
      const target =
        r.target === null
          ? ''
          : `${r.write ? '>=' : '>='}${(r.target * 100).toFixed(0)}%${r.write ? '' : `, p99 < ${TARGET_P99} ms`} ${ok ? 'PASS' : 'FAIL'}`;
      const bad = r.errors || r.non2xx ? ` (${r.errors} errors, ${r.non2xx} non-2xx)` : '';
      lines.push(
        `${pad(r.name, 48)} ${pad(r.rps.toFixed(0), 8)} ${pad(r.p50.toFixed(1), 7)} ${pad(r.p99.toFixed(1), 7)} ${pad(r.cpuMs === undefined ? '-' : r.cpuMs.toFixed(2), 7)} ${pad(`${(share * 100).toFixed(1)}%`, 7)} ${target}${bad}`,
      );
    }
    lines.push(failed ? `${failed} below target` : 'all at target');
    console.log(lines.join('\n'));
    await fs.writeFile(path.join(BENCH_DIR, 'out', 'api-results.json'), JSON.stringify(rows, null, 2));
  } finally {
    if (server && server.exitCode === null) {
      const exited = new Promise((r) => server!.once('exit', r));
      server.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
    }
    await embedded.stop();
  }
}

runMain(main);
