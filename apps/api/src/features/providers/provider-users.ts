import { and, eq, inArray, sql } from 'drizzle-orm';
import { STAFF_TEXT } from '@siteflow/core';
import type { z } from 'zod';
import type { ProviderUserInput } from '@siteflow/core';
import { inTenant, type Actor, type Deps, type TenantContext } from '../../platform/context.js';
import type { Tx } from '../../platform/db/client.js';
import { sessions, users } from '../../platform/db/schema.js';
import { fieldError, isUniqueViolation, notFound } from '../../platform/errors.js';
import type { RoleAudit } from '../../platform/security-log.js';
import { sendPasswordLink } from '../auth/password-links.js';
import { findVisibleProvider, presentProviderUser } from './read.js';

type D = Pick<Deps, 'db'>;
type ProviderUserData = z.output<typeof ProviderUserInput>;

const PROVIDER_ROLES = ['sp_admin', 'sp_employee'] as const;

// ---------------------------------------------------------------------------------------------
// Provider users (sign in as sp_admin / sp_employee; invited by e-mail like staff)

async function assertEmailFree(tx: Tx, email: string, exceptId?: string) {
  const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (taken && taken.id !== exceptId) throw fieldError('email', STAFF_TEXT.emailTaken);
}

async function findProviderUser(tx: Tx, providerId: string, userId: string) {
  const [u] = await tx
    .select()
    .from(users)
    .where(
      and(eq(users.id, userId), eq(users.serviceProviderId, providerId), inArray(users.role, [...PROVIDER_ROLES])),
    );
  if (!u) throw notFound('The user');
  return u;
}

const emailTakenOnConflict = async <T>(work: () => Promise<T>): Promise<T> => {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError('email', STAFF_TEXT.emailTaken);
    throw error;
  }
};

export const createProviderUser = (
  deps: Deps,
  tenant: TenantContext,
  actor: Actor,
  providerId: string,
  input: ProviderUserData,
) =>
  emailTakenOnConflict(() =>
    inTenant(deps, tenant.id, async (tx, onCommit) => {
      await findVisibleProvider(tx, actor, providerId);
      await assertEmailFree(tx, input.email);
      const [u] = await tx
        .insert(users)
        .values({
          tenantId: tenant.id,
          role: input.role,
          serviceProviderId: providerId,
          firstName: input.first_name,
          lastName: input.last_name,
          email: input.email,
          phone: input.phone,
        })
        .returning();
      await sendPasswordLink(deps, tx, onCommit, tenant, u!, 'invite');
      return presentProviderUser(u!);
    }),
  );

export const updateProviderUser = (
  deps: D,
  tenant: TenantContext,
  actor: Actor,
  providerId: string,
  userId: string,
  input: ProviderUserData,
  audit?: RoleAudit,
) =>
  emailTakenOnConflict(() =>
    inTenant(deps, tenant.id, async (tx, onCommit) => {
      await findVisibleProvider(tx, actor, providerId);
      const before = await findProviderUser(tx, providerId, userId);
      await assertEmailFree(tx, input.email, userId);
      const [u] = await tx
        .update(users)
        .set({
          role: input.role,
          firstName: input.first_name,
          lastName: input.last_name,
          email: input.email,
          phone: input.phone,
          updatedAt: sql`now()`,
        })
        .where(eq(users.id, userId))
        .returning();
      if (audit && u!.role !== before.role) onCommit(async () => audit({ userId, from: before.role, to: u!.role }));
      return presentProviderUser(u!);
    }),
  );

/** Deactivating ends every session of the user at once. */
export const setProviderUserActive = (
  deps: D,
  tenant: TenantContext,
  actor: Actor,
  providerId: string,
  userId: string,
  active: boolean,
) =>
  inTenant(deps, tenant.id, async (tx) => {
    await findVisibleProvider(tx, actor, providerId);
    await findProviderUser(tx, providerId, userId);
    const [u] = await tx
      .update(users)
      .set({ active, updatedAt: sql`now()` })
      .where(eq(users.id, userId))
      .returning();
    if (!active) await tx.delete(sessions).where(eq(sessions.userId, userId));
    return presentProviderUser(u!);
  });
