import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROVIDER_TEXT, STAFF_TEXT, WEBSITE_INVALID_MESSAGE, type ProviderView } from '@siteflow/core';
import * as factories from '../../../test/factories.js';
import type { TestCatalogue, TestClient } from '../../../test/factories.js';
import {
  asOwner,
  createTenant,
  createUser,
  request,
  signIn,
  uniq,
  uniqueEmail,
  waitForMail,
  type RequestOptions,
} from '../../../test/harness.js';
import { twoCompanies, type As, type TestApp, type TestTenant } from '../../../test/companies.js';
import { users } from '../../platform/db/schema.js';

let t: TestApp, a: TestTenant, b: TestTenant, adminB: string, employeeA: string, A: As;
let cat: TestCatalogue;
let client: TestClient;

beforeAll(async () => {
  ({ t, a, b, adminB, asA: A } = await twoCompanies({ gazetteer: true }));
  [cat, client] = await Promise.all([factories.createCatalogue(a), factories.createClientCo(a)]);
  employeeA = await signIn(t, a.host, (await createUser(a, 'company_employee')).email);
});
afterAll(() => t.close());

const as =
  (cookie: string, host = a.host) =>
  (opts: RequestOptions) =>
    request(t, { host, cookie, ...opts });

const input = (over: Record<string, unknown> = {}) => ({
  service_provider_name: `Sparkright ${uniq()}`,
  status_code: 'approved',
  director_name: 'Dana Director',
  email: 'Office@Sparkright.test',
  phone: '07 3000 1111',
  website: 'https://sparkright.test',
  street: '1 Queen Street',
  suburb: 'Brisbane City',
  state: 'QLD',
  postcode: '4000',
  categories: [cat.categories[0]!.id],
  services: [cat.services[0]!.id, cat.services[1]!.id],
  preferred_postcodes: ['4000', '4000', '4101'],
  preferred_states: ['QLD'],
  availabilities: [{ start_date: '2026-12-20', end_date: '2027-01-05', note: 'Christmas' }],
  notes: 'Reliable.',
  ...over,
});

