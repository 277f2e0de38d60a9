import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectMapResponse } from '@siteflow/core';
import * as factories from '../../../test/factories.js';
import type { ProjectOptions, TestCatalogue, TestClient } from '../../../test/factories.js';
import { asOwner, createUser, request, signIn } from '../../../test/harness.js';
import { twoCompanies, type TestApp, type TestTenant, type TestUser } from '../../../test/companies.js';
import { projects, providerRatings } from '../../platform/db/schema.js';

const BRISBANE = { lat: -27.4698, lng: 153.0251 };
/** A point `km` due north of Brisbane City (great circle). */
const northOf = (km: number) => ({ lat: BRISBANE.lat + km / 111.195, lng: BRISBANE.lng });
const SYDNEY = { lat: -33.8688, lng: 151.2093 };
const WORLD = 'bbox=-85,-180,85,180';

let t: TestApp, a: TestTenant, b: TestTenant, adminA: string, adminB: string;
let cat: TestCatalogue;
let clientX: TestClient;
let clientY: TestClient;
let provider: { id: string };
let manager: TestUser;
let amX: TestUser;
let cookies: { admin: string; adminB: string; clientX: string; sp: string };
/** name -> project id */
const ids: Record<string, number> = {};

async function addProject(
  name: string,
  client: TestClient,
  at: { lat: number; lng: number } | null,
  opts: ProjectOptions = {},
) {
  const p = await factories.createProject(a, client, { name, ...opts });
  if (at)
    await asOwner(a.id, (tx) =>
      tx
        .update(projects)
        .set({ lat: at.lat, lng: at.lng })
        .where(and(eq(projects.tenantId, a.id), eq(projects.id, p.id))),
    );
  ids[name] = p.id;
  return p;
}

async function rate(projectId: number, kind: 'performance' | 'customer', rating: number) {
  await asOwner(a.id, (tx) =>
    tx.insert(providerRatings).values({ tenantId: a.id, providerId: provider.id, projectId, kind, rating }),
  );
}

beforeAll(async () => {
  ({ t, a, b, adminA, adminB } = await twoCompanies({ gazetteer: true }));
  [cat, clientX, clientY, manager] = await Promise.all([
    factories.createCatalogue(a),
    factories.createClientCo(a, { tradingName: 'Harbour X Pty Ltd' }),
    factories.createClientCo(a, { tradingName: 'Inland Y Pty Ltd' }),
    createUser(a, 'company_employee', { firstName: 'Mia', lastName: 'Manager', isProjectManager: true }),
  ]);
  provider = await factories.createProvider(a);
  amX = await factories.createClientUser(a, clientX.id, 'client_am');
  const clientUser = await factories.createClientUser(a, clientX.id, 'client_admin');
  const spUser = await factories.createProviderUser(a, provider.id, 'sp_employee');

  // Sequential: the start dates below decide the list order.
  await addProject('Alpha CBD', clientX, BRISBANE, {
    status: 'completed',
    providerId: provider.id,
    categoryId: cat.categories[0]!.id,
    serviceId: cat.services[0]!.id,
    orderReference: 'ORD-ALPHA-1',
    startDate: '2026-03-01 08:00',
    endDate: '2026-03-02 17:00',
    amId: amX.id,
  });
  await addProject('Bravo 10 km', clientX, northOf(10), {
    status: 'scheduled',
    startDate: '2026-04-01 08:00',
    endDate: '2026-04-03 17:00',
    managerId: manager.id,
  });
  await addProject('Charlie 49.9 km', clientY, northOf(49.9), {
    status: 'order',
    providerId: provider.id,
    categoryId: cat.categories[1]!.id,
    startDate: '2026-05-01 08:00',
    endDate: '2026-05-01 17:00',
  });
  await addProject('Delta 50.1 km', clientY, northOf(50.1), {
    status: 'order',
    startDate: '2026-06-01 08:00',
    endDate: '2026-06-01 17:00',
  });
  await addProject('Echo Sydney', clientY, SYDNEY, {
    status: 'cancelled',
    startDate: '2026-07-01 08:00',
    endDate: '2026-07-01 17:00',
    serviceId: cat.services[2]!.id,
  });
  await addProject('Foxtrot unplaced', clientX, null, {
    status: 'order',
    startDate: '2026-08-01 08:00',
    endDate: '2026-08-01 17:00',
    orderReference: 'ord-fox-9',
  });
  await rate(ids['Alpha CBD']!, 'performance', 4);
  await rate(ids['Alpha CBD']!, 'customer', 2.5);
  await rate(ids['Charlie 49.9 km']!, 'performance', 2);

  // Another tenant's project at the very same place.
  const bClient = await factories.createClientCo(b);
  const other = await factories.createProject({ ...b }, bClient, { name: 'Tenant B secret' });
  await asOwner(b.id, (tx) => tx.update(projects).set(BRISBANE).where(eq(projects.id, other.id)));

  cookies = {
    admin: adminA,
    adminB,
    clientX: await signIn(t, a.host, clientUser.email),
    sp: await signIn(t, a.host, spUser.email),
  };
});
afterAll(() => t.close());

