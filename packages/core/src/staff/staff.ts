import { z } from 'zod';
import {
  emailField,
  pageOf,
  PageQuery,
  postcodeField,
  requiredText,
  stateField,
  requiredPhone,
} from '../common/fields.js';
import { optionalFilter } from '../common/query.js';
import { localityView, userNamesView } from '../common/views.js';
import { Role, StaffRole } from '../roles/roles.js';

export const STAFF_TEXT = {
  create: 'Create New Staff',
  save: 'Save',
  cancel: 'Cancel',
  firstNameRequired: 'The first name field is required.',
  lastNameRequired: 'The last name field is required.',
  emailRequired: 'The email field is required.',
  emailTaken: 'The email has already been taken.',
  phoneRequired: 'The phone field is required.',
  streetRequired: 'The address field is required.',
  suburbRequired: 'The suburb field is required.',
  stateRequired: 'The state field is required.',
  postcodeRequired: 'The postcode field is required.',
  projectManager: 'Project Manager',
  systemEmails: 'System Emails',
  created: 'Staff member created. They have been emailed a link to set their password.',
  saved: 'Staff member saved.',
  deactivated: 'Staff member deactivated. Their sessions have ended.',
  activated: 'Staff member activated.',
  cannotDeactivateSelf: 'You cannot deactivate your own account.',
} as const;

const flag = z.preprocess((v) => (v === true || v === '1' || v === 'true' || v === 1 ? '1' : '0'), z.enum(['1', '0']));

/**
 * Fields marked required on the form are enforced here too: a label that says
 * "required" and a server that accepts blanks would surprise the user.
 */
export const StaffInput = z.object({
  first_name: requiredText(STAFF_TEXT.firstNameRequired, 100),
  last_name: requiredText(STAFF_TEXT.lastNameRequired, 100),
  email: emailField(STAFF_TEXT.emailRequired),
  phone: requiredPhone(STAFF_TEXT.phoneRequired),
  // Absent = keep the saved position (the form hides Position whenever it shows the role list).
  position: z.string().trim().max(100).optional(),
  role: StaffRole.optional(),
  is_project_manager: flag.default('0'),
  notifications: flag.default('1'),
  address: requiredText(STAFF_TEXT.streetRequired),
  suburb: requiredText(STAFF_TEXT.suburbRequired, 100),
  state: stateField(STAFF_TEXT.stateRequired),
  postcode: postcodeField(STAFF_TEXT.postcodeRequired),
});
export type StaffInput = z.infer<typeof StaffInput>;

export const StaffView = z.object({
  id: z.uuid(),
  ...userNamesView,
  email: z.string(),
  phone: z.string().nullable(),
  position: z.string().nullable(),
  role: Role,
  is_project_manager: z.enum(['1', '0']),
  notifications: z.enum(['1', '0']),
  address: z.string().nullable(),
  ...localityView,
  active: z.boolean(),
  profile_picture_path: z.string().nullable(),
  created_at: z.string(),
});
export type StaffView = z.infer<typeof StaffView>;

export const StaffPage = pageOf(StaffView);
export type StaffPage = z.infer<typeof StaffPage>;

export const StaffListQuery = PageQuery.extend({
  role: optionalFilter(StaffRole),
  status: z.enum(['active', 'inactive', 'all']).default('all'),
});

export const StaffFormOptions = z.object({
  roles: z.array(z.object({ label: z.string(), value: StaffRole })).nullable(),
  /** What the signed-in user may do on this form (packages/core/src/policies/staff.ts). */
  abilities: z.object({ change_role: z.boolean() }),
  show_project_manager_flag: z.boolean(),
  show_system_emails_flag: z.boolean(),
});
export type StaffFormOptions = z.infer<typeof StaffFormOptions>;
