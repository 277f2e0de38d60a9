import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { greatCircleKm, type ProviderSearchResponse } from '@siteflow/core';
import * as factories from '../../../test/factories.js';
import type { ProjectOptions, ProviderOptions, TestCatalogue, TestClient } from '../../../test/factories.js';
import { asOwner, createTenant, request, signIn, uniq } from '../../../test/harness.js';
import { twoCompanies, type TestApp, type TestTenant } from '../../../test/companies.js';
import { certificates, certificateTypes, projects } from '../../platform/db/schema.js';

let t: TestApp, a: TestTenant, b: TestTenant, adminA: string, adminB: string;
let client: TestClient;

beforeAll(async () => {
  ({ t, a, b, adminA, adminB } = await twoCompanies({ gazetteer: true }));
  client = await factories.createClientCo(a);
});
afterAll(() => t.close());

const CENTRE = { lat: -27.46977, lng: 153.025131 };
const R = 6371.0088;
/** The point `km` great-circle kilometres due north of the centre. */
const north = (km: number) => ({ lat: CENTRE.lat + ((km / R) * 180) / Math.PI, lng: CENTRE.lng });

const search = async (qs: string, cookie = adminA, host = a.host) =>
  request(t, { host, cookie, url: `/api/service-providers/search?${qs}` });
const found = async (qs: string) => {
  const res = await search(qs);
  expect(res.status, res.text).toBe(200);
  return res.json as ProviderSearchResponse;
};
const names = (r: ProviderSearchResponse) => r.items.map((i) => i.service_provider_name);

/** A project at the centre with one category and service of its own, so each test sees only its providers. */
async function fixture(opts: ProjectOptions = {}) {
  const cat: TestCatalogue = await factories.createCatalogue(a);
  const project = await factories.createProject(a, client, {
    categoryId: cat.categories[0]!.id,
    serviceId: cat.services[0]!.id,
    startDate: '2026-11-21 08:00',
    endDate: '2026-11-23 17:00',
    ...opts,
  });
  await asOwner(a.id, (tx) =>
    tx.update(projects).set({ lat: CENTRE.lat, lng: CENTRE.lng }).where(eq(projects.id, project.id)),
  );
  const tag = uniq();
  const provider = (name: string, o: ProviderOptions = {}) =>
    factories.createProvider(a, `${name} ${tag}`, {
      categoryIds: [cat.categories[0]!.id],
      serviceIds: [cat.services[0]!.id],
      ...o,
    });
  return { cat, project, tag, provider };
}

describe('automatic mode (a project is chosen)', () => {
  it('keeps providers at or under the distance (km as shown), nearest first', async () => {
    const f = await fixture();
    const near = north(10);
    const edge = north(50.04); // shown as 50.0 km: at the distance
    const beyond = north(50.2);
    await f.provider('Near', near);
    await f.provider('Edge', edge);
    await f.provider('Beyond', beyond);
    await f.provider('Nowhere', { lat: null, lng: null });
    expect(greatCircleKm(CENTRE, edge)).toBeGreaterThan(50);
    const r = await found(`project_id=${f.project.id}&distance=50`);
    expect(names(r)).toEqual([`Near ${f.tag}`, `Edge ${f.tag}`]);
    expect(r.total).toBe(2);
    expect(r.items.map((i) => i.km)).toEqual([10, 50]);
    // Distance 0: no limit; providers without a location come last, with no distance.
    const all = await found(`project_id=${f.project.id}&distance=0`);
    expect(names(all)).toEqual([`Near ${f.tag}`, `Edge ${f.tag}`, `Beyond ${f.tag}`, `Nowhere ${f.tag}`]);
    expect(all.items.map((i) => i.km)).toEqual([10, 50, 50.2, null]);
    // limit: the nearest ones, total still counts every match.
    const one = await found(`project_id=${f.project.id}&limit=1`);
    expect(names(one)).toEqual([`Near ${f.tag}`]);
    expect(one.total).toBe(4);
  });

  it('fills in the project and uses its categories, services and dates; other fields are ignored', async () => {
    const f = await fixture({ name: 'Fit-out', street: '1 Queen Street', suburb: 'Brisbane City', postcode: '4000' });
    const other = await factories.createCatalogue(a);
    await f.provider('Match');
    await f.provider('Wrong service', { serviceIds: [f.cat.services[1]!.id] });
    await f.provider('Wrong category', { categoryIds: [f.cat.categories[1]!.id] });
    const r = await found(
      `project_id=${f.project.id}&suburb=Perth&state=WA&categories=${other.categories[0]!.id}&start_date=2020-01-01`,
    );
    expect(r.mode).toBe('automatic');
    expect(names(r)).toEqual([`Match ${f.tag}`]);
    expect(r.centre).toEqual({ ...CENTRE, label: '1 Queen Street, Brisbane City QLD 4000' });
    expect(r.project).toMatchObject({
      id: f.project.id,
      project_code: f.project.code,
      name: 'Fit-out',
      status: 'order',
      suburb: 'Brisbane City',
      start_date: '2026-11-21',
      end_date: '2026-11-23',
      categories: [{ id: f.cat.categories[0]!.id, name: f.cat.categories[0]!.name }],
      services: [{ id: f.cat.services[0]!.id, name: f.cat.services[0]!.name }],
      service_provider_id: null,
    });
    expect(r.abilities.assign).toBe(true);
  });

  it('does not offer assignment for completed, cancelled or closed projects', async () => {
    for (const status of ['completed', 'cancelled', 'closed'] as const) {
      const f = await fixture({ status });
      expect((await found(`project_id=${f.project.id}`)).abilities.assign, status).toBe(false);
    }
  });

  it('marks providers unavailable when an unavailable period overlaps the dates', async () => {
    const f = await fixture();
    await f.provider('Away', { unavailable: [{ start: '2026-11-23', end: '2026-11-30' }] });
    await f.provider('Before', { unavailable: [{ start: '2026-11-01', end: '2026-11-20' }] });
    await f.provider('Free');
    const r = await found(`project_id=${f.project.id}`);
    const byName = Object.fromEntries(r.items.map((i) => [i.service_provider_name.split(' ')[0], i]));
    expect(byName.Away).toMatchObject({
      unavailable: true,
      availabilities: [{ start_date: '2026-11-23', end_date: '2026-11-30' }],
    });
    expect(byName.Before!.unavailable).toBe(false);
    expect(byName.Free).toMatchObject({ unavailable: false, availabilities: [] });
  });

  it('another tenant’s project is 404', async () => {
    const f = await fixture();
    expect((await search(`project_id=${f.project.id}`, adminB, b.host)).status).toBe(404);
  });
});

