import { sql, type SQL } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  date,
  jsonb,
  doublePrecision,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const id = () => uuid('id').notNull().default(sql`gen_random_uuid()`);
const tenantId = () => uuid('tenant_id').notNull();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** The platform itself is a tenant of kind 'platform' with this fixed id (its users are platform admins). */
export const PLATFORM_TENANT_ID = '00000000-0000-4000-8000-000000000000';

/** Customer companies (global table: the tenant registry itself). */
export const tenants = pgTable(
  'tenants',
  {
    id: id().primaryKey(),
    kind: text('kind', { enum: ['platform', 'customer'] }).notNull().default('customer'),
    slug: text('slug'),
    customerName: text('customer_name').notNull(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone'),
    position: text('position'),
    address: text('address'),
    suburb: text('suburb'),
    state: text('state'),
    postcode: text('postcode'),
    logoKey: text('logo_key'),
    staffPmFlag: boolean('staff_pm_flag').notNull().default(false),
    staffSystemEmails: boolean('staff_system_emails').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('tenants_slug_key').on(t.slug),
    index('tenants_customer_name_idx').on(t.customerName),
  ],
);

export const users = pgTable(
  'users',
  {
    tenantId: tenantId().references(() => tenants.id),
    id: id(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone'),
    position: text('position'),
    role: text('role').notNull(),
    isProjectManager: boolean('is_project_manager').notNull().default(false),
    notifications: boolean('notifications').notNull().default(true),
    address: text('address'),
    suburb: text('suburb'),
    state: text('state'),
    postcode: text('postcode'),
    pictureKey: text('picture_key'),
    mobile: text('mobile'),
    /** Client users (client_admin, client_account, client_am) belong to one client. FK in migration 0003. */
    clientId: uuid('client_id'),
    /** Service-provider users (sp_admin, sp_employee) belong to one provider. FK in migration 0003. */
    serviceProviderId: uuid('service_provider_id'),
    passwordHash: text('password_hash'),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('users_tenant_email_key').on(t.tenantId, t.email),
    index('users_tenant_name_idx').on(t.tenantId, t.lastName, t.firstName),
    index('users_tenant_role_idx').on(t.tenantId, t.role),
    index('users_tenant_client_idx').on(t.tenantId, t.clientId),
    index('users_tenant_provider_idx').on(t.tenantId, t.serviceProviderId),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    tenantId: tenantId(),
    id: id(),
    userId: uuid('user_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    remember: boolean('remember').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('sessions_tenant_token_key').on(t.tenantId, t.tokenHash),
    index('sessions_tenant_user_idx').on(t.tenantId, t.userId),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }).onDelete('cascade'),
  ],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    tenantId: tenantId(),
    id: id(),
    userId: uuid('user_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** 'reset' (requested, 60 minutes) or 'invite' (a new account's first password, 7 days). */
    purpose: text('purpose', { enum: ['reset', 'invite'] }).notNull().default('reset'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('password_resets_tenant_token_key').on(t.tenantId, t.tokenHash),
    index('password_resets_tenant_user_idx').on(t.tenantId, t.userId),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }).onDelete('cascade'),
  ],
);

