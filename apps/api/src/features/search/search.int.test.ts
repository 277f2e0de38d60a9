import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recentlyViewedColumns } from '@siteflow/core';
import * as factories from '../../../test/factories.js';
import type { TestClient } from '../../../test/factories.js';
import { asOwner, createTenant, createUser, request, signIn, uniq } from '../../../test/harness.js';
import {
  signedIn,
  twoCompanies,
  type As,
  type TestApp,
  type TestTenant,
  type TestUser,
} from '../../../test/companies.js';
import { certificates, certificateTypes, projects } from '../../platform/db/schema.js';
import { RECENT_REMOVED } from './routes.js';

let t: TestApp, a: TestTenant, adminA: string, asA: As, asB: As;
let client: TestClient;
let am: TestUser;

beforeAll(async () => {
  ({ t, a, adminA, asA, asB } = await twoCompanies());
  client = await factories.createClientCo(a, { tradingName: `Searchable ${uniq()} Pty Ltd` });
  am = await factories.createClientUser(a, client.id, 'client_am', { firstName: 'Andy', lastName: 'Manager' });
});
afterAll(() => t.close());

const search = async (q: string, as = asA, extra = '') => {
  const res = await as({ url: `/api/search/projects?q=${encodeURIComponent(q)}${extra}` });
  expect(res.status, res.text).toBe(200);
  return res.json as {
    data: { id: number; name: string; service_provider_name?: string | null }[];
    total: number;
    current_page: number;
    last_page: number;
  };
};
const idsOf = (r: { data: { id: number }[] }) => r.data.map((d) => d.id);

