import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  abilitiesOf,
  AUTH_TEXT,
  type LoginRequest,
  REMEMBER_DAYS,
  type ResetPasswordRequest,
  type Role,
  SESSION_HOURS,
  type SessionView,
  userNames,
} from '@siteflow/core';
import type { Actor, Deps, TenantContext } from '../../platform/context.js';
import { inTenant } from '../../platform/context.js';
import { withTenant } from '../../platform/db/client.js';
import { passwordResets, sessions, users } from '../../platform/db/schema.js';
import { HttpError, invalid } from '../../platform/errors.js';
import { hashPassword, passwordProblem, verifyPassword } from '../../platform/passwords.js';
import { emailFields, securityEvent, type SecurityLog } from '../../platform/security-log.js';
import {
  clearCounts,
  countAttempt,
  overLimit,
  retryAfterSeconds,
  slowDownMs,
  tooManyAttempts,
  uncountAttempt,
  type Count,
  type Limit,
} from '../../platform/throttle.js';
import { hashToken, newToken } from '../../platform/tokens.js';
import { deviceKey, deviceToken, isKnownDevice, rememberDevice } from './devices.js';
import { sendPasswordLink } from './password-links.js';

type Meta = {
  ip: string;
  userAgent: string | undefined;
  previousToken: string | undefined;
  /** The sf_device cookie, if the browser sent one. */
  deviceToken?: string | undefined;
  log: SecurityLog;
};

/**
 * Sign-in throttling (docs/decisions.md, issue 9). Every attempt is counted before the password is
 * checked, in one atomic statement, and taken back when it succeeds:
 * - one account from one address (or from one known browser): 10 failures in 15 minutes, then 429;
 * - one account from every address: from the 6th failure each attempt waits (250 ms doubling, at
 *   most 3 s) but is never refused, so a stranger cannot lock the owner out;
 * - one address for every account: waits from the 21st failure, 429 from the 301st (spraying);
 * - a browser that signed in to the account before (sf_device) skips the last two.
 */
export const LOGIN_POLICY = {
  windowSeconds: 15 * 60,
  pairMax: 10,
  accountSlowAfter: 5,
  addressSlowAfter: 20,
  addressMax: 300,
} as const;

