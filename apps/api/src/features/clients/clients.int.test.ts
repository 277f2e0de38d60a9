import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_TEXT, PHONE_INVALID_MESSAGE } from '@siteflow/core';
import { createClientCo, createClientUser, createProject } from '../../../test/factories.js';
import {
  asOwner,
  createUser,
  mailsTo,
  passwordLinkIn,
  randomIp,
  request,
  signIn,
  TEST_PASSWORD,
  uniq,
  uniqueEmail,
  waitForMail,
  type RequestOptions,
} from '../../../test/harness.js';
import { setPasswordWithLink } from '../../../test/auth-requests.js';
import { signedIn, twoCompanies, type As, type TestApp, type TestTenant } from '../../../test/companies.js';
import { projects, sessions, users } from '../../platform/db/schema.js';

let t: TestApp, a: TestTenant, b: TestTenant, asA: As, asB: As, asEmployee: As;

beforeAll(async () => {
  ({ t, a, b, asA, asB } = await twoCompanies());
  asEmployee = await signedIn(t, a, await createUser(a, 'company_employee'));
});
afterAll(() => t.close());

const clientInput = (over: Record<string, unknown> = {}) => ({
  trading_name: `Acme ${uniq()} Pty Ltd`,
  email: 'Accounts@Acme.test',
  phone: '07 3000 1111',
  street: '1 Queen Street',
  suburb: 'Brisbane City',
  state: 'QLD',
  postcode: '4000',
  ...over,
});
const userInput = (over: Record<string, unknown> = {}) => ({
  first_name: 'Cara',
  last_name: `Client ${uniq()}`,
  email: uniqueEmail('client'),
  phone: '07 3000 2222',
  mobile: '0400 111 222',
  role: 'client_admin',
  ...over,
});

describe('clients: create, view, update, (de)activate', () => {
  it('creates a client and shows it with its counts', async () => {
    const body = clientInput();
    const res = await asA({ method: 'POST', url: '/api/clients', body });
    expect(res.status).toBe(201);
    expect(res.json.message).toBe(CLIENT_TEXT.created);
    expect(res.json.client).toMatchObject({
      trading_name: body.trading_name,
      email: 'accounts@acme.test',
      state: 'QLD',
      active: true,
      user_count: 0,
      project_count: 0,
    });
    const got = await asA({ url: `/api/clients/${res.json.client.id}` });
    expect(got.json).toEqual(res.json.client);
  });

  it('refuses a duplicate trading name whatever the case, and reports missing fields', async () => {
    const body = clientInput();
    await asA({ method: 'POST', url: '/api/clients', body });
    const dup = await asA({
      method: 'POST',
      url: '/api/clients',
      body: { ...body, trading_name: body.trading_name.toUpperCase() },
    });
    expect(dup.status).toBe(422);
    expect(dup.json.errors).toEqual({ trading_name: [CLIENT_TEXT.tradingNameTaken] });
    const empty = await asA({ method: 'POST', url: '/api/clients', body: {} });
    expect(empty.json.errors).toEqual({ trading_name: [CLIENT_TEXT.tradingNameRequired] });
  });

  it('renaming a client renames it on its projects', async () => {
    const client = await createClientCo(a);
    const p = await createProject(a, client);
    const name = `Renamed ${uniq()}`;
    const res = await asA({
      method: 'PUT',
      url: `/api/clients/${client.id}`,
      body: clientInput({ trading_name: name }),
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ message: CLIENT_TEXT.saved, client: { trading_name: name, project_count: 1 } });
    const [row] = await asOwner(a.id, (tx) => tx.select().from(projects).where(eq(projects.id, p.id)));
    expect(row!.clientName).toBe(name);
    expect(row!.searchText).toContain(name.toLowerCase());
  });

  it('deactivates and activates', async () => {
    const client = await createClientCo(a);
    const off = await asA({ method: 'POST', url: `/api/clients/${client.id}/deactivate` });
    expect(off.json).toMatchObject({ message: CLIENT_TEXT.deactivated, client: { active: false } });
    const on = await asA({ method: 'POST', url: `/api/clients/${client.id}/activate` });
    expect(on.json).toMatchObject({ message: CLIENT_TEXT.activated, client: { active: true } });
  });
});

