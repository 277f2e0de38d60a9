/**
 * `npm run bench:signin-burst [-- --size 80]`: the issue 9 sign-in burst against a real server
 * (`npm start`'s main.ts, embedded PostgreSQL in a temp dir, demo seed, request pool of 20).
 * Bursts of wrong-password sign-ins at 4x the pool (default 80 at once): from one address against
 * one account, from as many addresses against one account, and against unknown accounts. While
 * each burst runs, another tenant (the platform area) is asked for its session every 100 ms.
 * Prints the answers, their p50/max latency, the other tenant's slowest answer, and whether the
 * owner still signs in afterwards. Targets: every answer a 422 or 429 within 10 s, the other
 * tenant answered within 1 s throughout, the owner signs in. Exits 1 on a miss.
 */
import { rm } from 'node:fs/promises';
import {
  DEMO_HOST,
  DEMO_PASSWORD,
  DEMO_USERS,
  httpCall,
  loadAverage,
  percentile,
  spawnApi,
  tempDir,
  timed,
  type Shot,
} from '../apps/api/test/reliability/processes.js';
import { numberArg } from './cli.js';

const size = numberArg('size', 80, 'positive whole number');
const dataDir = await tempDir('siteflow-burst-');
console.log(`Starting the API on a fresh embedded PostgreSQL (demo seed)... load average ${loadAverage()}`);
const api = await spawnApi({ DATA_DIR: dataDir, SEED_DEMO: 'true', TRUST_PROXY: 'true' });
let failed = false;

const address = (i: number) => `198.51.${Math.floor(i / 250)}.${(i % 250) + 1}`;

const login = (email: string, password: string, ip: string) =>
  httpCall(api.port, DEMO_HOST, 'POST', '/api/auth/login', {
    body: { email, password, remember: false },
    headers: { 'x-forwarded-for': ip },
    timeoutMs: 30_000,
  });

async function scenario(name: string, attempt: (i: number) => Promise<{ status: number }>) {
  let watching = true;
  const other: Shot[] = [];
  const watcher = (async () => {
    while (watching) {
      other.push(await timed(() => httpCall(api.port, 'localhost', 'GET', '/api/session', { timeoutMs: 30_000 })));
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  const started = performance.now();
  const shots = await Promise.all(Array.from({ length: size }, (_, i) => timed(() => attempt(i))));
  const wall = performance.now() - started;
  watching = false;
  await watcher;
  const statuses: Record<string, number> = {};
  for (const s of shots) statuses[s.status] = (statuses[s.status] ?? 0) + 1;
  const ms = shots.map((s) => s.ms).sort((a, b) => a - b);
  const otherMax = Math.max(0, ...other.map((s) => s.ms));
  const otherBad = other.filter((s) => s.status !== 200).length;
  const ok =
    shots.every((s) => (s.status === 422 || s.status === 429) && s.ms < 10_000) && otherMax < 1000 && otherBad === 0;
  if (!ok) failed = true;
  console.log(
    `${name.padEnd(44)} ${JSON.stringify(statuses).padEnd(22)} p50 ${percentile(ms, 50).toFixed(0).padStart(5)} ms  max ${ms.at(-1)!.toFixed(0).padStart(5)} ms  all in ${wall.toFixed(0).padStart(5)} ms  | other tenant: ${other.length} asked, max ${otherMax.toFixed(0)} ms, ${otherBad} not 200  ${ok ? 'PASS' : 'FAIL'}`,
  );
}

try {
  console.log(
    `\nSign-in bursts of ${size} at once (the request pool has 20 connections); load average ${loadAverage()}`,
  );
  await scenario('one address, one account, wrong passwords', (i) => login(DEMO_USERS.staff, `wrong-${i}`, address(0)));
  await scenario(`${size} addresses, one account, wrong passwords`, (i) =>
    login(DEMO_USERS.client, `wrong-${i}`, address(i + 1)),
  );
  await scenario(`${size} addresses, unknown accounts`, (i) =>
    login(`nobody-${i}@demo.test`, `wrong-${i}`, address(i + 1)),
  );
  const owner = await timed(() => login(DEMO_USERS.staff, DEMO_PASSWORD, '203.0.113.7'));
  const health = await timed(() => httpCall(api.port, 'localhost', 'GET', '/api/health'));
  if (owner.status !== 200 || health.status !== 200) failed = true;
  console.log(
    `afterwards: the owner signs in from their own address: ${owner.status} (${owner.ms.toFixed(0)} ms); /api/health ${health.status} (${health.ms.toFixed(0)} ms); API process alive: ${api.child.exitCode === null ? 'yes' : 'NO'}`,
  );
  console.log(`load average at the end ${loadAverage()}\n${failed ? 'FAIL' : 'PASS'}`);
} finally {
  await api.stop();
  await rm(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
