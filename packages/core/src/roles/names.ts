/**
 * The roles, their labels and the role tests, without zod: the signed-in frame and the lists read
 * these, and a module's schemas travel with it into every chunk that uses any of its exports
 * (roles.ts keeps the schemas and re-exports these).
 */
export const ROLES = [
  'platform_admin',
  'company_admin',
  'company_employee',
  'client_admin',
  'client_account',
  'client_am',
  'sp_admin',
  'sp_employee',
] as const;
type RoleName = (typeof ROLES)[number];

export const STAFF_ROLES = ['company_admin', 'company_employee'] as const;

export const ROLE_LABELS: Record<RoleName, string> = {
  platform_admin: 'Platform Admin',
  company_admin: 'Company Admin',
  company_employee: 'Company Employee',
  client_admin: 'Client Admin',
  client_account: 'Client Account',
  client_am: 'Account Manager',
  sp_admin: 'Service Provider Admin',
  sp_employee: 'Service Provider Employee',
};

export const isClientRole = (role: RoleName) =>
  role === 'client_admin' || role === 'client_account' || role === 'client_am';
export const isProviderRole = (role: RoleName) => role === 'sp_admin' || role === 'sp_employee';
export const isStaffRole = (role: RoleName) => role === 'company_admin' || role === 'company_employee';