describe('clients: list', () => {
  it('searches, filters by status and pages, with user and project counts', async () => {
    const tag = `Zq${uniq()}`;
    const c1 = await createClientCo(a, { tradingName: `${tag} Alpha` });
    const c2 = await createClientCo(a, { tradingName: `${tag} Beta` });
    await createClientCo(a, { tradingName: `${tag} Gamma`, active: false });
    await createClientCo(b, { tradingName: `${tag} Other` });
    await createClientUser(a, c1.id, 'client_am');
    await createClientUser(a, c1.id, 'client_admin');
    await createProject(a, c1);
    await createProject(a, c1);
    await createProject(a, c2);

    const res = await asA({ url: `/api/clients?search=${tag}` });
    expect(res.status).toBe(200);
    expect(res.json.total).toBe(2);
    expect(
      res.json.items.map((c: { trading_name: string; user_count: number; project_count: number }) => [
        c.trading_name,
        c.user_count,
        c.project_count,
      ]),
    ).toEqual([
      [`${tag} Alpha`, 2, 2],
      [`${tag} Beta`, 0, 1],
    ]);
    expect(
      (await asA({ url: `/api/clients?search=${tag}&status=inactive` })).json.items.map(
        (c: { trading_name: string }) => c.trading_name,
      ),
    ).toEqual([`${tag} Gamma`]);
    expect((await asA({ url: `/api/clients?search=${tag}&status=all` })).json.total).toBe(3);
    const p2 = await asA({ url: `/api/clients?search=${tag}&status=all&pageSize=2&page=2` });
    expect(p2.json).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(p2.json.items.map((c: { trading_name: string }) => c.trading_name)).toEqual([`${tag} Gamma`]);
    expect((await asA({ url: '/api/clients?status=gone' })).status).toBe(422);
  });
});

describe('clients: users', () => {
  it('creates a client user who is invited by e-mail and can sign in on the company address', async () => {
    const client = await createClientCo(a);
    const body = userInput();
    const res = await asA({ method: 'POST', url: `/api/clients/${client.id}/users`, body });
    expect(res.status).toBe(201);
    expect(res.json.message).toBe(CLIENT_TEXT.userCreated);
    expect(res.json.user).toMatchObject({
      client_id: client.id,
      email: body.email,
      role: 'client_admin',
      active: true,
      mobile: '0400 111 222',
    });

    const mail = await waitForMail(body.email);
    const link = passwordLinkIn(mail.text);
    const reset = await setPasswordWithLink(t, a.host, link, body.email, TEST_PASSWORD);
    expect(reset.status, reset.text).toBe(200);
    const cookie = await signIn(t, a.host, body.email);
    const session = await request(t, { host: a.host, cookie, url: '/api/session' });
    expect(session.json.user.role).toBe('client_admin');

    const list = await asA({ url: `/api/clients/${client.id}/users` });
    expect(list.json.items.map((u: { id: string }) => u.id)).toEqual([res.json.user.id]);
  });

  it('refuses a taken e-mail and a non-client role', async () => {
    const client = await createClientCo(a);
    const taken = await asA({
      method: 'POST',
      url: `/api/clients/${client.id}/users`,
      body: userInput({ email: a.admin.email }),
    });
    expect(taken.status).toBe(422);
    expect(taken.json.errors).toEqual({ email: [CLIENT_TEXT.emailTaken] });
    const role = await asA({
      method: 'POST',
      url: `/api/clients/${client.id}/users`,
      body: userInput({ role: 'company_admin' }),
    });
    expect(role.json.errors).toEqual({ role: [CLIENT_TEXT.roleRequired] });
  });

  it('refuses a mobile that is not a phone number (422 on mobile) on create and edit, and saves nothing', async () => {
    const client = await createClientCo(a);
    const bad = await asA({
      method: 'POST',
      url: `/api/clients/${client.id}/users`,
      body: userInput({ mobile: 'abc!! mobile' }),
    });
    expect(bad.status, bad.text).toBe(422);
    expect(bad.json.errors).toEqual({ mobile: [PHONE_INVALID_MESSAGE] });
    expect((await asA({ url: `/api/clients/${client.id}/users` })).json.items).toEqual([]);

    const u = await createClientUser(a, client.id, 'client_account');
    const edit = await asA({
      method: 'PUT',
      url: `/api/clients/${client.id}/users/${u.id}`,
      body: userInput({ email: u.email, role: 'client_account', mobile: '12' }),
    });
    expect(edit.status, edit.text).toBe(422);
    expect(edit.json.errors).toEqual({ mobile: [PHONE_INVALID_MESSAGE] });
    // A blank mobile stays optional.
    const blank = await asA({
      method: 'PUT',
      url: `/api/clients/${client.id}/users/${u.id}`,
      body: userInput({ email: u.email, role: 'client_account', mobile: '' }),
    });
    expect(blank.status, blank.text).toBe(200);
    expect(blank.json.user.mobile).toBeNull();
  });

  it('deactivating a client user ends their sessions', async () => {
    const client = await createClientCo(a);
    const u = await createClientUser(a, client.id, 'client_account');
    const cookie = await signIn(t, a.host, u.email);
    const res = await asA({
      method: 'PUT',
      url: `/api/clients/${client.id}/users/${u.id}`,
      body: userInput({ email: u.email, role: 'client_account', active: false }),
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ message: CLIENT_TEXT.userSaved, user: { active: false, role: 'client_account' } });
    expect(await asOwner(a.id, (tx) => tx.select().from(sessions).where(eq(sessions.userId, u.id)))).toEqual([]);
    expect((await request(t, { host: a.host, cookie, url: '/api/session' })).json.user).toBeNull();
    const login = await request(t, {
      method: 'POST',
      url: '/api/auth/login',
      host: a.host,
      body: { email: u.email, password: TEST_PASSWORD },
      remoteAddress: randomIp(),
    });
    expect(login.status).toBe(422);
  });

  it("a user of another client (or staff) is not this client's user (404)", async () => {
    const [c1, c2] = await Promise.all([createClientCo(a), createClientCo(a)]);
    const u = await createClientUser(a, c2.id);
    expect((await asA({ method: 'PUT', url: `/api/clients/${c1.id}/users/${u.id}`, body: userInput() })).status).toBe(
      404,
    );
    expect(
      (await asA({ method: 'PUT', url: `/api/clients/${c1.id}/users/${a.admin.id}`, body: userInput() })).status,
    ).toBe(404);
  });
});

