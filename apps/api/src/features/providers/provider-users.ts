import { and, eq, inArray } from 'drizzle-orm';
import { STAFF_TEXT } from '@siteflow/core';
import type { z } from 'zod';
import type { ProviderUserInput } from '@siteflow/core';
import { inTenant, type Actor, type Deps, type TenantContext } from '../../platform/context.js';
import type { Tx } from '../../platform/db/client.js';
import { users } from '../../platform/db/schema.js';
import { notFound } from '../../platform/errors.js';
import type { RoleAudit } from '../../platform/security-log.js';
import * as accounts from '../auth/accounts.js';
import { sendPasswordLink } from '../auth/password-links.js';
import { findVisibleProvider, presentProviderUser } from './read.js';

type D = Pick<Deps, 'db'>;
type ProviderUserData = z.output<typeof ProviderUserInput>;

const PROVIDER_ROLES = ['sp_admin', 'sp_employee'] as const;

// ---------------------------------------------------------------------------------------------
// Provider users (sign in as sp_admin / sp_employee; invited by e-mail like staff)

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

const savingUser = <T>(work: () => Promise<T>) => accounts.emailTakenOnConflict(STAFF_TEXT.emailTaken, work);

export const createProviderUser = (
  deps: Deps,
  tenant: TenantContext,
  actor: Actor,
  providerId: string,
  input: ProviderUserData,
) =>
  savingUser(() =>
    inTenant(deps, tenant.id, async (tx, onCommit) => {
      await findVisibleProvider(tx, actor, providerId);
      await accounts.assertEmailFree(tx, input.email, STAFF_TEXT.emailTaken);
      const [u] = await tx
        .insert(users)
        .values({
          tenantId: tenant.id,
          role: input.role,
          serviceProviderId: providerId,
          ...accounts.personColumns(input),
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
  savingUser(() =>
    inTenant(deps, tenant.id, async (tx, onCommit) => {
      await findVisibleProvider(tx, actor, providerId);
      const before = await findProviderUser(tx, providerId, userId);
      await accounts.assertEmailFree(tx, input.email, STAFF_TEXT.emailTaken, userId);
      const u = await accounts.updateUser(tx, userId, { role: input.role, ...accounts.personColumns(input) });
      accounts.auditRoleChange(onCommit, audit, userId, before.role, u.role);
      return presentProviderUser(u);
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
    return presentProviderUser(await accounts.setUserActive(tx, userId, active));
  });