export const settings = pgTable(
  'settings',
  {
    tenantId: tenantId(),
    id: id(),
    key: text('key').notNull(),
    value: text('value').notNull().default(''),
    updatedBy: uuid('updated_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('settings_tenant_key_key').on(t.tenantId, t.key),
    foreignKey({ columns: [t.tenantId, t.updatedBy], foreignColumns: [users.tenantId, users.id] }),
  ],
);

/** Messages to send, written in the business transaction and delivered by a job. */
export const outbox = pgTable(
  'outbox',
  {
    tenantId: tenantId(),
    id: id(),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    to: text('to').notNull(),
    subject: text('subject').notNull().default(''),
    text: text('text').notNull(),
    html: text('html'),
    status: text('status', { enum: ['pending', 'sent', 'failed'] }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('outbox_tenant_status_idx').on(t.tenantId, t.status, t.createdAt),
  ],
);

/**
 * The built-in mailbox: where mail lands when no SMTP server is configured.
 * Platform-level (read by platform admins only), so it names the tenant instead of keying by it.
 */
export const mailbox = pgTable(
  'mailbox',
  {
    id: id().primaryKey(),
    tenantName: text('tenant_name'),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    from: text('from').notNull(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    createdAt: createdAt(),
  },
  (t) => [index('mailbox_created_idx').on(t.createdAt)],
);

/**
 * Sign-in and reset attempt counters, for throttling across API processes. One row per key (a
 * hash): n attempts in the window that ends at reset_at. Counting is one atomic upsert.
 */
export const throttleCounters = pgTable('throttle_counters', {
  key: text('key').primaryKey(),
  n: integer('n').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

/**
 * Browsers that signed in to an account before (the sf_device cookie): key = hash of tenant,
 * e-mail and the cookie's token, so neither the token nor the account is stored in the clear.
 */
export const knownDevices = pgTable('known_devices', {
  key: text('key').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

// ---------------------------------------------------------------------------------------------
// Projects and what they refer to (issue: projects)
// ---------------------------------------------------------------------------------------------

/** Client companies of a tenant. Client users are users with a client role and this client_id. */
export const clients = pgTable(
  'clients',
  {
    tenantId: tenantId(),
    id: id(),
    tradingName: text('trading_name').notNull(),
    email: text('email'),
    phone: text('phone'),
    street: text('street'),
    suburb: text('suburb'),
    state: text('state'),
    postcode: text('postcode'),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('clients_tenant_name_key').on(t.tenantId, sql`lower(${t.tradingName})`),
    index('clients_tenant_name_idx').on(t.tenantId, t.tradingName),
  ],
);

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
    preferredPostcodes: text('preferred_postcodes').array().notNull().default(sql`'{}'::text[]`),
    preferredStates: text('preferred_states').array().notNull().default(sql`'{}'::text[]`),
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
    index('service_providers_tenant_geo_idx').on(t.tenantId, t.lat, t.lng, t.statusCode, t.performanceRating, t.id, t.name),
    index('service_providers_tenant_status_idx').on(t.tenantId, t.statusCode, t.name),
  ],
);

const providerRef = (t: { tenantId: AnyPgColumn; providerId: AnyPgColumn }) =>
  foreignKey({ columns: [t.tenantId, t.providerId], foreignColumns: [serviceProviders.tenantId, serviceProviders.id] }).onDelete('cascade');

export const providerCategories = pgTable(
  'provider_categories',
  { tenantId: tenantId(), providerId: uuid('provider_id').notNull(), categoryId: uuid('category_id').notNull() },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.providerId, t.categoryId] }),
    index('provider_categories_tenant_category_idx').on(t.tenantId, t.categoryId, t.providerId),
    providerRef(t),
    foreignKey({ columns: [t.tenantId, t.categoryId], foreignColumns: [categories.tenantId, categories.id] }).onDelete('cascade'),
  ],
);

export const providerServices = pgTable(
  'provider_services',
  { tenantId: tenantId(), providerId: uuid('provider_id').notNull(), serviceId: uuid('service_id').notNull() },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.providerId, t.serviceId] }),
    index('provider_services_tenant_service_idx').on(t.tenantId, t.serviceId, t.providerId),
    providerRef(t),
    foreignKey({ columns: [t.tenantId, t.serviceId], foreignColumns: [services.tenantId, services.id] }).onDelete('cascade'),
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
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('provider_availabilities_tenant_provider_idx').on(t.tenantId, t.providerId, t.startDate), providerRef(t)],
);

export const categories = pgTable(
  'categories',
  {
    tenantId: tenantId(),
    id: id(),
    name: text('name').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex('categories_tenant_name_key').on(t.tenantId, sql`lower(${t.name})`)],
);

export const services = pgTable(
  'services',
  {
    tenantId: tenantId(),
    id: id(),
    name: text('name').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex('services_tenant_name_key').on(t.tenantId, sql`lower(${t.name})`)],
);

/** Which services a category offers (a service may belong to several categories). */
export const categoryServices = pgTable(
  'category_services',
  {
    tenantId: tenantId(),
    categoryId: uuid('category_id').notNull(),
    serviceId: uuid('service_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.categoryId, t.serviceId] }),
    index('category_services_tenant_service_idx').on(t.tenantId, t.serviceId),
    foreignKey({ columns: [t.tenantId, t.categoryId], foreignColumns: [categories.tenantId, categories.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.serviceId], foreignColumns: [services.tenantId, services.id] }).onDelete('cascade'),
  ],
);

export const tags = pgTable(
  'tags',
  { tenantId: tenantId(), id: id(), name: text('name').notNull(), createdAt: createdAt() },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex('tags_tenant_name_key').on(t.tenantId, sql`lower(${t.name})`)],
);

