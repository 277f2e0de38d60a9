import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_TEXT, IMAGE_TYPE_MESSAGE, POSTCODE_MESSAGE, STAFF_TEXT } from '@siteflow/core';
import {
  asOwner,
  createTestApp,
  createUser,
  formData,
  JPEG_2X2,
  passwordLinkIn,
  pngBytes,
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
import { twoCompanies, type As, type TestApp, type TestTenant, signInPlatformAdmin } from '../../../test/companies.js';
import { samePicture } from '../../../test/files.js';
import { users } from '../../platform/db/schema.js';

let t: TestApp, a: TestTenant, b: TestTenant, asA: As;

beforeAll(async () => {
  ({ t, a, b, asA } = await twoCompanies({ b: { staffPmFlag: true, staffSystemEmails: true } }));
});
afterAll(() => t.close());

const staffInput = (over: Record<string, string> = {}) => ({
  first_name: 'Sam',
  last_name: `Staff ${uniq()}`,
  email: uniqueEmail('staff'),
  phone: '0412 000 000',
  address: '2 Work Street',
  suburb: 'Southbank',
  state: 'VIC',
  postcode: '3006',
  ...over,
});

const on = (tenant: TestTenant, cookie: string | undefined, opts: RequestOptions) =>
  request(t, { host: tenant.host, cookie, ...opts });
const rowOf = async (tenant: TestTenant, id: string) =>
  (await asOwner(tenant.id, (tx) => tx.select().from(users).where(eq(users.id, id))))[0];
const loginStatus = async (tenant: TestTenant, email: string, password = TEST_PASSWORD) =>
  (
    await request(t, {
      method: 'POST',
      url: '/api/auth/login',
      host: tenant.host,
      body: { email, password },
      remoteAddress: randomIp(),
    })
  ).status;

describe('staff: list', () => {
  it('searches, filters by role and status, and pages, within the company only', async () => {
    const tag = `Qx${uniq()}`;
    await createUser(a, 'company_employee', { firstName: 'Amy', lastName: `${tag} Adams` });
    await createUser(a, 'company_employee', { firstName: 'Ben', lastName: `${tag} Brown` });
    await createUser(a, 'company_employee', { firstName: 'Cal', lastName: `${tag} Clark`, active: false });
    await createUser(a, 'company_admin', { firstName: 'Dee', lastName: `${tag} Dunn` });
    await createUser(b, 'company_employee', { firstName: 'Eve', lastName: `${tag} Evans` }); // other company

    const get = async (query: string) => {
      const res = await asA({ url: `/api/staff?${query}` });
      expect(res.status).toBe(200);
      return res.json as {
        items: { full_name: string; role: string; active: boolean }[];
        total: number;
        page: number;
        pageSize: number;
      };
    };
    const all = await get(`search=${tag}`);
    expect(all.total).toBe(4);
    expect(all.items.map((s) => s.full_name)).toEqual([
      `Amy ${tag} Adams`,
      `Ben ${tag} Brown`,
      `Cal ${tag} Clark`,
      `Dee ${tag} Dunn`,
    ]);

    const employees = await get(`search=${tag}&role=company_employee`);
    expect(employees.total).toBe(3);
    expect(employees.items.every((s) => s.role === 'company_employee')).toBe(true);
    expect((await get(`search=${tag}&role=company_admin`)).items.map((s) => s.full_name)).toEqual([`Dee ${tag} Dunn`]);
    expect((await get(`search=${tag}&status=inactive`)).items.map((s) => s.full_name)).toEqual([`Cal ${tag} Clark`]);
    expect((await get(`search=${tag}&status=active`)).total).toBe(3);
    expect((await get(`search=${encodeURIComponent(`Ben ${tag}`)}`)).items.map((s) => s.full_name)).toEqual([
      `Ben ${tag} Brown`,
    ]);

    const p1 = await get(`search=${tag}&pageSize=3&page=1`);
    const p2 = await get(`search=${tag}&pageSize=3&page=2`);
    expect(p1).toMatchObject({ total: 4, page: 1, pageSize: 3 });
    expect(p1.items).toHaveLength(3);
    expect(p2.items.map((s) => s.full_name)).toEqual([`Dee ${tag} Dunn`]);

    const bad = await asA({ url: '/api/staff?role=platform_admin' });
    expect(bad.status).toBe(422);
  });

  it('a company employee may list and view staff (200)', async () => {
    const emp = await createUser(a, 'company_employee');
    const cookie = await signIn(t, a.host, emp.email);
    const res = await on(a, cookie, { url: '/api/staff' });
    expect(res.status).toBe(200);
    expect(res.json.items.length).toBeGreaterThan(0);
    expect((await on(a, cookie, { url: `/api/staff/${a.admin.id}` })).json.email).toBe(a.admin.email);
  });

  it('anonymous gets 401', async () => {
    for (const url of [
      '/api/staff',
      `/api/staff/${a.admin.id}`,
      '/api/staff/form-options',
      `/api/staff/${a.admin.id}/picture`,
    ]) {
      expect((await on(a, undefined, { url })).status, url).toBe(401);
    }
    expect((await on(a, undefined, { method: 'POST', url: '/api/staff', body: staffInput() })).status).toBe(401);
  });
});

describe('staff: create, view, update', () => {
  it('creates from multipart with a picture; the new person is invited by mail and can set a password', async () => {
    const body = staffInput({ role: 'company_admin', position: 'Estimator' });
    const pic = pngBytes(5, 5);
    const res = await asA({
      method: 'POST',
      url: '/api/staff',
      body: formData(body, { data: pic, filename: 'me.png', type: 'image/png' }),
    });
    expect(res.status).toBe(201);
    expect(res.json.message).toBe(STAFF_TEXT.created);
    const staff = res.json.staff;
    expect(staff).toMatchObject({
      first_name: 'Sam',
      last_name: body.last_name,
      full_name: `Sam ${body.last_name}`,
      email: body.email,
      phone: '0412 000 000',
      position: 'Estimator',
      role: 'company_admin',
      address: '2 Work Street',
      suburb: 'Southbank',
      state: 'VIC',
      postcode: '3006',
      active: true,
      is_project_manager: '0',
    });
    expect(staff.profile_picture_path).toMatch(new RegExp(`^/api/staff/${staff.id}/picture\\?v=`));
    const picture = await asA({ url: staff.profile_picture_path });
    expect(picture.status).toBe(200);
    expect(picture.headers['content-type']).toBe('image/png');
    // Images are stored re-encoded (issue 9, uploads policy): the same picture, not the same bytes.
    expect(await samePicture(picture.raw, pic)).toBe(true);

    expect((await asA({ url: `/api/staff/${staff.id}` })).json).toEqual(staff);
    expect((await rowOf(a, staff.id))!.tenantId).toBe(a.id);

    const mail = await waitForMail(body.email);
    expect(mail.subject).toBe(`Welcome to ${a.name} on Siteflow`);
    const link = passwordLinkIn(mail.text);
    expect(link.origin).toBe(`http://${a.slug}.localhost:3000`);
    const set = await setPasswordWithLink(t, a.host, link, body.email, 'staff-own-password');
    expect(set.status).toBe(200);
    expect(await loginStatus(a, body.email, 'staff-own-password')).toBe(200);
  });

  it('an invitation link lasts 7 days', async () => {
    const later = await createTestApp();
    try {
      const cookie = await signIn(later, a.host, a.admin.email);
      const early = staffInput();
      const late = staffInput();
      for (const body of [early, late]) {
        expect((await request(later, { method: 'POST', url: '/api/staff', host: a.host, cookie, body })).status).toBe(
          201,
        );
      }
      const setPassword = async (email: string) => {
        const link = passwordLinkIn((await waitForMail(email)).text);
        return setPasswordWithLink(later, a.host, link, email, 'invited-password');
      };
      later.clock.advance(6 * 86_400_000);
      expect((await setPassword(early.email)).status).toBe(200);
      later.clock.advance(1 * 86_400_000 + 60_000);
      const expired = await setPassword(late.email);
      expect(expired.status).toBe(422);
      expect(expired.json.message).toBe(AUTH_TEXT.resetTokenInvalid);
    } finally {
      await later.close();
    }
  });

  it('creates from JSON as company_employee by default', async () => {
    const res = await asA({ method: 'POST', url: '/api/staff', body: staffInput() });
    expect(res.status).toBe(201);
    expect(res.json.staff).toMatchObject({ role: 'company_employee', profile_picture_path: null, position: null });
  });

  it('updates fields, role and picture', async () => {
    const created = (
      await asA({
        method: 'POST',
        url: '/api/staff',
        body: formData(staffInput(), { data: pngBytes(1, 1), filename: 'a.png' }),
      })
    ).json.staff;
    const body = staffInput({
      email: created.email,
      first_name: 'Samantha',
      phone: '0499 999 999',
      role: 'company_admin',
      postcode: '0800',
      state: 'NT',
    });
    const res = await asA({
      method: 'PUT',
      url: `/api/staff/${created.id}`,
      body: formData(body, { data: JPEG_2X2, filename: 'new.jpg', type: 'image/jpeg' }),
    });
    expect(res.status).toBe(200);
    expect(res.json.message).toBe(STAFF_TEXT.saved);
    expect(res.json.staff).toMatchObject({
      id: created.id,
      first_name: 'Samantha',
      phone: '0499 999 999',
      role: 'company_admin',
      postcode: '0800',
      state: 'NT',
      created_at: created.created_at,
    });
    expect(res.json.staff.profile_picture_path).not.toBe(created.profile_picture_path);
    const picture = await asA({ url: res.json.staff.profile_picture_path });
    expect(picture.headers['content-type']).toBe('image/jpeg');
    expect(await samePicture(picture.raw, JPEG_2X2)).toBe(true);
    // Saving again without a file keeps the picture.
    const again = await asA({ method: 'PUT', url: `/api/staff/${created.id}`, body });
    expect(again.json.staff.profile_picture_path).toBe(res.json.staff.profile_picture_path);
  });

  it('an admin cannot change their own role (there is always an admin left)', async () => {
    const selfBody = {
      ...staffInput({ email: a.admin.email, first_name: 'Ada', last_name: 'Admin' }),
      role: 'company_employee',
    };
    const res = await asA({ method: 'PUT', url: `/api/staff/${a.admin.id}`, body: selfBody });
    expect(res.status).toBe(200);
    expect(res.json.staff.role).toBe('company_admin');
  });

  it('refuses a duplicate e-mail on create and on update', async () => {
    const existing = await createUser(a, 'company_employee');
    const dup = await asA({
      method: 'POST',
      url: '/api/staff',
      body: staffInput({ email: existing.email.toUpperCase() }),
    });
    expect(dup.status).toBe(422);
    expect(dup.json.errors).toEqual({ email: ['The email has already been taken.'] });
    const other = (await asA({ method: 'POST', url: '/api/staff', body: staffInput() })).json.staff;
    const upd = await asA({
      method: 'PUT',
      url: `/api/staff/${other.id}`,
      body: staffInput({ email: existing.email }),
    });
    expect(upd.status).toBe(422);
    expect(upd.json.errors).toEqual({ email: [STAFF_TEXT.emailTaken] });
    expect((await rowOf(a, other.id))!.email).toBe(other.email);
    // The same address in another company is fine.
    expect(
      (
        await on(b, await signIn(t, b.host, b.admin.email), {
          method: 'POST',
          url: '/api/staff',
          body: staffInput({ email: existing.email }),
        })
      ).status,
    ).toBe(201);
  });

  it('concurrent creates with one e-mail: one wins, the others get the duplicate message (never a 500)', async () => {
    const email = uniqueEmail('race');
    const results = await Promise.all(
      Array.from({ length: 5 }, () => asA({ method: 'POST', url: '/api/staff', body: staffInput({ email }) })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 422, 422, 422, 422]);
    for (const r of results.filter((x) => x.status === 422))
      expect(r.json.errors).toEqual({ email: [STAFF_TEXT.emailTaken] });
  });

  it('gives the required-field messages', async () => {
    const res = await asA({ method: 'POST', url: '/api/staff', body: {} });
    expect(res.status).toBe(422);
    expect(res.json.errors).toEqual({
      first_name: [STAFF_TEXT.firstNameRequired],
      last_name: [STAFF_TEXT.lastNameRequired],
      email: [STAFF_TEXT.emailRequired],
      phone: [STAFF_TEXT.phoneRequired],
      address: [STAFF_TEXT.streetRequired],
      suburb: [STAFF_TEXT.suburbRequired],
      state: [STAFF_TEXT.stateRequired],
      postcode: [STAFF_TEXT.postcodeRequired],
    });
    const bad = await asA({ method: 'POST', url: '/api/staff', body: staffInput({ role: 'platform_admin' }) });
    expect(bad.json.errors.role).toBeDefined();
  });

  it('accepts a postcode of 0 to 9999 only', async () => {
    for (const postcode of ['abcd', '12345', '-1', '12.5']) {
      const res = await asA({ method: 'POST', url: '/api/staff', body: staffInput({ postcode }) });
      expect(res.status, postcode).toBe(422);
      expect(res.json.errors, postcode).toEqual({ postcode: [POSTCODE_MESSAGE] });
    }
    for (const postcode of ['0', '0800', '9999']) {
      const res = await asA({ method: 'POST', url: '/api/staff', body: staffInput({ postcode }) });
      expect(res.status, postcode).toBe(201);
      expect(res.json.staff.postcode).toBe(postcode);
    }
  });

  it('refuses a picture that is not an image; nothing is saved', async () => {
    const body = staffInput();
    const res = await asA({
      method: 'POST',
      url: '/api/staff',
      body: formData(body, {
        data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
        filename: 'x.png',
        type: 'image/png',
      }),
    });
    expect(res.status).toBe(422);
    expect(res.json.errors).toEqual({ file: [IMAGE_TYPE_MESSAGE] });
    const found = await asOwner(a.id, (tx) => tx.select().from(users).where(eq(users.email, body.email)));
    expect(found).toEqual([]);
  });

  it('takes the project-manager and system-email flags only when the company has them on', async () => {
    const withFlags = { is_project_manager: '1', notifications: '0' };
    const off = await asA({ method: 'POST', url: '/api/staff', body: staffInput(withFlags) });
    expect(off.json.staff).toMatchObject({ is_project_manager: '0', notifications: '1' });
    const adminB = await signIn(t, b.host, b.admin.email);
    const onB = await on(b, adminB, { method: 'POST', url: '/api/staff', body: staffInput(withFlags) });
    expect(onB.json.staff).toMatchObject({ is_project_manager: '1', notifications: '0' });
  });
});

describe('staff: deactivate and activate', () => {
  it('deactivating ends the person’s sessions at once; activating lets them sign in again', async () => {
    const user = await createUser(a, 'company_employee');
    const cookie = await signIn(t, a.host, user.email);
    expect((await on(a, cookie, { url: '/api/staff' })).status).toBe(200);

    const off = await asA({ method: 'POST', url: `/api/staff/${user.id}/deactivate` });
    expect(off.status).toBe(200);
    expect(off.json.message).toBe(STAFF_TEXT.deactivated);
    expect(off.json.staff.active).toBe(false);
    expect((await on(a, cookie, { url: '/api/staff' })).status).toBe(401);
    expect(await loginStatus(a, user.email)).toBe(422);

    const on_ = await asA({ method: 'POST', url: `/api/staff/${user.id}/activate` });
    expect(on_.status).toBe(200);
    expect(on_.json).toMatchObject({ message: STAFF_TEXT.activated, staff: { active: true } });
    expect((await on(a, cookie, { url: '/api/staff' })).status).toBe(401); // the old session stays ended
    expect(await loginStatus(a, user.email)).toBe(200);
  });

  it('a company admin cannot deactivate themselves', async () => {
    const res = await asA({ method: 'POST', url: `/api/staff/${a.admin.id}/deactivate` });
    expect(res.status).toBe(422);
    expect(res.json.message).toBe(STAFF_TEXT.cannotDeactivateSelf);
    expect((await rowOf(a, a.admin.id))!.active).toBe(true);
    expect((await asA({ url: '/api/staff' })).status).toBe(200);
  });
});

describe('staff: form options', () => {
  it('reflect the company’s flags and give no roles for one’s own record', async () => {
    const mine = await asA({ url: `/api/staff/form-options?id=${a.admin.id}` });
    expect(mine.status).toBe(200);
    expect(mine.json).toEqual({
      roles: null,
      abilities: { change_role: false },
      show_project_manager_flag: false,
      show_system_emails_flag: false,
    });
    const someone = await createUser(a, 'company_employee');
    const other = await asA({ url: `/api/staff/form-options?id=${someone.id}` });
    expect(other.json).toEqual({
      roles: [
        { value: 'company_admin', label: 'Company Admin' },
        { value: 'company_employee', label: 'Company Employee' },
      ],
      abilities: { change_role: true },
      show_project_manager_flag: false,
      show_system_emails_flag: false,
    });
    expect((await asA({ url: '/api/staff/form-options' })).json.roles).toHaveLength(2);
    const adminB = await signIn(t, b.host, b.admin.email);
    const flagged = await on(b, adminB, { url: '/api/staff/form-options' });
    expect(flagged.json).toMatchObject({ show_project_manager_flag: true, show_system_emails_flag: true });
    expect((await asA({ url: '/api/staff/form-options?id=not-a-uuid' })).status).toBe(422);
  });
});

describe('staff: who may', () => {
  it('a company employee gets 403 on create, update, (de)activate and form options', async () => {
    const emp = await createUser(a, 'company_employee');
    const target = await createUser(a, 'company_employee', { firstName: 'Tina' });
    const cookie = await signIn(t, a.host, emp.email);
    const refused: RequestOptions[] = [
      { method: 'POST', url: '/api/staff', body: staffInput() },
      {
        method: 'PUT',
        url: `/api/staff/${target.id}`,
        body: staffInput({ email: target.email, first_name: 'Changed' }),
      },
      { method: 'POST', url: `/api/staff/${target.id}/deactivate` },
      { method: 'POST', url: `/api/staff/${target.id}/activate` },
      { url: '/api/staff/form-options' },
      { method: 'PUT', url: `/api/staff/${emp.id}`, body: staffInput({ email: emp.email, role: 'company_admin' }) },
    ];
    for (const r of refused) {
      const res = await on(a, cookie, r);
      expect(res.status, `${r.method} ${r.url}`).toBe(403);
      expect(res.json).toEqual({ message: 'You do not have permission to do that.' });
    }
    expect(await rowOf(a, target.id)).toMatchObject({ firstName: 'Tina', active: true });
    expect(await rowOf(a, emp.id)).toMatchObject({ role: 'company_employee' });
  });

  it('another company’s staff id gives 404 and nothing of theirs, for every route', async () => {
    const secret = await createUser(b, 'company_employee', { firstName: 'Secretive', lastName: `Person ${uniq()}` });
    // Give the other person a picture so the picture route has something to leak.
    const adminB = await signIn(t, b.host, b.admin.email);
    const withPic = await on(b, adminB, {
      method: 'POST',
      url: '/api/staff',
      body: formData(staffInput({ first_name: 'Pictured' }), { data: pngBytes(), filename: 'p.png' }),
    });
    expect(withPic.status).toBe(201);
    for (const id of [secret.id, withPic.json.staff.id as string, b.admin.id]) {
      const attempts: RequestOptions[] = [
        { url: `/api/staff/${id}` },
        { method: 'PUT', url: `/api/staff/${id}`, body: staffInput({ first_name: 'Hijacked' }) },
        {
          method: 'PUT',
          url: `/api/staff/${id}`,
          body: formData(staffInput({ first_name: 'Hijacked' }), { data: pngBytes(), filename: 'h.png' }),
        },
        { method: 'POST', url: `/api/staff/${id}/deactivate` },
        { method: 'POST', url: `/api/staff/${id}/activate` },
        { url: `/api/staff/${id}/picture` },
      ];
      for (const r of attempts) {
        const res = await asA(r);
        expect(res.status, `${r.method ?? 'GET'} ${r.url}`).toBe(404);
        expect(res.text).not.toContain('Secretive');
        expect(res.text).not.toContain('Pictured');
        expect(res.text).not.toContain(secret.email);
      }
    }
    const row = await rowOf(b, secret.id);
    expect(row).toMatchObject({ firstName: 'Secretive', active: true, email: secret.email });
    expect(await rowOf(b, withPic.json.staff.id)).toMatchObject({ firstName: 'Pictured', active: true });
    expect((await on(b, adminB, { url: `/api/staff/${secret.id}` })).status).toBe(200);
    // Their sessions survived the attempts.
    expect((await on(b, adminB, { url: '/api/staff' })).status).toBe(200);
  });

  it('a platform admin’s session is not valid on a company address', async () => {
    const cookie = await signInPlatformAdmin(t);
    expect((await on(a, cookie, { url: '/api/staff' })).status).toBe(401);
    // and on the platform's own address there is no staff area for it
    expect((await request(t, { url: '/api/staff', cookie })).status).toBe(403);
  });

  it('the login of a deactivated person gives the usual bad-credentials answer', async () => {
    const user = await createUser(a, 'company_employee');
    await asA({ method: 'POST', url: `/api/staff/${user.id}/deactivate` });
    const res = await request(t, {
      method: 'POST',
      url: '/api/auth/login',
      host: a.host,
      body: { email: user.email, password: TEST_PASSWORD },
      remoteAddress: randomIp(),
    });
    expect(res.json.message).toBe(AUTH_TEXT.badCredentials);
  });
});