describe('create and edit', () => {
  it('creates a provider with a geocoded business address, categories, services, preferences and availabilities', async () => {
    const res = await A({
      method: 'POST',
      url: '/api/service-providers',
      body: input({ service_provider_name: 'Sparkright Electrical' }),
    });
    expect(res.status).toBe(201);
    const p = res.json as ProviderView;
    expect(p).toMatchObject({
      service_provider_name: 'Sparkright Electrical',
      status_code: 'approved',
      status_label: 'Approved',
      status_colour: 'green',
      email: 'office@sparkright.test',
      location: '1 Queen Street, Brisbane City QLD 4000',
      categories: [{ id: cat.categories[0]!.id, name: cat.categories[0]!.name }],
      preferences: { postcodes: ['4000', '4101'], states: ['QLD'] },
      availabilities: [{ start_date: '2026-12-20', end_date: '2027-01-05', note: 'Christmas' }],
      users: [],
      performance_ratings: null,
      finished_creation: 0,
      completed_projects: 0,
      project_count: 0,
      last_project: null,
      abilities: { edit: true },
    });
    expect(p.services.map((s) => s.id).sort()).toEqual([cat.services[0]!.id, cat.services[1]!.id].sort());
    expect(p.business_address.precision).toBe('suburb');
    expect(p.business_address.lat).toBeCloseTo(-27.47, 1);
    expect(p.business_address.lng).toBeCloseTo(153.02, 1);
    expect(p.locations).toEqual([{ lat: p.business_address.lat, lng: p.business_address.lng }]);
    // And it reads back the same.
    expect((await A({ url: `/api/service-providers/${p.id}` })).json).toEqual(p);
  });

  it('a provider with no address, or one the gazetteer does not know, has no location', async () => {
    for (const address of [
      { street: null, suburb: null, state: null, postcode: null },
      { street: '9 Nowhere Road', suburb: 'Qwxyzville', state: null, postcode: null },
    ]) {
      const res = await A({ method: 'POST', url: '/api/service-providers', body: input(address) });
      expect(res.status).toBe(201);
      expect(res.json.business_address).toMatchObject({ lat: null, lng: null, precision: null });
      expect(res.json.locations).toEqual([]);
    }
  });

  it('answers 422 per field: name, unknown category, service outside the categories, availability order, postcode', async () => {
    const res = await A({
      method: 'POST',
      url: '/api/service-providers',
      body: input({
        service_provider_name: '  ',
        postcode: '40000',
        availabilities: [{ start_date: '2026-12-20', end_date: '2026-12-01' }],
      }),
    });
    expect(res.status).toBe(422);
    expect(res.json.errors).toMatchObject({
      service_provider_name: [PROVIDER_TEXT.nameRequired],
      'availabilities.0.end_date': [PROVIDER_TEXT.availabilityOrder],
      postcode: ['The postcode must be a number from 0 to 9999.'],
    });
    const other = await factories.createCatalogue(b);
    const refs = await A({
      method: 'POST',
      url: '/api/service-providers',
      body: input({ categories: [other.categories[0]!.id], services: [] }),
    });
    expect(refs.status).toBe(422);
    expect(Object.keys(refs.json.errors)).toEqual(['categories']);
    const outside = await A({
      method: 'POST',
      url: '/api/service-providers',
      body: input({ categories: [cat.categories[1]!.id], services: [cat.services[0]!.id] }),
    });
    expect(outside.status).toBe(422);
    expect(Object.keys(outside.json.errors)).toEqual(['services']);
  });

  it('takes a website as people type it and refuses one that is not a web address (422 on website)', async () => {
    for (const website of ['www.example.com.au', 'example.com', 'https://example.com/path']) {
      const res = await A({ method: 'POST', url: '/api/service-providers', body: input({ website }) });
      expect(res.status, res.text).toBe(201);
      expect(res.json.website).toBe(website);
    }
    const name = `Nowhere ${uniq()}`;
    for (const website of ['not a url at all', 'example', 'www.example .com']) {
      const res = await A({
        method: 'POST',
        url: '/api/service-providers',
        body: input({ service_provider_name: name, website }),
      });
      expect(res.status, `${website}: ${res.text}`).toBe(422);
      expect(res.json.errors).toEqual({ website: [WEBSITE_INVALID_MESSAGE] });
    }
    expect((await A({ url: `/api/service-providers?search=${encodeURIComponent(name)}` })).json.total).toBe(0);
    const created = (await A({ method: 'POST', url: '/api/service-providers', body: input() })).json as ProviderView;
    const edit = await A({
      method: 'PUT',
      url: `/api/service-providers/${created.id}`,
      body: input({ website: 'not a url at all' }),
    });
    expect(edit.status).toBe(422);
    expect(edit.json.errors).toEqual({ website: [WEBSITE_INVALID_MESSAGE] });
  });

  it('refuses a name another provider of the company has, whatever the case (422 on the name), on create and edit', async () => {
    const name = `SparkRight ${uniq()} Electrical & Data`;
    const first = await A({
      method: 'POST',
      url: '/api/service-providers',
      body: input({ service_provider_name: name }),
    });
    expect(first.status, first.text).toBe(201);
    for (const same of [name, name.toLowerCase(), `  ${name.toUpperCase()} `]) {
      const res = await A({
        method: 'POST',
        url: '/api/service-providers',
        body: input({ service_provider_name: same }),
      });
      expect(res.status, `${same}: ${res.text}`).toBe(422);
      expect(res.json.errors).toEqual({ service_provider_name: [PROVIDER_TEXT.nameTaken] });
    }
    const list = await A({ url: `/api/service-providers?search=${encodeURIComponent(name)}&pageSize=100` });
    expect(list.json.total).toBe(1);

    // Editing: its own name (in another case) is fine; another provider's is not.
    const own = await A({
      method: 'PUT',
      url: `/api/service-providers/${first.json.id}`,
      body: input({ service_provider_name: name.toUpperCase() }),
    });
    expect(own.status, own.text).toBe(200);
    const other = (await A({ method: 'POST', url: '/api/service-providers', body: input() })).json as ProviderView;
    const taken = await A({
      method: 'PUT',
      url: `/api/service-providers/${other.id}`,
      body: input({ service_provider_name: name }),
    });
    expect(taken.status).toBe(422);
    expect(taken.json.errors).toEqual({ service_provider_name: [PROVIDER_TEXT.nameTaken] });

    // Another company may use the name; two saves of one name at once end in one provider.
    const theirs = await request(t, {
      host: b.host,
      cookie: adminB,
      method: 'POST',
      url: '/api/service-providers',
      body: { service_provider_name: name },
    });
    expect(theirs.status, theirs.text).toBe(201);
    const race = `Race ${uniq()}`;
    const both = await Promise.all(
      [race, race.toLowerCase()].map((n) =>
        A({ method: 'POST', url: '/api/service-providers', body: input({ service_provider_name: n }) }),
      ),
    );
    expect(both.map((r) => r.status).sort()).toEqual([201, 422]);
    expect(both.find((r) => r.status === 422)!.json.errors).toEqual({
      service_provider_name: [PROVIDER_TEXT.nameTaken],
    });
  });

  it('edits: availabilities and categories are replaced as sets, the address is geocoded again', async () => {
    const created = (await A({ method: 'POST', url: '/api/service-providers', body: input() })).json as ProviderView;
    const res = await A({
      method: 'PUT',
      url: `/api/service-providers/${created.id}`,
      body: input({
        service_provider_name: 'Renamed Pty Ltd',
        status_code: 'licence_restricted',
        street: null,
        suburb: null,
        state: 'VIC',
        postcode: '3000',
        categories: [cat.categories[1]!.id],
        services: [cat.services[2]!.id],
        preferred_postcodes: [],
        preferred_states: [],
        availabilities: [{ start_date: '2027-02-01', end_date: '2027-02-03' }],
      }),
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      service_provider_name: 'Renamed Pty Ltd',
      status_label: 'License Restricted - Expired Missing',
      status_colour: 'yellow',
      location: 'VIC 3000',
      categories: [{ id: cat.categories[1]!.id }],
      services: [{ id: cat.services[2]!.id }],
      preferences: { postcodes: [], states: [] },
      availabilities: [{ start_date: '2027-02-01', end_date: '2027-02-03', note: null }],
    });
    expect(res.json.business_address.lat).toBeCloseTo(-37.8, 0);
  });

  it('another tenant’s provider is 404; provider and client users may not create or edit (403)', async () => {
    const theirs = await factories.createProvider(b);
    expect((await A({ url: `/api/service-providers/${theirs.id}` })).status).toBe(404);
    expect((await A({ method: 'PUT', url: `/api/service-providers/${theirs.id}`, body: input() })).status).toBe(404);
    const mine = await factories.createProvider(a);
    const sp = await factories.createProviderUser(a, mine.id, 'sp_admin');
    const cu = await factories.createClientUser(a, client.id, 'client_admin');
    for (const u of [sp, cu]) {
      const cookie = await signIn(t, a.host, u.email);
      expect((await as(cookie)({ method: 'POST', url: '/api/service-providers', body: input() })).status).toBe(403);
      expect(
        (await as(cookie)({ method: 'PUT', url: `/api/service-providers/${mine.id}`, body: input() })).status,
      ).toBe(403);
    }
  });
});