export const classifications = pgTable(
  'classifications',
  { tenantId: tenantId(), id: id(), title: text('title').notNull(), active: boolean('active').notNull().default(true), createdAt: createdAt() },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex('classifications_tenant_title_key').on(t.tenantId, sql`lower(${t.title})`)],
);

/** Per-tenant counters (project numbers), allocated with UPDATE ... RETURNING. */
export const tenantCounters = pgTable(
  'tenant_counters',
  { tenantId: tenantId(), name: text('name').notNull(), value: integer('value').notNull().default(0) },
  (t) => [primaryKey({ columns: [t.tenantId, t.name] })],
);

export const PROJECT_STATUS_VALUES = ['quote', 'on_hold', 'order', 'scheduled', 'completed', 'cancelled', 'closed'] as const;

export const projects = pgTable(
  'projects',
  {
    tenantId: tenantId(),
    /** Numeric, as the project screens are opened with a numeric id. */
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    seq: integer('seq').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    summary: text('summary'),
    status: text('status', { enum: PROJECT_STATUS_VALUES }).notNull().default('order'),
    // Wall-clock times at the site ('2026-11-21 08:00'), as entered; not instants.
    startDate: timestamp('start_date', { mode: 'string' }),
    endDate: timestamp('end_date', { mode: 'string' }),
    completedOn: timestamp('completed_on', { mode: 'string' }),
    clientId: uuid('client_id').notNull(),
    /** Denormalised for search and lists; kept in step when the client is renamed. */
    clientName: text('client_name').notNull(),
    clientAmId: uuid('client_am_id'),
    orderReference: text('order_reference'),
    clientComments: text('client_comments'),
    projectManagerId: uuid('project_manager_id').notNull(),
    projectAdministratorId: uuid('project_administrator_id').notNull(),
    salesRepresentativeId: uuid('sales_representative_id'),
    classificationId: uuid('classification_id'),
    linkedProjectType: text('linked_project_type', { enum: ['master', 'sub_project'] }).notNull().default('master'),
    street: text('street'),
    suburb: text('suburb'),
    state: text('state'),
    postcode: text('postcode'),
    country: text('country').notNull().default('Australia'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    geoPrecision: text('geo_precision'),
    serviceProviderId: uuid('service_provider_id'),
    /**
     * The project's performance and customer ratings (provider_ratings), copied here by triggers
     * on provider_ratings (migration 0014) so the project map filters on them from an index.
     */
    ratingPerformance: doublePrecision('rating_performance'),
    ratingCustomer: doublePrecision('rating_customer'),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** What quick search matches: code, name, order reference, client and address. */
    searchText: text('search_text').generatedAlwaysAs(
      (): SQL =>
        sql`lower(coalesce(${projects.code}, '') || ' ' || coalesce(${projects.name}, '') || ' ' || coalesce(${projects.orderReference}, '') || ' ' || coalesce(${projects.clientName}, '') || ' ' || coalesce(${projects.street}, '') || ' ' || coalesce(${projects.suburb}, '') || ' ' || coalesce(${projects.state}, '') || ' ' || coalesce(${projects.postcode}, ''))`,
    ),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('projects_tenant_code_key').on(t.tenantId, t.code),
    // The list's sorts and filters each follow one of these (features/projects/list.ts); the
    // filters (and the client/provider scopes) continue in the default order, newest start first.
    index('projects_tenant_status_start_idx').on(t.tenantId, t.status, t.startDate.desc(), t.id.desc()),
    index('projects_tenant_start_idx').on(t.tenantId, t.startDate.desc(), t.id.desc()),
    uniqueIndex('projects_tenant_seq_key').on(t.tenantId, t.seq),
    index('projects_tenant_name_idx').on(t.tenantId, t.name, t.id),
    index('projects_tenant_client_name_idx').on(t.tenantId, t.clientName, t.id),
    index('projects_tenant_created_idx').on(t.tenantId, t.createdAt, t.id),
    // Status, lat and lng after the order: the project map counts and clusters a client's (a
    // client user's scope) or a manager's projects by status from these indexes alone.
    index('projects_tenant_client_idx').on(t.tenantId, t.clientId, t.startDate.desc(), t.id.desc(), t.status, t.lat, t.lng),
    index('projects_tenant_manager_idx').on(t.tenantId, t.projectManagerId, t.startDate.desc(), t.id.desc(), t.status, t.lat, t.lng),
    index('projects_tenant_provider_idx').on(t.tenantId, t.serviceProviderId, t.startDate.desc(), t.id.desc()),
    // The project map (features/project-map): the box of a view is a range on lat; lng, status,
    // the list order (start_date, id) are in the index, so the clusters of a status, the count of
    // projects within a distance and their page's order are index-only.
    index('projects_tenant_geo_idx').on(t.tenantId, t.lat, t.lng, t.status, t.startDate, t.id),
    // Dates overlapping [from, to] (features/project-map/query.ts spanEnd/spanStart): ends on or
    // after from (a range), starts before to (in the index). CASE, not coalesce, which row-level
    // security treats as leaky and so never uses as an index condition; the plain columns after
    // it make the count, the page and the clusters of the matches index-only.
    index('projects_tenant_dates_idx').on(
      t.tenantId,
      sql`(case when ${t.endDate} is null then ${t.startDate} else ${t.endDate} end)`,
      sql`(case when ${t.startDate} is null then ${t.endDate} else ${t.startDate} end)`,
      t.startDate,
      t.endDate,
      t.id,
      t.lat,
      t.lng,
    ),
    index('projects_tenant_rating_performance_idx').on(t.tenantId, t.ratingPerformance, t.status, t.startDate, t.id),
    index('projects_tenant_rating_customer_idx').on(t.tenantId, t.ratingCustomer, t.status, t.startDate, t.id),
    index('projects_search_trgm_idx').using('gin', t.tenantId, sql`${t.searchText} gin_trgm_ops`),
    foreignKey({ columns: [t.tenantId, t.clientId], foreignColumns: [clients.tenantId, clients.id] }),
    foreignKey({ columns: [t.tenantId, t.clientAmId], foreignColumns: [users.tenantId, users.id] }),
    foreignKey({ columns: [t.tenantId, t.projectManagerId], foreignColumns: [users.tenantId, users.id] }),
    foreignKey({ columns: [t.tenantId, t.projectAdministratorId], foreignColumns: [users.tenantId, users.id] }),
    foreignKey({ columns: [t.tenantId, t.salesRepresentativeId], foreignColumns: [users.tenantId, users.id] }),
    foreignKey({ columns: [t.tenantId, t.classificationId], foreignColumns: [classifications.tenantId, classifications.id] }),
    foreignKey({ columns: [t.tenantId, t.serviceProviderId], foreignColumns: [serviceProviders.tenantId, serviceProviders.id] }),
  ],
);

/**
 * The distinct words (3+ letters, no digits) of the tenant's projects' search_text: the
 * vocabulary quick search corrects typing slips against. Filled by triggers on projects
 * (migration 0009); words are never removed, so a few may be stale.
 */
export const projectSearchWords = pgTable(
  'project_search_words',
  { tenantId: tenantId(), word: text('word').notNull() },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.word] }),
    index('project_search_words_trgm_idx').using('gin', t.tenantId, sql`${t.word} gin_trgm_ops`),
  ],
);

