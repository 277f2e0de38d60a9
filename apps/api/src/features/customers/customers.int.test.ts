import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_TEXT, CUSTOMER_TEXT, IMAGE_SIZE_MESSAGE, IMAGE_TYPE_MESSAGE, POSTCODE_MESSAGE } from '@siteflow/core';
import {
  APP_PORT,
  asOwner,
  createTenant,
  createTestApp,
  createUser,
  formData,
  JPEG_2X2,
  mailsTo,
  ownerDb,
  passwordLinkIn,
  pngBytes,
  randomIp,
  request,
  signIn,
  tenantHost,
  uniq,
  waitForMail,
  type TestApp,
} from '../../../test/harness.js';
import { setPasswordWithLink } from '../../../test/auth-requests.js';
import { signInPlatformAdmin } from '../../../test/companies.js';
import { samePicture } from '../../../test/files.js';
import { customerInput } from '../../../test/inputs.js';
import { PLATFORM_TENANT_ID, tenants, users } from '../../platform/db/schema.js';

let t: TestApp;
let admin: string; // platform admin session cookie

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInPlatformAdmin(t);
});
afterAll(() => t.close());

const input = customerInput;

const create = (body: unknown, cookie = admin) => request(t, { method: 'POST', url: '/api/customers', body, cookie });
const update = (id: string, body: unknown, cookie = admin) =>
  request(t, { method: 'PUT', url: `/api/customers/${id}`, body, cookie });
const list = (query: string, cookie = admin) => request(t, { url: `/api/customers?${query}`, cookie });
const tenantBySlug = async (slug: string) => (await ownerDb().select().from(tenants).where(eq(tenants.slug, slug)))[0];

describe('customers: list', () => {
  it('searches and pages', async () => {
    const tag = `zq${uniq()}`;
    const made = [];
    for (const letter of ['C', 'A', 'B']) {
      const res = await create(input({ customer_name: `${tag} ${letter} Builders` }));
      expect(res.status).toBe(201);
      made.push(res.json);
    }
    const all = await list(`search=${tag}`);
    expect(all.status).toBe(200);
    expect(all.json.total).toBe(3);
    expect(all.json.items.map((c: { customer_name: string }) => c.customer_name)).toEqual([
      `${tag} A Builders`,
      `${tag} B Builders`,
      `${tag} C Builders`,
    ]);

    const p1 = await list(`search=${tag}&pageSize=2&page=1`);
    const p2 = await list(`search=${tag}&pageSize=2&page=2`);
    expect(p1.json).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(p1.json.items).toHaveLength(2);
    expect(p2.json).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(p2.json.items).toHaveLength(1);
    const ids = [...p1.json.items, ...p2.json.items].map((c: { id: string }) => c.id);
    expect(new Set(ids)).toEqual(new Set(made.map((c) => c.id)));
    expect((await list(`search=${tag}&pageSize=2&page=3`)).json.items).toEqual([]);

    // by subdomain and by e-mail too; LIKE wildcards in the term are literal
    expect((await list(`search=${made[0].name}`)).json.items.map((c: { id: string }) => c.id)).toEqual([made[0].id]);
    expect((await list(`search=${encodeURIComponent(made[1].email)}`)).json.total).toBe(1);
    expect((await list(`search=${tag}%25`)).json.total).toBe(0);
  });

  it('never lists the platform itself', async () => {
    const res = await list('pageSize=100&search=Siteflow');
    expect(res.json.items.find((c: { id: string }) => c.id === PLATFORM_TENANT_ID)).toBeUndefined();
    expect((await request(t, { url: `/api/customers/${PLATFORM_TENANT_ID}`, cookie: admin })).status).toBe(404);
  });

  it('rejects a bad page size', async () => {
    const res = await list('pageSize=1000');
    expect(res.status).toBe(422);
    expect(res.json.errors.pageSize).toBeDefined();
  });
});

