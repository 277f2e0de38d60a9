/**
 * Schema-driven fuzzing of every endpoint, CI-sized (issue 9; the long run is `npm run fuzz`).
 * The routes come from the app's own OpenAPI document, so a new route is fuzzed automatically.
 * Every answer must be under 500, and the app must still answer afterwards.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  IdPool,
  routesOf,
  runFuzz,
  summariseFailures,
  type FuzzActor,
  type OpenApiDoc,
  type Sender,
} from '../../test/fuzz.js';
import { createCatalogue, createClientCo, createProject, createProvider } from '../../test/factories.js';
import { createPlatformAdmin, createTenant, createUser, ownerPool, PLATFORM_HOST, signIn } from '../../test/harness.js';
import { oneCompany, type TestApp, type TestTenant, type TestUser } from '../../test/companies.js';
import { CSRF_HEADER } from './context.js';

let t: TestApp, tenant: TestTenant, platformAdmin: TestUser, spare: TestTenant;

beforeAll(async () => {
  ({ t, tenant } = await oneCompany());
  platformAdmin = await createPlatformAdmin();
  spare = await createTenant(); // another customer for the platform admin to read and edit
  // Some of everything, so the fuzzer finds ids to reach the handlers with.
  const client = await createClientCo(tenant);
  const catalogue = await createCatalogue(tenant);
  const categoryIds = catalogue.categories.map((c) => c.id);
  const serviceIds = catalogue.services.map((s) => s.id);
  const pm = await createUser(tenant, 'company_employee', { isProjectManager: true });
  const provider = await createProvider(tenant, undefined, { categoryIds, serviceIds });
  await createProject(tenant, client, { managerId: pm.id, categoryId: categoryIds[0], serviceId: serviceIds[0] });
  await createProject(tenant, client, { managerId: pm.id, providerId: provider.id, status: 'scheduled' });
  await createProject(tenant, client, { status: 'completed' });
});
afterAll(() => t?.close());

/**
 * The platform admin lists every company in the database, the ones other test files are making
 * at the same time too (vitest runs files side by side). Its changes to a company go to this
 * file's spare company instead, so that a fuzzed name (the company's address) never moves
 * another file's company away from under its requests. Reads, and ids of no company, go as
 * generated.
 */
const CUSTOMER_PATH = /^\/api\/customers\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?=$|[/?])/i;
async function ownCompaniesOnly(method: string, url: string): Promise<string> {
  const id = method === 'GET' ? undefined : CUSTOMER_PATH.exec(url)?.[1]?.toLowerCase();
  if (!id || id === spare.id || id === tenant.id) return url;
  const { rowCount } = await ownerPool().query('select 1 from tenants where id = $1', [id]);
  return rowCount ? url.replace(CUSTOMER_PATH, `/api/customers/${spare.id}`) : url;
}

const send: Sender = async (req) => {
  const headers: Record<string, string> = { host: req.host, [CSRF_HEADER]: '1' };
  if (req.contentType) headers['content-type'] = req.contentType;
  if (req.cookie) headers.cookie = req.cookie;
  const res = await t.app.inject({
    method: req.method as 'GET',
    url: await ownCompaniesOnly(req.method, req.url),
    headers,
    payload: req.payload,
    remoteAddress: t.ip,
  });
  return { status: res.statusCode, body: res.body };
};

async function signedIn(name: string, host: string, user: TestUser, protectedIds: string[]): Promise<FuzzActor> {
  let cookie = await signIn(t, host, user.email);
  return {
    name,
    host,
    cookie: () => cookie,
    renew: async () => {
      cookie = await signIn(t, host, user.email);
    },
    // Its own user and company are left alone, so the actor stays signed in and at its address.
    pool: new IdPool(new Set([user.id, ...protectedIds])),
    skip: (route) => route.key === 'POST /api/auth/logout',
  };
}

describe('fuzzing every endpoint', () => {
  it('answers every generated request under 500 and stays up', async () => {
    await t.app.ready();
    const routes = routesOf(t.app.swagger() as unknown as OpenApiDoc);
    expect(routes.length).toBeGreaterThan(90);
    const actors: FuzzActor[] = [
      { name: 'anonymous', host: tenant.host, cookie: () => null, pool: new IdPool() },
      await signedIn('company admin', tenant.host, tenant.admin, [tenant.id]),
      await signedIn('platform admin', PLATFORM_HOST, platformAdmin, [tenant.id]),
    ];
    const report = await runFuzz({
      routes,
      actors,
      send,
      runs: Number(process.env.FUZZ_RUNS ?? 6),
      seed: Number(process.env.FUZZ_SEED ?? 20260509),
    });
    const lines = summariseFailures(report.failures);
    if (process.env.FUZZ_DEBUG) {
      console.log(
        Object.entries(report.byRoute)
          .map(([r, c]) => `${r} ${JSON.stringify(c)}`)
          .join('\n'),
      );
      console.log(
        Object.entries(report.msByRoute)
          .sort((a, b) => b[1] - a[1])
          .slice(0, 12)
          .map(([r, ms]) => `${r} ${Math.round(ms)} ms`)
          .join('\n'),
      );
    }
    expect(lines, lines.join('\n')).toEqual([]);
    expect(report.requests).toBeGreaterThan(routes.length * 3 * 5);
    // The handlers were reached, not only the validators.
    expect(report.routesReached).toBeGreaterThan(routes.length / 2);
    const health = await t.app.inject({ url: '/api/health', headers: { host: PLATFORM_HOST } });
    expect(health.statusCode).toBe(200);
    console.log(
      `fuzz: ${report.requests} requests, ${report.routesReached}/${report.routes} routes reached, ${JSON.stringify(report.statuses)}, ${report.ms} ms`,
    );
  }, 110_000);
});
