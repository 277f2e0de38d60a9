// Service providers and what they offer, where and when (features/providers).
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, tenantId, updatedAt } from './columns.js';
import { categories, services } from './reference.js';

/**
 * Service providers (contractors). Ratings are averages kept in step with provider_ratings
 * (features/providers/ratings.ts); counts of scheduled/completed projects are computed per page.
 */
export const serviceProviders = pgTable(
  'service_providers',
  {
    tenantId: tenantId(),
    id: id(),
    /** The trading name (service_provider_name). */
    name: text('name').notNull(),
    /** approved, not_approved, licence_restricted, evaluating, pending, deleted (core PROVIDER_STATUSES). */
    statusCode: text('status_code').notNull().default('evaluating'),
    directorName: text('director_name'),
    email: text('email'),
    phone: text('phone'),
    website: text('website'),
    street: text('street'),
    suburb: text('suburb'),
    state: text('state'),
    postcode: text('postcode'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    geoPrecision: text('geo_precision'),
    preferredPostcodes: text('preferred_postcodes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    preferredStates: text('preferred_states')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    performanceRating: doublePrecision('performance_rating'),
    performanceRatingCount: integer('performance_rating_count').notNull().default(0),
    customerRating: doublePrecision('customer_rating'),
    customerRatingCount: integer('customer_rating_count').notNull().default(0),
    notes: text('notes'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
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
  foreignKey({
    columns: [t.tenantId, t.providerId],
    foreignColumns: [serviceProviders.tenantId, serviceProviders.id],
  }).onDelete('cascade');

export const providerCategories = pgTable(
  'provider_categories',
  { tenantId: tenantId(), providerId: uuid('provider_id').notNull(), categoryId: uuid('category_id').notNull() },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.providerId, t.categoryId] }),
    index('provider_categories_tenant_category_idx').on(t.tenantId, t.categoryId, t.providerId),
    providerRef(t),
    foreignKey({ columns: [t.tenantId, t.categoryId], foreignColumns: [categories.tenantId, categories.id] }).onDelete(
      'cascade',
    ),
  ],
);

export const providerServices = pgTable(
  'provider_services',
  { tenantId: tenantId(), providerId: uuid('provider_id').notNull(), serviceId: uuid('service_id').notNull() },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.providerId, t.serviceId] }),
    index('provider_services_tenant_service_idx').on(t.tenantId, t.serviceId, t.providerId),
    providerRef(t),
    foreignKey({ columns: [t.tenantId, t.serviceId], foreignColumns: [services.tenantId, services.id] }).onDelete(
      'cascade',
    ),
  ],
);

/** Periods in which the provider is unavailable (inclusive dates). */
export const providerAvailabilities = pgTable(
  'provider_availabilities',
  {
    tenantId: tenantId(),
    id: id(),
    providerId: uuid('provider_id').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    note: text('note'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('provider_availabilities_tenant_provider_idx').on(t.tenantId, t.providerId, t.startDate),
    providerRef(t),
  ],
);
