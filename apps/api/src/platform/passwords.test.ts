import { describe, expect, it } from 'vitest';
import { AUTH_TEXT } from '@siteflow/core';
import { commonPasswords, passwordProblem } from './passwords.js';

const account = { email: 'Jack.Wilson@Example.com', companyName: 'Harbourside Plumbing' };

describe('passwordProblem', () => {
  it('loads the common-password list once', async () => {
    const list = await commonPasswords();
    expect(list.size).toBeGreaterThan(40_000);
    expect(await commonPasswords()).toBe(list);
  });

  it('refuses common passwords, whatever their case and surrounding spaces', async () => {
    for (const p of ['password', 'PASSWORD', ' password ', 'qwerty123', 'football', 'trustno1'])
      expect(await passwordProblem(p, account), p).toBe(AUTH_TEXT.passwordTooCommon);
  });

  it('refuses the e-mail, its local part and the company name', async () => {
    for (const p of ['jack.wilson@example.com', ' JACK.WILSON ', 'harbourside plumbing'])
      expect(await passwordProblem(p, account), p).toBe(AUTH_TEXT.passwordLikeAccount);
  });

  it('accepts others', async () => {
    for (const p of ['correct-horse-battery', 'Kookaburra-Lagoon-1987', 'jack.wilson2', 'harbourside plumbing co'])
      expect(await passwordProblem(p, account), p).toBeNull();
  });
});