describe('customers: create', () => {
  it('creates from JSON: a tenant, its company admin invited by mail, who sets a password and signs in on the new subdomain', async () => {
    const body = input({ staff_pm_flag: true });
    const res = await create(body);
    expect(res.status).toBe(201);
    // Every field as sent (staff_pm_flag: true), the other flag at its default, no logo yet.
    expect(res.json).toMatchObject({
      ...body,
      staff_system_emails: false,
      logo_path: null,
      url: `http://${body.name}.localhost:${APP_PORT}`,
    });
    const id = res.json.id as string;
    expect((await request(t, { url: `/api/customers/${id}`, cookie: admin })).json).toEqual(res.json);

    // The first company admin exists, with no password yet.
    const [owner, ...others] = await asOwner(id, (tx) => tx.select().from(users).where(eq(users.tenantId, id)));
    expect(others).toEqual([]);
    expect(owner).toMatchObject({
      email: body.email,
      role: 'company_admin',
      passwordHash: null,
      active: true,
      tenantId: id,
    });

    const mail = await waitForMail(body.email);
    expect(mail.subject).toBe(`Welcome to ${body.customer_name} on Siteflow`);
    expect(mail.tenantName).toBe(body.customer_name);
    const link = passwordLinkIn(mail.text);
    expect(link.origin).toBe(`http://${body.name}.localhost:${APP_PORT}`);
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43,}$/);
    expect(link).toMatchObject({ email: body.email, invite: true });

    const host = tenantHost(body.name);
    expect(
      (
        await request(t, {
          method: 'POST',
          url: '/api/auth/login',
          host,
          body: { email: body.email, password: 'anything-1' },
          remoteAddress: randomIp(),
        })
      ).status,
    ).toBe(422);
    const set = await setPasswordWithLink(t, host, link, link.email, 'first-own-password');
    expect(set.status).toBe(200);
    const cookie = await signIn(t, host, body.email, 'first-own-password');
    const session = await request(t, { url: '/api/session', host, cookie });
    expect(session.json).toMatchObject({
      area: 'tenant',
      tenant: { id, slug: body.name, name: body.customer_name },
      user: { email: body.email, role: 'company_admin' },
    });
    const staff = await request(t, { url: '/api/staff', host, cookie });
    expect(staff.json.items.map((s: { email: string }) => s.email)).toEqual([body.email]);
    // The invite link was single-use.
    const again = await setPasswordWithLink(t, host, link, link.email, 'second-password');
    expect(again.json.message).toBe(AUTH_TEXT.resetTokenInvalid);
  });

  it('creates from multipart with a PNG logo; the logo is served back as image/png', async () => {
    const png = pngBytes(4, 3);
    const body = input();
    const res = await create(formData(body, { data: png, filename: 'logo.png', type: 'image/png' }));
    expect(res.status).toBe(201);
    expect(res.json.logo_path).toMatch(new RegExp(`^/api/customers/${res.json.id}/logo\\?v=`));
    const logo = await request(t, { url: res.json.logo_path, cookie: admin });
    expect(logo.status).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    // Images are stored re-encoded (issue 9, uploads policy): the same picture, not the same bytes.
    expect(await samePicture(logo.raw, png)).toBe(true);
    // The company's own address serves it publicly (for its sign-in page).
    const pub = await request(t, { url: '/api/tenant/logo', host: tenantHost(body.name) });
    expect(pub.status).toBe(200);
    expect(await samePicture(pub.raw, png)).toBe(true);
    const session = await request(t, { url: '/api/session', host: tenantHost(body.name) });
    expect(session.json.tenant.has_logo).toBe(true);
    // The flags arrive as form strings.
    const flagged = await create(formData(input({ staff_pm_flag: true, staff_system_emails: true })));
    expect(flagged.json).toMatchObject({ staff_pm_flag: true, staff_system_emails: true });
  });

  it('accepts a JPEG logo (detected by content, whatever the name says)', async () => {
    const res = await create(formData(input(), { data: JPEG_2X2, filename: 'photo.PNG', type: 'image/png' }));
    expect(res.status).toBe(201);
    const logo = await request(t, { url: res.json.logo_path, cookie: admin });
    expect(logo.headers['content-type']).toBe('image/jpeg');
    expect(await samePicture(logo.raw, JPEG_2X2)).toBe(true);
    // The stored file name is generated by the server, not taken from the upload.
    const row = await tenantBySlug(res.json.name);
    expect(row!.logoKey).toMatch(/^[0-9a-f-]{36}\.jpg$/);
  });

  it('gives the required-field messages verbatim', async () => {
    const res = await create({});
    expect(res.status).toBe(422);
    expect(res.json.errors).toMatchObject({
      email: ['email  is required.'],
      first_name: ['first name is required.'],
      last_name: ['last name  is required.'],
      customer_name: ['company name  is required.'],
      name: [CUSTOMER_TEXT.slugRequired],
      phone: [CUSTOMER_TEXT.phoneRequired],
      address: [CUSTOMER_TEXT.streetRequired],
      suburb: [CUSTOMER_TEXT.suburbRequired],
      state: [CUSTOMER_TEXT.stateRequired],
      postcode: [CUSTOMER_TEXT.postcodeRequired],
    });
    // Blanks count as missing; the same holds for multipart forms.
    const blanks = await create(formData(input({ email: '  ', first_name: '', last_name: ' ', customer_name: '' })));
    expect(blanks.json.errors).toEqual({
      email: ['email  is required.'],
      first_name: ['first name is required.'],
      last_name: ['last name  is required.'],
      customer_name: ['company name  is required.'],
    });
    const bad = await create(input({ email: 'nope', postcode: '12345', state: 'XX' }));
    expect(bad.json.errors).toEqual({
      email: ['The email must be a valid email address.'],
      postcode: [POSTCODE_MESSAGE],
      state: [CUSTOMER_TEXT.stateRequired],
    });
  });

  it('enforces the subdomain rules', async () => {
    for (const slug of ['acme co', '-acme', 'acme-', 'acme_co', 'acmé', 'a.b']) {
      const res = await create(input({ name: slug }));
      expect(res.status, slug).toBe(422);
      expect(res.json.errors, slug).toEqual({ name: [CUSTOMER_TEXT.slugFormat] });
    }
    for (const slug of ['www', 'api', 'admin']) {
      const res = await create(input({ name: slug }));
      expect(res.json.errors, slug).toEqual({ name: [CUSTOMER_TEXT.slugReserved] });
    }
    // Host names are case-insensitive: the subdomain is stored in lower case.
    const mixed = `Mixed-${uniq()}`;
    const created = await create(input({ name: mixed }));
    expect(created.status).toBe(201);
    expect(created.json.name).toBe(mixed.toLowerCase());

    const taken = await create(input({ name: mixed.toUpperCase() }));
    expect(taken.status).toBe(422);
    expect(taken.json.errors).toEqual({ name: ['This subdomain is already taken.'] });
    // An existing company made elsewhere counts too.
    const existing = await createTenant();
    expect((await create(input({ name: existing.slug }))).json.errors).toEqual({ name: [CUSTOMER_TEXT.slugTaken] });
  });

  it('concurrent creates of one subdomain: one wins, the others get the taken message (never a 500), no logo is left behind', async () => {
    const slug = `race-${uniq()}`;
    const countFiles = async () =>
      (
        await fs.readdir(path.join(t.filesDir, 'files'), { recursive: true, withFileTypes: true }).catch(() => [])
      ).filter((d) => d.isFile()).length;
    const before = await countFiles();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => create(formData(input({ name: slug }), { data: pngBytes(), filename: 'l.png' }))),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 422, 422, 422, 422]);
    for (const r of results.filter((x) => x.status === 422))
      expect(r.json.errors).toEqual({ name: [CUSTOMER_TEXT.slugTaken] });
    const winner = results.find((r) => r.status === 201)!.json;
    expect(await countFiles()).toBe(before + 1); // only the winner's logo is kept
    expect((await request(t, { url: winner.logo_path, cookie: admin })).status).toBe(200);
  });

  it('refuses a file that is not a jpg/png image, and one of 500 kB or more; nothing is created', async () => {
    const body = input();
    const text = await create(
      formData(body, { data: Buffer.from('just some text, not an image'), filename: 'logo.png', type: 'image/png' }),
    );
    expect(text.status).toBe(422);
    expect(text.json.errors).toEqual({ file: [IMAGE_TYPE_MESSAGE] });
    const gif = await create(
      formData(body, {
        data: Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'),
        filename: 'logo.gif',
        type: 'image/gif',
      }),
    );
    expect(gif.json.errors).toEqual({ file: [IMAGE_TYPE_MESSAGE] });
    const big = Buffer.concat([pngBytes(), Buffer.alloc(510 * 1024)]);
    const tooBig = await create(formData(body, { data: big, filename: 'logo.png', type: 'image/png' }));
    expect(tooBig.status).toBe(422);
    expect(tooBig.json.errors).toEqual({ file: [IMAGE_SIZE_MESSAGE] });
    expect(await tenantBySlug(body.name)).toBeUndefined();
    expect(await mailsTo(body.email)).toHaveLength(0);
    // A refused form leaves no file behind (here: a taken subdomain with a valid logo).
    const countFiles = async () =>
      (
        await fs.readdir(path.join(t.filesDir, 'files'), { recursive: true, withFileTypes: true }).catch(() => [])
      ).filter((d) => d.isFile()).length;
    const before = await countFiles();
    const existing = await createTenant();
    expect(
      (await create(formData(input({ name: existing.slug }), { data: pngBytes(), filename: 'a.png' }))).status,
    ).toBe(422);
    expect(await countFiles()).toBe(before);
  });
});

