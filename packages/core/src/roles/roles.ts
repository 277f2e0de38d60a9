import { z } from 'zod';

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
export const Role = z.enum(ROLES);
export type Role = z.infer<typeof Role>;

export const STAFF_ROLES = ['company_admin', 'company_employee'] as const;
export const StaffRole = z.enum(STAFF_ROLES, { error: 'The role field is required.' });
export type StaffRole = z.infer<typeof StaffRole>;

export const ROLE_LABELS: Record<Role, string> = {
  platform_admin: 'Platform Admin',
  company_admin: 'Company Admin',
  company_employee: 'Company Employee',
  client_admin: 'Client Admin',
  client_account: 'Client Account',
  client_am: 'Account Manager',
  sp_admin: 'Service Provider Admin',
  sp_employee: 'Service Provider Employee',
};

export const isClientRole = (role: Role) =>
  role === 'client_admin' || role === 'client_account' || role === 'client_am';
export const isProviderRole = (role: Role) => role === 'sp_admin' || role === 'sp_employee';
export const isStaffRole = (role: Role) => role === 'company_admin' || role === 'company_employee';
