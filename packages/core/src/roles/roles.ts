import { z } from 'zod';
import { ROLES, STAFF_ROLES } from './names.js';

export { isClientRole, isProviderRole, isStaffRole, ROLE_LABELS, ROLES, STAFF_ROLES } from './names.js';

export const Role = z.enum(ROLES);
export type Role = z.infer<typeof Role>;

export const StaffRole = z.enum(STAFF_ROLES, { error: 'The role field is required.' });
export type StaffRole = z.infer<typeof StaffRole>;
