/**
 * The long fuzz run (issue 9): every endpoint of the real app, over HTTP, on the demo data (a
 * company with projects, providers and certificates), as anonymous, the demo company admin and the
 * platform admin. Requests come from apps/api/test/fuzz.ts (the same generator as the CI-sized
 * fuzz.int.test.ts). Prints requests sent, answers per status, answers >= 500 (must be 0, each
 * with the error behind it) and routes covered; exits 1 on any 500 or if the app stops answering.
 *
 *   npm run fuzz                      # 40 requests per route and actor, seed 1
 *   npm run fuzz -- --runs 200 --seed 7 --concurrency 4
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../apps/api/src/config.js';
import { startRuntime } from '../apps/api/src/runtime.js';
import { DEMO_PLATFORM_ADMIN } from '../apps/api/src/seed/demo.js';
import {
  IdPool,
  routesOf,
  runFuzz,
  summariseFailures,
  type FuzzActor,
  type OpenApiDoc,
} from '../apps/api/test/fuzz.js';
import { freePort } from '../apps/api/test/reliability/processes.js';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '40' },
    seed: { type: 'string', default: '1' },
    concurrency: { type: 'string', default: '4' },
  },
});
const runs = Number(args.runs);
const seed = Number(args.seed);
const concurrency = Number(args.concurrency);

const DEMO_ADMIN = { email: 'olivia.nguyen@demo.test', password: 'siteflow-demo' };
const PLATFORM_HOST = 'localhost';
const DEMO_HOST = 'demo.localhost';

const clientErrors = new Map<string, number>();

type Answer = { status: number; body: string; headers: http.IncomingHttpHeaders };

function send(
  port: number,
  method: string,
  url: string,
  headers: Record<string, string>,
  payload?: string | Buffer,
): Promise<Answer> {
  return new Promise((resolve) => {
    const req = http.request({ host: '127.0.0.1', port, method, path: url, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), headers: res.headers }),
      );
      res.on('error', () => resolve({ status: 0, body: 'response aborted', headers: {} }));
    });
    // A connection per request (agent: false): a kept-alive socket the server closed after an
    // earlier answer would fail the next request sent on it. The server answers some requests before
    // it has read them (a GET or DELETE with a body: 400, an over-long URL: 414/431, an over-large
    // body: 413) and closes the connection; the client may then see the close before the answer.
    // Recorded as status 0; the server's own count of what it answered (onResponse) includes them.
    req.on('error', (e) => {
      const kind = `${method}${payload?.length ? ' with a body' : ''}${url.length > 8000 ? ', URL over 8000 characters' : ''}`;
      const key = `${e.message} (${kind})`;
      clientErrors.set(key, (clientErrors.get(key) ?? 0) + 1);
      resolve({ status: 0, body: `client error: ${e.message}`, headers: {} });
    });
    req.end(payload);
  });
}

const dataDir = path.resolve('bench/out/fuzz');
await fs.rm(dataDir, { recursive: true, force: true });
await fs.mkdir(dataDir, { recursive: true, mode: 0o711 });
await fs.chmod(dataDir, 0o711); // as root the server runs as 'postgres' and must reach its folder
const port = await freePort();
const config = loadConfig({
  ...process.env,
  DATA_DIR: dataDir,
  SEED_DEMO: 'true',
  NODE_ENV: 'production',
  PORT: String(port),
  HOST: '127.0.0.1',
  BASE_HOST: 'localhost',
  LOG_LEVEL: 'error',
});
const t0 = performance.now();
const log = (m: string) => console.log(`[${((performance.now() - t0) / 1000).toFixed(1)}s] ${m}`);
log(`Starting Siteflow with the demo data in ${dataDir}...`);
const rt = await startRuntime(config, () => undefined, { logger: false, serveWeb: false });

// The error behind each 500, by request id, to print with the failures.
const errors = new Map<string, string>();
rt.app.addHook('onError', async (request, _reply, error) => {
  errors.set(
    String(request.id),
    `${error.name}: ${error.message.slice(0, 300)} @ ${(error.stack ?? '').split('\n').slice(1, 4).join(' | ')}`,
  );
});
const causes = new Map<string, string>();
/** What the server answered, by status, as it saw it (including answers whose connection the client saw closed). */
const serverStatuses: Record<number, number> = {};
rt.app.addHook('onResponse', async (request, reply) => {
  serverStatuses[reply.statusCode] = (serverStatuses[reply.statusCode] ?? 0) + 1;
  const error = errors.get(String(request.id));
  errors.delete(String(request.id));
  if (reply.statusCode >= 500 && error)
    causes.set(`${request.method} ${request.routeOptions.url ?? request.url}`, error);
});
await rt.app.listen({ port, host: '127.0.0.1' });
log(`Listening on ${port}.`);

