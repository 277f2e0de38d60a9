import type { Role } from './roles.js';

/**
 * Everything a signed-in user may be allowed to do. The server enforces these;
 * the web receives the list of granted abilities and only hides what is denied.
 */
export const ACTIONS = [
  'customers.manage',
  'mailbox.read',
  'staff.view',
  'staff.manage',
  'staff.changeRole',
  'settings.view',
  'settings.manage',
  'projects.view',
  'projects.create',
  'projects.edit',
  'projects.delete',
  'projectLinks.manage',
  'clients.view',
  'clients.manage',
  'clients.quickAdd',
  'reference.view',
  'reference.manage',
  'providers.view',
  'providers.manage',
  'providers.search',
  'projects.assignProvider',
  'projects.notifyProvider',
  'projects.ratePerformance',
  'projects.rateCustomer',
  'projectMap.view',
  'certificates.view',
  'certificates.manage',
  'certificateTypes.manage',
] as const;
export type Action = (typeof ACTIONS)[number];

export type Actor = { role: Role; area: 'platform' | 'tenant' };

const GRANTS: Record<Role, readonly Action[]> = {
  platform_admin: ['customers.manage', 'mailbox.read', 'settings.view', 'settings.manage'],
  company_admin: [
    'staff.view',
    'staff.manage',
    'staff.changeRole',
    'settings.view',
    'settings.manage',
    'projects.view',
    'projects.create',
    'projects.edit',
    'projects.delete',
    'projectLinks.manage',
    'clients.view',
    'clients.manage',
    'clients.quickAdd',
    'reference.view',
    'reference.manage',
    'providers.view',
    'providers.manage',
    'providers.search',
    'projects.assignProvider',
    'projects.notifyProvider',
    'projects.ratePerformance',
    'projectMap.view',
    'certificates.view',
    'certificates.manage',
    'certificateTypes.manage',
  ],
  // Staff run projects day to day; only admins delete projects or manage clients and reference data.
  company_employee: [
    'staff.view',
    'settings.view',
    'projects.view',
    'projects.create',
    'projects.edit',
    'projectLinks.manage',
    'clients.view',
    'clients.quickAdd',
    'reference.view',
    'providers.view',
    'providers.manage',
    'providers.search',
    'projects.assignProvider',
    'projects.notifyProvider',
    'projects.ratePerformance',
    'projectMap.view',
    'certificates.view',
    'certificates.manage',
  ],
  // Client and provider users see their own projects only (projectScope). Clients rate the work
  // (customer rating); provider users see their own provider and manage their own certificates
  // (sp_admin also the provider's): the owner checks are in features/certificates/owner.ts.
  client_admin: ['projects.view', 'projectMap.view', 'projects.rateCustomer'],
  client_account: ['projects.view', 'projectMap.view', 'projects.rateCustomer'],
  client_am: ['projects.view', 'projectMap.view', 'projects.rateCustomer'],
  sp_admin: ['projects.view', 'projectMap.view', 'providers.view', 'certificates.view', 'certificates.manage'],
  sp_employee: ['projects.view', 'projectMap.view', 'providers.view', 'certificates.view', 'certificates.manage'],
};

/** Deny by default: an action is allowed only when the role is granted it in its own area. */
export function can(actor: Actor | null | undefined, action: Action): boolean {
  if (!actor) return false;
  if (actor.role === 'platform_admin' && actor.area !== 'platform') return false;
  if (actor.role !== 'platform_admin' && actor.area !== 'tenant') return false;
  return GRANTS[actor.role].includes(action);
}

export function abilitiesOf(actor: Actor): Action[] {
  return ACTIONS.filter((a) => can(actor, a));
}
