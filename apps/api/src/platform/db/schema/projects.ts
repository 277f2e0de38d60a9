// Projects and what hangs off them: tags, categories, services, linked projects, site contacts,
// date changes and recent views (features/projects, project-map).
import { sql, type SQL } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  doublePrecision,
  type ExtraConfigColumn,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { instant, linksOf, locality, projectId, tenantFk, tenantId, tenantTable, timestamps } from './columns.js';
import { users } from './tenancy.js';
import { clients } from './clients.js';
import { categories, classifications, services, tags } from './reference.js';
import { serviceProviders } from './providers.js';

/** Per-tenant counters (project numbers), allocated with UPDATE ... RETURNING. */
export const tenantCounters = pgTable(
  'tenant_counters',
  { tenantId: tenantId(), name: text('name').notNull(), value: integer('value').notNull().default(0) },
  (t) => [primaryKey({ columns: [t.tenantId, t.name] })],
);

export const PROJECT_STATUS_VALUES = [
  'quote',
  'on_hold',
  'order',
  'scheduled',
  'completed',
  'cancelled',
  'closed',
] as const;

type MapColumns = Record<'tenantId' | 'startDate' | 'id' | 'status' | 'lat' | 'lng', ExtraConfigColumn>;
/** A scope's projects in the list order, then status, lat and lng for the project map. */
const scopeIndex = (name: string, t: MapColumns, scope: ExtraConfigColumn) =>
  index(name).on(t.tenantId, scope, t.startDate.desc(), t.id.desc(), t.status, t.lat, t.lng);

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
    linkedProjectType: text('linked_project_type', { enum: ['master', 'sub_project'] })
      .notNull()
      .default('master'),
    street: text('street'),
    ...locality(),
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
    ...timestamps(),
    /** What quick search matches: code, name, order reference, client and address. */
    searchText: text('search_text').generatedAlwaysAs((): SQL => projectSearchText()),
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
    scopeIndex('projects_tenant_client_idx', t, t.clientId),
    scopeIndex('projects_tenant_manager_idx', t, t.projectManagerId),
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
    // Quick search's word index (features/projects/match.ts): the tenant-qualified runs of 3+
    // letters of search_text ('<tenant> southern'), so a word's posting list holds only its
    // tenant's projects and a term of common words reads a few short lists, not ~20 trigram lists.
    index('projects_search_words_idx').using('gin', sql`app_search_words(${t.tenantId}, ${t.searchText})`),
    tenantFk(t, t.clientId, clients),
    tenantFk(t, t.clientAmId, users),
    tenantFk(t, t.projectManagerId, users),
    tenantFk(t, t.projectAdministratorId, users),
    tenantFk(t, t.salesRepresentativeId, users),
    tenantFk(t, t.classificationId, classifications),
    tenantFk(t, t.serviceProviderId, serviceProviders),
  ],
);

/** The cascading foreign key (tenant_id, project_id) to projects. */
export const projectRef = (t: { tenantId: AnyPgColumn; projectId: AnyPgColumn }) =>
  tenantFk(t, t.projectId, projects).onDelete('cascade');

/** A link table from projects to items: its tags, categories, services, the provider's staff on it. */
export const projectLinkTable = linksOf({ projectId }, projects);

export const projectTags = projectLinkTable('project_tags', 'tag', tags);

export const projectCategories = projectLinkTable('project_categories', 'category', categories, { cascadeItem: false });

export const projectServices = projectLinkTable('project_services', 'service', services, { cascadeItem: false });

/** Linked projects: this project (project_id) links to linked_project_id. */
export const projectRelations = pgTable(
  'project_relations',
  {
    tenantId: tenantId(),
    projectId: projectId(),
    linkedProjectId: bigint('linked_project_id', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.projectId, t.linkedProjectId] }),
    index('project_relations_tenant_linked_idx').on(t.tenantId, t.linkedProjectId),
    projectRef(t),
    tenantFk(t, t.linkedProjectId, projects).onDelete('cascade'),
  ],
);

export const siteContacts = tenantTable(
  'site_contacts',
  {
    projectId: projectId(),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    role: text('role'),
    email: text('email'),
    phone: text('phone'),
    note: text('note'),
  },
  (t) => [index('site_contacts_tenant_project_idx').on(t.tenantId, t.projectId, t.position), projectRef(t)],
);

/** History of start/end date changes, with the official-shift answer. */
export const projectDateChanges = tenantTable(
  'project_date_changes',
  {
    projectId: projectId(),
    changedBy: uuid('changed_by'),
    changedAt: instant('changed_at').notNull().defaultNow(),
    oldStart: timestamp('old_start', { mode: 'string' }),
    newStart: timestamp('new_start', { mode: 'string' }),
    oldEnd: timestamp('old_end', { mode: 'string' }),
    newEnd: timestamp('new_end', { mode: 'string' }),
    officialShift: boolean('official_shift').notNull().default(false),
    reason: text('reason'),
  },
  (t) => [
    index('project_date_changes_tenant_project_idx').on(t.tenantId, t.projectId, t.changedAt),
    projectRef(t),
    tenantFk(t, t.changedBy, users),
  ],
);

/** Recently viewed: one row per user and project, touched on every view. */
export const projectViews = pgTable(
  'project_views',
  {
    tenantId: tenantId(),
    userId: uuid('user_id').notNull(),
    projectId: projectId(),
    lastAccessedAt: instant('last_accessed_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.userId, t.projectId] }),
    index('project_views_tenant_user_time_idx').on(t.tenantId, t.userId, t.lastAccessedAt.desc()),
    projectRef(t),
    tenantFk(t, t.userId, users).onDelete('cascade'),
  ],
);

/**
 * A project's search text: its code, name, order reference, client and address, lower-cased and
 * joined by spaces (the generated column search_text). Without the client (`withClient` false) it
 * is what a provider user may search by (features/projects/match.ts): they are never shown the client.
 */
export function projectSearchText(withClient = true): SQL {
  const fields = [
    projects.code,
    projects.name,
    projects.orderReference,
    ...(withClient ? [projects.clientName] : []),
    projects.street,
    projects.suburb,
    projects.state,
    projects.postcode,
  ];
  return sql`lower(${sql.join(
    fields.map((field) => sql`coalesce(${field}, '')`),
    sql` || ' ' || `,
  )})`;
}
