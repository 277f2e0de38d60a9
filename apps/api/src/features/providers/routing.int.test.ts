import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIRECTIONS_ERRORS, estimateRoute, type DirectionsView, type NearbyProviders } from '@siteflow/core';
import * as factories from '../../../test/factories.js';
import type { TestClient } from '../../../test/factories.js';
import { asOwner, createTenant, request, signIn, type RequestOptions } from '../../../test/harness.js';
import { twoCompanies, type TestApp, type TestTenant } from '../../../test/companies.js';
import { buildApp } from '../../app.js';
import { projects } from '../../platform/db/schema.js';
import { estimateRouter, type LatLng, type RouteResult, type Router } from '../geo/router.js';

const BRISBANE = { lat: -27.4698, lng: 153.0251 };
const SURFERS = { lat: -28.0023, lng: 153.4145 };
/** A point `km` due south of Brisbane City (great circle). */
const southOf = (km: number) => ({ lat: BRISBANE.lat - km / 111.195, lng: BRISBANE.lng });

let t: TestApp, a: TestTenant, b: TestTenant, adminA: string, adminB: string;
let client: TestClient;
let clientCookie: string;

beforeAll(async () => {
  ({ t, a, b, adminA, adminB } = await twoCompanies());
  client = await factories.createClientCo(a);
  clientCookie = await signIn(t, a.host, (await factories.createClientUser(a, client.id, 'client_admin')).email);
});
afterAll(() => t.close());

const as =
  (cookie: string, app: TestApp = t, host = a.host) =>
  (opts: RequestOptions) =>
    request(app, { host, cookie, ...opts });

async function placeProject(id: number, at: LatLng | null) {
  await asOwner(a.id, (tx) =>
    tx
      .update(projects)
      .set({ lat: at?.lat ?? null, lng: at?.lng ?? null, geoPrecision: at ? 'suburb' : null })
      .where(and(eq(projects.tenantId, a.id), eq(projects.id, id))),
  );
}

/** A second app on the same database whose router answers as `answer` says. */
async function appWithRouter(
  answer: (from: LatLng, to: LatLng) => RouteResult | Promise<RouteResult>,
): Promise<TestApp> {
  const router: Router = { name: 'osrm', route: async (from, to) => answer(from, to) };
  const app = await buildApp(t.deps, { logger: false, serveWeb: false, router });
  await app.ready();
  return { ...t, app, close: () => app.close() };
}