describe('clients: account managers', () => {
  it('lists the active account managers of the client sorted by name', async () => {
    const client = await createClientCo(a);
    const other = await createClientCo(a);
    await createClientUser(a, client.id, 'client_am', { firstName: 'Zed', lastName: 'Zulu' });
    await createClientUser(a, client.id, 'client_am', { firstName: 'Abe', lastName: 'Alpha' });
    await createClientUser(a, client.id, 'client_am', { firstName: 'Old', lastName: 'Gone', active: false });
    await createClientUser(a, client.id, 'client_admin', { firstName: 'Not', lastName: 'Manager' });
    await createClientUser(a, other.id, 'client_am', { firstName: 'Other', lastName: 'Client' });
    const res = await asA({ url: `/api/clients/${client.id}/account-managers` });
    expect(res.status).toBe(200);
    expect(res.json.items.map((m: { name: string }) => m.name)).toEqual(['Abe Alpha', 'Zed Zulu']);
    expect(res.json.items[0]).toMatchObject({ first_name: 'Abe', last_name: 'Alpha', active: true });
  });

  it('Quick Add creates an active account manager without sending an invitation', async () => {
    const client = await createClientCo(a);
    const email = uniqueEmail('am');
    const res = await asEmployee({
      method: 'POST',
      url: `/api/clients/${client.id}/account-managers`,
      body: { first_name: 'Quinn', last_name: 'Quick', email, mobile: '0400 999 000' },
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      first_name: 'Quinn',
      last_name: 'Quick',
      name: 'Quinn Quick',
      email,
      mobile: '0400 999 000',
      active: true,
    });
    const [row] = await asOwner(a.id, (tx) => tx.select().from(users).where(eq(users.id, res.json.id)));
    expect(row).toMatchObject({ role: 'client_am', clientId: client.id, passwordHash: null });
    expect(
      (await asA({ url: `/api/clients/${client.id}/account-managers` })).json.items.map((m: { id: string }) => m.id),
    ).toContain(res.json.id);
    await new Promise((r) => setTimeout(r, 100));
    expect(await mailsTo(email)).toEqual([]);

    const missing = await asA({ method: 'POST', url: `/api/clients/${client.id}/account-managers`, body: {} });
    expect(missing.json.errors).toEqual({
      first_name: [CLIENT_TEXT.firstNameRequired],
      last_name: [CLIENT_TEXT.lastNameRequired],
      email: [CLIENT_TEXT.emailRequired],
      mobile: [CLIENT_TEXT.mobileRequired],
    });
    const bad = await asEmployee({
      method: 'POST',
      url: `/api/clients/${client.id}/account-managers`,
      body: { first_name: 'Quinn', last_name: 'Quick', email: uniqueEmail('am'), mobile: 'call me maybe!!' },
    });
    expect(bad.status, bad.text).toBe(422);
    expect(bad.json.errors).toEqual({ mobile: [PHONE_INVALID_MESSAGE] });
  });
});

