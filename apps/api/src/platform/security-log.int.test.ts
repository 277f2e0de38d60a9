import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createUser,
  mailsTo,
  passwordLinkIn,
  randomIp,
  request,
  signIn,
  TEST_PASSWORD,
  uniqueEmail,
} from '../../test/harness.js';
import { oneCompany, type TestApp, type TestTenant } from '../../test/companies.js';
import { createClientCo, createClientUser } from '../../test/factories.js';

type Line = Record<string, unknown> & { event?: string; reqId?: string };

let t: TestApp, tenant: TestTenant;
const raw: string[] = [];

beforeAll(async () => {
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => raw.push(...chunk.toString('utf8').split('\n').filter(Boolean)));
  ({ t, tenant } = await oneCompany({ app: { logStream: stream } }));
});
afterAll(() => t.close());

const lines = (): Line[] => raw.map((l) => JSON.parse(l) as Line);
const events = (name: string) => lines().filter((l) => l.security === true && l.event === name);
const post = (url: string, body: unknown, opts: { ip?: string; cookie?: string } = {}) =>
  request(t, {
    method: 'POST',
    url,
    host: tenant.host,
    body,
    remoteAddress: opts.ip ?? randomIp(),
    cookie: opts.cookie,
  });

describe('security events (issue 9)', () => {
  it('sign-in success and failure, throttling, password reset, role changes and refusals are logged, without secrets', async () => {
    const user = await createUser(tenant, 'company_employee');
    const ip = randomIp();

    // A failed sign-in: tenant, address, request id, and the e-mail only as a hash and a domain.
    const failed = await post('/api/auth/login', { email: user.email, password: 'Wrong-Secret-123' }, { ip });
    expect(failed.status).toBe(422);
    const [fail] = events('auth.sign_in.failed');
    expect(fail).toMatchObject({
      tenantId: tenant.id,
      userId: user.id,
      ip,
      reason: 'wrong_password',
      emailDomain: 'example.test',
    });
    expect(fail!.emailHash).toMatch(/^[0-9a-f]{16}$/);
    expect(fail!.reqId).toBe(failed.headers['x-request-id']);

    // Success.
    const ok = await post('/api/auth/login', { email: user.email, password: TEST_PASSWORD }, { ip });
    expect(ok.status).toBe(200);
    expect(events('auth.sign_in.succeeded').at(-1)).toMatchObject({ tenantId: tenant.id, userId: user.id, ip });

    // Throttled (429) and slowed down.
    const target = await createUser(tenant, 'company_employee');
    const burst = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        post('/api/auth/login', { email: target.email, password: `Guess-${i}-Secret` }, { ip }),
      ),
    );
    expect(burst.filter((r) => r.status === 429)).toHaveLength(2);
    expect(events('auth.throttled').length).toBeGreaterThanOrEqual(2);
    expect(events('auth.throttled')[0]).toMatchObject({
      tenantId: tenant.id,
      ip,
      action: 'sign_in',
      limit: 'account+address',
    });
    expect(events('auth.slowed_down').length).toBeGreaterThan(0);
    expect(events('auth.slowed_down')[0]!.delayMs).toBeGreaterThan(0);

    // Password reset requested and completed.
    const resetUser = await createUser(tenant, 'company_employee');
    expect((await post('/api/auth/forgot-password', { email: resetUser.email })).status).toBe(200);
    expect(events('auth.password_reset.requested').at(-1)).toMatchObject({
      tenantId: tenant.id,
      userId: resetUser.id,
      mailed: true,
    });
    const { token } = passwordLinkIn((await mailsTo(resetUser.email))[0]!.text);
    const newSecret = 'Another-Brand-New-Secret-77';
    expect(
      (
        await post('/api/auth/reset-password', {
          token,
          email: resetUser.email,
          password: newSecret,
          password_confirmation: newSecret,
        })
      ).status,
    ).toBe(200);
    expect(events('auth.password_reset.completed').at(-1)).toMatchObject({
      tenantId: tenant.id,
      userId: resetUser.id,
      purpose: 'reset',
    });

    // A role change: staff, client user and provider user.
    const admin = await signIn(t, tenant.host, tenant.admin.email);
    const staff = await createUser(tenant, 'company_employee', { firstName: 'Sam' });
    const form = {
      first_name: 'Sam',
      last_name: staff.lastName,
      email: staff.email,
      phone: '0400 000 000',
      address: '1 Test Street',
      suburb: 'Testville',
      state: 'QLD',
      postcode: '4000',
      role: 'company_admin',
    };
    const put = await request(t, {
      method: 'PUT',
      url: `/api/staff/${staff.id}`,
      host: tenant.host,
      body: form,
      cookie: admin,
    });
    expect(put.status).toBe(200);
    expect(events('user.role_changed').at(-1)).toMatchObject({
      tenantId: tenant.id,
      userId: tenant.admin.id,
      targetUserId: staff.id,
      from: 'company_employee',
      to: 'company_admin',
    });

    const client = await createClientCo(tenant);
    const cu = await createClientUser(tenant, client.id, 'client_am');
    const cuPut = await request(t, {
      method: 'PUT',
      url: `/api/clients/${client.id}/users/${cu.id}`,
      host: tenant.host,
      cookie: admin,
      body: {
        role: 'client_admin',
        first_name: 'Cara',
        last_name: 'Client',
        email: cu.email,
        phone: '0400 000 000',
        mobile: '',
        active: true,
      },
    });
    expect(cuPut.status).toBe(200);
    expect(events('user.role_changed').at(-1)).toMatchObject({
      targetUserId: cu.id,
      from: 'client_am',
      to: 'client_admin',
    });

    // Refusals: 401 (not signed in) and 403 (not allowed), with the action when authorize() refused.
    expect((await request(t, { url: '/api/staff', host: tenant.host })).status).toBe(401);
    expect(events('access.unauthenticated').at(-1)).toMatchObject({
      tenantId: tenant.id,
      status: 401,
      method: 'GET',
      route: '/api/staff',
    });
    const employee = await signIn(t, tenant.host, (await createUser(tenant, 'company_employee')).email);
    expect(
      (await request(t, { method: 'DELETE', url: '/api/projects/1', host: tenant.host, cookie: employee })).status,
    ).toBe(403);
    expect(events('access.denied').at(-1)).toMatchObject({
      tenantId: tenant.id,
      status: 403,
      action: 'projects.delete',
    });

    // Nothing secret in any log line: no password, no token, no session or device cookie.
    const all = raw.join('\n');
    const sessionValue = admin.split('=')[1]!;
    const deviceValue = ok.cookies.find((c) => c.name === 'sf_device')!.value;
    for (const secret of [
      TEST_PASSWORD,
      'Wrong-Secret-123',
      'Guess-3-Secret',
      newSecret,
      token,
      sessionValue,
      deviceValue,
      user.email,
      resetUser.email,
    ]) {
      expect(all, `log contains ${secret}`).not.toContain(secret);
    }
    expect(all).not.toMatch(/sf_session=|sf_device=/);
  }, 60_000);

  it('a failed sign-in for an unknown address logs no user and does not reveal the address', async () => {
    const email = uniqueEmail('ghost');
    expect((await post('/api/auth/login', { email, password: 'whatever-secret' })).status).toBe(422);
    const line = events('auth.sign_in.failed').at(-1)!;
    expect(line).toMatchObject({ userId: null, reason: 'unknown_account' });
    expect(raw.join('\n')).not.toContain(email);
  });
});