describe('customers: update', () => {
  it('keeps what is not changed, replaces the logo, and removes the old file', async () => {
    const first = pngBytes(2, 2, [0, 128, 0]);
    const body = input();
    const created = (await create(formData(body, { data: first, filename: 'a.png' }))).json;
    const oldKey = (await tenantBySlug(body.name))!.logoKey!;

    const changed = await update(created.id, { ...body, phone: '07 3999 0000', staff_system_emails: true });
    expect(changed.status).toBe(200);
    expect(changed.json).toEqual({ ...created, phone: '07 3999 0000', staff_system_emails: true });
    expect(await samePicture((await request(t, { url: changed.json.logo_path, cookie: admin })).raw, first)).toBe(true);

    const second = pngBytes(3, 3, [0, 0, 255]);
    const replaced = await update(
      created.id,
      formData({ ...body, phone: '07 3999 0000' }, { data: second, filename: 'b.png' }),
    );
    expect(replaced.status).toBe(200);
    expect(replaced.json.logo_path).not.toBe(created.logo_path);
    const logo = await request(t, { url: replaced.json.logo_path, cookie: admin });
    expect(logo.headers['content-type']).toBe('image/png');
    expect(await samePicture(logo.raw, second)).toBe(true);
    await expect(fs.stat(path.join(t.filesDir, 'files', oldKey.slice(0, 2), oldKey))).rejects.toMatchObject({
      code: 'ENOENT',
    });
    // The company's people are untouched.
    const people = await asOwner(created.id, (tx) =>
      tx.select({ email: users.email }).from(users).where(eq(users.tenantId, created.id)),
    );
    expect(people).toEqual([{ email: body.email }]);
  });

  it('refuses another company’s subdomain and validates like create', async () => {
    const a = (await create(input())).json;
    const b = (await create(input())).json;
    const res = await update(b.id, input({ name: a.name }));
    expect(res.status).toBe(422);
    expect(res.json.errors).toEqual({ name: [CUSTOMER_TEXT.slugTaken] });
    // Keeping its own subdomain is fine.
    expect((await update(b.id, input({ name: b.name }))).status).toBe(200);
    expect((await update(b.id, {})).json.errors.email).toEqual(['email  is required.']);
    expect((await request(t, { url: `/api/customers/${b.id}`, cookie: admin })).json.name).toBe(b.name);
  });

  it('answers 404 for an unknown customer and for the platform', async () => {
    const unknown = '5f0c6f5e-1111-4222-8333-444455556666';
    for (const id of [unknown, PLATFORM_TENANT_ID]) {
      expect((await update(id, input())).status).toBe(404);
      expect((await request(t, { url: `/api/customers/${id}`, cookie: admin })).status).toBe(404);
      expect((await request(t, { url: `/api/customers/${id}/logo`, cookie: admin })).status).toBe(404);
    }
    const noLogo = (await create(input())).json;
    expect((await request(t, { url: `/api/customers/${noLogo.id}/logo`, cookie: admin })).status).toBe(404);
  });
});

