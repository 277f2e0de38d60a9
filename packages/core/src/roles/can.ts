import type { Role } from './roles.js';

/**
 * Everything a signed-in user may be allowed to do. The server enforces these;
 * the web receives the list of granted abilities and only hides what is denied.
 * A new action here is granted to company admins, and to employees too, unless it is listed in
 * PLATFORM_ONLY, CLIENT_ONLY or ADMIN_ONLY below: decide which it is when adding one.
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
  'taskTemplates.manage',
  'messageTemplates.manage',
  'tasks.view',
  'tasks.manage',
  'quotes.view',
  'quotes.manage',
  'catalogue.view',
  'catalogue.manage',
  'quoteRequests.create',
  'quotes.respond',
  'agreements.manage',
  'agreements.respond',
  'finance.view',
  'finance.manage',
  'reports.view',
] as const;
export type Action = (typeof ACTIONS)[number];

export type Actor = { role: Role; area: 'platform' | 'tenant' };

/** Only a platform admin, on the platform host, manages customers and reads the mailbox. */
const PLATFORM_ONLY: readonly Action[] = ['customers.manage', 'mailbox.read'];
/** The customer rating is the client's own, and so is answering a quote sent to them (issue 13 section 6). */
const CLIENT_ONLY: readonly Action[] = ['projects.rateCustomer', 'quotes.respond'];
/**
 * A quote request proposes a project to the company: client and provider users send one; staff
 * create projects themselves (docs/decisions.md, "Quote requests").
 */
const REQUESTER_ONLY: readonly Action[] = ['quoteRequests.create'];
/**
 * A provider's users see the agreements made with their provider read-only and accept or decline
 * them (issue 14 section 1); staff manage agreements ('agreements.manage').
 */
const PROVIDER_ONLY: readonly Action[] = ['agreements.respond'];
/** A company admin may do everything else in the tenant area. */
const COMPANY_ADMIN = ACTIONS.filter(
  (a) =>
    !PLATFORM_ONLY.includes(a) && !CLIENT_ONLY.includes(a) && !REQUESTER_ONLY.includes(a) && !PROVIDER_ONLY.includes(a),
);
// Staff run projects day to day; only admins delete projects or manage clients and reference data.
const ADMIN_ONLY: readonly Action[] = [
  'staff.manage',
  'staff.changeRole',
  'settings.manage',
  'projects.delete',
  'clients.manage',
  'reference.manage',
  'certificateTypes.manage',
];
// Client and provider users see their own projects only (projectScope). Clients rate the work
// (customer rating); provider users see their own provider and manage their own certificates
// (sp_admin also the provider's): the owner checks are in features/certificates/owner.ts.
const CLIENT_USER: readonly Action[] = [
  'projects.view',
  'projectMap.view',
  'projects.rateCustomer',
  'tasks.view',
  'quoteRequests.create',
  'quotes.respond',
];
const PROVIDER_USER: readonly Action[] = [
  'projects.view',
  'projectMap.view',
  'providers.view',
  'certificates.view',
  'certificates.manage',
  'tasks.view',
  'quoteRequests.create',
  'agreements.respond',
];

// Finance and the finance report show costs and margins: staff only (company admin and employee),
// never client or provider users (docs/decisions.md, "Finance").
const GRANTS: Record<Role, readonly Action[]> = {
  platform_admin: ['customers.manage', 'mailbox.read', 'settings.view', 'settings.manage'],
  company_admin: COMPANY_ADMIN,
  company_employee: COMPANY_ADMIN.filter((a) => !ADMIN_ONLY.includes(a)),
  client_admin: CLIENT_USER,
  client_account: CLIENT_USER,
  client_am: CLIENT_USER,
  sp_admin: PROVIDER_USER,
  sp_employee: PROVIDER_USER,
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
