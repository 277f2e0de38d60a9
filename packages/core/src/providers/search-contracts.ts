import { z } from 'zod';
import { nullableText } from '../common/fields.js';
import * as query from '../common/query.js';
import { statusBadgeView, streetAddressView, userOptionView } from '../common/views.js';
import { projectDateFields } from '../projects/view-fields.js';
import { PROJECT_STATUSES } from '../projects/statuses.js';
import { PROVIDER_TEXT, SEARCH_DISTANCE, DETAILS_DISTANCE, PROVIDER_SEARCH_PAGE } from './texts.js';
import { address, dateOnly, named, preferences, ratingAverages } from './contract-parts.js';

/**
 * Service-provider search / assignment map. With project_id the search is automatic: the
 * project's address, dates, categories and services are used and the other fields ignored.
 * distance 0 means no distance limit; otherwise providers at or under the distance are kept.
 */
export const ProviderSearchQuery = z.object({
  project_id: query.optNumberParam(z.number().int().positive()),
  street: z.string().trim().max(255).optional(),
  suburb: z.string().trim().max(100).optional(),
  state: query.stateFilter(),
  postcode: query.postcodeFilter(),
  start_date: query.optionalFilter(dateOnly()),
  end_date: query.optionalFilter(dateOnly()),
  categories: query.optionListParam(),
  services: query.optionListParam(),
  distance: query.distanceParam(SEARCH_DISTANCE, SEARCH_DISTANCE.standaloneDefault),
  min_rating: query.ratingFilter(),
  /** Beyond the spec: keep only providers whose mandatory certificates are all valid for the dates. */
  certified: query.boolParam.default(false),
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
  ...statusBadgeView,
  preferences,
  preferred: z.boolean(),
  availabilities: z.array(z.object({ start_date: z.string(), end_date: z.string() })),
  unavailable: z.boolean(),
  /** Null unless the certified filter or a project's dates apply: all mandatory certificates valid. */
  certified: z.boolean().nullable(),
  lastProject: z.string().nullable(),
  scheduledProjects: z.number().int(),
  completedProjects: z.number().int(),
  ...ratingAverages,
  send_email: z.boolean(),
  sp_users: z.array(userOptionView()),
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
      ...streetAddressView,
      ...projectDateFields(),
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
  distance: query.distanceParam(DETAILS_DISTANCE, DETAILS_DISTANCE.default),
});
export const NearbyProvider = z.object({
  id: z.uuid(),
  service_provider_name: z.string(),
  ...statusBadgeView,
  lat: z.number(),
  lng: z.number(),
  address: z.string(),
  distance_m: z.number(),
  duration_s: z.number(),
  approximate: z.boolean(),
  ...ratingAverages,
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
  comment: nullableText(2000),
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
