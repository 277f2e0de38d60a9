// Service providers and what they offer, where and when (features/providers).
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, date, doublePrecision, index, integer, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { linksOf, locality, tenantFk, tenantTable, timestamps } from './columns.js';
import { categories, services } from './reference.js';

const textList = (name: string) =>
  text(name)
    .array()
    .notNull()
    .default(sql`'{}'::text[]`);

/**
 * Service providers (contractors). Ratings are averages kept in step with provider_ratings
 * (features/providers/ratings.ts); counts of scheduled/completed projects are computed per page.
 */
export const serviceProviders = tenantTable(
  'service_providers',
  {
    /** The trading name (service_provider_name). */
    name: text('name').notNull(),
    /** approved, not_approved, licence_restricted, evaluating, pending, deleted (core PROVIDER_STATUSES). */
    statusCode: text('status_code').notNull().default('evaluating'),
    directorName: text('director_name'),
    email: text('email'),
    phone: text('phone'),
    website: text('website'),
    street: text('street'),
    ...locality(),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    geoPrecision: text('geo_precision'),
    preferredPostcodes: textList('preferred_postcodes'),
    preferredStates: textList('preferred_states'),
    performanceRating: doublePrecision('performance_rating'),
    performanceRatingCount: integer('performance_rating_count').notNull().default(0),
    customerRating: doublePrecision('customer_rating'),
    customerRatingCount: integer('customer_rating_count').notNull().default(0),
    notes: text('notes'),
    ...timestamps(),
  },
  (t) => [
    // One provider per name in a company, whatever the case (as clients; migration 0041).
    uniqueIndex('service_providers_tenant_name_key').on(t.tenantId, sql`lower(${t.name})`),
    index('service_providers_tenant_name_idx').on(t.tenantId, t.name),
    // Provider search: the box around a centre read from the index alone (status, rating, id and
    // name for the filters and the order), no heap visits.
    index('service_providers_tenant_geo_idx').on(
      t.tenantId,
      t.lat,
      t.lng,
      t.statusCode,
      t.performanceRating,
      t.id,
      t.name,
    ),
    index('service_providers_tenant_status_idx').on(t.tenantId, t.statusCode, t.name),
  ],
);

/** The cascading foreign key (tenant_id, provider_id) to service_providers. */
export const providerRef = (t: { tenantId: AnyPgColumn; providerId: AnyPgColumn }) =>
  tenantFk(t, t.providerId, serviceProviders).onDelete('cascade');

/** What a provider offers: its categories and its services. */
const providerOffers = linksOf({ providerId: () => uuid('provider_id').notNull() }, serviceProviders, {
  indexOwner: true,
});

export const providerCategories = providerOffers('provider_categories', 'category', categories);

export const providerServices = providerOffers('provider_services', 'service', services);

/** Periods in which the provider is unavailable (inclusive dates). */
export const providerAvailabilities = tenantTable(
  'provider_availabilities',
  {
    providerId: uuid('provider_id').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    note: text('note'),
  },
  (t) => [
    index('provider_availabilities_tenant_provider_idx').on(t.tenantId, t.providerId, t.startDate),
    providerRef(t),
  ],
);