const projectRef = (t: { tenantId: AnyPgColumn; projectId: AnyPgColumn }) =>
  foreignKey({ columns: [t.tenantId, t.projectId], foreignColumns: [projects.tenantId, projects.id] }).onDelete('cascade');

export const projectTags = pgTable(
  'project_tags',
  { tenantId: tenantId(), projectId: bigint('project_id', { mode: 'number' }).notNull(), tagId: uuid('tag_id').notNull() },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.projectId, t.tagId] }),
    index('project_tags_tenant_tag_idx').on(t.tenantId, t.tagId),
    projectRef(t),
    foreignKey({ columns: [t.tenantId, t.tagId], foreignColumns: [tags.tenantId, tags.id] }).onDelete('cascade'),
  ],
);

export const projectCategories = pgTable(
  'project_categories',
  { tenantId: tenantId(), projectId: bigint('project_id', { mode: 'number' }).notNull(), categoryId: uuid('category_id').notNull() },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.projectId, t.categoryId] }),
    index('project_categories_tenant_category_idx').on(t.tenantId, t.categoryId),
    projectRef(t),
    foreignKey({ columns: [t.tenantId, t.categoryId], foreignColumns: [categories.tenantId, categories.id] }),
  ],
);

export const projectServices = pgTable(
  'project_services',
  { tenantId: tenantId(), projectId: bigint('project_id', { mode: 'number' }).notNull(), serviceId: uuid('service_id').notNull() },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.projectId, t.serviceId] }),
    index('project_services_tenant_service_idx').on(t.tenantId, t.serviceId),
    projectRef(t),
    foreignKey({ columns: [t.tenantId, t.serviceId], foreignColumns: [services.tenantId, services.id] }),
  ],
);

