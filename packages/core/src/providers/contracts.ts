import { z } from 'zod';
import { EMAIL_INVALID_MESSAGE, pageOf, STATES } from '../common/fields.js';
import { PROJECT_STATUSES } from '../projects/statuses.js';
import { PROVIDER_STATUSES } from './statuses.js';
import { PROVIDER_TEXT, SEARCH_DISTANCE, DETAILS_DISTANCE, PROVIDER_SEARCH_PAGE } from './texts.js';

const optText = (max: number) =>
  z
    .union([z.string(), z.null()])
    .optional()
    .transform((v) => (v === null || v === undefined ? null : v.trim() === '' ? null : v.trim()))
    .pipe(z.string().max(max, `Must be at most ${max} characters.`).nullable());
const optEmail = z
  .union([z.string(), z.null()])
  .optional()
  .transform((v) => (v ? v.trim().toLowerCase() : null))
  .pipe(z.email({ error: EMAIL_INVALID_MESSAGE }).nullable());
const optPostcode = z
  .union([z.string(), z.null()])
  .optional()
  .transform((v) => (v ? v.trim() : null))
  .pipe(
    z
      .string()
      .regex(/^\d{1,4}$/, 'The postcode must be a number from 0 to 9999.')
      .nullable(),
  );
const optState = z
  .union([z.enum(STATES), z.literal(''), z.null()])
  .optional()
  .transform((v) => (v ? v : null));
/** 'YYYY-MM-DD'. */
export const DATE_INPUT = /^\d{4}-\d{2}-\d{2}$/;
export const dateOnly = (message = 'Enter a date as YYYY-MM-DD.') =>
  z
    .string({ error: message })
    .trim()
    .regex(DATE_INPUT, message)
    .refine((v) => !Number.isNaN(Date.parse(v)), message);
const uuidList = z
  .array(z.uuid({ error: 'Choose an option from the list.' }))
  .max(200)
  .default([]);
/** Query strings carry lists as repeated keys or comma-separated text. */
const listParam = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (v) => (v === undefined || v === '' ? [] : Array.isArray(v) ? v : String(v).split(',').filter(Boolean)),
    z.array(item).max(200),
  );
const boolParam = z.preprocess((v) => v === true || v === 'true' || v === '1', z.boolean());
const optNumberParam = (schema: z.ZodNumber) =>
  z.preprocess(
    (v) => (v === undefined || v === '' || v === null ? undefined : v),
    z.coerce.number().pipe(schema).optional(),
  );

export const ProviderAvailabilityInput = z
  .object({
    id: z.uuid().optional(),
    start_date: dateOnly(),
    end_date: dateOnly(),
    note: optText(200),
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
  director_name: optText(150),
  email: optEmail,
  phone: optText(40),
  website: optText(255),
  street: optText(255),
  suburb: optText(100),
  state: optState,
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
  notes: optText(5000),
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
  phone: optText(40),
  role: z.enum(['sp_admin', 'sp_employee'], { error: 'The role field is required.' }),
});
export type ProviderUserInput = z.input<typeof ProviderUserInput>;

const named = z.object({ id: z.uuid(), name: z.string() });
const address = z.object({
  street: z.string().nullable(),
  suburb: z.string().nullable(),
  state: z.string().nullable(),
  postcode: z.string().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
});
const badge = { status_code: z.string(), status_label: z.string(), status_colour: z.string() };
const preferences = z.object({ postcodes: z.array(z.string()), states: z.array(z.string()) });
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
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
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
  ...badge,
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
  ...badge,
  suburb: z.string().nullable(),
  state: z.string().nullable(),
  postcode: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  categories_list: z.array(z.string()),
  performance_ratings: z.number().nullable(),
  customer_ratings: z.number().nullable(),
  has_location: z.boolean(),
});
export type ProviderListItem = z.infer<typeof ProviderListItem>;
export const ProviderPage = pageOf(ProviderListItem);
export type ProviderPage = z.infer<typeof ProviderPage>;

