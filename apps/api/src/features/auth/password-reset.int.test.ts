import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_TEXT, RESET_TOKEN_MINUTES } from '@siteflow/core';
import {
  APP_PORT,
  asOwner,
  createPlatformAdmin,
  createTenant,
  createTestApp,
  createUser,
  mailsTo,
  passwordLinkIn,
  PLATFORM_HOST,
  randomIp,
  request,
  signIn,
  TEST_PASSWORD,
  uniqueEmail,
  waitForMail,
  type TestUser,
} from '../../../test/harness.js';
import { forgotPassword, logIn, resetPassword } from '../../../test/auth-requests.js';
import { oneCompany, type TestApp, type TestTenant } from '../../../test/companies.js';
import { passwordResets, sessions, users } from '../../platform/db/schema.js';

let t: TestApp, tenant: TestTenant;

beforeAll(async () => {
  ({ t, tenant } = await oneCompany());
});
afterAll(() => t.close());

const forgot = (email: string, opts: { app?: TestApp; host?: string; ip?: string } = {}) =>
  // A fresh address each time unless given: the per-IP limit (20/h) is tested on its own.
  forgotPassword(opts.app ?? t, opts.host ?? tenant.host, email, opts.ip ?? randomIp());
const reset = (body: Record<string, string>, opts: { app?: TestApp; host?: string } = {}) =>
  resetPassword(opts.app ?? t, opts.host ?? tenant.host, body);
/** A reset with the link's token: `password`, confirmed as `confirmation` (the same unless given). */
const resetTo = (token: string, email: string, password: string, confirmation = password) =>
  reset({ token, email, password, password_confirmation: confirmation });
const tryLogin = (email: string, password: string) => logIn(t, tenant.host, email, password, randomIp());

/** Ask for a link for `user` and return its token (from the delivered mail). */
async function requestLink(user: TestUser, app?: TestApp) {
  const before = (await mailsTo(user.email)).length;
  expect((await forgot(user.email, { app })).status).toBe(200);
  const mails = await mailsTo(user.email);
  expect(mails).toHaveLength(before + 1);
  return passwordLinkIn(mails[0]!.text);
}

describe('forgot password', () => {
  it('answers identically for an existing and an unknown account; only the existing one gets a mail', async () => {
    const user = await createUser(tenant, 'company_employee', { firstName: 'Rosa' });
    const unknown = uniqueEmail('unknown');
    const known = await forgot(user.email);
    const notKnown = await forgot(unknown);
    expect(known.status).toBe(200);
    expect(notKnown.status).toBe(known.status);
    expect(notKnown.json).toEqual(known.json);
    expect(known.json).toEqual({ message: AUTH_TEXT.resetLinkSent });

    const mail = await waitForMail(user.email);
    expect(await mailsTo(user.email)).toHaveLength(1);
    expect(await mailsTo(unknown)).toHaveLength(0);
    expect(mail.subject).toBe('Reset Password Notification');
    expect(mail.tenantName).toBe(tenant.name);
    expect(mail.text).toContain('Hello Rosa,');
    expect(mail.text).toContain(`This password reset link will expire in ${RESET_TOKEN_MINUTES} minutes.`);

    const link = passwordLinkIn(mail.text);
    expect(link.origin).toBe(`http://${tenant.slug}.localhost:${APP_PORT}`);
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43,}$/);
    expect(link.url).toBe(
      `http://${tenant.slug}.localhost:${APP_PORT}/reset-password/${link.token}?email=${encodeURIComponent(user.email)}`,
    );
    expect(link.email).toBe(user.email);
    expect(mail.html).toContain(`href="${link.url}"`);
    // Only a hash of the token is stored.
    const rows = await asOwner(tenant.id, (tx) =>
      tx.select().from(passwordResets).where(eq(passwordResets.userId, user.id)),
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).not.toBe(link.token);
    expect(rows[0]!.purpose).toBe('reset');
  });

  it('a deactivated account gets the same answer and no mail', async () => {
    const user = await createUser(tenant, 'company_employee', { active: false });
    const res = await forgot(user.email);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ message: AUTH_TEXT.resetLinkSent });
    expect(await mailsTo(user.email)).toHaveLength(0);
  });

  it('an account of another company gets no mail through this company’s address', async () => {
    const other = await createTenant();
    expect((await forgot(other.admin.email)).status).toBe(200);
    expect(await mailsTo(other.admin.email)).toHaveLength(0);
  });

  it('an empty or malformed e-mail gets a field message', async () => {
    const empty = await forgot('');
    expect(empty.status).toBe(422);
    expect(empty.json.errors.email).toEqual([AUTH_TEXT.emailRequired]);
    const bad = await forgot('not-an-email');
    expect(bad.status).toBe(422);
    expect(bad.json.errors.email).toEqual(['The email must be a valid email address.']);
  });

  it('is throttled after 5 requests per account per hour, whether or not it exists', async () => {
    const user = await createUser(tenant, 'company_employee');
    for (const email of [user.email, uniqueEmail('nobody')]) {
      for (let i = 0; i < 5; i++) expect((await forgot(email)).status).toBe(200);
      const blocked = await forgot(email);
      expect(blocked.status).toBe(429);
      expect(blocked.json).toEqual({ message: AUTH_TEXT.throttled });
    }
    expect(await mailsTo(user.email)).toHaveLength(5);
  });

  it('is throttled after 20 requests per IP address per hour', async () => {
    const ip = randomIp();
    for (let i = 0; i < 20; i++) expect((await forgot(uniqueEmail('spray'), { ip })).status).toBe(200);
    expect((await forgot(uniqueEmail('spray'), { ip })).status).toBe(429);
    expect((await forgot(uniqueEmail('spray'))).status).toBe(200);
  });
});