/** Linked projects: this project (project_id) links to linked_project_id. */
export const projectRelations = pgTable(
  'project_relations',
  {
    tenantId: tenantId(),
    projectId: bigint('project_id', { mode: 'number' }).notNull(),
    linkedProjectId: bigint('linked_project_id', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.projectId, t.linkedProjectId] }),
    index('project_relations_tenant_linked_idx').on(t.tenantId, t.linkedProjectId),
    projectRef(t),
    foreignKey({ columns: [t.tenantId, t.linkedProjectId], foreignColumns: [projects.tenantId, projects.id] }).onDelete('cascade'),
  ],
);

export const siteContacts = pgTable(
  'site_contacts',
  {
    tenantId: tenantId(),
    id: id(),
    projectId: bigint('project_id', { mode: 'number' }).notNull(),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    role: text('role'),
    email: text('email'),
    phone: text('phone'),
    note: text('note'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('site_contacts_tenant_project_idx').on(t.tenantId, t.projectId, t.position), projectRef(t)],
);

/** History of start/end date changes, with the official-shift answer. */
export const projectDateChanges = pgTable(
  'project_date_changes',
  {
    tenantId: tenantId(),
    id: id(),
    projectId: bigint('project_id', { mode: 'number' }).notNull(),
    changedBy: uuid('changed_by'),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
    oldStart: timestamp('old_start', { mode: 'string' }),
    newStart: timestamp('new_start', { mode: 'string' }),
    oldEnd: timestamp('old_end', { mode: 'string' }),
    newEnd: timestamp('new_end', { mode: 'string' }),
    officialShift: boolean('official_shift').notNull().default(false),
    reason: text('reason'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('project_date_changes_tenant_project_idx').on(t.tenantId, t.projectId, t.changedAt),
    projectRef(t),
    foreignKey({ columns: [t.tenantId, t.changedBy], foreignColumns: [users.tenantId, users.id] }),
  ],
);

/** The project links panel: titled URLs (always https://). */
export const projectLinks = pgTable(
  'project_links',
  {
    tenantId: tenantId(),
    id: id(),
    projectId: bigint('project_id', { mode: 'number' }).notNull(),
    title: text('title').notNull().default(''),
    url: text('url').notNull(),
    summary: text('summary'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('project_links_tenant_project_idx').on(t.tenantId, t.projectId, t.createdAt), projectRef(t)],
);

/** Recently viewed: one row per user and project, touched on every view. */
export const projectViews = pgTable(
  'project_views',
  {
    tenantId: tenantId(),
    userId: uuid('user_id').notNull(),
    projectId: bigint('project_id', { mode: 'number' }).notNull(),
    lastAccessedAt: timestamp('last_accessed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.userId, t.projectId] }),
    index('project_views_tenant_user_time_idx').on(t.tenantId, t.userId, t.lastAccessedAt.desc()),
    projectRef(t),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }).onDelete('cascade'),
  ],
);

/** The offline gazetteer (AU suburbs with postcodes, NZ towns): global reference data. */
export const gazetteer = pgTable(
  'gazetteer',
  {
    id: integer('id').primaryKey(),
    country: text('country').notNull(),
    suburb: text('suburb').notNull(),
    state: text('state'),
    postcode: text('postcode'),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    population: integer('population'),
  },
  (t) => [
    index('gazetteer_postcode_idx').on(t.postcode),
    index('gazetteer_suburb_trgm_idx').using('gin', sql`lower(${t.suburb}) gin_trgm_ops`),
  ],
);

/** Which version of each shipped reference data set is loaded (global): lets start-up skip an unchanged reload. */
export const dataVersions = pgTable('data_versions', {
  name: text('name').primaryKey(),
  version: text('version').notNull(),
  rowCount: integer('row_count').notNull(),
  loadedAt: timestamp('loaded_at', { withTimezone: true }).notNull().defaultNow(),
});

// ---------------------------------------------------------------------------------------------
// Service providers: assignment staff, ratings, notifications (issue: service providers)
// ---------------------------------------------------------------------------------------------

/** The provider's staff assigned to a project (service_provider_staff). */
export const projectProviderStaff = pgTable(
  'project_provider_staff',
  { tenantId: tenantId(), projectId: bigint('project_id', { mode: 'number' }).notNull(), userId: uuid('user_id').notNull() },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.projectId, t.userId] }),
    index('project_provider_staff_tenant_user_idx').on(t.tenantId, t.userId),
    projectRef(t),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }).onDelete('cascade'),
  ],
);

