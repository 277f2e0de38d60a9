import type { OwnerKind } from '../certificates/certificates.js';
import { can } from '../roles/can.js';
import type { PolicyActor } from './actor.js';

/** Whose certificates: a user's or a service provider's. */
export type CertificateOwner = { kind: OwnerKind; id: string };
export type CertificateAction = 'view' | 'manage';
export type CertificateOwnerAccess = 'none' | 'view' | 'manage';

/**
 * Who may see and change whose certificates:
 * - staff (company_admin, company_employee): every owner, view and manage;
 * - sp_admin: their own user and their own provider, view and manage;
 * - sp_employee: their own user, view and manage; their own provider, view only;
 * - anyone else (client roles, platform admins, a provider user and someone else's owner): none.
 */
export function certificateOwnerAccess(
  actor: Pick<PolicyActor, 'role' | 'userId' | 'providerId'>,
  owner: CertificateOwner,
): CertificateOwnerAccess {
  const own = owner.kind === 'user' ? owner.id === actor.userId : !!actor.providerId && owner.id === actor.providerId;
  switch (actor.role) {
    case 'company_admin':
    case 'company_employee':
      return 'manage';
    case 'sp_admin':
      return own ? 'manage' : 'none';
    case 'sp_employee':
      if (!own) return 'none';
      return owner.kind === 'user' ? 'manage' : 'view';
    default:
      return 'none';
  }
}

/** The role's certificate ability, on an owner whose certificates the actor may reach. */
export function canOnCertificate(actor: PolicyActor, action: CertificateAction, owner: CertificateOwner): boolean {
  if (!can(actor, action === 'view' ? 'certificates.view' : 'certificates.manage')) return false;
  const access = certificateOwnerAccess(actor, owner);
  return action === 'view' ? access !== 'none' : access === 'manage';
}

/** The abilities a certifications view carries. */
export const certificateAbilities = (actor: PolicyActor, owner: CertificateOwner) => ({
  manage: canOnCertificate(actor, 'manage', owner),
});
