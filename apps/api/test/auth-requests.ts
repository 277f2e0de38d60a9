/**
 * The signed-out auth requests (sign in, forgot password, reset password) as the web app sends
 * them, for tests that look at their answers (signIn in harness.ts is for tests that just want a
 * session). Each comes from `ip` when one is given, else from the app's own address (TestApp.ip).
 */
import { request, type TestApp } from './harness.js';

/** POST /api/auth/login (without "remember me"). */
export const logIn = (t: TestApp, host: string, email: string, password: string, ip?: string) =>
  request(t, { method: 'POST', url: '/api/auth/login', host, body: { email, password }, remoteAddress: ip });

/** POST /api/auth/forgot-password: asks for a set-password link for `email`. */
export const forgotPassword = (t: TestApp, host: string, email: string, ip?: string) =>
  request(t, { method: 'POST', url: '/api/auth/forgot-password', host, body: { email }, remoteAddress: ip });

/** POST /api/auth/reset-password: a link's token and e-mail, the new password and its confirmation. */
export const resetPassword = (t: TestApp, host: string, body: Record<string, string>, ip?: string) =>
  request(t, { method: 'POST', url: '/api/auth/reset-password', host, body, remoteAddress: ip });

/** Sets `password` (typed twice) with a set-password link's token for `email`. */
export const setPasswordWithLink = (
  t: TestApp,
  host: string,
  link: { token: string },
  email: string,
  password: string,
  ip?: string,
) => resetPassword(t, host, { token: link.token, email, password, password_confirmation: password }, ip);