describe('reset password', () => {
  it('sets the new password: it signs in, the old one does not, and every earlier session ends', async () => {
    const user = await createUser(tenant, 'company_employee');
    const phone = await signIn(t, tenant.host, user.email);
    const laptop = await signIn(t, tenant.host, user.email);
    for (const c of [phone, laptop])
      expect((await request(t, { url: '/api/staff', host: tenant.host, cookie: c })).status).toBe(200);

    const { token } = await requestLink(user);
    const res = await resetTo(token, user.email, 'a-brand-new-secret');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ message: AUTH_TEXT.passwordResetDone });

    for (const c of [phone, laptop])
      expect((await request(t, { url: '/api/staff', host: tenant.host, cookie: c })).status).toBe(401);
    expect(await asOwner(tenant.id, (tx) => tx.select().from(sessions).where(eq(sessions.userId, user.id)))).toEqual(
      [],
    );
    expect((await tryLogin(user.email, 'a-brand-new-secret')).status).toBe(200);
    const old = await tryLogin(user.email, TEST_PASSWORD);
    expect(old.status).toBe(422);
    expect(old.json.message).toBe(AUTH_TEXT.badCredentials);
  });

  it('a link works once; using it again fails, and it also ends the user’s other outstanding links', async () => {
    const user = await createUser(tenant, 'company_employee');
    const first = await requestLink(user);
    const second = await requestLink(user);
    expect(second.token).not.toBe(first.token);
    const body = (token: string, pw: string) => ({ token, email: user.email, password: pw, password_confirmation: pw });
    expect((await reset(body(second.token, 'password-number-one'))).status).toBe(200);
    for (const token of [second.token, first.token]) {
      const again = await reset(body(token, 'password-number-two'));
      expect(again.status).toBe(422);
      expect(again.json.message).toBe(AUTH_TEXT.resetTokenInvalid);
    }
    expect((await tryLogin(user.email, 'password-number-one')).status).toBe(200);
    expect((await tryLogin(user.email, 'password-number-two')).status).toBe(422);
  });

  it(`an expired link (older than ${RESET_TOKEN_MINUTES} minutes) fails`, async () => {
    const user = await createUser(tenant, 'company_employee');
    const app = await createTestApp();
    try {
      const { token } = await requestLink(user, app);
      app.clock.advance((RESET_TOKEN_MINUTES + 1) * 60_000);
      const res = await reset(
        { token, email: user.email, password: 'too-late-password', password_confirmation: 'too-late-password' },
        { app },
      );
      expect(res.status).toBe(422);
      expect(res.json).toEqual({
        message: AUTH_TEXT.resetTokenInvalid,
        errors: { email: [AUTH_TEXT.resetTokenInvalid] },
      });
      expect((await tryLogin(user.email, TEST_PASSWORD)).status).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('a link just inside its lifetime still works', async () => {
    const user = await createUser(tenant, 'company_employee');
    const app = await createTestApp();
    try {
      const { token } = await requestLink(user, app);
      app.clock.advance((RESET_TOKEN_MINUTES - 1) * 60_000);
      const res = await reset(
        { token, email: user.email, password: 'just-in-time-pw', password_confirmation: 'just-in-time-pw' },
        { app },
      );
      expect(res.status).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('a link is bound to its e-mail, its company, and an active account', async () => {
    const user = await createUser(tenant, 'company_employee');
    const { token } = await requestLink(user);
    const pw = { password: 'some-new-password', password_confirmation: 'some-new-password' };
    const other = await createUser(tenant, 'company_employee');
    expect((await reset({ token, email: other.email, ...pw })).json.message).toBe(AUTH_TEXT.resetTokenInvalid);
    const otherTenant = await createTenant();
    const elsewhere = await reset({ token, email: user.email, ...pw }, { host: otherTenant.host });
    expect(elsewhere.status).toBe(422);
    expect(elsewhere.json.message).toBe(AUTH_TEXT.resetTokenInvalid);
    expect((await reset({ token: 'x'.repeat(43), email: user.email, ...pw })).status).toBe(422);
    // Deactivated after the link was sent: the link no longer works.
    const deact = await createUser(tenant, 'company_employee');
    const link = await requestLink(deact);
    await asOwner(tenant.id, (tx) => tx.update(users).set({ active: false }).where(eq(users.id, deact.id)));
    expect((await reset({ token: link.token, email: deact.email, ...pw })).status).toBe(422);
    // The original link still works for its own user at its own address.
    expect((await reset({ token, email: user.email, ...pw })).status).toBe(200);
  });

  it('works for a platform admin on the bare host, with a link to the platform address', async () => {
    const admin = await createPlatformAdmin();
    const res = await forgot(admin.email, { host: PLATFORM_HOST });
    expect(res.status).toBe(200);
    const mail = await waitForMail(admin.email);
    expect(mail.tenantName).toBe('Siteflow');
    const link = passwordLinkIn(mail.text);
    expect(link.origin).toBe(`http://localhost:${APP_PORT}`);
    // The link means nothing at a company's address.
    const body = {
      token: link.token,
      email: admin.email,
      password: 'platform-new-pw',
      password_confirmation: 'platform-new-pw',
    };
    expect((await reset(body)).status).toBe(422);
    expect((await reset(body, { host: PLATFORM_HOST })).status).toBe(200);
    expect(await signIn(t, PLATFORM_HOST, admin.email, 'platform-new-pw')).toMatch(/^sf_session=/);
  });

  it('a confirmation that does not match is refused', async () => {
    const user = await createUser(tenant, 'company_employee');
    const { token } = await requestLink(user);
    const res = await resetTo(token, user.email, 'first-password', 'second-password');
    expect(res.status).toBe(422);
    expect(res.json.errors).toEqual({ password_confirmation: [AUTH_TEXT.passwordMismatch] });
    const missing = await resetTo(token, user.email, 'first-password', '');
    expect(missing.json.errors.password_confirmation).toContain(AUTH_TEXT.confirmPasswordRequired);
    // The link was not used up by the failed attempts.
    expect((await resetTo(token, user.email, 'first-password')).status).toBe(200);
  });

  it('a password shorter than 8 characters is refused', async () => {
    const user = await createUser(tenant, 'company_employee');
    const { token } = await requestLink(user);
    const res = await resetTo(token, user.email, 'short');
    expect(res.status).toBe(422);
    expect(res.json.errors.password).toEqual([AUTH_TEXT.passwordTooShort]);
    expect((await tryLogin(user.email, TEST_PASSWORD)).status).toBe(200);
  });

  it('a 200-character password is kept in full (no 72-byte truncation)', async () => {
    const user = await createUser(tenant, 'company_employee');
    const { token } = await requestLink(user);
    const long = Array.from({ length: 200 }, (_, i) => 'abcdefghijklmnopqrstuvwxyz0123456789'[i % 36]).join('');
    expect(long).toHaveLength(200);
    const res = await resetTo(token, user.email, long);
    expect(res.status).toBe(200);
    expect((await tryLogin(user.email, long)).status).toBe(200);
    expect((await tryLogin(user.email, long.slice(0, 72))).status).toBe(422);
    expect((await tryLogin(user.email, long.slice(0, 199))).status).toBe(422);
  });
});