describe('list and show', () => {
  it('searches name, suburb, postcode and e-mail; filters status, category and state; sorts and pages', async () => {
    const tenant = await createTenant();
    const cookie = await signIn(t, tenant.host, tenant.admin.email);
    const list = (qs: string) => request(t, { host: tenant.host, cookie, url: `/api/service-providers?${qs}` });
    const c = await factories.createCatalogue(tenant);
    await factories.createProvider(tenant, 'Alpha Electrical', {
      suburb: 'Toowong',
      postcode: '4066',
      categoryIds: [c.categories[0]!.id],
      performanceRating: 4,
    });
    await factories.createProvider(tenant, 'Bravo Plumbing', {
      email: 'jobs@bravo.test',
      statusCode: 'not_approved',
      state: 'NSW',
      performanceRating: 2,
    });
    await factories.createProvider(tenant, 'Charlie Co', { statusCode: 'licence_restricted', lat: null, lng: null });

    const names = async (qs: string) =>
      (await list(qs)).json.items.map((p: { service_provider_name: string }) => p.service_provider_name);
    expect(await names('')).toEqual(['Alpha Electrical', 'Bravo Plumbing', 'Charlie Co']);
    expect(await names('search=toowong')).toEqual(['Alpha Electrical']);
    expect(await names('search=4066')).toEqual(['Alpha Electrical']);
    expect(await names('search=jobs@bravo')).toEqual(['Bravo Plumbing']);
    expect(await names('search=charlie')).toEqual(['Charlie Co']);
    expect(await names('status=not_approved')).toEqual(['Bravo Plumbing']);
    expect(await names(`category_id=${c.categories[0]!.id}`)).toEqual(['Alpha Electrical']);
    expect(await names('state=NSW')).toEqual(['Bravo Plumbing']);
    expect(await names('sort=performance&order=desc')).toEqual(['Alpha Electrical', 'Bravo Plumbing', 'Charlie Co']);
    expect(await names('sort=name&order=desc')).toEqual(['Charlie Co', 'Bravo Plumbing', 'Alpha Electrical']);
    const page2 = (await list('pageSize=2&page=2')).json;
    expect(page2).toMatchObject({ total: 3, page: 2, pageSize: 2, items: [{ service_provider_name: 'Charlie Co' }] });
    expect(page2.items[0]).toMatchObject({
      status_label: 'License Restricted - Expired Missing',
      status_colour: 'yellow',
      has_location: false,
    });
    const alpha = (await list('search=alpha')).json.items[0];
    expect(alpha).toMatchObject({
      categories_list: [c.categories[0]!.name],
      has_location: true,
      performance_ratings: 4,
    });
    expect((await list('status=bogus')).status).toBe(422);
  });

  it('shows project counts and the last project', async () => {
    const p = await factories.createProvider(a);
    await factories.createProject(a, client, { providerId: p.id, status: 'order', startDate: '2026-03-01 08:00' });
    await factories.createProject(a, client, { providerId: p.id, status: 'scheduled', startDate: '2026-05-01 08:00' });
    await factories.createProject(a, client, { providerId: p.id, status: 'completed', startDate: '2026-01-01 08:00' });
    await factories.createProject(a, client, { providerId: p.id, status: 'closed', startDate: '2025-12-01 08:00' });
    await factories.createProject(a, client, { providerId: p.id, status: 'cancelled', startDate: '2025-11-01 08:00' });
    const latest = await factories.createProject(a, client, {
      providerId: p.id,
      status: 'on_hold',
      startDate: '2026-07-01 08:00',
      name: 'Latest job',
    });
    const view = (await A({ url: `/api/service-providers/${p.id}` })).json as ProviderView;
    expect(view).toMatchObject({
      finished_creation: 3,
      completed_projects: 2,
      project_count: 6,
      last_project: { id: latest.id, project_code: latest.code, name: 'Latest job', date: '2026-07-01' },
    });
  });

  it('provider users see only their own provider; client users have no access (403)', async () => {
    const mine = await factories.createProvider(a, `Mine ${uniq()}`);
    const other = await factories.createProvider(a, `Other ${uniq()}`);
    const spe = await factories.createProviderUser(a, mine.id, 'sp_employee');
    const cookie = await signIn(t, a.host, spe.email);
    const asSp = as(cookie);
    const list = (await asSp({ url: '/api/service-providers?pageSize=100' })).json;
    expect(list.items.map((p: { id: string }) => p.id)).toEqual([mine.id]);
    expect(list.total).toBe(1);
    const own = await asSp({ url: `/api/service-providers/${mine.id}` });
    expect(own.status).toBe(200);
    expect(own.json.abilities.edit).toBe(false);
    expect((await asSp({ url: `/api/service-providers/${other.id}` })).status).toBe(404);

    const cu = await factories.createClientUser(a, client.id, 'client_am');
    const asClient = as(await signIn(t, a.host, cu.email));
    expect((await asClient({ url: '/api/service-providers' })).status).toBe(403);
    expect((await asClient({ url: `/api/service-providers/${mine.id}` })).status).toBe(403);
    expect((await request(t, { host: a.host, url: '/api/service-providers' })).status).toBe(401);
  });
});