async function signIn(
  host: string,
  account: { email: string; password: string },
): Promise<{ cookie: string; ids: string[] }> {
  const res = await send(
    port,
    'POST',
    '/api/auth/login',
    { host, 'content-type': 'application/json', 'x-siteflow-csrf': '1' },
    JSON.stringify({ ...account, remember: false }),
  );
  const cookie = [res.headers['set-cookie'] ?? []]
    .flat()
    .find((c) => c.startsWith('sf_session='))
    ?.split(';')[0];
  if (res.status !== 200 || !cookie) throw new Error(`sign-in as ${account.email} failed: ${res.status} ${res.body}`);
  const session = JSON.parse((await send(port, 'GET', '/api/session', { host, cookie })).body) as {
    tenant: { id: string };
    user: { id: string };
  };
  return { cookie, ids: [session.user.id, session.tenant.id] };
}

type Session = Awaited<ReturnType<typeof signIn>>;

function actor(
  name: string,
  host: string,
  account: { email: string; password: string },
  session: Session,
  alsoProtect: string[] = [],
): FuzzActor {
  let { cookie, ids } = session;
  return {
    name,
    host,
    cookie: () => cookie,
    renew: async () => {
      ({ cookie, ids } = await signIn(host, account));
    },
    // Its own user and company are left alone, so the actor stays signed in and at its address.
    pool: new IdPool(new Set([...ids, ...alsoProtect])),
    skip: (route) => route.key === 'POST /api/auth/logout',
  };
}

const adminSession = await signIn(DEMO_HOST, DEMO_ADMIN);
const actors: FuzzActor[] = [
  { name: 'anonymous', host: DEMO_HOST, cookie: () => null, pool: new IdPool() },
  actor('company admin', DEMO_HOST, DEMO_ADMIN, adminSession),
  // The platform admin leaves the demo company alone too (a new address would strand the company admin).
  actor(
    'platform admin',
    PLATFORM_HOST,
    DEMO_PLATFORM_ADMIN,
    await signIn(PLATFORM_HOST, DEMO_PLATFORM_ADMIN),
    adminSession.ids,
  ),
];
const routes = routesOf(rt.app.swagger() as unknown as OpenApiDoc);
log(
  `${routes.length} routes from the OpenAPI document; ${runs} requests per route and actor (${actors.length} actors), seed ${seed}, ${concurrency} at a time.`,
);

const report = await runFuzz({
  routes,
  actors,
  runs,
  seed,
  concurrency,
  send: async (req) => {
    const headers: Record<string, string> = { host: req.host, 'x-siteflow-csrf': '1' };
    if (req.contentType) headers['content-type'] = req.contentType;
    if (req.cookie) headers.cookie = req.cookie;
    return send(port, req.method, req.url, headers, req.payload);
  },
  onProgress: (done, total) => log(`${done} / ${total} requests`),
});
const health = await send(port, 'GET', '/api/health', { host: PLATFORM_HOST });
const login = await send(
  port,
  'POST',
  '/api/auth/login',
  { host: DEMO_HOST, 'content-type': 'application/json', 'x-siteflow-csrf': '1' },
  JSON.stringify(DEMO_ADMIN),
);

const statuses = Object.entries(report.statuses)
  .sort(([a], [b]) => Number(a) - Number(b))
  .map(([s, n]) => `${s === '0' ? 'connection closed before the answer was read' : s}: ${n}`)
  .join(', ');
console.log('');
console.log(`Fuzz: npm run fuzz -- --runs ${runs} --seed ${seed} --concurrency ${concurrency}`);
console.log(
  `  requests sent:        ${report.requests} in ${(report.ms / 1000).toFixed(1)} s (${Math.round(report.requests / (report.ms / 1000))}/s)`,
);
console.log(`  answers per status:   ${statuses}`);
const serverErrors = Object.entries(serverStatuses)
  .filter(([status]) => Number(status) >= 500)
  .reduce((n, [, count]) => n + count, 0);
console.log(`  answers >= 500:       ${report.failures.length} seen by the client, ${serverErrors} sent by the server`);
console.log(
  `  routes fuzzed:        ${report.routes} (every operation of the OpenAPI document), as ${actors.map((a) => a.name).join(', ')}`,
);
console.log(`  routes reached (2xx): ${report.routesReached}`);
console.log(`  sessions renewed:     ${report.renewals}`);
console.log(`  afterwards:           /api/health ${health.status}, sign-in ${login.status}`);
for (const [message, n] of clientErrors) console.log(`  closed ${n}x: ${message.slice(0, 160)}`);
for (const line of summariseFailures(report.failures)) console.log(`  500: ${line}`);
for (const [route, cause] of causes) console.log(`  cause (${route}): ${cause}`);
const byRoute = Object.entries(report.byRoute).filter(([, c]) => !Object.keys(c).some((s) => s.startsWith('2')));
if (byRoute.length) console.log(`  never 2xx: ${byRoute.map(([r]) => r).join('; ')}`);

await rt.close();
process.exit(report.failures.length || serverErrors || health.status !== 200 || login.status !== 200 ? 1 : 0);
