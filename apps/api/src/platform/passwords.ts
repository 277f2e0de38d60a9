import { hash, verify } from '@node-rs/argon2';
import { AUTH_TEXT } from '@siteflow/core';

// argon2id with OWASP's recommended minimum cost (19 MiB, 2 passes).
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

let dummy: Promise<string> | undefined;

/** Verify; with no stored hash, still spend the same work so unknown accounts are not revealed by timing. */
export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    dummy ??= hash('siteflow-timing-equaliser', OPTIONS);
    await verify(await dummy, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}

let common: Promise<Set<string>> | undefined;

/** The ~49k common passwords of @zxcvbn-ts/language-common, loaded once, on first use. */
export function commonPasswords(): Promise<Set<string>> {
  common ??= import('@zxcvbn-ts/language-common').then(
    (m) => new Set(m.dictionary.passwords.map((p) => p.toLowerCase())),
  );
  return common;
}

/**
 * Why a new password may not be used, or null: one of the common passwords (compared without
 * case or surrounding spaces), or the same as the account's e-mail, its local part or the
 * company's name (case-insensitive, trimmed).
 */
export async function passwordProblem(
  password: string,
  account: { email: string; companyName: string },
): Promise<string | null> {
  const p = password.trim().toLowerCase();
  const email = account.email.trim().toLowerCase();
  const local = email.includes('@') ? email.slice(0, email.lastIndexOf('@')) : email;
  const company = account.companyName.trim().toLowerCase();
  if ([email, local, company].some((v) => v && v === p)) return AUTH_TEXT.passwordLikeAccount;
  if ((await commonPasswords()).has(p)) return AUTH_TEXT.passwordTooCommon;
  return null;
}
