// The provider side of a project: assigned staff, ratings and notifications (features/providers).
import {
  bigint,
  doublePrecision,
  foreignKey,
  index,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, tenantId, updatedAt } from './columns.js';
import { users } from './tenancy.js';
import { projectRef } from './projects.js';
import { providerRef } from './providers.js';

/** The provider's staff assigned to a project (service_provider_staff). */
export const projectProviderStaff = pgTable(
  'project_provider_staff',
  {
    tenantId: tenantId(),
    projectId: bigint('project_id', { mode: 'number' }).notNull(),
    userId: uuid('user_id').notNull(),
  },
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
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('provider_notifications_tenant_project_idx').on(t.tenantId, t.projectId, t.createdAt),
    projectRef(t),
    providerRef(t),
  ],
);
