import { z } from 'zod';
import {
  emailField,
  nullableEmail,
  nullableState,
  optionalText,
  pageOf,
  PageQuery,
  requiredText,
  optionalPhone,
  requiredPhone,
} from '../common/fields.js';
import { streetAddressView, userNamesView } from '../common/views.js';

export const CLIENT_ROLES = ['client_admin', 'client_account', 'client_am'] as const;
export type ClientRole = (typeof CLIENT_ROLES)[number];

export const CLIENT_TEXT = {
  tradingNameRequired: 'The trading name field is required.',
  tradingNameTaken: 'A client with this trading name already exists.',
  firstNameRequired: 'The first name field is required.',
  lastNameRequired: 'The last name field is required.',
  emailRequired: 'The email field is required.',
  emailTaken: 'The email has already been taken.',
  mobileRequired: 'The mobile field is required.',
  roleRequired: 'The role field is required.',
  created: 'Client created.',
  saved: 'Client saved.',
  deactivated: 'Client deactivated.',
  activated: 'Client activated.',
  userCreated: 'Client user created. They have been emailed a link to set their password.',
  userSaved: 'Client user saved.',
  managerAdded: 'Account manager added.',
} as const;

export const ClientInput = z.object({
  trading_name: requiredText(CLIENT_TEXT.tradingNameRequired, 200),
  email: nullableEmail(),
  phone: optionalPhone(),
  street: optionalText(),
  suburb: optionalText(100),
  state: nullableState(),
  postcode: z
    .union([
      z
        .string()
        .trim()
        .regex(/^\d{1,4}$/, 'The postcode must be a number from 0 to 9999.'),
      z.literal(''),
      z.null(),
    ])
    .optional()
    .transform((v) => (v ? v : null)),
});
export type ClientInput = z.input<typeof ClientInput>;

export const ClientView = z.object({
  id: z.uuid(),
  trading_name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  ...streetAddressView,
  active: z.boolean(),
  user_count: z.number().int(),
  project_count: z.number().int(),
  created_at: z.string(),
});
export type ClientView = z.infer<typeof ClientView>;
export const ClientPage = pageOf(ClientView);

export const ClientListQuery = PageQuery.extend({
  status: z.enum(['active', 'inactive', 'all']).default('active'),
});

/** The name and e-mail of a client's user or account manager. */
const contactPersonInput = {
  first_name: requiredText(CLIENT_TEXT.firstNameRequired, 100),
  last_name: requiredText(CLIENT_TEXT.lastNameRequired, 100),
  email: emailField(CLIENT_TEXT.emailRequired),
};

export const ClientUserInput = z.object({
  ...contactPersonInput,
  phone: optionalPhone(),
  mobile: optionalPhone(),
  role: z.enum(CLIENT_ROLES, { error: CLIENT_TEXT.roleRequired }),
  active: z.boolean().default(true),
});
export type ClientUserInput = z.input<typeof ClientUserInput>;

export const ClientUserView = z.object({
  id: z.uuid(),
  client_id: z.uuid(),
  ...userNamesView,
  email: z.string(),
  phone: z.string().nullable(),
  mobile: z.string().nullable(),
  role: z.enum(CLIENT_ROLES),
  active: z.boolean(),
});
export type ClientUserView = z.infer<typeof ClientUserView>;

/** Spec 1: Account manager (name = first and last joined; only active ones are offered). */
export const AccountManager = z.object({
  id: z.uuid(),
  first_name: z.string(),
  last_name: z.string(),
  name: z.string(),
  email: z.string(),
  mobile: z.string().nullable(),
  phone: z.string().nullable(),
  active: z.boolean(),
});
export type AccountManager = z.infer<typeof AccountManager>;

/** Quick Add on the project screens: all four marked required. */
export const AccountManagerQuickAdd = z.object({
  ...contactPersonInput,
  mobile: requiredPhone(CLIENT_TEXT.mobileRequired),
});
export type AccountManagerQuickAdd = z.input<typeof AccountManagerQuickAdd>;
