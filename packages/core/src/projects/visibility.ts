import { isClientRole, isProviderRole, type Role } from '../roles/roles.js';

/** Which projects a user sees: staff all of the tenant's, client users their client's, provider users their provider's. */
export type ProjectScope =
  | { kind: 'all' }
  | { kind: 'client'; clientId: string | null }
  | { kind: 'provider'; providerId: string | null }
  | { kind: 'none' };

export function projectScope(user: { role: Role; clientId: string | null; providerId: string | null }): ProjectScope {
  if (isClientRole(user.role)) return { kind: 'client', clientId: user.clientId };
  if (isProviderRole(user.role)) return { kind: 'provider', providerId: user.providerId };
  if (user.role === 'company_admin' || user.role === 'company_employee') return { kind: 'all' };
  return { kind: 'none' };
}

export const viewerKind = (role: Role): 'staff' | 'client' | 'provider' =>
  isClientRole(role) ? 'client' : isProviderRole(role) ? 'provider' : 'staff';
