import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_TEXT } from '@siteflow/core';
import {
  createUser,
  mailsTo,
  passwordLinkIn,
  randomIp,
  request,
  signIn,
  uniqueEmail,
  type TestUser,
} from '../../../test/harness.js';
import { forgotPassword, logIn, setPasswordWithLink } from '../../../test/auth-requests.js';
import { oneCompany, type TestApp, type TestTenant } from '../../../test/companies.js';

let t: TestApp, tenant: TestTenant;

beforeAll(async () => {
  ({ t, tenant } = await oneCompany({ a: { name: 'Harbourside Plumbing' } }));
});
afterAll(() => t.close());

const reset = (token: string, email: string, password: string) =>
  setPasswordWithLink(t, tenant.host, { token }, email, password, randomIp());
const login = (email: string, password: string) => logIn(t, tenant.host, email, password, randomIp());

async function resetLink(user: TestUser) {
  expect((await forgotPassword(t, tenant.host, user.email, randomIp())).status).toBe(200);
  return passwordLinkIn((await mailsTo(user.email))[0]!.text).token;
}

describe('a new password may not be a common one or the account’s own name (issue 9)', () => {
  it('the reset flow refuses common passwords and the e-mail, its local part and the company name, with a message on password', async () => {
    const user = await createUser(tenant, 'company_employee', { email: `jack.wilson.${Date.now()}@example.test` });
    const token = await resetLink(user);
    const local = user.email.split('@')[0]!;
    const cases: [string, string][] = [
      ['password', AUTH_TEXT.passwordTooCommon],
      ['Password', AUTH_TEXT.passwordTooCommon],
      ['  qwertyuiop ', AUTH_TEXT.passwordTooCommon],
      ['iloveyou', AUTH_TEXT.passwordTooCommon],
      ['12345678', AUTH_TEXT.passwordTooCommon],
      [user.email.toUpperCase(), AUTH_TEXT.passwordLikeAccount],
      [local, AUTH_TEXT.passwordLikeAccount],
      [` ${tenant.name.toLowerCase()} `, AUTH_TEXT.passwordLikeAccount],
    ];
    for (const [password, message] of cases) {
      const res = await reset(token, user.email, password);
      expect(res.status, password).toBe(422);
      expect(res.json.errors, password).toEqual({ password: [message] });
      expect((await login(user.email, password)).status).toBe(422);
    }
    // The link was not used up: a good password still works with it.
    expect((await reset(token, user.email, 'Kookaburra-Lagoon-1987')).status).toBe(200);
    expect((await login(user.email, 'Kookaburra-Lagoon-1987')).status).toBe(200);
  }, 60_000);

  it('accepting an invitation (first password) follows the same rule', async () => {
    const admin = await signIn(t, tenant.host, tenant.admin.email);
    const email = uniqueEmail('invited');
    const created = await request(t, {
      method: 'POST',
      url: '/api/staff',
      host: tenant.host,
      cookie: admin,
      body: {
        first_name: 'Ivy',
        last_name: 'Invited',
        email,
        phone: '0400 000 000',
        address: '1 Test Street',
        suburb: 'Testville',
        state: 'QLD',
        postcode: '4000',
      },
    });
    expect(created.status).toBe(201);
    const { token } = passwordLinkIn((await mailsTo(email))[0]!.text);
    const common = await reset(token, email, 'sunshine');
    expect(common.status).toBe(422);
    expect(common.json.errors).toEqual({ password: [AUTH_TEXT.passwordTooCommon] });
    expect((await reset(token, email, 'Wattle-Creek-Morning-4')).status).toBe(200);
  }, 60_000);
});