describe('GET /api/projects/:id/directions', () => {
  it('gives staff the route from the provider (A) to the project (B), approximate from the offline estimate', async () => {
    const provider = await factories.createProvider(a, 'Queen St Electrical', {
      lat: BRISBANE.lat,
      lng: BRISBANE.lng,
      street: '1 Queen Street',
      suburb: 'Brisbane City',
    });
    const p = await factories.createProject(a, client, {
      providerId: provider.id,
      orderReference: 'PO-77',
      street: '3 Cavill Avenue',
      suburb: 'Surfers Paradise',
      postcode: '4217',
    });
    await placeProject(p.id, SURFERS);

    const res = await as(adminA)({ url: `/api/projects/${p.id}/directions` });
    expect(res.status).toBe(200);
    const view = res.json as DirectionsView;
    const expected = estimateRoute(BRISBANE, SURFERS);
    expect(view).toMatchObject({
      status: 'OK',
      message: null,
      project: {
        id: p.id,
        title: p.name,
        order_number: 'PO-77',
        status: 'order',
        location: { street: '3 Cavill Avenue', suburb: 'Surfers Paradise', postcode: '4217', ...SURFERS },
      },
      provider: {
        id: provider.id,
        name: 'Queen St Electrical',
        location: { street: '1 Queen Street', suburb: 'Brisbane City', ...BRISBANE },
      },
      route: {
        distance_m: expected.distance_m,
        duration_s: expected.duration_s,
        approximate: true,
        source: 'estimate',
      },
    });
    expect(view.route!.distance_m).toBeGreaterThan(80_000);
    expect(view.route!.geometry[0]).toEqual([BRISBANE.lat, BRISBANE.lng]);
    expect(view.route!.geometry.at(-1)).toEqual([SURFERS.lat, SURFERS.lng]);
  });

  it('shows client roles the project location only (no provider, no route)', async () => {
    const provider = await factories.createProvider(a);
    const p = await factories.createProject(a, client, { providerId: provider.id });
    await placeProject(p.id, SURFERS);
    const res = await as(clientCookie)({ url: `/api/projects/${p.id}/directions` });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      status: 'OK',
      message: null,
      provider: null,
      route: null,
      project: { id: p.id, location: SURFERS },
    });
  });

  it('shows the provider’s own users the route of a project assigned to them, and 404 for others', async () => {
    const mine = await factories.createProvider(a);
    const other = await factories.createProvider(a);
    const spUser = await factories.createProviderUser(a, mine.id, 'sp_employee');
    const cookie = await signIn(t, a.host, spUser.email);
    const assigned = await factories.createProject(a, client, { providerId: mine.id });
    const notMine = await factories.createProject(a, client, { providerId: other.id });
    await placeProject(assigned.id, SURFERS);
    expect((await as(cookie)({ url: `/api/projects/${assigned.id}/directions` })).json).toMatchObject({
      status: 'OK',
      provider: { id: mine.id },
      route: { approximate: true },
    });
    const res = await as(cookie)({ url: `/api/projects/${notMine.id}/directions` });
    expect(res.status).toBe(404);
    expect(res.json.project).toBeUndefined();
  });

  it('answers NO_PROVIDER without a provider', async () => {
    const p = await factories.createProject(a, client);
    await placeProject(p.id, SURFERS);
    const res = await as(adminA)({ url: `/api/projects/${p.id}/directions` });
    expect(res.json).toMatchObject({ status: 'NO_PROVIDER', message: null, provider: null, route: null });
  });

  it('answers NOT_FOUND with the spec text when the project or the provider has no coordinates', async () => {
    const located = await factories.createProvider(a);
    const p = await factories.createProject(a, client, { providerId: located.id });
    const res = await as(adminA)({ url: `/api/projects/${p.id}/directions` });
    expect(res.json).toMatchObject({
      status: 'NOT_FOUND',
      message: DIRECTIONS_ERRORS.NOT_FOUND,
      route: null,
      project: { location: { lat: null, lng: null } },
    });

    const nowhere = await factories.createProvider(a, 'Nowhere Plumbing', { lat: null, lng: null });
    const q = await factories.createProject(a, client, { providerId: nowhere.id });
    await placeProject(q.id, SURFERS);
    const res2 = await as(adminA)({ url: `/api/projects/${q.id}/directions` });
    expect(res2.json).toMatchObject({
      status: 'NOT_FOUND',
      message: DIRECTIONS_ERRORS.NOT_FOUND,
      route: null,
      provider: { name: 'Nowhere Plumbing', location: { lat: null } },
    });
  });

  it('passes routing failures on with the spec texts, keeping both points', async () => {
    const provider = await factories.createProvider(a);
    const p = await factories.createProject(a, client, { providerId: provider.id });
    await placeProject(p.id, SURFERS);
    const cases: [RouteResult['status'], string][] = [
      ['ZERO_RESULTS', DIRECTIONS_ERRORS.ZERO_RESULTS],
      ['REQUEST_DENIED', DIRECTIONS_ERRORS.REQUEST_DENIED],
      ['NOT_FOUND', DIRECTIONS_ERRORS.NOT_FOUND],
      ['ERROR', DIRECTIONS_ERRORS.OTHER],
    ];
    for (const [status, message] of cases) {
      const app = await appWithRouter(() => ({ status }) as RouteResult);
      try {
        const res = await as(adminA, app)({ url: `/api/projects/${p.id}/directions` });
        expect(res.json).toMatchObject({
          status,
          message,
          route: null,
          provider: { id: provider.id },
          project: { location: SURFERS },
        });
      } finally {
        await app.close();
      }
    }
  });

  it('shows a routing service’s exact route as not approximate', async () => {
    const provider = await factories.createProvider(a);
    const p = await factories.createProject(a, client, { providerId: provider.id });
    await placeProject(p.id, SURFERS);
    const app = await appWithRouter((from, to) => ({
      status: 'OK',
      distance_m: 77948,
      duration_s: 3713,
      approximate: false,
      source: 'osrm',
      geometry: [
        [from.lat, from.lng],
        [-27.7, 153.2],
        [to.lat, to.lng],
      ],
    }));
    try {
      const res = await as(adminA, app)({ url: `/api/projects/${p.id}/directions` });
      expect(res.json.route).toEqual({
        distance_m: 77948,
        duration_s: 3713,
        approximate: false,
        source: 'osrm',
        geometry: [
          [BRISBANE.lat, BRISBANE.lng],
          [-27.7, 153.2],
          [SURFERS.lat, SURFERS.lng],
        ],
      });
    } finally {
      await app.close();
    }
  });

  it("gives another tenant's project id 404 with no data", async () => {
    const p = await factories.createProject(a, client);
    const res = await as(adminB, t, b.host)({ url: `/api/projects/${p.id}/directions` });
    expect(res.status).toBe(404);
    expect(res.json.project).toBeUndefined();
    expect((await request(t, { host: a.host, url: `/api/projects/${p.id}/directions` })).status).toBe(401);
  });
});

