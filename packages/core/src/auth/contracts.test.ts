import { describe, expect, it } from 'vitest';
import { LoginRequest, ResetPasswordRequest } from './contracts.js';
import { AUTH_TEXT } from './messages.js';

const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('LoginRequest', () => {
  it('requires e-mail and password with the spec messages', () => {
    const m = issues(LoginRequest.safeParse({ email: '', password: '' }));
    expect(m.email).toBe(AUTH_TEXT.emailRequired);
    expect(m.password).toBe(AUTH_TEXT.passwordRequired);
    expect(AUTH_TEXT.emailRequired).toBe('The email field is required.');
  });

  it('rejects an invalid e-mail', () => {
    expect(issues(LoginRequest.safeParse({ email: 'nope', password: 'x' })).email).toBe(
      'The email must be a valid email address.',
    );
  });

  it('defaults remember to false', () => {
    expect(LoginRequest.parse({ email: 'a@b.co', password: 'x' }).remember).toBe(false);
  });
});

describe('ResetPasswordRequest', () => {
  const ok = { token: 't', email: 'a@b.co', password: 'long enough', password_confirmation: 'long enough' };

  it('requires the confirmation with the spec message', () => {
    expect(issues(ResetPasswordRequest.safeParse({ ...ok, password_confirmation: '' })).password_confirmation).toBe(
      'The confirm password field is required.',
    );
  });

  it('requires 8 characters and a matching confirmation', () => {
    expect(
      issues(ResetPasswordRequest.safeParse({ ...ok, password: 'short', password_confirmation: 'short' })).password,
    ).toBe(AUTH_TEXT.passwordTooShort);
    expect(
      issues(ResetPasswordRequest.safeParse({ ...ok, password_confirmation: 'different!' })).password_confirmation,
    ).toBe(AUTH_TEXT.passwordMismatch);
  });

  it('accepts a long password in full', () => {
    const long = 'x'.repeat(500);
    expect(ResetPasswordRequest.parse({ ...ok, password: long, password_confirmation: long }).password).toHaveLength(
      500,
    );
  });
});