describe('clients: access', () => {
  it('employees view and quick-add but may not manage clients (403); client users get 403 everywhere', async () => {
    const client = await createClientCo(a);
    const cu = await createClientUser(a, client.id, 'client_admin');
    const clientCookie = await signIn(t, a.host, cu.email);
    expect((await asEmployee({ url: '/api/clients' })).status).toBe(200);
    expect((await asEmployee({ url: `/api/clients/${client.id}` })).status).toBe(200);
    const writes: RequestOptions[] = [
      { method: 'POST', url: '/api/clients', body: clientInput() },
      { method: 'PUT', url: `/api/clients/${client.id}`, body: clientInput() },
      { method: 'POST', url: `/api/clients/${client.id}/deactivate` },
      { method: 'POST', url: `/api/clients/${client.id}/activate` },
      { method: 'POST', url: `/api/clients/${client.id}/users`, body: userInput() },
      { method: 'PUT', url: `/api/clients/${client.id}/users/${cu.id}`, body: userInput() },
    ];
    for (const w of writes) expect((await asEmployee(w)).status, `${w.method} ${w.url}`).toBe(403);
    for (const w of [
      ...writes,
      { url: '/api/clients' },
      { url: `/api/clients/${client.id}` },
      { url: `/api/clients/${client.id}/users` },
      { url: `/api/clients/${client.id}/account-managers` },
      { method: 'POST', url: `/api/clients/${client.id}/account-managers`, body: {} },
    ] as RequestOptions[]) {
      expect(
        (await request(t, { host: a.host, cookie: clientCookie, ...w })).status,
        `${w.method ?? 'GET'} ${w.url}`,
      ).toBe(403);
    }
    expect((await request(t, { host: a.host, url: '/api/clients' })).status).toBe(401);
  });

  it("another company's client is 404 on every route and never listed", async () => {
    const client = await createClientCo(a);
    const u = await createClientUser(a, client.id);
    for (const w of [
      { url: `/api/clients/${client.id}` },
      { method: 'PUT', url: `/api/clients/${client.id}`, body: clientInput() },
      { method: 'POST', url: `/api/clients/${client.id}/deactivate` },
      { method: 'POST', url: `/api/clients/${client.id}/activate` },
      { url: `/api/clients/${client.id}/users` },
      { method: 'POST', url: `/api/clients/${client.id}/users`, body: userInput() },
      { method: 'PUT', url: `/api/clients/${client.id}/users/${u.id}`, body: userInput() },
      { url: `/api/clients/${client.id}/account-managers` },
      {
        method: 'POST',
        url: `/api/clients/${client.id}/account-managers`,
        body: { first_name: 'A', last_name: 'B', email: uniqueEmail(), mobile: '0400 333 444' },
      },
    ] as RequestOptions[]) {
      expect((await asB(w)).status, `${w.method ?? 'GET'} ${w.url}`).toBe(404);
    }
    expect((await asB({ url: `/api/clients?search=${encodeURIComponent(client.tradingName)}` })).json.total).toBe(0);
    const [row] = await asOwner(a.id, (tx) => tx.select().from(users).where(eq(users.id, u.id)));
    expect(row!.active).toBe(true);
  });
});
