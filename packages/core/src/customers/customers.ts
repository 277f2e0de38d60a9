import { z } from 'zod';
import {
  emailField,
  optionalText,
  pageOf,
  postcodeField,
  requiredText,
  stateField,
  requiredPhone,
} from '../common/fields.js';
import { localityView } from '../common/views.js';

/** Messages verbatim from spec 1 section 5 (the double spaces are the spec's). */
export const CUSTOMER_TEXT = {
  create: 'Create New Customer',
  save: 'Save Changes',
  emailRequired: 'email  is required.',
  firstNameRequired: 'first name is required.',
  lastNameRequired: 'last name  is required.',
  companyNameRequired: 'company name  is required.',
  slugRequired: 'subdomain is required.',
  slugFormat:
    'The subdomain may only contain lowercase letters, digits and hyphens, and must start and end with a letter or digit.',
  slugReserved: 'This subdomain is reserved, please choose another.',
  slugTaken: 'This subdomain is already taken.',
  phoneRequired: 'phone is required.',
  positionRequired: 'position is required.',
  streetRequired: 'address is required.',
  suburbRequired: 'suburb is required.',
  stateRequired: 'state is required.',
  postcodeRequired: 'postcode is required.',
  logoHint: 'jpg, jpeg or png, under 500kb',
  created: 'Customer created. An email has been sent to the administrator to set a password.',
  saved: 'Changes saved.',
} as const;

export const RESERVED_SLUGS = [
  'www',
  'api',
  'admin',
  'app',
  'mail',
  'smtp',
  'static',
  'assets',
  'cdn',
  'docs',
  'help',
  'support',
  'status',
  'login',
  'auth',
  'platform',
  'root',
  'system',
  'test',
  'dev',
  'staging',
  'ftp',
  'blog',
  'billing',
] as const;

export const slugField = z
  .string({ error: CUSTOMER_TEXT.slugRequired })
  .trim()
  .toLowerCase()
  .min(1, { error: CUSTOMER_TEXT.slugRequired, abort: true })
  .max(40, 'The subdomain may be at most 40 characters.')
  .regex(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/, CUSTOMER_TEXT.slugFormat)
  .refine((s) => !(RESERVED_SLUGS as readonly string[]).includes(s), CUSTOMER_TEXT.slugReserved);

/** A feature switch from the form: on for true, '1' or 'true'; off otherwise or when missing. */
const featureFlag = () => z.preprocess((v) => v === true || v === '1' || v === 'true', z.boolean()).default(false);

export const CustomerInput = z.object({
  customer_name: requiredText(CUSTOMER_TEXT.companyNameRequired),
  name: slugField,
  email: emailField(CUSTOMER_TEXT.emailRequired),
  first_name: requiredText(CUSTOMER_TEXT.firstNameRequired, 100),
  last_name: requiredText(CUSTOMER_TEXT.lastNameRequired, 100),
  phone: requiredPhone(CUSTOMER_TEXT.phoneRequired),
  position: requiredText(CUSTOMER_TEXT.positionRequired, 100),
  address: requiredText(CUSTOMER_TEXT.streetRequired),
  suburb: requiredText(CUSTOMER_TEXT.suburbRequired, 100),
  state: stateField(CUSTOMER_TEXT.stateRequired),
  postcode: postcodeField(CUSTOMER_TEXT.postcodeRequired),
  // Tenant features: the staff form shows these flags only when the customer has them on.
  staff_pm_flag: featureFlag(),
  staff_system_emails: featureFlag(),
});
export type CustomerInput = z.infer<typeof CustomerInput>;

export const CustomerView = z.object({
  id: z.uuid(),
  customer_name: z.string(),
  name: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string().nullable(),
  position: z.string().nullable(),
  address: z.string().nullable(),
  ...localityView,
  staff_pm_flag: z.boolean(),
  staff_system_emails: z.boolean(),
  logo_path: z.string().nullable(),
  url: z.string(),
  created_at: z.string(),
});
export type CustomerView = z.infer<typeof CustomerView>;

export const CustomerPage = pageOf(CustomerView);
export type CustomerPage = z.infer<typeof CustomerPage>;

export { optionalText };
