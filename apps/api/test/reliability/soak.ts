/**
 * The soak (issue 9): the real server (`main.ts` as a child process, embedded PostgreSQL in a
 * temp dir, demo seed) under a FIXED RATE of mixed authenticated reads and writes from three
 * demo users (company admin, client admin, provider admin). Open loop: request i is sent at
 * t0 + i / rate whether or not earlier ones have answered, and its latency is measured from that
 * intended time (a slow server cannot slow the load down and hide its own queueing).
 *
 * Used by `npm run soak` (bench/soak.ts, 10 minutes at 200 req/s) and by the CI-sized test
 * (soak.rel.test.ts).
 */
import http from 'node:http';
import fs from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import {
  DEMO_HOST,
  DEMO_PASSWORD,
  DEMO_USERS,
  httpCall,
  loadAverage,
  percentile,
  signInHttp,
  spawnApi,
  tempDir,
  type ApiProcess,
  type Memory,
  type Reply,
} from './processes.js';

export type SoakOptions = { seconds: number; rate: number; warmupSeconds: number; log?: (m: string) => void };

export type OpStats = { name: string; count: number; errors: number; p50: number; p99: number };

export type SoakResult = {
  seconds: number;
  rate: number;
  requests: number;
  /** Unexpected answers (anything but the op's expected 2xx) plus network errors and timeouts. */
  errors: number;
  errorSamples: string[];
  /** Latency from the intended send time, ms, after the warm-up. */
  p50: number;
  p99: number;
  max: number;
  /** Achieved request rate over the measured phase. */
  achievedRate: number;
  /** CPU time of the API's Node process per request (ms), over the whole run: what one core can serve is about 1000 / this. */
  cpuMsPerRequest: number;
  ops: OpStats[];
  memory: {
    afterWarmup: Memory;
    end: Memory;
    rssGrowthPct: number;
    heapGrowthPct: number;
    samples: { at: number; rss: number; heapUsed: number }[];
  };
  loadAverage: { start: string; end: string };
  /** The five slowest measured requests: seconds into the measured phase, op, latency ms. */
  slowest: { at: number; op: string; ms: number }[];
};

type Role = 'staff' | 'client' | 'provider';
type Op = { name: string; weight: number; run: () => Promise<Reply>; ok: (status: number) => boolean };

const pick = <T>(list: T[], n: number): T => list[n % list.length]!;