describe('quick search', () => {
  it('an empty term finds nothing', async () => {
    expect(await search('')).toEqual({ data: [], total: 0, current_page: 1, last_page: 1 });
    expect(await search('   ')).toMatchObject({ data: [], total: 0 });
  });

  it('finds by code, name, order reference, client and address, with the overlay fields', async () => {
    const provider = await factories.createProvider(a, `Sparky ${uniq()}`);
    const tag = `Qs${uniq()}`;
    const p = await factories.createProject(a, client, {
      name: `${tag} Riverside Apartments`,
      orderReference: `PO-${tag}`,
      street: '12 Eagle Street',
      suburb: 'Brisbane City',
      state: 'QLD',
      postcode: '4000',
      amId: am.id,
      providerId: provider.id,
      startDate: '2026-03-09 08:00',
    });
    const byName = await search(`${tag} riverside`);
    expect(byName.total).toBe(1);
    expect(byName.data[0]).toEqual({
      id: p.id,
      project_code: p.code,
      name: `${tag} Riverside Apartments`,
      status: 'order',
      status_label: 'Order',
      status_colour: 'blue',
      start_date: '2026-03-09T08:00',
      service_provider_name: provider.name,
      account_manager_name: 'Andy Manager',
      project_manager_name: 'Ada Admin',
      location_first: '12 Eagle Street, Brisbane City QLD 4000',
    });
    expect(idsOf(await search(p.code))).toEqual([p.id]);
    expect(idsOf(await search(`po-${tag}`))).toEqual([p.id]);
    expect(idsOf(await search(client.tradingName))).toContain(p.id);
    expect(idsOf(await search(`12 eagle street, brisbane`.replace(',', '')))).toContain(p.id);
    // Code shorthand: 'PRJ 12' means PRJ-00012.
    const seq = Number(p.code.slice(4));
    expect(idsOf(await search(`prj ${seq}`))).toEqual([p.id]);
    expect(idsOf(await search(`PRJ${seq}`))).toEqual([p.id]);
  });

  it('is typo tolerant: a misspelt suburb, name or code still finds the project', async () => {
    const fresh = await createTenant();
    const freshClient = await factories.createClientCo(fresh);
    const asFresh = await signedIn(t, fresh, fresh.admin);
    const brisbane = await factories.createProject(fresh, freshClient, {
      name: 'Switchboard upgrade',
      suburb: 'Brisbane City',
      postcode: '4000',
    });
    const kangaroo = await factories.createProject(fresh, freshClient, {
      name: 'Kangaroo Point Bridge refurbishment',
      suburb: 'Kangaroo Point',
      postcode: '4169',
    });
    const others = [];
    for (let i = 0; i < 8; i++)
      others.push(
        await factories.createProject(fresh, freshClient, {
          name: `Routine service ${i}`,
          suburb: 'Toowoomba',
          postcode: '4350',
        }),
      );

    expect(idsOf(await search('Brisbnae', asFresh))[0]).toBe(brisbane.id);
    expect(idsOf(await search('kangaroo pont bridge', asFresh))[0]).toBe(kangaroo.id);
    expect(idsOf(await search('refurbishmnet', asFresh))[0]).toBe(kangaroo.id);
    // A letter O for a zero in the code.
    const typoCode = kangaroo.code.toLowerCase().replace(/0(?=\d*$)/, 'o');
    expect(typoCode).not.toBe(kangaroo.code.toLowerCase());
    expect(idsOf(await search(typoCode, asFresh))[0]).toBe(kangaroo.id);
    // Nothing close: nothing found.
    expect((await search('xylophone quartz', asFresh)).total).toBe(0);
  });

  it('finds every word of a term anywhere, and corrects slips against words saved through the API', async () => {
    const fresh = await createTenant();
    const freshClient = await factories.createClientCo(fresh, { tradingName: 'Ironbark Property Group' });
    const asFresh = await signedIn(t, fresh, fresh.admin);
    const cctv = await factories.createProject(fresh, freshClient, {
      name: 'CCTV upgrade',
      suburb: 'Penrith',
      state: 'NSW',
      postcode: '2750',
    });
    await factories.createProject(fresh, freshClient, {
      name: 'CCTV service',
      suburb: 'Parramatta',
      state: 'NSW',
      postcode: '2150',
    });
    expect(idsOf(await search('cctv penrith', asFresh))).toEqual([cctv.id]);

    // A project saved through the API adds its words to the vocabulary (as the request role).
    const [am, cat] = await Promise.all([
      factories.createClientUser(fresh, freshClient.id, 'client_am'),
      factories.createCatalogue(fresh),
    ]);
    const created = await asFresh({
      method: 'POST',
      url: '/api/projects',
      body: {
        name: 'Sprinkler commissioning',
        project_manager: fresh.admin.id,
        project_administrator: fresh.admin.id,
        client: freshClient.id,
        client_am: am.id,
        order_reference: 'PO-77',
        categories: [cat.categories[0]!.id],
        services: [cat.services[0]!.id],
        street: '1 Main Road',
        suburb: 'Wollongong',
        state: 'NSW',
        postcode: '2500',
        site_contacts: [{ name: 'Sam' }],
      },
    });
    expect(created.status, created.text).toBe(201);
    expect(idsOf(await search('sprinkelr', asFresh))).toEqual([created.json.id]);
    expect(idsOf(await search('wollongnog sprinkler', asFresh))).toEqual([created.json.id]);
    expect(idsOf(await search('ironbrak', asFresh))).toHaveLength(3);
  });

  it('ranks exact matches newest first, and pages', async () => {
    const tag = `Pg${uniq()}`;
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await factories.createProject(a, client, { name: `${tag} Job ${i}` }));
    const page1 = await search(tag, asA, '&pageSize=2');
    expect(page1).toMatchObject({ total: 5, current_page: 1, last_page: 3 });
    expect(idsOf(page1)).toEqual([made[4]!.id, made[3]!.id]);
    const page3 = await search(tag, asA, '&pageSize=2&page=3');
    expect(idsOf(page3)).toEqual([made[0]!.id]);
    expect(page3).toMatchObject({ total: 5, current_page: 3, last_page: 3 });
  });

  it('search terms with wildcards or SQL are plain text', async () => {
    for (const q of ['%', '_', '\\', "' or 1=1 --", '100%']) {
      const res = await asA({ url: `/api/search/projects?q=${encodeURIComponent(q)}` });
      expect(res.status, q).toBe(200);
    }
    expect((await search('%')).total).toBe(0);
  });

  it('client users find only their client’s projects, without the provider name; provider users only assigned ones', async () => {
    const tag = `Vis${uniq()}`;
    const otherClient = await factories.createClientCo(a);
    const provider = await factories.createProvider(a);
    const own = await factories.createProject(a, client, { name: `${tag} own`, providerId: provider.id });
    const notOwn = await factories.createProject(a, otherClient, { name: `${tag} other` });
    const cu = await factories.createClientUser(a, client.id, 'client_account');
    const pu = await factories.createProviderUser(a, provider.id, 'sp_admin');
    const [asClient, asProvider] = await Promise.all([signedIn(t, a, cu), signedIn(t, a, pu)]);

    const forClient = await search(tag, asClient);
    expect(idsOf(forClient)).toEqual([own.id]);
    expect('service_provider_name' in forClient.data[0]!).toBe(false);
    const forProvider = await search(tag, asProvider);
    expect(idsOf(forProvider)).toEqual([own.id]);
    expect(forProvider.data[0]!.service_provider_name).toBe(provider.name);
    // Typo search keeps to the scope too.
    expect(idsOf(await search(`${tag} othr`, asClient))).not.toContain(notOwn.id);
    expect(idsOf(await search(tag))).toEqual(expect.arrayContaining([own.id, notOwn.id]));
  });

  it("provider users cannot find their projects by the client's name, which they are never shown", async () => {
    const word = `Hidden${uniq()}`;
    const secretClient = await factories.createClientCo(a, { tradingName: `${word} Holdings` });
    const provider = await factories.createProvider(a);
    const p = await factories.createProject(a, secretClient, {
      name: `Deck ${word.slice(6)} works`,
      suburb: 'Penrith',
      providerId: provider.id,
    });
    const pu = await factories.createProviderUser(a, provider.id, 'sp_admin');
    const asProvider = await signedIn(t, a, pu);
    const list = async (q: string, as: As) => {
      const res = await as({ url: `/api/projects?search=${encodeURIComponent(q)}` });
      expect(res.status, res.text).toBe(200);
      return (res.json as { items: { id: number }[] }).items.map((i) => i.id);
    };

    // Staff find it by the client's name, in the quick search and the list.
    expect(idsOf(await search(word))).toEqual([p.id]);
    expect(await list(word, asA)).toEqual([p.id]);
    // The provider user: not by the client's name (as typed, word by word, or with a typing slip)...
    expect((await search(word, asProvider)).total).toBe(0);
    expect((await search(`${word} deck`, asProvider)).total).toBe(0);
    expect((await search(`${word.slice(0, -1)}x holdings`, asProvider)).total).toBe(0);
    expect(await list(word, asProvider)).toEqual([]);
    expect(await list('holdings', asProvider)).not.toContain(p.id);
    // ...but by what they see: the name, the code, the suburb (the list matches its term as typed).
    expect(idsOf(await search(`deck ${word.slice(6)}`, asProvider))).toEqual([p.id]);
    expect(idsOf(await search(p.code, asProvider))).toEqual([p.id]);
    expect(await list(`${word.slice(6)} works`, asProvider)).toEqual([p.id]);
    expect(await list('penrith', asProvider)).toEqual([p.id]);
  });

  it("never shows another company's projects", async () => {
    const p = await factories.createProject(a, client, { name: `Secret ${uniq()}` });
    expect((await search(p.name, asB)).total).toBe(0);
    expect((await search(p.code, asB)).data.map((d) => d.name)).not.toContain(p.name);
  });

  it('needs a signed-in user', async () => {
    expect((await request(t, { host: a.host, url: '/api/search/projects?q=x' })).status).toBe(401);
  });
});

