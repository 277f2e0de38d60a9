import { z } from 'zod';
import {
  EMAIL_INVALID_MESSAGE,
  nullableEmail,
  nullableState,
  nullableText,
  pageOf,
  PageQuery,
  STATES,
  nullablePhone,
  nullableWebsite,
} from '../common/fields.js';
import { optionalFilter, stateFilter } from '../common/query.js';
import { localityView, statusBadgeView, userNamesView, userOptionView } from '../common/views.js';
import { PROVIDER_STATUSES } from './statuses.js';
import { PROVIDER_TEXT } from './texts.js';
import { address, dateOnly, named, optPostcode, preferences, ratingAverages, uuidList } from './contract-parts.js';

export { DATE_INPUT, dateOnly } from './contract-parts.js';
/** The search / assignment, nearby and rating contracts. */
export * from './search-contracts.js';

export const ProviderAvailabilityInput = z
  .object({
    id: z.uuid().optional(),
    start_date: dateOnly(),
    end_date: dateOnly(),
    note: nullableText(200),
  })
  .refine((v) => v.end_date >= v.start_date, { path: ['end_date'], message: PROVIDER_TEXT.availabilityOrder });

/** Setup / edit form of a provider (/service-providers/setup/{id}/edit). */
export const ProviderInput = z.object({
  service_provider_name: z
    .string({ error: PROVIDER_TEXT.nameRequired })
    .trim()
    .min(1, { error: PROVIDER_TEXT.nameRequired, abort: true })
    .max(150, 'Must be at most 150 characters.'),
  status_code: z.enum(PROVIDER_STATUSES, { error: 'Choose a status from the list.' }).default('evaluating'),
  director_name: nullableText(150),
  email: nullableEmail(),
  phone: nullablePhone(),
  website: nullableWebsite(255),
  street: nullableText(255),
  suburb: nullableText(100),
  state: nullableState(),
  postcode: optPostcode,
  categories: uuidList,
  services: uuidList,
  preferred_postcodes: z
    .array(
      z
        .string()
        .trim()
        .regex(/^\d{1,4}$/, 'The postcode must be a number from 0 to 9999.'),
    )
    .max(200)
    .default([]),
  preferred_states: z.array(z.enum(STATES)).max(9).default([]),
  availabilities: z.array(ProviderAvailabilityInput).max(100).default([]),
  notes: nullableText(5000),
});
export type ProviderInput = z.input<typeof ProviderInput>;
export type ProviderInputParsed = z.output<typeof ProviderInput>;

/** A provider's staff login (sp_admin or sp_employee); invited by e-mail like staff. */
export const ProviderUserInput = z.object({
  first_name: z
    .string({ error: 'The first name field is required.' })
    .trim()
    .min(1, 'The first name field is required.')
    .max(100),
  last_name: z
    .string({ error: 'The last name field is required.' })
    .trim()
    .min(1, 'The last name field is required.')
    .max(100),
  email: z
    .string({ error: 'The email field is required.' })
    .trim()
    .min(1, 'The email field is required.')
    .max(254)
    .pipe(z.email({ error: EMAIL_INVALID_MESSAGE }))
    .transform((v) => v.toLowerCase()),
  phone: nullablePhone(),
  role: z.enum(['sp_admin', 'sp_employee'], { error: 'The role field is required.' }),
});
export type ProviderUserInput = z.input<typeof ProviderUserInput>;

const availability = z.object({
  id: z.uuid(),
  start_date: z.string(),
  end_date: z.string(),
  note: z.string().nullable(),
});
const lastProject = z
  .object({ id: z.number().int(), project_code: z.string(), name: z.string(), date: z.string().nullable() })
  .nullable();

export const ProviderUserView = z.object({
  id: z.uuid(),
  ...userNamesView,
  email: z.string(),
  phone: z.string().nullable(),
  role: z.enum(['sp_admin', 'sp_employee']),
  active: z.boolean(),
});
export type ProviderUserView = z.infer<typeof ProviderUserView>;

/** Show page (spec 1: Service provider (details screen)); status label/colour of the details set. */
export const ProviderView = z.object({
  id: z.uuid(),
  service_provider_name: z.string(),
  ...statusBadgeView,
  director_name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  business_address: address.extend({ precision: z.string().nullable() }),
  /** One line: street, suburb state postcode. */
  location: z.string(),
  locations: z.array(z.object({ lat: z.number(), lng: z.number() })),
  categories: z.array(named),
  services: z.array(named),
  preferences,
  availabilities: z.array(availability),
  users: z.array(ProviderUserView),
  sp_users: z.string(),
  performance_ratings: z.number().nullable(),
  performance_rating_count: z.number().int(),
  customer_ratings: z.number().nullable(),
  customer_rating_count: z.number().int(),
  /** Shown as 'Scheduled Projects'. */
  finished_creation: z.number().int(),
  completed_projects: z.number().int(),
  project_count: z.number().int(),
  last_project: lastProject,
  notes: z.string().nullable(),
  /** What the signed-in user may do with this provider (packages/core/src/policies/provider.ts). */
  abilities: z.object({ edit: z.boolean() }),
});
export type ProviderView = z.infer<typeof ProviderView>;

export const ProviderListItem = z.object({
  id: z.uuid(),
  service_provider_name: z.string(),
  ...statusBadgeView,
  ...localityView,
  phone: z.string().nullable(),
  email: z.string().nullable(),
  categories_list: z.array(z.string()),
  ...ratingAverages,
  has_location: z.boolean(),
});
export type ProviderListItem = z.infer<typeof ProviderListItem>;
export const ProviderPage = pageOf(ProviderListItem);
export type ProviderPage = z.infer<typeof ProviderPage>;

export const PROVIDER_SORTS = ['name', 'status', 'performance', 'customer', 'suburb'] as const;
export const ProviderListQuery = PageQuery.extend({
  status: optionalFilter(z.enum(PROVIDER_STATUSES)),
  category_id: optionalFilter(z.uuid()),
  state: stateFilter(),
  sort: z.enum(PROVIDER_SORTS).default('name'),
  order: z.enum(['asc', 'desc']).default('asc'),
});
export type ProviderListQuery = z.infer<typeof ProviderListQuery>;

/** Picker by trading name (project details), with the staff to choose from. */
export const ProviderOptionsQuery = z.object({ q: z.string().trim().max(100).default('') });
export const ProviderOption = z.object({
  id: z.uuid(),
  service_provider_name: z.string(),
  ...statusBadgeView,
  has_location: z.boolean(),
  sp_users: z.array(userOptionView()),
});
export type ProviderOption = z.infer<typeof ProviderOption>;
export const ProviderOptionList = z.object({ items: z.array(ProviderOption) });
