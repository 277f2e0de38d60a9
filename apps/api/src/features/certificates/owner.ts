import { and, eq } from 'drizzle-orm';
import {
  certificateAbilities,
  certificateOwnerAccess,
  type CertificateOwnerAccess,
  type OwnerKind,
} from '@siteflow/core';
import type { Actor } from '../../platform/context.js';
import type { Tx } from '../../platform/db/client.js';
import { serviceProviders, users } from '../../platform/db/schema.js';
import { forbidden, notFound } from '../../platform/errors.js';

/**
 * Who may see and change whose certificates is the core policy `certificateOwnerAccess`
 * (packages/core/src/policies/certificate.ts); the route has already checked certificates.view or
 * certificates.manage, so client roles never get here. An owner the actor may not reach is 404
 * for them (they learn nothing about it), and so is an owner of another tenant for everyone (RLS).
 */
export const ownerAccess = (
  actor: Pick<Actor, 'role' | 'userId' | 'providerId'>,
  kind: OwnerKind,
  ownerId: string,
): CertificateOwnerAccess => certificateOwnerAccess(actor, { kind, id: ownerId });

export type Owner = {
  kind: OwnerKind;
  id: string;
  name: string;
  firstName: string | null;
  lastName: string | null;
  directorName: string | null;
  /** Who is told about expiring certificates: the user, or the provider's address. */
  email: string | null;
};

/** The owner in the tenant (tx is tenant-scoped), or null. */
export async function findOwner(tx: Tx, kind: OwnerKind, id: string): Promise<Owner | null> {
  if (kind === 'user') {
    const [u] = await tx
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
      .from(users)
      .where(eq(users.id, id))
      .limit(1);
    return u
      ? {
          kind,
          id: u.id,
          name: `${u.firstName} ${u.lastName}`.trim(),
          firstName: u.firstName,
          lastName: u.lastName,
          directorName: null,
          email: u.email,
        }
      : null;
  }
  const [p] = await tx
    .select({
      id: serviceProviders.id,
      name: serviceProviders.name,
      directorName: serviceProviders.directorName,
      email: serviceProviders.email,
    })
    .from(serviceProviders)
    .where(and(eq(serviceProviders.id, id)))
    .limit(1);
  return p
    ? { kind, id: p.id, name: p.name, firstName: null, lastName: null, directorName: p.directorName, email: p.email }
    : null;
}

/**
 * Load the owner and check the actor's access: 404 when it does not exist here or the actor may
 * not see it; 403 when the actor may see it but `need` is manage and they may only view.
 */
export async function ownerFor(
  tx: Tx,
  actor: Actor,
  kind: OwnerKind,
  id: string,
  need: 'view' | 'manage',
): Promise<{ owner: Owner; abilities: { manage: boolean } }> {
  const access = ownerAccess(actor, kind, id);
  if (access === 'none') throw notFound(kind === 'user' ? 'The user' : 'The service provider');
  const owner = await findOwner(tx, kind, id);
  if (!owner) throw notFound(kind === 'user' ? 'The user' : 'The service provider');
  if (need === 'manage' && access !== 'manage') throw forbidden();
  return { owner, abilities: certificateAbilities(actor, { kind, id }) };
}