export const PROVIDER_SORTS = ['name', 'status', 'performance', 'customer', 'suburb'] as const;
export const ProviderListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  search: z.string().trim().max(200).optional(),
  status: z
    .enum(PROVIDER_STATUSES)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  category_id: z
    .uuid()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  state: z
    .enum(STATES)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  sort: z.enum(PROVIDER_SORTS).default('name'),
  order: z.enum(['asc', 'desc']).default('asc'),
});
export type ProviderListQuery = z.infer<typeof ProviderListQuery>;

/** Picker by trading name (project details), with the staff to choose from. */
export const ProviderOptionsQuery = z.object({ q: z.string().trim().max(100).default('') });
export const ProviderOption = z.object({
  id: z.uuid(),
  service_provider_name: z.string(),
  ...badge,
  has_location: z.boolean(),
  sp_users: z.array(z.object({ id: z.uuid(), full_name: z.string() })),
});
export type ProviderOption = z.infer<typeof ProviderOption>;
export const ProviderOptionList = z.object({ items: z.array(ProviderOption) });

/**
 * Service-provider search / assignment map. With project_id the search is automatic: the
 * project's address, dates, categories and services are used and the other fields ignored.
 * distance 0 means no distance limit; otherwise providers at or under the distance are kept.
 */
export const ProviderSearchQuery = z.object({
  project_id: optNumberParam(z.number().int().positive()),
  street: z.string().trim().max(255).optional(),
  suburb: z.string().trim().max(100).optional(),
  state: z
    .enum(STATES)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  postcode: z
    .string()
    .trim()
    .regex(/^\d{1,4}$/, 'The postcode must be a number from 0 to 9999.')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  start_date: dateOnly()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  end_date: dateOnly()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  categories: listParam(z.uuid({ error: 'Choose an option from the list.' })).default([]),
  services: listParam(z.uuid({ error: 'Choose an option from the list.' })).default([]),
  distance: z.coerce
    .number()
    .int()
    .min(SEARCH_DISTANCE.min)
    .max(SEARCH_DISTANCE.max)
    .multipleOf(SEARCH_DISTANCE.step)
    .default(SEARCH_DISTANCE.standaloneDefault),
  min_rating: optNumberParam(z.number().min(0.5).max(5).multipleOf(0.5)),
  /** Beyond the spec: keep only providers whose mandatory certificates are all valid for the dates. */
  certified: boolParam.default(false),
  /** At most this many results (nearest first; the list offers 'Show more'); `total` counts them all. */
  limit: z.coerce.number().int().min(1).max(500).default(PROVIDER_SEARCH_PAGE),
});
export type ProviderSearchQuery = z.input<typeof ProviderSearchQuery>;
export type ProviderSearchQueryParsed = z.output<typeof ProviderSearchQuery>;

export const ProviderSearchResult = z.object({
  id: z.uuid(),
  service_provider_name: z.string(),
  categories_list: z.array(z.string()),
  services_list: z.array(z.string()),
  business_address: address,
  phone: z.string().nullable(),
  website: z.string().nullable(),
  /** Great-circle km from the centre, one decimal; null without a centre or a provider location. */
  km: z.number().nullable(),
  ...badge,
  preferences,
  preferred: z.boolean(),
  availabilities: z.array(z.object({ start_date: z.string(), end_date: z.string() })),
  unavailable: z.boolean(),
  /** Null unless the certified filter or a project's dates apply: all mandatory certificates valid. */
  certified: z.boolean().nullable(),
  lastProject: z.string().nullable(),
  scheduledProjects: z.number().int(),
  completedProjects: z.number().int(),
  performance_ratings: z.number().nullable(),
  customer_ratings: z.number().nullable(),
  send_email: z.boolean(),
  sp_users: z.array(z.object({ id: z.uuid(), full_name: z.string() })),
});
export type ProviderSearchResult = z.infer<typeof ProviderSearchResult>;