describe('customers: who may', () => {
  it('a company admin on their own address gets 403; a platform admin session is not valid on a company address; anonymous gets 401', async () => {
    const tenant = await createTenant();
    const existing = (await create(input(), admin)).json;
    const companyAdmin = await signIn(t, tenant.host, tenant.admin.email);
    const routes = [
      { method: 'GET' as const, url: '/api/customers' },
      { method: 'POST' as const, url: '/api/customers', body: input() },
      { method: 'GET' as const, url: `/api/customers/${existing.id}` },
      { method: 'PUT' as const, url: `/api/customers/${existing.id}`, body: input() },
      { method: 'GET' as const, url: `/api/customers/${existing.id}/logo` },
    ];
    for (const r of routes) {
      const asTenantAdmin = await request(t, { ...r, host: tenant.host, cookie: companyAdmin });
      expect(asTenantAdmin.status, `${r.method} ${r.url}`).toBe(403);
      expect(asTenantAdmin.json).toEqual({ message: 'You do not have permission to do that.' });
      const platformCookieOnTenant = await request(t, { ...r, host: tenant.host, cookie: admin });
      expect(platformCookieOnTenant.status, `${r.method} ${r.url}`).toBe(401);
      const anon = await request(t, { ...r });
      expect(anon.status, `${r.method} ${r.url}`).toBe(401);
      expect(anon.json).toEqual({ message: 'Please sign in to continue.' });
    }
    // A company employee likewise, and a user of the platform tenant without the role would be too.
    const emp = await createUser(tenant, 'company_employee');
    expect(
      (await request(t, { url: '/api/customers', host: tenant.host, cookie: await signIn(t, tenant.host, emp.email) }))
        .status,
    ).toBe(403);
    // Nothing was changed or created by the refused requests.
    expect((await request(t, { url: `/api/customers/${existing.id}`, cookie: admin })).json).toEqual(existing);
  });
});
