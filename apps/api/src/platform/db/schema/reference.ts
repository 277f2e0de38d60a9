// Reference lists of a tenant: categories, services, tags, classifications (features/reference).
import { sql } from 'drizzle-orm';
import { boolean, foreignKey, index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tenantId } from './columns.js';

export const categories = pgTable(
  'categories',
  {
    tenantId: tenantId(),
    id: id(),
    name: text('name').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('categories_tenant_name_key').on(t.tenantId, sql`lower(${t.name})`),
  ],
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
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('services_tenant_name_key').on(t.tenantId, sql`lower(${t.name})`),
  ],
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
    foreignKey({ columns: [t.tenantId, t.categoryId], foreignColumns: [categories.tenantId, categories.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ columns: [t.tenantId, t.serviceId], foreignColumns: [services.tenantId, services.id] }).onDelete(
      'cascade',
    ),
  ],
);

export const tags = pgTable(
  'tags',
  { tenantId: tenantId(), id: id(), name: text('name').notNull(), createdAt: createdAt() },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('tags_tenant_name_key').on(t.tenantId, sql`lower(${t.name})`),
  ],
);

export const classifications = pgTable(
  'classifications',
  {
    tenantId: tenantId(),
    id: id(),
    title: text('title').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('classifications_tenant_title_key').on(t.tenantId, sql`lower(${t.title})`),
  ],
);
