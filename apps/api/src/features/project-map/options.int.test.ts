import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ProjectMapOptions } from '@siteflow/core';
import {
  createCatalogue,
  createClientCo,
  createClientUser,
  createProject,
  createProvider,
  createProviderUser,
} from '../../../test/factories.js';
import {
  asOwner,
  createTenant,
  createTestApp,
  createUser,
  request,
  signIn,
  type TestApp,
  type TestTenant,
} from '../../../test/harness.js';
import { users } from '../../platform/db/schema.js';
import { loadGazetteer } from '../geo/load-gazetteer.js';

let t: TestApp;
let a: TestTenant;
let b: TestTenant;

beforeAll(async () => {
  await loadGazetteer(inject('ownerUrl'));
  t = await createTestApp();
  [a, b] = await Promise.all([createTenant(), createTenant()]);
});
afterAll(() => t?.close());

const options = async (host: string, cookie: string) => {
  const res = await request(t, { host, cookie, url: '/api/project-map/options' });
  expect(res.status, res.text).toBe(200);
  return res.json as ProjectMapOptions;
};

describe('GET /api/project-map/options', () => {
  it("offers client users their client's account managers and the categories, centred on their client", async () => {
    const cat = await createCatalogue(a);
    const [mine, other] = await Promise.all([createClientCo(a), createClientCo(a)]);
    const [am, , otherAm, inactive] = await Promise.all([
      createClientUser(a, mine.id, 'client_am', { firstName: 'Ava', lastName: 'Mine' }),
      createClientUser(a, mine.id, 'client_account'),
      createClientUser(a, other.id, 'client_am'),
      createClientUser(a, mine.id, 'client_am', { firstName: 'Ivy', lastName: 'Gone' }),
    ]);
    await asOwner(a.id, (tx) => tx.update(users).set({ active: false }).where(eq(users.id, inactive.id)));
    const viewer = await createClientUser(a, mine.id, 'client_admin');
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
    const client = await createClientCo(a);
    const [amOn, amOff] = await Promise.all([
      createClientUser(a, client.id, 'client_am', { firstName: 'Otto', lastName: 'Assigned' }),
      createClientUser(a, client.id, 'client_am'),
    ]);
    const provider = await createProvider(a, undefined, { lat: -33.8688, lng: 151.2093 });
    const someoneElse = await createProvider(a);
    await createProject(a, client, { providerId: provider.id, amId: amOn.id });
    await createProject(a, client, { providerId: someoneElse.id, amId: amOff.id });
    const sp = await createProviderUser(a, provider.id, 'sp_employee');
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
    await createCatalogue(a);
    const got = await options(b.host, await signIn(t, b.host, b.admin.email));
    expect(got.categories).toEqual([]);
    expect((await request(t, { host: a.host, url: '/api/project-map/options' })).status).toBe(401);
  });
});