describe('provider users', () => {
  it('creates a provider user, who is invited by e-mail; a taken e-mail is 422', async () => {
    const p = await factories.createProvider(a);
    const email = uniqueEmail('sp');
    const res = await request(t, {
      host: a.host,
      cookie: employeeA,
      method: 'POST',
      url: `/api/service-providers/${p.id}/users`,
      body: {
        first_name: 'Sam',
        last_name: 'Spark',
        email: email.toUpperCase(),
        phone: '0400 111 222',
        role: 'sp_admin',
      },
    });
    expect(res.status).toBe(201);
    expect(res.json.users).toEqual([
      expect.objectContaining({
        first_name: 'Sam',
        last_name: 'Spark',
        full_name: 'Sam Spark',
        email,
        role: 'sp_admin',
        active: true,
      }),
    ]);
    expect(res.json.sp_users).toBe('Sam Spark');
    const mail = await waitForMail(email, { subject: `Welcome to ${a.name} on Siteflow` });
    // The invitation's link opens the screen as 'Set Password' (a first password, not a reset).
    expect(mail.text).toMatch(/\/reset-password\/[A-Za-z0-9_-]{43,}\?email=[^&\s]+&invite=1/);
    const [row] = await asOwner(a.id, (tx) => tx.select().from(users).where(eq(users.email, email)));
    expect(row).toMatchObject({ role: 'sp_admin', serviceProviderId: p.id });

    const dup = await A({
      method: 'POST',
      url: `/api/service-providers/${p.id}/users`,
      body: { first_name: 'X', last_name: 'Y', email, role: 'sp_employee' },
    });
    expect(dup.status).toBe(422);
    expect(dup.json.errors).toEqual({ email: [STAFF_TEXT.emailTaken] });
    const bad = await A({
      method: 'POST',
      url: `/api/service-providers/${p.id}/users`,
      body: { email: 'nope', role: 'boss' },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.json.errors).sort()).toEqual(['email', 'first_name', 'last_name', 'role']);
  });

  it('edits and deactivates a provider user; a user of another provider is 404', async () => {
    const p = await factories.createProvider(a);
    const u = await factories.createProviderUser(a, p.id, 'sp_employee', { firstName: 'Ella' });
    const cookie = await signIn(t, a.host, u.email);
    const res = await A({
      method: 'PUT',
      url: `/api/service-providers/${p.id}/users/${u.id}`,
      body: { first_name: 'Ella', last_name: 'Boss', email: u.email, role: 'sp_admin' },
    });
    expect(res.status).toBe(200);
    expect(res.json.users[0]).toMatchObject({ id: u.id, full_name: 'Ella Boss', role: 'sp_admin' });
    /** PUT .../users/:id/active as `who`, for the provider `providerId`. */
    const setActive = (who: As, providerId: string, body: unknown = { active: true }) =>
      who({ method: 'PUT', url: `/api/service-providers/${providerId}/users/${u.id}/active`, body });
    const off = await setActive(A, p.id, { active: false });
    expect(off.status).toBe(200);
    expect(off.json.users[0].active).toBe(false);
    expect(off.json.sp_users).toBe('');
    // Deactivating ended the session.
    expect((await as(cookie)({ url: `/api/service-providers/${p.id}` })).status).toBe(401);
    expect((await setActive(A, p.id, {})).status).toBe(422);

    const other = await factories.createProvider(a);
    expect((await setActive(A, other.id)).status).toBe(404);
    expect((await setActive(as(adminB, b.host), p.id)).status).toBe(404);
    const asSp = as(await signIn(t, a.host, (await factories.createProviderUser(a, p.id, 'sp_admin')).email));
    expect((await setActive(asSp, p.id)).status).toBe(403);
  });
});

