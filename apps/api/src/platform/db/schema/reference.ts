// Reference lists of a tenant: categories, services, tags, classifications (features/reference).
import { sql } from 'drizzle-orm';
import { boolean, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, linksOf, tenantTable } from './columns.js';

const label = <TLabel extends string>(name: TLabel) => text(name).notNull();

/**
 * A list a tenant keeps: its label column ('name' or 'title', unique in the tenant whatever the
 * case: `<table>_tenant_<label>_key`), whether it is active, and when it was created.
 */
function referenceList<TTable extends string, TLabel extends 'name' | 'title'>(table: TTable, labelName: TLabel) {
  const labelColumn = { [labelName]: label(labelName) } as Record<TLabel, ReturnType<typeof label<TLabel>>>;
  return tenantTable(
    table,
    { ...labelColumn, active: boolean('active').notNull().default(true), createdAt: createdAt() },
    (t) => [uniqueIndex(`${table}_tenant_${labelName}_key`).on(t.tenantId, sql`lower(${t[labelName]})`)],
  );
}

export const categories = referenceList('categories', 'name');

export const services = referenceList('services', 'name');

/** Which services a category offers (a service may belong to several categories). */
export const categoryServices = linksOf({ categoryId: () => uuid('category_id').notNull() }, categories)(
  'category_services',
  'service',
  services,
);

export const tags = tenantTable('tags', { name: label('name'), createdAt: createdAt() }, (t) => [
  uniqueIndex('tags_tenant_name_key').on(t.tenantId, sql`lower(${t.name})`),
]);

export const classifications = referenceList('classifications', 'title');