function loginLimits(
  tenant: TenantContext,
  email: string,
  ip: string,
  knownDevice: string | null,
): { pair: Limit; shared: Limit[] } {
  const p = LOGIN_POLICY;
  if (knownDevice)
    return {
      pair: { name: 'device', key: `login:device:${knownDevice}`, max: p.pairMax, windowSeconds: p.windowSeconds },
      shared: [],
    };
  return {
    pair: {
      name: 'account+address',
      key: `login:pair:${tenant.id}:${email}:${ip}`,
      max: p.pairMax,
      windowSeconds: p.windowSeconds,
    },
    shared: [
      {
        name: 'account',
        key: `login:acct:${tenant.id}:${email}`,
        slowAfter: p.accountSlowAfter,
        windowSeconds: p.windowSeconds,
      },
      {
        name: 'address',
        key: `login:ip:${ip}`,
        slowAfter: p.addressSlowAfter,
        max: p.addressMax,
        windowSeconds: p.windowSeconds,
      },
    ],
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Refuse with 429 + Retry-After when a count is over its limit (and say so in the log). */
function refuseOver(
  deps: Pick<Deps, 'clock'>,
  counts: Count[],
  log: SecurityLog,
  fields: Record<string, string | null>,
  action: string,
) {
  const over = overLimit(counts);
  if (!over) return;
  const retryAfter = retryAfterSeconds(over, deps.clock);
  securityEvent(log, 'auth.throttled', {
    ...fields,
    action,
    limit: over.limit.name ?? null,
    attempts: over.n,
    retryAfter,
  });
  throw tooManyAttempts(retryAfter);
}

export type SignedIn = {
  token: string;
  expiresAt: Date;
  remember: boolean;
  actor: Actor;
  /** The sf_device cookie to set (this browser is now known for this account). */
  device: { token: string; expiresAt: Date };
};

/**
 * Sign in: the same message for a wrong password, an unknown or a deactivated account.
 * No database connection is held while waiting (slow-down) or hashing (argon2): each step below
 * is one short statement or transaction, never one inside another.
 */
export async function signIn(
  deps: Pick<Deps, 'db' | 'clock'>,
  tenant: TenantContext,
  input: LoginRequest,
  meta: Meta,
): Promise<SignedIn> {
  const email = input.email;
  const fields = { tenantId: tenant.id, ip: meta.ip, ...emailFields(email) };
  const presented = deviceToken(meta.deviceToken);
  const presentedKey = presented ? deviceKey(tenant.id, email, presented) : null;
  const known = presentedKey ? await isKnownDevice(deps.db, deps.clock, presentedKey) : false;
  const limits = loginLimits(tenant, email, meta.ip, known ? presentedKey : null);

  const counts = await countAttempt(deps.db, deps.clock, [limits.pair, ...limits.shared]);
  refuseOver(deps, counts, meta.log, fields, 'sign_in');
  const delay = slowDownMs(counts);
  if (delay) {
    securityEvent(meta.log, 'auth.slowed_down', { ...fields, action: 'sign_in', delayMs: delay });
    await sleep(delay);
  }

  const [user] = await withTenant(deps.db, tenant.id, (tx) =>
    tx
      .select({
        id: users.id,
        active: users.active,
        passwordHash: users.passwordHash,
        role: users.role,
        clientId: users.clientId,
        providerId: users.serviceProviderId,
      })
      .from(users)
      .where(eq(users.email, email))
      .limit(1),
  );
  const ok = await verifyPassword(user?.active ? user.passwordHash : null, input.password);
  const fail = (reason: string) => {
    securityEvent(meta.log, 'auth.sign_in.failed', { ...fields, userId: user?.id ?? null, reason, knownDevice: known });
    return invalid({ email: [AUTH_TEXT.badCredentials] }, AUTH_TEXT.badCredentials);
  };
  if (!user) throw fail('unknown_account');
  if (!user.active) throw fail('inactive');
  if (!user.passwordHash) throw fail('no_password');
  if (!ok) throw fail('wrong_password');

  const signedIn = await inTenant(deps, tenant.id, async (tx) => {
    // The account may have changed while the password was checked (no transaction was open then).
    const [still] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, user.id), eq(users.active, true), eq(users.passwordHash, user.passwordHash!)))
      .limit(1);
    if (!still) return null;
    // Rotate: the session this browser had (if any) ends; a new token is issued.
    if (meta.previousToken) await tx.delete(sessions).where(eq(sessions.tokenHash, hashToken(meta.previousToken)));
    const token = newToken();
    const now = deps.clock.now().getTime();
    const expiresAt = new Date(now + (input.remember ? REMEMBER_DAYS * 24 : SESSION_HOURS) * 3600_000);
    const [created] = await tx
      .insert(sessions)
      .values({
        tenantId: tenant.id,
        userId: user.id,
        tokenHash: hashToken(token),
        remember: input.remember,
        expiresAt,
        ip: meta.ip,
        userAgent: meta.userAgent?.slice(0, 300) ?? null,
      })
      .returning({ id: sessions.id });
    // It was not a failure: take the attempt back and forget this pair's earlier failures.
    await clearCounts(tx, [limits.pair]);
    await uncountAttempt(tx, deps.clock, limits.shared);
    const device = presented ?? newToken();
    const deviceExpiresAt = await rememberDevice(tx, deps.clock, deviceKey(tenant.id, email, device));
    const actor: Actor = {
      userId: user.id,
      role: user.role as Role,
      sessionId: created!.id,
      tenantId: tenant.id,
      area: tenant.kind === 'platform' ? 'platform' : 'tenant',
      clientId: user.clientId,
      providerId: user.providerId,
    };
    return { token, expiresAt, remember: input.remember, actor, device: { token: device, expiresAt: deviceExpiresAt } };
  });
  if (!signedIn) throw fail('account_changed');
  securityEvent(meta.log, 'auth.sign_in.succeeded', {
    tenantId: tenant.id,
    userId: user.id,
    ip: meta.ip,
    knownDevice: known,
    remember: input.remember,
  });
  return signedIn;
}

export async function signOut(deps: Pick<Deps, 'db'>, tenant: TenantContext, token: string) {
  await withTenant(deps.db, tenant.id, (tx) => tx.delete(sessions).where(eq(sessions.tokenHash, hashToken(token))));
}

