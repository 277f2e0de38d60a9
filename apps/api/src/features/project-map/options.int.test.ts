import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectMapOptions } from '@siteflow/core';
import * as factories from '../../../test/factories.js';
import { asOwner, createUser, request, signIn } from '../../../test/harness.js';
import { twoCompanies, type TestApp, type TestTenant } from '../../../test/companies.js';
import { users } from '../../platform/db/schema.js';

let t: TestApp, a: TestTenant, b: TestTenant;

beforeAll(async () => {
  ({ t, a, b } = await twoCompanies({ gazetteer: true }));
});
afterAll(() => t?.close());

const options = async (host: string, cookie: string) => {
  const res = await request(t, { host, cookie, url: '/api/project-map/options' });
  expect(res.status, res.text).toBe(200);
  return res.json as ProjectMapOptions;
};

describe('GET /api/project-map/options', () => {
  it("offers client users their client's account managers and the categories, centred on their client", async () => {
    const cat = await factories.createCatalogue(a);
    const [mine, other] = await Promise.all([factories.createClientCo(a), factories.createClientCo(a)]);
    const [am, , otherAm, inactive] = await Promise.all([
      factories.createClientUser(a, mine.id, 'client_am', { firstName: 'Ava', lastName: 'Mine' }),
      factories.createClientUser(a, mine.id, 'client_account'),
      factories.createClientUser(a, other.id, 'client_am'),
      factories.createClientUser(a, mine.id, 'client_am', { firstName: 'Ivy', lastName: 'Gone' }),
    ]);
    await asOwner(a.id, (tx) => tx.update(users).set({ active: false }).where(eq(users.id, inactive.id)));
    const viewer = await factories.createClientUser(a, mine.id, 'client_admin');
    const got = await options(a.host, await signIn(t, a.host, viewer.email));
    expect(got.account_managers.map((m) => m.id)).toEqual([am.id]);
    expect(got.account_managers[0]!.full_name).toBe('Ava Mine');
    expect(got.account_managers.map((m) => m.id)).not.toContain(otherAm.id);
    const electrical = got.categories.find((c) => c.id === cat.categories[0]!.id)!;
    expect(electrical.services.map((s) => s.id).sort()).toEqual([cat.services[0]!.id, cat.services[1]!.id].sort());
    // The client's address is Brisbane City 4000.
    expect(got.home).not.toBeNull();
    expect(Math.abs(got.home!.lat - -27.47)).toBeLessThan(0.1);
  });

  it('offers provider users the account managers of their own projects and centres on the provider', async () => {
    const client = await factories.createClientCo(a);
    const [amOn, amOff] = await Promise.all([
      factories.createClientUser(a, client.id, 'client_am', { firstName: 'Otto', lastName: 'Assigned' }),
      factories.createClientUser(a, client.id, 'client_am'),
    ]);
    const provider = await factories.createProvider(a, undefined, { lat: -33.8688, lng: 151.2093 });
    const someoneElse = await factories.createProvider(a);
    await factories.createProject(a, client, { providerId: provider.id, amId: amOn.id });
    await factories.createProject(a, client, { providerId: someoneElse.id, amId: amOff.id });
    const sp = await factories.createProviderUser(a, provider.id, 'sp_employee');
    const got = await options(a.host, await signIn(t, a.host, sp.email));
    expect(got.account_managers.map((m) => m.id)).toEqual([amOn.id]);
    expect(got.home).toMatchObject({ lat: -33.8688, lng: 151.2093 });
  });

  it('gives staff no account managers (they choose a client first) and their own address as home', async () => {
    const staff = await createUser(a, 'company_employee');
    const got = await options(a.host, await signIn(t, a.host, staff.email));
    expect(got.account_managers).toEqual([]);
    expect(got.home).not.toBeNull();
  });

  it("shows nothing of another company's data and needs a sign-in", async () => {
    await factories.createCatalogue(a);
    const got = await options(b.host, await signIn(t, b.host, b.admin.email));
    expect(got.categories).toEqual([]);
    expect((await request(t, { host: a.host, url: '/api/project-map/options' })).status).toBe(401);
  });
});