describe('manual mode', () => {
  it('keeps a minimum performance rating', async () => {
    const f = await fixture();
    await f.provider('Four', { performanceRating: 4 });
    await f.provider('ThreeHalf', { performanceRating: 3.5 });
    await f.provider('Unrated');
    const r = await found(`categories=${f.cat.categories[0]!.id}&min_rating=4`);
    expect(names(r)).toEqual([`Four ${f.tag}`]);
    expect(r.mode).toBe('manual');
    expect(r.project).toBeNull();
    expect(r.abilities.assign).toBe(false);
  });

  it('categories: any of them; services: any of them; both must hold', async () => {
    const f = await fixture();
    const [c0, c1] = f.cat.categories.map((c) => c.id);
    const [s0, s1, s2] = f.cat.services.map((s) => s.id);
    await f.provider('Electrics', { categoryIds: [c0!], serviceIds: [s0!] });
    await f.provider('Lights', { categoryIds: [c0!], serviceIds: [s1!] });
    await f.provider('Drains', { categoryIds: [c1!], serviceIds: [s2!] });
    const q = async (qs: string) =>
      names(await found(qs))
        .map((n) => n.split(' ')[0])
        .sort();
    expect(await q(`categories=${c0}`)).toEqual(['Electrics', 'Lights']);
    expect(await q(`categories=${c0},${c1}`)).toEqual(['Drains', 'Electrics', 'Lights']);
    expect(await q(`categories=${c0}&categories=${c1}&services=${s1},${s2}`)).toEqual(['Drains', 'Lights']);
    expect(await q(`categories=${c1}&services=${s0}`)).toEqual([]);
  });

  it('centres on the geocoded address; with nothing given there is no centre and no distance', async () => {
    const f = await fixture();
    await f.provider('Here');
    const located = await found(
      `postcode=4000&suburb=Brisbane City&state=QLD&categories=${f.cat.categories[0]!.id}&distance=5`,
    );
    expect(located.centre).toMatchObject({ label: 'Brisbane City QLD 4000' });
    expect(located.centre!.lat).toBeCloseTo(-27.47, 1);
    expect(names(located)).toEqual([`Here ${f.tag}`]);
    expect(located.items[0]!.km).toBeLessThan(5);
    const none = await found(`categories=${f.cat.categories[0]!.id}&distance=5`);
    expect(none.centre).toBeNull();
    expect(none.items.map((i) => i.km)).toEqual([null]);
  });

  it('leaves out deleted providers and shows the search-map status, preferred flag, counts and staff', async () => {
    const f = await fixture();
    const p = await f.provider('Shown', {
      statusCode: 'licence_restricted',
      preferredStates: ['QLD'],
      customerRating: 4.5,
    });
    await f.provider('Deleted', { statusCode: 'deleted' });
    await f.provider('Pending', { statusCode: 'pending' });
    const staff = await factories.createProviderUser(a, p.id, 'sp_employee', { firstName: 'Stan', lastName: 'Staff' });
    await factories.createProject(a, client, { providerId: p.id, status: 'scheduled', startDate: '2026-02-01 08:00' });
    await factories.createProject(a, client, { providerId: p.id, status: 'completed', startDate: '2026-04-02 08:00' });
    const r = await found(`categories=${f.cat.categories[0]!.id}`);
    expect(names(r).sort()).toEqual([`Pending ${f.tag}`, `Shown ${f.tag}`]);
    expect(r.items.find((i) => i.id === p.id)).toMatchObject({
      status_label: 'Licence Restricted – Expired Missing',
      status_colour: 'red',
      preferred: true,
      preferences: { postcodes: [], states: ['QLD'] },
      lastProject: '2026-04-02',
      scheduledProjects: 1,
      completedProjects: 1,
      customer_ratings: 4.5,
      performance_ratings: null,
      send_email: true,
      certified: null,
      unavailable: false,
      sp_users: [{ id: staff.id, full_name: 'Stan Staff' }],
      categories_list: [f.cat.categories[0]!.name],
      services_list: [f.cat.services[0]!.name],
    });
    expect(r.items.find((i) => i.service_provider_name.startsWith('Pending'))).toMatchObject({
      status_label: 'Pending',
      status_colour: 'orange',
      preferred: false,
      lastProject: null,
    });
  });

  it('certified: keeps providers holding a valid certificate of every mandatory type (no expiry counts as valid)', async () => {
    const tenant = await createTenant();
    const cookie = await signIn(t, tenant.host, tenant.admin.email);
    const [mandatory, alsoMandatory] = await asOwner(tenant.id, (tx) =>
      tx
        .insert(certificateTypes)
        .values([
          { tenantId: tenant.id, name: `Licence ${uniq()}`, mandatoryForProviders: true },
          { tenantId: tenant.id, name: `Insurance ${uniq()}`, mandatoryForProviders: true },
          { tenantId: tenant.id, name: `Optional ${uniq()}`, mandatoryForProviders: false },
        ])
        .returning({ id: certificateTypes.id }),
    );
    const holding = async (name: string, expiries: (string | null)[]) => {
      const p = await factories.createProvider(tenant, name);
      const types = [mandatory!.id, alsoMandatory!.id];
      await asOwner(tenant.id, (tx) =>
        tx
          .insert(certificates)
          .values(expiries.map((expiry, i) => ({ tenantId: tenant.id, typeId: types[i]!, providerId: p.id, expiry }))),
      );
      return p;
    };
    await holding('Valid', ['2026-12-31', null]);
    await holding('Expires mid-job', ['2026-11-22', '2030-01-01']);
    await holding('Missing one', ['2030-01-01']);
    const q = (qs: string) => request(t, { host: tenant.host, cookie, url: `/api/service-providers/search?${qs}` });
    const filtered = (await q('certified=true&start_date=2026-11-21&end_date=2026-11-23'))
      .json as ProviderSearchResponse;
    expect(names(filtered)).toEqual(['Valid']);
    expect(filtered.items[0]!.certified).toBe(true);
    // Without the filter, dates still tell each provider's state; with neither, nothing is said.
    const dated = (await q('start_date=2026-11-21&end_date=2026-11-23')).json as ProviderSearchResponse;
    expect(Object.fromEntries(dated.items.map((i) => [i.service_provider_name, i.certified]))).toEqual({
      Valid: true,
      'Expires mid-job': false,
      'Missing one': false,
    });
    const plain = (await q('')).json as ProviderSearchResponse;
    expect(plain.items.map((i) => i.certified)).toEqual([null, null, null]);
  });
});

describe('access and validation', () => {
  it('client and provider users may not search (403); bad values are 422 per field', async () => {
    const cu = await factories.createClientUser(a, client.id, 'client_admin');
    const sp = await factories.createProviderUser(a, (await factories.createProvider(a)).id, 'sp_admin');
    for (const u of [cu, sp]) expect((await search('', await signIn(t, a.host, u.email))).status).toBe(403);
    const bad = await search('distance=7&min_rating=0.3&postcode=abc&categories=nope&start_date=21/11/2026');
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.json.errors).sort()).toEqual([
      'categories.0',
      'distance',
      'min_rating',
      'postcode',
      'start_date',
    ]);
    expect((await search('distance=205')).status).toBe(422);
  });
});
