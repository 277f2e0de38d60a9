// The provider side of a project: assigned staff, ratings and notifications (features/providers).
import { doublePrecision, index, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, projectId, tenantFk, tenantTable, timestamps } from './columns.js';
import { users } from './tenancy.js';
import { projectLinkTable, projectRef } from './projects.js';
import { providerRef } from './providers.js';

/** The provider's staff assigned to a project (service_provider_staff). */
export const projectProviderStaff = projectLinkTable('project_provider_staff', 'user', users);

/**
 * One rating per project and kind: 'performance' given by staff, 'customer' given by the client.
 * The provider's averages (service_providers.*_rating) are recomputed when one changes.
 */
export const providerRatings = tenantTable(
  'provider_ratings',
  {
    providerId: uuid('provider_id').notNull(),
    projectId: projectId(),
    kind: text('kind', { enum: ['performance', 'customer'] }).notNull(),
    rating: doublePrecision('rating').notNull(),
    comment: text('comment'),
    ratedBy: uuid('rated_by'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('provider_ratings_tenant_project_kind_key').on(t.tenantId, t.projectId, t.kind),
    index('provider_ratings_tenant_provider_idx').on(t.tenantId, t.providerId, t.kind),
    providerRef(t),
    projectRef(t),
    tenantFk(t, t.ratedBy, users).onDelete('set null'),
  ],
);

/** 'Notify Service Provider': the e-mails sent about a project, to show the tick once delivered. */
export const providerNotifications = tenantTable(
  'provider_notifications',
  {
    projectId: projectId(),
    providerId: uuid('provider_id').notNull(),
    outboxId: uuid('outbox_id').notNull(),
    sentBy: uuid('sent_by'),
    createdAt: createdAt(),
  },
  (t) => [
    index('provider_notifications_tenant_project_idx').on(t.tenantId, t.projectId, t.createdAt),
    projectRef(t),
    providerRef(t),
  ],
);
