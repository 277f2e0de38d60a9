/**
 * What every feature that keeps user accounts (staff, clients, providers) does alike: one e-mail
 * per tenant, sessions that end when an account is deactivated, and the audit of role changes.
 */
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.js';
import { sessions, users } from '../../platform/db/schema.js';
import { fieldError, uniqueOrFieldError } from '../../platform/errors.js';
import type { OnCommit } from '../../platform/mail.js';
import type { RoleAudit } from '../../platform/security-log.js';

/** `taken` on the email field when another user of the tenant has the address. */
export async function assertEmailFree(tx: Tx, email: string, taken: string, exceptId?: string) {
  const [other] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (other && other.id !== exceptId) throw fieldError('email', taken);
}

/** Saves a user: a unique violation (a race past assertEmailFree) is the same `taken` error. */
export const emailTakenOnConflict = <T>(taken: string, work: () => Promise<T>) =>
  uniqueOrFieldError('email', taken, work);

/** Deactivating an account ends every session of the user at once. */
export async function endSessionsUnlessActive(tx: Tx, userId: string, active: boolean) {
  if (!active) await tx.delete(sessions).where(eq(sessions.userId, userId));
}

/** A user's name, e-mail and phone as the account forms send them. */
export const personColumns = (input: {
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
}) => ({
  firstName: input.first_name,
  lastName: input.last_name,
  email: input.email,
  phone: input.phone,
});

/** Updates the user's row (and updated_at); the updated row. */
export async function updateUser(tx: Tx, userId: string, values: Partial<typeof users.$inferInsert>) {
  const [u] = await tx
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning();
  return u!;
}

/** Activates or deactivates a user (see endSessionsUnlessActive); the updated row. */
export async function setUserActive(tx: Tx, userId: string, active: boolean) {
  const u = await updateUser(tx, userId, { active });
  await endSessionsUnlessActive(tx, userId, active);
  return u;
}

/** Records a change of the user's role in the security log once the change is committed. */
export function auditRoleChange(
  onCommit: OnCommit,
  audit: RoleAudit | undefined,
  userId: string,
  from: string,
  to: string,
) {
  if (audit && to !== from) onCommit(async () => audit({ userId, from, to }));
}