describe('GET /api/projects/:id/nearby-providers', () => {
  it('keeps providers whose driving distance is at most distance x 1000 m, nearest first', async () => {
    const tenant = await createTenant();
    const co = await factories.createClientCo(tenant);
    const cookie = await signIn(t, tenant.host, tenant.admin.email);
    const near = await factories.createProvider(tenant, 'Near Electrical', {
      ...southOf(10),
      performanceRating: 4.5,
      customerRating: 4,
    });
    const closest = await factories.createProvider(tenant, 'Closest Electrical', {
      ...southOf(2),
      statusCode: 'evaluating',
    });
    // 45 km as the crow flies, about 58.5 km by road: out at 50 km, in at 60 km.
    const middle = await factories.createProvider(tenant, 'Middle Plumbing', southOf(45));
    await factories.createProvider(tenant, 'Deleted Electrical', { ...southOf(3), statusCode: 'deleted' });
    await factories.createProvider(tenant, 'Unplaced Electrical', { lat: null, lng: null });
    await factories.createProvider(tenant, 'Far Electrical', southOf(150));
    const p = await factories.createProject(tenant, co);
    await asOwner(tenant.id, (tx) =>
      tx.update(projects).set({ lat: BRISBANE.lat, lng: BRISBANE.lng }).where(eq(projects.id, p.id)),
    );
    const get = (q: string) =>
      request(t, { host: tenant.host, cookie, url: `/api/projects/${p.id}/nearby-providers${q}` });

    const res = await get('?distance=50');
    expect(res.status).toBe(200);
    const body = res.json as NearbyProviders;
    expect(body.origin).toEqual(BRISBANE);
    expect(body.failed).toBe(0);
    expect(body.items.map((i) => i.service_provider_name)).toEqual(['Closest Electrical', 'Near Electrical']);
    const expected = estimateRoute(southOf(10), BRISBANE);
    expect(body.items[1]).toMatchObject({
      id: near.id,
      status_code: 'approved',
      status_label: 'Approved',
      status_colour: 'green',
      distance_m: expected.distance_m,
      duration_s: expected.duration_s,
      approximate: true,
      performance_ratings: 4.5,
      customer_ratings: 4,
      address: '1 Queen Street, Brisbane City, QLD 4000',
    });
    expect(body.items[0]).toMatchObject({ id: closest.id, status_label: 'Evaluating', status_colour: 'orange' });

    expect((await get('?distance=60')).json.items.map((i: { id: string }) => i.id)).toEqual([
      closest.id,
      near.id,
      middle.id,
    ]);
    // Default 50.
    expect((await get('')).json.items).toHaveLength(2);
    expect((await get('?distance=0')).json.items).toEqual([]);
  });

  it('leaves out a provider whose route lookup fails, counting it', async () => {
    const tenant = await createTenant();
    const co = await factories.createClientCo(tenant);
    const cookie = await signIn(t, tenant.host, tenant.admin.email);
    const ok = await factories.createProvider(tenant, 'Routable', southOf(5));
    await factories.createProvider(tenant, 'Island', southOf(8));
    await factories.createProvider(tenant, 'Denied', southOf(9));
    const p = await factories.createProject(tenant, co);
    await asOwner(tenant.id, (tx) =>
      tx.update(projects).set({ lat: BRISBANE.lat, lng: BRISBANE.lng }).where(eq(projects.id, p.id)),
    );
    const island = southOf(8);
    const denied = southOf(9);
    const app = await appWithRouter(async (from, to) =>
      Math.abs(from.lat - island.lat) < 1e-9
        ? { status: 'ZERO_RESULTS' }
        : Math.abs(from.lat - denied.lat) < 1e-9
          ? { status: 'ERROR' }
          : estimateRouter.route(from, to),
    );
    try {
      const res = await request(app, {
        host: tenant.host,
        cookie,
        url: `/api/projects/${p.id}/nearby-providers?distance=50`,
      });
      expect(res.json).toMatchObject({ failed: 2, items: [{ id: ok.id }] });
      expect(res.json.items).toHaveLength(1);
    } finally {
      await app.close();
    }
  });

  it('has no origin and no items for a project without coordinates', async () => {
    await factories.createProvider(a);
    const p = await factories.createProject(a, client);
    const res = await as(adminA)({ url: `/api/projects/${p.id}/nearby-providers` });
    expect(res.json).toEqual({ origin: null, items: [], failed: 0 });
  });

  it('is refused to client and provider users (403) whatever they send, and 404 across tenants', async () => {
    const provider = await factories.createProvider(a);
    const spUser = await factories.createProviderUser(a, provider.id, 'sp_admin');
    const spCookie = await signIn(t, a.host, spUser.email);
    const p = await factories.createProject(a, client, { providerId: provider.id });
    expect((await as(clientCookie)({ url: `/api/projects/${p.id}/nearby-providers` })).status).toBe(403);
    expect((await as(clientCookie)({ url: `/api/projects/${p.id}/nearby-providers?distance=abc` })).status).toBe(403);
    expect((await as(spCookie)({ url: `/api/projects/${p.id}/nearby-providers` })).status).toBe(403);
    const other = await as(adminB, t, b.host)({ url: `/api/projects/${p.id}/nearby-providers` });
    expect(other.status).toBe(404);
    expect(other.json.items).toBeUndefined();
  });

  it('checks the distance: 0 to 500 in steps of 10 (422)', async () => {
    const p = await factories.createProject(a, client);
    for (const bad of ['15', '510', '-10', 'far']) {
      const res = await as(adminA)({ url: `/api/projects/${p.id}/nearby-providers?distance=${bad}` });
      expect(res.status).toBe(422);
      expect(res.json.errors.distance).toBeDefined();
    }
    expect((await as(adminA)({ url: `/api/projects/${p.id}/nearby-providers?distance=500` })).status).toBe(200);
  });
});