/**
 * One rating per project and kind: 'performance' given by staff, 'customer' given by the client.
 * The provider's averages (service_providers.*_rating) are recomputed when one changes.
 */
export const providerRatings = pgTable(
  'provider_ratings',
  {
    tenantId: tenantId(),
    id: id(),
    providerId: uuid('provider_id').notNull(),
    projectId: bigint('project_id', { mode: 'number' }).notNull(),
    kind: text('kind', { enum: ['performance', 'customer'] }).notNull(),
    rating: doublePrecision('rating').notNull(),
    comment: text('comment'),
    ratedBy: uuid('rated_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('provider_ratings_tenant_project_kind_key').on(t.tenantId, t.projectId, t.kind),
    index('provider_ratings_tenant_provider_idx').on(t.tenantId, t.providerId, t.kind),
    providerRef(t),
    projectRef(t),
    foreignKey({ columns: [t.tenantId, t.ratedBy], foreignColumns: [users.tenantId, users.id] }).onDelete('set null'),
  ],
);

/** 'Notify Service Provider': the e-mails sent about a project, to show the tick once delivered. */
export const providerNotifications = pgTable(
  'provider_notifications',
  {
    tenantId: tenantId(),
    id: id(),
    projectId: bigint('project_id', { mode: 'number' }).notNull(),
    providerId: uuid('provider_id').notNull(),
    outboxId: uuid('outbox_id').notNull(),
    sentBy: uuid('sent_by'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('provider_notifications_tenant_project_idx').on(t.tenantId, t.projectId, t.createdAt), projectRef(t), providerRef(t)],
);

// ---------------------------------------------------------------------------------------------
// Certificates (issue: service providers, certifications)
// ---------------------------------------------------------------------------------------------

/** A kind of certificate, with its own extra fields (core CertificateFieldDef) and sample files. */
export const certificateTypes = pgTable(
  'certificate_types',
  {
    tenantId: tenantId(),
    id: id(),
    name: text('name').notNull(),
    description: text('description'),
    fields: jsonb('fields').notNull().default(sql`'{}'::jsonb`),
    mandatoryForUsers: boolean('mandatory_for_users').notNull().default(false),
    mandatoryForProviders: boolean('mandatory_for_providers').notNull().default(false),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex('certificate_types_tenant_name_key').on(t.tenantId, sql`lower(${t.name})`)],
);

/** A certificate held by a user or by a service provider (exactly one owner). */
export const certificates = pgTable(
  'certificates',
  {
    tenantId: tenantId(),
    id: id(),
    typeId: uuid('type_id').notNull(),
    userId: uuid('user_id'),
    providerId: uuid('provider_id'),
    name: text('name'),
    licenseNumber: text('license_number'),
    comments: text('comments'),
    country: text('country'),
    issueDate: date('issue_date', { mode: 'string' }),
    expiry: date('expiry', { mode: 'string' }),
    details: jsonb('details').notNull().default(sql`'{}'::jsonb`),
    reminded30At: timestamp('reminded_30_at', { withTimezone: true }),
    reminded7At: timestamp('reminded_7_at', { withTimezone: true }),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('certificates_tenant_user_idx').on(t.tenantId, t.userId, t.typeId),
    // expiry too: the provider search's 'certified' probe (valid certificate per mandatory type) is index-only.
    index('certificates_tenant_provider_idx').on(t.tenantId, t.providerId, t.typeId, t.expiry),
    index('certificates_tenant_expiry_idx').on(t.tenantId, t.expiry),
    foreignKey({ columns: [t.tenantId, t.typeId], foreignColumns: [certificateTypes.tenantId, certificateTypes.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.providerId], foreignColumns: [serviceProviders.tenantId, serviceProviders.id] }).onDelete('cascade'),
  ],
);

/**
 * Files of a certificate or a certificate type's samples: filable is the certificate or type id
 * (the /documents/file/{filableId}/{fileId} address). Stored under generated names.
 */
export const documentFiles = pgTable(
  'document_files',
  {
    tenantId: tenantId(),
    id: id(),
    filableKind: text('filable_kind', { enum: ['certificate', 'certificate_type'] }).notNull(),
    filableId: uuid('filable_id').notNull(),
    name: text('name').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    fileKey: text('file_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('document_files_tenant_filable_idx').on(t.tenantId, t.filableId, t.createdAt)],
);