describe('recently viewed', () => {
  const viewed = async (cookie: string, id: number) => {
    const res = await request(t, { host: a.host, cookie, url: `/api/projects/${id}` });
    expect(res.status, res.text).toBe(200);
    t.clock.advance(1000);
  };
  const recent = async (cookie: string, query = '') => {
    const res = await request(t, { host: a.host, cookie, url: `/api/recently-viewed${query}` });
    expect(res.status, res.text).toBe(200);
    return res.json as {
      data: Record<string, unknown>[];
      total: number;
      current_page: number;
      last_page: number;
      columns: string[];
    };
  };

  it('lists the projects a user opened, last opened first, and removes one', async () => {
    const cat = await factories.createCatalogue(a);
    const provider = await factories.createProvider(a);
    const [p1, p2, p3] = [
      await factories.createProject(a, client, {
        name: 'One',
        categoryId: cat.categories[0]!.id,
        providerId: provider.id,
      }),
      await factories.createProject(a, client, { name: 'Two' }),
      await factories.createProject(a, client, { name: 'Three' }),
    ];
    const fresh = await signIn(t, a.host, (await createUser(a, 'company_employee')).email);
    await viewed(fresh, p1.id);
    await viewed(fresh, p2.id);
    await viewed(fresh, p3.id);
    await viewed(fresh, p1.id); // opened again: first

    const list = await recent(fresh);
    expect(list.total).toBe(3);
    expect(list.data.map((d) => d.id)).toEqual([p1.id, p3.id, p2.id]);
    expect(list.columns).toEqual(recentlyViewedColumns('staff'));
    expect(list.data[0]).toEqual({
      id: p1.id,
      last_accessed_date: expect.any(String),
      project_link: `/projects/${p1.id}/show`,
      project_code: p1.code,
      status: 'order',
      status_label: 'Order',
      status_colour: 'blue',
      category: cat.categories[0]!.name,
      service_provider: provider.name,
      client: client.tradingName,
      start_date: '2026-11-21T08:00',
      end_date: '2026-11-21T17:00',
      project_manager: 'Ada Admin',
      name: 'One',
      location_address: '1 Test Street, Testville QLD 4000',
    });
    const paged = await recent(fresh, '?pageSize=2&page=2');
    expect(paged).toMatchObject({ total: 3, current_page: 2, last_page: 2 });
    expect(paged.data.map((d) => d.id)).toEqual([p2.id]);

    const del = await request(t, {
      method: 'DELETE',
      host: a.host,
      cookie: fresh,
      url: `/api/recently-viewed/${p3.id}`,
    });
    expect(del.status).toBe(200);
    expect(del.json).toEqual({ message: RECENT_REMOVED });
    expect((await recent(fresh)).data.map((d) => d.id)).toEqual([p1.id, p2.id]);
    expect(
      (await request(t, { method: 'DELETE', host: a.host, cookie: fresh, url: `/api/recently-viewed/${p3.id}` }))
        .status,
    ).toBe(404);
    // Another user's list is their own.
    expect((await recent(adminA)).data.map((d) => d.id)).not.toContain(p2.id);
  });

  it('shows the columns of the role and only projects the user can still see', async () => {
    const provider = await factories.createProvider(a);
    const mine = await factories.createProject(a, client, { providerId: provider.id, orderReference: 'PO-MINE' });
    const moving = await factories.createProject(a, client);
    const cu = await factories.createClientUser(a, client.id, 'client_am');
    const pu = await factories.createProviderUser(a, provider.id, 'sp_employee');
    const [clientCookie, providerCookie] = await Promise.all([
      signIn(t, a.host, cu.email),
      signIn(t, a.host, pu.email),
    ]);

    await viewed(clientCookie, mine.id);
    await viewed(clientCookie, moving.id);
    const asClient = await recent(clientCookie);
    expect(asClient.columns).toEqual(recentlyViewedColumns('client'));
    expect(asClient.data.map((d) => d.id)).toEqual([moving.id, mine.id]);
    const item = asClient.data[1]!;
    expect(item.order_ref).toBe('PO-MINE');
    expect('service_provider' in item).toBe(false);
    expect(item.client).toBe(client.tradingName);
    expect('compliance' in item).toBe(false);

    // The project moves to another client: it leaves this user's list.
    const other = await factories.createClientCo(a);
    await asOwner(a.id, (tx) =>
      tx.update(projects).set({ clientId: other.id, clientName: other.tradingName }).where(eq(projects.id, moving.id)),
    );
    expect((await recent(clientCookie)).data.map((d) => d.id)).toEqual([mine.id]);

    await viewed(providerCookie, mine.id);
    const asProvider = await recent(providerCookie);
    expect(asProvider.columns).toEqual(recentlyViewedColumns('provider'));
    // No certificate type is mandatory yet: nothing to miss.
    expect(asProvider.data[0]).toMatchObject({ id: mine.id, service_provider: provider.name, compliance: 'Compliant' });
    expect('client' in asProvider.data[0]!).toBe(false);
    expect('order_ref' in asProvider.data[0]!).toBe(false);

    // A type becomes mandatory for providers; the provider's certificate of it has expired.
    const [type] = await asOwner(a.id, (tx) =>
      tx
        .insert(certificateTypes)
        .values({ tenantId: a.id, name: `Insurance ${uniq()}`, mandatoryForProviders: true })
        .returning(),
    );
    const [cert] = await asOwner(a.id, (tx) =>
      tx
        .insert(certificates)
        .values({ tenantId: a.id, typeId: type!.id, providerId: provider.id, expiry: '2020-01-31' })
        .returning(),
    );
    expect((await recent(providerCookie)).data[0]).toMatchObject({ id: mine.id, compliance: 'Not compliant (0/1)' });
    // Renewed well past the project's end: compliant again.
    await asOwner(a.id, (tx) =>
      tx.update(certificates).set({ expiry: '2099-12-31' }).where(eq(certificates.id, cert!.id)),
    );
    expect((await recent(providerCookie)).data[0]).toMatchObject({ id: mine.id, compliance: 'Compliant' });
  });

  it("another company's project cannot be removed (404), nor listed", async () => {
    const p = await factories.createProject(a, client);
    await viewed(adminA, p.id);
    expect((await asB({ method: 'DELETE', url: `/api/recently-viewed/${p.id}` })).status).toBe(404);
    expect((await asB({ url: '/api/recently-viewed' })).json.data.map((d: { id: number }) => d.id)).not.toContain(p.id);
    expect((await asA({ url: '/api/recently-viewed' })).json.data.map((d: { id: number }) => d.id)).toContain(p.id);
    expect((await asA({ method: 'DELETE', url: '/api/recently-viewed/abc' })).status).toBe(422);
  });
});