/** Always answers the same way, whether or not the account exists. */
export async function requestPasswordReset(
  deps: Pick<Deps, 'db' | 'clock' | 'config' | 'outbox'>,
  tenant: TenantContext,
  email: string,
  meta: { ip: string; log: SecurityLog },
) {
  const fields = { tenantId: tenant.id, ip: meta.ip, ...emailFields(email) };
  const limits: Limit[] = [
    { name: 'account', key: `reset:acct:${tenant.id}:${email}`, max: 5, windowSeconds: 3600 },
    { name: 'address', key: `reset:ip:${meta.ip}`, max: 20, windowSeconds: 3600 },
  ];
  refuseOver(deps, await countAttempt(deps.db, deps.clock, limits), meta.log, fields, 'password_reset_request');
  // The mail is queued in this transaction (outbox) and handed to the queue after it commits.
  const userId = await inTenant(deps, tenant.id, async (tx, onCommit) => {
    const [user] = await tx
      .select()
      .from(users)
      .where(and(eq(users.email, email), eq(users.active, true)))
      .limit(1);
    if (user) await sendPasswordLink(deps, tx, onCommit, tenant, user, 'reset');
    return user?.id ?? null;
  });
  securityEvent(meta.log, 'auth.password_reset.requested', { ...fields, userId, mailed: userId !== null });
}

/**
 * Set a new password from a link (a reset, or an invitation's first password); every session of
 * that user ends. The password is checked and hashed before any connection is taken.
 */
export async function resetPassword(
  deps: Pick<Deps, 'db' | 'clock'>,
  tenant: TenantContext,
  input: ResetPasswordRequest,
  meta: { ip: string; log: SecurityLog },
) {
  const problem = await passwordProblem(input.password, { email: input.email, companyName: tenant.name });
  if (problem) throw invalid({ password: [problem] });
  const fields = { tenantId: tenant.id, ip: meta.ip, ...emailFields(input.email) };
  const limits: Limit[] = [{ name: 'address', key: `resetpw:ip:${meta.ip}`, max: 30, windowSeconds: 15 * 60 }];
  refuseOver(deps, await countAttempt(deps.db, deps.clock, limits), meta.log, fields, 'password_reset');
  const passwordHash = await hashPassword(input.password);
  const done = await inTenant(deps, tenant.id, async (tx) => {
    const [row] = await tx
      .select({ id: passwordResets.id, userId: passwordResets.userId, purpose: passwordResets.purpose })
      .from(passwordResets)
      .innerJoin(users, and(eq(users.tenantId, passwordResets.tenantId), eq(users.id, passwordResets.userId)))
      .where(
        and(
          eq(passwordResets.tokenHash, hashToken(input.token)),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, deps.clock.now()),
          eq(users.email, input.email),
          eq(users.active, true),
        ),
      )
      .limit(1)
      .for('update');
    if (!row) return null;
    await tx
      .update(users)
      .set({ passwordHash, updatedAt: sql`now()` })
      .where(eq(users.id, row.userId));
    // Single use: this link and any other outstanding link of the user stop working.
    await tx
      .update(passwordResets)
      .set({ usedAt: deps.clock.now() })
      .where(and(eq(passwordResets.userId, row.userId), isNull(passwordResets.usedAt)));
    await tx.delete(sessions).where(eq(sessions.userId, row.userId));
    await uncountAttempt(tx, deps.clock, limits); // only failures count
    return row;
  });
  if (!done) {
    securityEvent(meta.log, 'auth.password_reset.failed', { ...fields, reason: 'invalid_link' });
    throw new HttpError(422, AUTH_TEXT.resetTokenInvalid, { email: [AUTH_TEXT.resetTokenInvalid] });
  }
  securityEvent(meta.log, 'auth.password_reset.completed', {
    tenantId: tenant.id,
    userId: done.userId,
    ip: meta.ip,
    purpose: done.purpose,
  });
}

export async function describeSession(
  deps: Pick<Deps, 'db' | 'config'>,
  tenant: TenantContext,
  actor: Actor | null,
): Promise<SessionView> {
  const area = tenant.kind === 'platform' ? 'platform' : 'tenant';
  let user: SessionView['user'] = null;
  if (actor) {
    // The request context read the user with the session; otherwise (an actor built elsewhere) read them.
    const u =
      actor.profile ??
      (
        await withTenant(deps.db, tenant.id, (tx) => tx.select().from(users).where(eq(users.id, actor.userId)).limit(1))
      )[0];
    if (u)
      user = {
        id: actor.userId,
        email: u.email,
        ...userNames(u),
        role: actor.role,
        has_picture: Boolean(u.pictureKey),
      };
  }
  return {
    area,
    tenant: {
      id: tenant.id,
      name: tenant.name,
      slug: tenant.slug ?? '',
      has_logo: Boolean(tenant.logoKey),
      logo_url: tenant.logoKey ? `/api/tenant/logo?v=${encodeURIComponent(tenant.logoKey.slice(0, 8))}` : null,
    },
    user,
    abilities: actor && user ? abilitiesOf({ role: actor.role, area }) : [],
    map: { tile_url: deps.config.mapTileUrl || null },
  };
}