const get = async (cookie: string, q = '', host = a.host) => {
  const res = await request(t, { host, cookie, url: `/api/project-map?${q}` });
  return { status: res.status, body: res.json as ProjectMapResponse & { errors?: Record<string, string[]> } };
};
const names = (r: ProjectMapResponse) => r.items.map((i) => i.name);
const markerSum = (r: ProjectMapResponse) => r.markers.reduce((s, m) => s + m.count, 0);

describe('GET /api/project-map', () => {
  it('lists every project for staff, newest start first, with an exact total and the list fields', async () => {
    const { status, body } = await get(cookies.admin, WORLD);
    expect(status).toBe(200);
    expect(body.total).toBe(6);
    expect(names(body)).toEqual([
      'Foxtrot unplaced',
      'Echo Sydney',
      'Delta 50.1 km',
      'Charlie 49.9 km',
      'Bravo 10 km',
      'Alpha CBD',
    ]);
    const alpha = body.items.find((i) => i.name === 'Alpha CBD')!;
    expect(alpha).toMatchObject({
      id: ids['Alpha CBD'],
      order_reference: 'ORD-ALPHA-1',
      status: 'completed',
      status_label: 'Completed',
      client_name: 'Harbour X Pty Ltd',
      client_id: clientX.id,
      client_am_id: amX.id,
      project_manager_id: a.admin.id,
      location_first: { lat: BRISBANE.lat, lng: BRISBANE.lng, suburb: 'Testville' },
      start_date: '2026-03-01T08:00',
      end_date: '2026-03-02T17:00',
      categories_list: [{ name: cat.categories[0]!.name }],
      services_list: [{ name: cat.services[0]!.name }],
      performance_rating: 4,
      customer_rating: 2.5,
      km: null,
    });
    expect(alpha.id_code).toMatch(/^PRJ-/);
    expect(body.centre).toBeNull();
  });

  it('clusters the located projects of the bbox; the counts add up to the mappable total', async () => {
    const world = (await get(cookies.admin, `${WORLD}&zoom=3`)).body;
    expect(markerSum(world)).toBe(5); // Foxtrot has no coordinates: in the list, not on the map
    // At zoom 3 the Brisbane projects share a cell; Sydney is apart.
    expect(world.markers.find((m) => m.count === 4)).toBeDefined();
    const sydney = world.markers.find((m) => m.count === 1)!;
    expect(sydney).toMatchObject({
      lat: SYDNEY.lat,
      lng: SYDNEY.lng,
      project: {
        id: ids['Echo Sydney'],
        name: 'Echo Sydney',
        status: 'cancelled',
        status_label: 'Cancelled',
        end_date: '2026-07-01T17:00',
      },
    });
    expect(world.markers.find((m) => m.count === 4)!.project).toBeNull();

    // Zoomed in on Brisbane, every project is its own marker with its popup fields.
    const close = (await get(cookies.admin, `bbox=-27.6,152.8,-26.8,153.3&zoom=14`)).body;
    expect(markerSum(close)).toBe(4);
    expect(close.markers.every((m) => m.count === 1 && m.project)).toBe(true);
    expect(close.markers.find((m) => m.project!.id === ids['Alpha CBD'])).toMatchObject({
      lat: BRISBANE.lat,
      lng: BRISBANE.lng,
      project: { completed_on: null, performance_rating: 4, customer_rating: 2.5 },
    });
    expect(close.total).toBe(6); // the list is not limited to the view
  });

  it('keeps projects strictly under the distance from the centre (browser location or geocoded postcode)', async () => {
    const r = (await get(cookies.admin, `lat=${BRISBANE.lat}&lng=${BRISBANE.lng}&distance=50&${WORLD}`)).body;
    expect(names(r).sort()).toEqual(['Alpha CBD', 'Bravo 10 km', 'Charlie 49.9 km']);
    expect(r.centre).toMatchObject({ lat: BRISBANE.lat, lng: BRISBANE.lng });
    expect(r.items.find((i) => i.name === 'Bravo 10 km')!.km).toBeCloseTo(10, 1);
    expect(markerSum(r)).toBe(3);
    const byPostcode = (await get(cookies.admin, `postcode=4000&distance=100`)).body;
    expect(byPostcode.centre).not.toBeNull();
    expect(names(byPostcode)).toEqual(
      expect.arrayContaining(['Alpha CBD', 'Bravo 10 km', 'Charlie 49.9 km', 'Delta 50.1 km']),
    );
    expect(names(byPostcode)).not.toContain('Echo Sydney');
    // Distance 0 does not limit; without a centre the distance does not apply.
    expect((await get(cookies.admin, `postcode=4000&distance=0`)).body.total).toBe(6);
    expect((await get(cookies.admin, `distance=5`)).body.total).toBe(6);
  });

  it('filters by status, categories and services (any), dates (overlap), manager, client, account manager, order reference and ratings', async () => {
    const only = async (q: string) => names((await get(cookies.admin, q)).body).sort();
    expect(await only('status=order,cancelled')).toEqual([
      'Charlie 49.9 km',
      'Delta 50.1 km',
      'Echo Sydney',
      'Foxtrot unplaced',
    ]);
    expect(await only(`categories=${cat.categories[0]!.id},${cat.categories[1]!.id}`)).toEqual([
      'Alpha CBD',
      'Charlie 49.9 km',
    ]);
    expect(await only(`services=${cat.services[2]!.id}`)).toEqual(['Echo Sydney']);
    expect(await only('start_date=2026-03-02&end_date=2026-04-01')).toEqual(['Alpha CBD', 'Bravo 10 km']);
    expect(await only('start_date=2026-07-02')).toEqual(['Foxtrot unplaced']);
    expect(await only(`project_manager_id=${manager.id}`)).toEqual(['Bravo 10 km']);
    expect(await only(`client_id=${clientY.id}`)).toEqual(['Charlie 49.9 km', 'Delta 50.1 km', 'Echo Sydney']);
    expect(await only(`account_manager_id=${amX.id}`)).toEqual(['Alpha CBD']);
    expect(await only('order_reference=ORD-')).toEqual(['Alpha CBD', 'Foxtrot unplaced']);
    expect(await only('order_reference=ord-alpha')).toEqual(['Alpha CBD']);
    expect(await only('order_reference=ALPHA')).toEqual([]);
    expect(await only('min_performance=2')).toEqual(['Alpha CBD', 'Charlie 49.9 km']);
    expect(await only('min_performance=4.5')).toEqual([]);
    expect(await only('min_customer=2.5')).toEqual(['Alpha CBD']);
    expect(await only('search=charlie')).toEqual(['Charlie 49.9 km']);
  });

  it('a search gives the box around all its located matches, wherever the map is looking', async () => {
    // The map is on Brisbane; the match is in Sydney, out of view (no marker), but the box shows where.
    const brisbaneView = 'bbox=-27.6,152.8,-26.8,153.3&zoom=12';
    const sydney = (await get(cookies.admin, `search=echo&${brisbaneView}`)).body;
    expect(names(sydney)).toEqual(['Echo Sydney']);
    expect(sydney.markers).toEqual([]);
    expect(sydney.bounds).toEqual({ south: SYDNEY.lat, west: SYDNEY.lng, north: SYDNEY.lat, east: SYDNEY.lng });
    // Several matches: the box spans them; an unplaced match (Foxtrot) is listed but adds nothing.
    const many = (await get(cookies.admin, `search=o&${brisbaneView}`)).body;
    const located = many.items.filter((i) => i.location_first.lat !== null);
    expect(many.items.some((i) => i.name === 'Foxtrot unplaced')).toBe(true);
    expect(many.bounds).toEqual({
      south: Math.min(...located.map((i) => i.location_first.lat!)),
      west: Math.min(...located.map((i) => i.location_first.lng!)),
      north: Math.max(...located.map((i) => i.location_first.lat!)),
      east: Math.max(...located.map((i) => i.location_first.lng!)),
    });
    // Only located matches, or no search: no box (the map stays where the user put it).
    expect((await get(cookies.admin, 'search=foxtrot')).body.bounds).toBeNull();
    expect((await get(cookies.admin, `${WORLD}&status=order`)).body.bounds).toBeNull();
    expect((await get(cookies.admin, 'search=nothing-matches-this')).body.bounds).toBeNull();
    // Another tenant's project at Brisbane is never in a box.
    expect((await get(cookies.admin, 'search=secret')).body).toMatchObject({ total: 0, bounds: null });
  });

  it('pages the list', async () => {
    const p1 = (await get(cookies.admin, 'pageSize=4')).body;
    const p2 = (await get(cookies.admin, 'pageSize=4&page=2')).body;
    const p3 = (await get(cookies.admin, 'pageSize=4&page=3')).body;
    expect(p1.items).toHaveLength(4);
    expect(p2.items.map((i) => i.name)).toEqual(['Bravo 10 km', 'Alpha CBD']);
    expect(p3.items).toEqual([]);
    expect([p1.total, p2.total, p3.total]).toEqual([6, 6, 6]);
    expect(p2).toMatchObject({ page: 2, pageSize: 4 });
  });

  it('shows a client user only their client’s projects, without performance ratings, and ignores the filters they do not have', async () => {
    const r = (await get(cookies.clientX, WORLD)).body;
    expect(names(r).sort()).toEqual(['Alpha CBD', 'Bravo 10 km', 'Foxtrot unplaced']);
    expect(r.total).toBe(3);
    expect(markerSum(r)).toBe(2);
    const alpha = r.items.find((i) => i.name === 'Alpha CBD')!;
    expect(alpha).toMatchObject({ performance_rating: null, customer_rating: 2.5 });
    const close = (await get(cookies.clientX, `bbox=-27.6,152.8,-26.8,153.3&zoom=14`)).body;
    expect(close.markers.find((m) => m.project?.id === ids['Alpha CBD'])!.project).toMatchObject({
      performance_rating: null,
      customer_rating: 2.5,
    });
    // client_id, project_manager_id and min_performance are not theirs: ignored, not leaking.
    expect((await get(cookies.clientX, `client_id=${clientY.id}`)).body.total).toBe(3);
    expect((await get(cookies.clientX, `project_manager_id=${manager.id}`)).body.total).toBe(3);
    expect((await get(cookies.clientX, 'min_performance=5')).body.total).toBe(3);
    expect((await get(cookies.clientX, 'min_customer=2.5')).body.total).toBe(1);
  });

  it('shows a provider user only the projects assigned to their provider', async () => {
    const r = (await get(cookies.sp, WORLD)).body;
    expect(names(r).sort()).toEqual(['Alpha CBD', 'Charlie 49.9 km']);
    expect(r.items.find((i) => i.name === 'Alpha CBD')!.performance_rating).toBe(4);
    expect((await get(cookies.sp, `client_id=${clientY.id}`)).body.total).toBe(2);
  });

  it('does not tell a provider user whose projects they are: no client, as on the list and details', async () => {
    const r = (await get(cookies.sp, WORLD)).body;
    for (const i of r.items) expect(i, i.name).toMatchObject({ client_name: null, client_id: null });
    const text = JSON.stringify(r);
    for (const secret of [clientX.id, clientY.id, 'Harbour X Pty Ltd', 'Inland Y Pty Ltd'])
      expect(text).not.toContain(secret);
    // Staff and the client's own users still get it.
    const staff = (await get(cookies.admin, WORLD)).body.items.find((i) => i.name === 'Alpha CBD')!;
    expect(staff).toMatchObject({ client_name: 'Harbour X Pty Ltd', client_id: clientX.id });
    const own = (await get(cookies.clientX, WORLD)).body.items.find((i) => i.name === 'Alpha CBD')!;
    expect(own).toMatchObject({ client_name: 'Harbour X Pty Ltd', client_id: clientX.id });
  });

  it("gives another tenant nothing of this tenant's", async () => {
    const r = (await get(cookies.adminB, WORLD, b.host)).body;
    expect(names(r)).toEqual(['Tenant B secret']);
    expect(markerSum(r)).toBe(1);
    expect((await get(cookies.adminB, `client_id=${clientX.id}`, b.host)).body.total).toBe(0);
    expect((await request(t, { host: a.host, url: '/api/project-map' })).status).toBe(401);
  });

  it('answers 422 per field for a bad bbox, a distance off the 5 km steps, a rating off the half steps', async () => {
    for (const [q, field] of [
      ['bbox=1,2,3', 'bbox'],
      ['bbox=-10,150,-20,155', 'bbox'],
      ['bbox=-95,150,-20,155', 'bbox'],
      ['distance=7', 'distance'],
      ['distance=205', 'distance'],
      ['min_performance=0.3', 'min_performance'],
      ['min_customer=6', 'min_customer'],
      ['status=open', 'status.0'],
      ['lat=-27.4', 'lng'],
      ['zoom=0', 'zoom'],
    ] as const) {
      const { status, body } = await get(cookies.admin, q);
      expect(status, q).toBe(422);
      expect(Object.keys(body.errors ?? {}), q).toContain(field);
    }
  });
});
