import crypto from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.js';
import type { Exec } from '../../platform/db/client.js';
import { knownDevices } from '../../platform/db/schema.js';

/**
 * A browser that signed in to an account before carries a random token in the HttpOnly cookie
 * sf_device (one year); the database keeps only a hash of (tenant, e-mail, token). Such a browser
 * passes the account- and address-wide sign-in limits, so a stranger's failures cannot lock the
 * owner out of a browser they already use.
 */
export const DEVICE_COOKIE = 'sf_device';
export const DEVICE_DAYS = 365;

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The cookie's token, if it has the shape we issue. */
export const deviceToken = (value: string | undefined) => (value && TOKEN.test(value) ? value : undefined);

export const deviceKey = (tenantId: string, email: string, token: string) =>
  crypto.createHash('sha256').update(`device\0${tenantId}\0${email}\0${token}`).digest('base64url');

export async function isKnownDevice(db: Exec, clock: Clock, key: string): Promise<boolean> {
  const rows = await db
    .select({ key: knownDevices.key })
    .from(knownDevices)
    .where(and(eq(knownDevices.key, key), gt(knownDevices.expiresAt, clock.now())))
    .limit(1);
  return rows.length > 0;
}

/** Remember (or keep remembering for another year) this browser for this account. */
export async function rememberDevice(db: Exec, clock: Clock, key: string): Promise<Date> {
  const expiresAt = new Date(clock.now().getTime() + DEVICE_DAYS * 86_400_000);
  await db
    .insert(knownDevices)
    .values({ key, expiresAt })
    .onConflictDoUpdate({ target: knownDevices.key, set: { expiresAt } });
  return expiresAt;
}