describe('options (picker by trading name)', () => {
  it('finds up to 20 by trading name, without deleted ones, each with its active staff', async () => {
    const tenant = await createTenant();
    const cookie = await signIn(t, tenant.host, tenant.admin.email);
    const tag = uniq();
    const keep = await factories.createProvider(tenant, `Zed ${tag} Electrical`);
    await factories.createProvider(tenant, `Zed ${tag} Gone`, { statusCode: 'deleted' });
    const active = await factories.createProviderUser(tenant, keep.id, 'sp_employee', {
      firstName: 'Amy',
      lastName: 'Active',
    });
    await factories.createProviderUser(tenant, keep.id, 'sp_employee', { active: false });
    for (let i = 0; i < 22; i++) await factories.createProvider(tenant, `Many ${tag} ${String(i).padStart(2, '0')}`);
    const res = await request(t, { host: tenant.host, cookie, url: `/api/service-providers/options?q=zed ${tag}` });
    expect(res.status).toBe(200);
    expect(res.json.items).toEqual([
      expect.objectContaining({
        id: keep.id,
        status_label: 'Approved',
        has_location: true,
        sp_users: [{ id: active.id, full_name: 'Amy Active' }],
      }),
    ]);
    expect(
      (await request(t, { host: tenant.host, cookie, url: `/api/service-providers/options?q=many ${tag}` })).json.items,
    ).toHaveLength(20);
    const sp = await factories.createProviderUser(tenant, keep.id, 'sp_admin');
    expect(
      (
        await request(t, {
          host: tenant.host,
          cookie: await signIn(t, tenant.host, sp.email),
          url: '/api/service-providers/options',
        })
      ).status,
    ).toBe(403);
  });
});