export async function runSoak(opts: SoakOptions): Promise<SoakResult> {
  const log = opts.log ?? (() => undefined);
  const dataDir = await tempDir('siteflow-soak-');
  const loadStart = loadAverage();
  log(`Starting the API (main.ts, embedded PostgreSQL in ${dataDir}, demo seed)...`);
  const api = await spawnApi({ DATA_DIR: dataDir, SEED_DEMO: 'true' });
  try {
    return await drive(api.port, api, opts, log, loadStart);
  } finally {
    await api.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

async function drive(
  port: number,
  api: Pick<ApiProcess, 'memory' | 'cpuSeconds'>,
  opts: SoakOptions,
  log: (m: string) => void,
  loadStart: string,
): Promise<SoakResult> {
  const memory = api.memory;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const cookies = {} as Record<Role, string>;
  for (const role of ['staff', 'client', 'provider'] as const)
    cookies[role] = await signInHttp(port, DEMO_HOST, DEMO_USERS[role], DEMO_PASSWORD);
  const timeoutMs = 10_000;
  const get = (role: Role, url: string) =>
    httpCall(port, DEMO_HOST, 'GET', url, { cookie: cookies[role], agent, timeoutMs });
  const send = (role: Role, method: string, url: string, body?: unknown) =>
    httpCall(port, DEMO_HOST, method, url, { cookie: cookies[role], agent, body, timeoutMs });

  // What each user can see: their projects (the list) and the project details they may open.
  const projectIds = {} as Record<Role, number[]>;
  const suburbs = new Set<string>();
  for (const role of ['staff', 'client', 'provider'] as const) {
    const list = await get(role, '/api/projects?pageSize=100');
    if (list.status !== 200) throw new Error(`project list as ${role}: ${list.status} ${list.text}`);
    projectIds[role] = (list.json.items as { id: number; suburb: string | null }[]).map((p) => p.id);
    for (const p of list.json.items as { suburb: string | null }[]) if (p.suburb) suburbs.add(p.suburb);
    if (!projectIds[role].length) throw new Error(`the demo ${role} user sees no projects`);
  }
  const terms = [...[...suburbs].slice(0, 8), 'cabling', 'alarm', 'fire', 'PRJ-0001', 'solar', 'maintenance'];
  const views = [
    'zoom=4&bbox=-44,112,-10,154',
    'zoom=6&bbox=-38,140,-28,154',
    'zoom=10&bbox=-34.1,150.9,-33.6,151.4',
    'zoom=5&bbox=-44,112,-10,154&status=scheduled',
    'zoom=5&bbox=-44,112,-10,154&page=2',
  ];

  // Writes go to the company admin's projects: links are added, edited, then deleted (so the data
  // does not grow), and a project's details are saved again with a new summary.
  const writeProjects = projectIds.staff.slice(0, 6);
  const details = new Map<number, Record<string, unknown>>();
  for (const id of writeProjects) {
    const p = (await get('staff', `/api/projects/${id}`)).json;
    details.set(id, {
      name: p.name,
      start_date: p.start_date,
      end_date: p.end_date,
      completed_on: p.completed_on,
      project_administrator_id: p.project_administrator?.id,
      project_manager_id: p.project_manager?.id,
      project_sales_representative_id: p.project_sales_representative?.id ?? null,
      linked_project_type: p.linked_project_type,
      classification_id: p.classification?.id ?? null,
      summary: p.summary,
      linked_projects: (p.linked_projects as { id: number }[]).map((l) => l.id),
    });
  }
  const created: { project: number; link: string }[] = [];
  const edited: { project: number; link: string }[] = [];
  let writeTurn = 0;
  const linkWrite = async (n: number): Promise<Reply> => {
    const turn = writeTurn++ % 3;
    if (turn === 2 && edited.length) {
      const l = edited.shift()!;
      return send('staff', 'DELETE', `/api/projects/${l.project}/links/${l.link}`);
    }
    if (turn >= 1 && created.length) {
      const l = created.shift()!;
      const r = await send('staff', 'PUT', `/api/projects/${l.project}/links/${l.link}`, {
        title: `Soak link ${n} (edited)`,
        url: `https://example.com/soak/${n}`,
        summary: 'edited',
      });
      if (r.status === 200) edited.push(l);
      return r;
    }
    const project = pick(writeProjects, n);
    const r = await send('staff', 'POST', `/api/projects/${project}/links`, {
      title: `Soak link ${n}`,
      url: `https://example.com/soak/${n}`,
      summary: 'soak',
    });
    if (r.status === 201 || r.status === 200) created.push({ project, link: r.json.link.id });
    return r;
  };

  const roles: Role[] = ['staff', 'client', 'provider'];
  const ok2xx = (s: number) => s >= 200 && s < 300;
  let n = 0;
  const ops: Op[] = [
    { name: 'session', weight: 12, ok: ok2xx, run: () => get(pick(roles, n), '/api/session') },
    {
      name: 'project list',
      weight: 18,
      ok: ok2xx,
      run: () => get(pick(roles, n), `/api/projects?page=${(n % 3) + 1}&pageSize=20`),
    },
    {
      name: 'project detail',
      weight: 18,
      ok: ok2xx,
      run: () => {
        const role = pick(roles, n);
        return get(role, `/api/projects/${pick(projectIds[role], Math.floor(n / 3))}`);
      },
    },
    {
      name: 'quick search',
      weight: 12,
      ok: ok2xx,
      run: () => get('staff', `/api/search/projects?q=${encodeURIComponent(pick(terms, n))}`),
    },
    {
      name: 'provider search',
      weight: 8,
      ok: ok2xx,
      run: () =>
        get(
          'staff',
          `/api/service-providers/search?project_id=${pick(projectIds.staff, n)}&distance=${pick([25, 100, 200], n)}`,
        ),
    },
    {
      name: 'project map',
      weight: 12,
      ok: ok2xx,
      run: () => get(pick(roles, n), `/api/project-map?${pick(views, n)}`),
    },
    { name: 'write: link add/edit/delete', weight: 14, ok: ok2xx, run: () => linkWrite(n) },
    {
      name: 'write: project details',
      weight: 6,
      ok: ok2xx,
      run: () => {
        const id = pick(writeProjects, n);
        return send('staff', 'PUT', `/api/projects/${id}/details`, {
          ...details.get(id),
          summary: `Soak update ${n}: ${details.get(id)!.summary ?? ''}`.slice(0, 2000),
        });
      },
    },
  ];
  // Every op answers before the clock starts (a setup mistake should not look like a soak failure).
  for (const op of ops) {
    const r = await op.run();
    n++;
    if (!op.ok(r.status)) throw new Error(`${op.name} does not work: ${r.status} ${r.text.slice(0, 300)}`);
  }
  const wheel: Op[] = [];
  for (const op of ops) for (let i = 0; i < op.weight; i++) wheel.push(op);
  // Interleave deterministically so that each second has the same mix.
  const order = wheel
    .map((op, i) => ({ op, k: (i * 37) % wheel.length }))
    .sort((a, b) => a.k - b.k)
    .map((x) => x.op);

  const total = Math.round(opts.seconds * opts.rate);
  const warmupCount = Math.min(total, Math.round(opts.warmupSeconds * opts.rate));
  const latencies: number[] = [];
  const perOp = new Map<string, { lat: number[]; count: number; errors: number }>(
    ops.map((o) => [o.name, { lat: [], count: 0, errors: 0 }]),
  );
  const errorSamples: string[] = [];
  const slowest: { at: number; op: string; ms: number }[] = [];
  let errors = 0;
  let measured = 0;
  const samples: { at: number; rss: number; heapUsed: number }[] = [];
  const cpuAtStart = await api.cpuSeconds();

  /**
   * Requests [from, to) at the fixed rate, open loop, on a clock that starts now. Latencies count
   * when `measure`; memory is sampled every 30 s WITHOUT a forced GC (a full GC would stop the
   * server and show as a latency spike that real traffic never meets).
   */
  const phase = (from: number, to: number, measure: boolean) =>
    new Promise<number>((resolve) => {
      const t0 = performance.now();
      let sent = from;
      let inFlight = 0;
      let lastReport = 0;
      let sampling = false;
      const fire = (i: number) => {
        const intended = t0 + ((i - from) * 1000) / opts.rate;
        const op = order[i % order.length]!;
        n = i;
        inFlight++;
        const stats = perOp.get(op.name)!;
        let timer: NodeJS.Timeout | undefined;
        const timeout = new Promise<Reply>((_, reject) => {
          timer = setTimeout(() => reject(new Error('no answer within 10 s')), timeoutMs);
        });
        Promise.race([op.run(), timeout]).then(
          (r) => done(op.ok(r.status) ? null : `${op.name}: ${r.status} ${r.text.slice(0, 200)}`),
          (e: unknown) => done(`${op.name}: ${String(e)}`),
        );
        function done(error: string | null) {
          clearTimeout(timer);
          inFlight--;
          const latency = performance.now() - intended;
          stats.count++;
          if (error) {
            errors++;
            stats.errors++;
            if (errorSamples.length < 20) errorSamples.push(error);
          }
          if (measure) {
            measured++;
            latencies.push(latency);
            stats.lat.push(latency);
            slowest.push({ at: (intended - t0) / 1000, op: op.name, ms: latency });
            if (slowest.length > 50) slowest.sort((a, b) => b.ms - a.ms).splice(5);
          }
          if (sent === to && inFlight === 0) resolve(performance.now() - t0);
        }
      };
      const tick = () => {
        const now = performance.now();
        const due = Math.min(to, from + Math.floor(((now - t0) * opts.rate) / 1000) + 1);
        while (sent < due) fire(sent++);
        const elapsed = (now - t0) / 1000;
        if (measure && elapsed - lastReport >= 30 && !sampling) {
          lastReport = elapsed;
          sampling = true;
          void memory({ gc: false }).then((m) => {
            samples.push({ at: opts.warmupSeconds + elapsed, rss: m.rss, heapUsed: m.heapUsed });
            sampling = false;
            log(
              `  ${(opts.warmupSeconds + elapsed).toFixed(0)} s: ${sent} sent, ${errors} errors, ${inFlight} in flight, RSS ${(m.rss / 1048576).toFixed(1)} MB, heap ${(m.heapUsed / 1048576).toFixed(1)} MB (no GC), load ${loadAverage()}`,
            );
          });
        }
        if (sent < to) setTimeout(tick, 2);
      };
      if (from === to) resolve(0);
      else tick();
    });

  log(
    `Soak: ${total} requests at ${opts.rate}/s for ${opts.seconds} s (warm-up ${opts.warmupSeconds} s); load average ${loadAverage()}.`,
  );
  await phase(0, warmupCount, false);
  // Between the phases, with nothing in flight: the baseline after a full GC (which stops the
  // server; measured, it stalled every request in flight by up to 700 ms on CI's loaded machine).
  const afterWarmup = await memory();
  samples.push({ at: opts.warmupSeconds, rss: afterWarmup.rss, heapUsed: afterWarmup.heapUsed });
  log(
    `  after warm-up: RSS ${(afterWarmup.rss / 1048576).toFixed(1)} MB, heap ${(afterWarmup.heapUsed / 1048576).toFixed(1)} MB (full GC took ${afterWarmup.gcMs.toFixed(0)} ms, outside the measured phase)`,
  );
  const measuredMs = await phase(warmupCount, total, true);
  const cpuMsPerRequest = (((await api.cpuSeconds()) - cpuAtStart) * 1000) / total;
  await new Promise((r) => setTimeout(r, 1000));
  const end = await memory();
  agent.destroy();
  const warm = afterWarmup;
  const sorted = latencies.sort((a, b) => a - b);
  const measuredSeconds = measuredMs / 1000;
  return {
    seconds: opts.seconds,
    rate: opts.rate,
    requests: total,
    errors,
    errorSamples,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? NaN,
    achievedRate: measured / measuredSeconds,
    cpuMsPerRequest,
    ops: [...perOp].map(([name, s]) => {
      const l = s.lat.sort((a, b) => a - b);
      return { name, count: s.count, errors: s.errors, p50: percentile(l, 50), p99: percentile(l, 99) };
    }),
    memory: {
      afterWarmup: warm,
      end,
      rssGrowthPct: ((end.rss - warm.rss) / warm.rss) * 100,
      heapGrowthPct: ((end.heapUsed - warm.heapUsed) / warm.heapUsed) * 100,
      samples,
    },
    loadAverage: { start: loadStart, end: loadAverage() },
    slowest: slowest.sort((a, b) => b.ms - a.ms).slice(0, 5),
  };
}

export function formatSoak(r: SoakResult): string {
  const f = (v: number) => v.toFixed(1);
  const mbs = (v: number) => (v / 1048576).toFixed(1);
  const lines = [
    `Soak: ${r.seconds} s at ${r.rate} req/s (achieved ${f(r.achievedRate)}/s after warm-up)`,
    `  requests ${r.requests}, errors ${r.errors}, latency p50 ${f(r.p50)} ms, p99 ${f(r.p99)} ms, max ${f(r.max)} ms (from the intended send time)`,
    `  memory (API process, after a full GC): RSS ${mbs(r.memory.afterWarmup.rss)} MB after warm-up -> ${mbs(r.memory.end.rss)} MB at the end (${r.memory.rssGrowthPct >= 0 ? '+' : ''}${f(r.memory.rssGrowthPct)}%),` +
      ` heap ${mbs(r.memory.afterWarmup.heapUsed)} -> ${mbs(r.memory.end.heapUsed)} MB (${r.memory.heapGrowthPct >= 0 ? '+' : ''}${f(r.memory.heapGrowthPct)}%)`,
    `  API process CPU: ${f(r.cpuMsPerRequest)} ms per request (Node only; PostgreSQL is separate)`,
    `  load average (1/5/15 min) at start ${r.loadAverage.start}, at end ${r.loadAverage.end}`,
    `  slowest: ${r.slowest.map((x) => `${f(x.ms)} ms (${x.op}, ${x.at.toFixed(2)} s in)`).join(', ')}`,
    '',
    '| request | count | errors | p50 ms | p99 ms |',
    '| --- | --- | --- | --- | --- |',
    ...r.ops.map((o) => `| ${o.name} | ${o.count} | ${o.errors} | ${f(o.p50)} | ${f(o.p99)} |`),
  ];
  if (r.errorSamples.length) lines.push('', 'First errors:', ...r.errorSamples.map((e) => `  ${e}`));
  return lines.join('\n');
}