export const ProviderSearchResponse = z.object({
  mode: z.enum(['automatic', 'manual']),
  /** The point distances are measured from; null when nothing to measure from (map uses MAP_CENTRE). */
  centre: z.object({ lat: z.number(), lng: z.number(), label: z.string() }).nullable(),
  /** In automatic mode, what was filled in from the project. */
  project: z
    .object({
      id: z.number().int(),
      project_code: z.string(),
      name: z.string(),
      status: z.enum(PROJECT_STATUSES),
      street: z.string().nullable(),
      suburb: z.string().nullable(),
      state: z.string().nullable(),
      postcode: z.string().nullable(),
      start_date: z.string().nullable(),
      end_date: z.string().nullable(),
      categories: z.array(named),
      services: z.array(named),
      service_provider_id: z.uuid().nullable(),
    })
    .nullable(),
  /** 'Assign Project' is offered only while the project is not completed or cancelled (packages/core/src/policies/project.ts). */
  abilities: z.object({ assign: z.boolean() }),
  total: z.number().int(),
  items: z.array(ProviderSearchResult),
});
export type ProviderSearchResponse = z.infer<typeof ProviderSearchResponse>;

/** POST assign service provider (replaces the previous one). */
export const ProviderAssign = z.object({
  service_provider: z.uuid({ error: PROVIDER_TEXT.noProviderChosen }),
  send_email_sp: z.boolean().default(false),
  service_provider_staff: z
    .array(z.uuid({ error: PROVIDER_TEXT.staffNotOfProvider }))
    .max(100)
    .default([]),
});
export type ProviderAssign = z.input<typeof ProviderAssign>;

export const NotifyProviderResult = z.object({
  id: z.uuid(),
  status: z.enum(['pending', 'sent', 'failed']),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type NotifyProviderResult = z.infer<typeof NotifyProviderResult>;

/** Nearby providers on the project details map: kept when the driving distance is at most distance x 1000 m. */
export const NearbyProvidersQuery = z.object({
  distance: z.coerce
    .number()
    .int()
    .min(DETAILS_DISTANCE.min)
    .max(DETAILS_DISTANCE.max)
    .multipleOf(DETAILS_DISTANCE.step)
    .default(DETAILS_DISTANCE.default),
});
export const NearbyProvider = z.object({
  id: z.uuid(),
  service_provider_name: z.string(),
  ...badge,
  lat: z.number(),
  lng: z.number(),
  address: z.string(),
  distance_m: z.number(),
  duration_s: z.number(),
  approximate: z.boolean(),
  performance_ratings: z.number().nullable(),
  customer_ratings: z.number().nullable(),
});
export type NearbyProvider = z.infer<typeof NearbyProvider>;
export const NearbyProviders = z.object({
  origin: z.object({ lat: z.number(), lng: z.number() }).nullable(),
  items: z.array(NearbyProvider),
  /** Candidates whose route lookup failed (excluded). */
  failed: z.number().int(),
});
export type NearbyProviders = z.infer<typeof NearbyProviders>;

/** Ratings of one project: performance by staff, customer by the client, once completed. */
export const RatingInput = z.object({
  rating: z
    .number({ error: PROVIDER_TEXT.ratingRange })
    .min(0.5, PROVIDER_TEXT.ratingRange)
    .max(5, PROVIDER_TEXT.ratingRange)
    .multipleOf(0.5, PROVIDER_TEXT.ratingRange),
  comment: optText(2000),
});
export type RatingInput = z.input<typeof RatingInput>;
const ratingView = z
  .object({
    rating: z.number(),
    comment: z.string().nullable(),
    rated_by: z.string().nullable(),
    updated_at: z.string(),
  })
  .nullable();
export const ProjectRatings = z.object({
  provider: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  /** Null for client roles (they see only the customer rating). */
  performance: ratingView,
  customer: ratingView,
  /** Who may give which rating now (packages/core/src/policies/project.ts). */
  abilities: z.object({ rate_performance: z.boolean(), rate_customer: z.boolean() }),
});
export type ProjectRatings = z.infer<typeof ProjectRatings>;
export const RatingKindParam = z.enum(['performance', 'customer']);
