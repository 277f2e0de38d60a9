import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  AUTH_TEXT,
  REMEMBER_DAYS,
  SESSION_HOURS,
  abilitiesOf,
  type LoginRequest,
  type ResetPasswordRequest,
  type Role,
  type SessionView,
} from '@siteflow/core';
import type { Actor, Deps, TenantContext } from '../../platform/context.js';
import { inTenant } from '../../platform/context.js';
import { withTenant } from '../../platform/db/client.js';
import { passwordResets, sessions, users } from '../../platform/db/schema.js';
import { HttpError, invalid } from '../../platform/errors.js';
import { hashPassword, verifyPassword } from '../../platform/passwords.js';
import { checkThrottle, recordHits } from '../../platform/throttle.js';
import { hashToken, newToken } from '../../platform/tokens.js';
import { sendPasswordLink } from './password-links.js';

type Meta = { ip: string; userAgent: string | undefined; previousToken: string | undefined };

const loginLimits = (tenant: TenantContext, email: string, ip: string) => [
  { key: `login:acct:${tenant.id}:${email}`, max: 10, windowSeconds: 15 * 60 },
  { key: `login:ip:${ip}`, max: 50, windowSeconds: 15 * 60 },
];

/** Sign in: the same message for a wrong password, an unknown or a deactivated account. */
export async function signIn(deps: Pick<Deps, 'db' | 'clock'>, tenant: TenantContext, input: LoginRequest, meta: Meta) {
  const limits = loginLimits(tenant, input.email, meta.ip);
  await checkThrottle(deps.db, deps.clock, limits);
  return inTenant(deps, tenant.id, async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.email, input.email)).limit(1);
    const ok = await verifyPassword(user?.active ? user.passwordHash : null, input.password);
    if (!user || !ok) {
      await recordHits(deps.db, deps.clock, limits);
      throw invalid({ email: [AUTH_TEXT.badCredentials] }, AUTH_TEXT.badCredentials);
    }
    // Rotate: the session this browser had (if any) ends; a new token is issued.
    if (meta.previousToken) await tx.delete(sessions).where(eq(sessions.tokenHash, hashToken(meta.previousToken)));
    const token = newToken();
    const now = deps.clock.now().getTime();
    const expiresAt = new Date(now + (input.remember ? REMEMBER_DAYS * 24 : SESSION_HOURS) * 3600_000);
    const [created] = await tx.insert(sessions).values({
      tenantId: tenant.id,
      userId: user.id,
      tokenHash: hashToken(token),
      remember: input.remember,
      expiresAt,
      ip: meta.ip,
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
    }).returning({ id: sessions.id });
    const actor: Actor = {
      userId: user.id,
      role: user.role as Role,
      sessionId: created!.id,
      tenantId: tenant.id,
      area: tenant.kind === 'platform' ? 'platform' : 'tenant',
      clientId: user.clientId,
      providerId: user.serviceProviderId,
    };
    return { token, expiresAt, remember: input.remember, actor };
  });
}

export async function signOut(deps: Pick<Deps, 'db'>, tenant: TenantContext, token: string) {
  await withTenant(deps.db, tenant.id, (tx) => tx.delete(sessions).where(eq(sessions.tokenHash, hashToken(token))));
}

/** Always answers the same way, whether or not the account exists. */
export async function requestPasswordReset(
  deps: Pick<Deps, 'db' | 'clock' | 'config' | 'outbox'>,
  tenant: TenantContext,
  email: string,
  ip: string,
) {
  const limits = [
    { key: `reset:acct:${tenant.id}:${email}`, max: 5, windowSeconds: 3600 },
    { key: `reset:ip:${ip}`, max: 20, windowSeconds: 3600 },
  ];
  await checkThrottle(deps.db, deps.clock, limits);
  await recordHits(deps.db, deps.clock, limits);
  await inTenant(deps, tenant.id, async (tx, onCommit) => {
    const [user] = await tx.select().from(users).where(and(eq(users.email, email), eq(users.active, true))).limit(1);
    if (user) await sendPasswordLink(deps, tx, onCommit, tenant, user, 'reset');
  });
}

/** Set a new password from a link; every session of that user ends. */
export async function resetPassword(deps: Pick<Deps, 'db' | 'clock'>, tenant: TenantContext, input: ResetPasswordRequest, ip: string) {
  const limits = [{ key: `resetpw:ip:${ip}`, max: 30, windowSeconds: 15 * 60 }];
  await checkThrottle(deps.db, deps.clock, limits);
  const passwordHash = await hashPassword(input.password);
  const done = await inTenant(deps, tenant.id, async (tx) => {
    const [row] = await tx
      .select({ id: passwordResets.id, userId: passwordResets.userId })
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
    if (!row) return false;
    await tx.update(users).set({ passwordHash, updatedAt: sql`now()` }).where(eq(users.id, row.userId));
    // Single use: this link and any other outstanding link of the user stop working.
    await tx.update(passwordResets).set({ usedAt: deps.clock.now() }).where(and(eq(passwordResets.userId, row.userId), isNull(passwordResets.usedAt)));
    await tx.delete(sessions).where(eq(sessions.userId, row.userId));
    return true;
  });
  if (!done) {
    await recordHits(deps.db, deps.clock, limits);
    throw new HttpError(422, AUTH_TEXT.resetTokenInvalid, { email: [AUTH_TEXT.resetTokenInvalid] });
  }
}

export async function describeSession(deps: Pick<Deps, 'db' | 'config'>, tenant: TenantContext, actor: Actor | null): Promise<SessionView> {
  const area = tenant.kind === 'platform' ? 'platform' : 'tenant';
  let user: SessionView['user'] = null;
  if (actor) {
    const [u] = await withTenant(deps.db, tenant.id, (tx) => tx.select().from(users).where(eq(users.id, actor.userId)).limit(1));
    if (u)
      user = {
        id: u.id,
        email: u.email,
        first_name: u.firstName,
        last_name: u.lastName,
        full_name: `${u.firstName} ${u.lastName}`.trim(),
        role: u.role as Role,
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
