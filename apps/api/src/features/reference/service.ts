import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  DEFAULT_CLASSIFICATION,
  PROJECT_TEXT,
  REFERENCE_TEXT,
  uniqueTagNames,
  type CategoryView,
  type ClassificationView,
  type ServiceView,
  type TagView,
} from '@siteflow/core';
import { inTenant, type Deps, type TenantContext } from '../../platform/context.js';
import type { Exec, Tx } from '../../platform/db/client.js';
import {
  categories,
  categoryServices,
  classifications,
  projectCategories,
  projects,
  projectServices,
  projectTags,
  services,
  tags,
} from '../../platform/db/schema.js';
import { tenantJoin } from '../../platform/db/schema/columns.js';
import { fieldError, HttpError, uniqueOrFieldError, notFound } from '../../platform/errors.js';

type D = Pick<Deps, 'db'>;
const inUse = () => new HttpError(422, REFERENCE_TEXT.inUse);

/** A unique-name violation (a race past the explicit check) becomes the field's own message. */
async function uniqueName<T>(field: 'name' | 'title', work: () => Promise<T>): Promise<T> {
  return uniqueOrFieldError(field, field === 'name' ? REFERENCE_TEXT.nameTaken : REFERENCE_TEXT.titleTaken, work);
}

/** A change to a list in the tenant's transaction, a unique-name race reported on `field`. */
const saveItem = <T>(deps: D, tenant: TenantContext, field: 'name' | 'title', work: (tx: Tx) => Promise<T>) =>
  uniqueName(field, () => inTenant(deps, tenant.id, work));

/**
 * Deletes item `id` of a list (`what` names it in the 404) unless a project uses it: a row whose
 * `usedBy` column is the item (else `inUseError`).
 */
const deleteItem = (
  deps: D,
  tenant: TenantContext,
  item: { table: typeof categories | typeof services | typeof tags | typeof classifications; id: string; what: string },
  usedBy: AnyPgColumn,
  inUseError = inUse(),
) =>
  inTenant(deps, tenant.id, async (tx) => {
    const [used] = await tx
      .select({ found: sql`1` })
      .from(usedBy.table)
      .where(eq(usedBy, item.id))
      .limit(1);
    if (used) throw inUseError;
    const [row] = await tx.delete(item.table).where(eq(item.table.id, item.id)).returning({ id: item.table.id });
    if (!row) throw notFound(item.what);
  });

// ---------------------------------------------------------------------------------------------
// Categories (each offers a set of services)

export async function categoryViews(tx: Exec, ids?: string[]): Promise<CategoryView[]> {
  const rows = await tx
    .select()
    .from(categories)
    .where(ids ? inArray(categories.id, ids) : undefined)
    .orderBy(asc(sql`lower(${categories.name})`), asc(categories.id));
  if (rows.length === 0) return [];
  const links = await tx
    .select({ categoryId: categoryServices.categoryId, id: services.id, name: services.name })
    .from(categoryServices)
    .innerJoin(services, tenantJoin(categoryServices, categoryServices.serviceId, services))
    .where(ids ? inArray(categoryServices.categoryId, ids) : undefined)
    .orderBy(asc(sql`lower(${services.name})`));
  return rows.map((c) => ({
    id: c.id,
    name: c.name,
    active: c.active,
    services: links.filter((l) => l.categoryId === c.id).map((l) => ({ id: l.id, name: l.name })),
  }));
}

async function categoryView(tx: Tx, id: string) {
  const [view] = await categoryViews(tx, [id]);
  if (!view) throw notFound('The category');
  return view;
}

async function assertFreeName(
  tx: Tx,
  table: typeof categories | typeof services | typeof tags,
  name: string,
  exceptId?: string,
) {
  const [taken] = await tx
    .select({ id: table.id })
    .from(table)
    .where(eq(sql`lower(${table.name})`, name.toLowerCase()));
  if (taken && taken.id !== exceptId) throw fieldError('name', REFERENCE_TEXT.nameTaken);
}

async function setCategoryServices(tx: Tx, tenantId: string, categoryId: string, serviceIds: string[]) {
  const wanted = [...new Set(serviceIds)];
  if (wanted.length) {
    const found = await tx.select({ id: services.id }).from(services).where(inArray(services.id, wanted));
    if (found.length !== wanted.length) throw fieldError('service_ids', PROJECT_TEXT.notFoundOption);
  }
  await tx.delete(categoryServices).where(eq(categoryServices.categoryId, categoryId));
  if (wanted.length)
    await tx.insert(categoryServices).values(wanted.map((serviceId) => ({ tenantId, categoryId, serviceId })));
}

type CategoryData = { name: string; active: boolean; service_ids: string[] };

export const listCategories = (deps: D, tenant: TenantContext) =>
  inTenant(deps, tenant.id, async (tx) => ({ items: await categoryViews(tx) }));

export const createCategory = (deps: D, tenant: TenantContext, input: CategoryData) =>
  saveItem(deps, tenant, 'name', async (tx) => {
    await assertFreeName(tx, categories, input.name);
    const [row] = await tx
      .insert(categories)
      .values({ tenantId: tenant.id, name: input.name, active: input.active })
      .returning({ id: categories.id });
    await setCategoryServices(tx, tenant.id, row!.id, input.service_ids);
    return categoryView(tx, row!.id);
  });

export const updateCategory = (deps: D, tenant: TenantContext, id: string, input: CategoryData) =>
  saveItem(deps, tenant, 'name', async (tx) => {
    await assertFreeName(tx, categories, input.name, id);
    const [row] = await tx
      .update(categories)
      .set({ name: input.name, active: input.active })
      .where(eq(categories.id, id))
      .returning({ id: categories.id });
    if (!row) throw notFound('The category');
    await setCategoryServices(tx, tenant.id, id, input.service_ids);
    return categoryView(tx, id);
  });

export const deleteCategory = (deps: D, tenant: TenantContext, id: string) =>
  deleteItem(deps, tenant, { table: categories, id, what: 'The category' }, projectCategories.categoryId);

// ---------------------------------------------------------------------------------------------
// Services

async function serviceViews(tx: Exec, id?: string): Promise<ServiceView[]> {
  const rows = await tx
    .select({ id: services.id, name: services.name, active: services.active, n: count(categoryServices.categoryId) })
    .from(services)
    .leftJoin(
      categoryServices,
      and(eq(categoryServices.tenantId, services.tenantId), eq(categoryServices.serviceId, services.id)),
    )
    .where(id ? eq(services.id, id) : undefined)
    .groupBy(services.tenantId, services.id)
    .orderBy(asc(sql`lower(${services.name})`), asc(services.id));
  return rows.map((r) => ({ id: r.id, name: r.name, active: r.active, category_count: r.n }));
}

async function serviceView(tx: Tx, id: string) {
  const [view] = await serviceViews(tx, id);
  if (!view) throw notFound('The service');
  return view;
}

export const listServices = (deps: D, tenant: TenantContext) =>
  inTenant(deps, tenant.id, async (tx) => ({ items: await serviceViews(tx) }));

export const createService = (deps: D, tenant: TenantContext, input: { name: string; active: boolean }) =>
  saveItem(deps, tenant, 'name', async (tx) => {
    await assertFreeName(tx, services, input.name);
    const [row] = await tx
      .insert(services)
      .values({ tenantId: tenant.id, ...input })
      .returning({ id: services.id });
    return serviceView(tx, row!.id);
  });

export const updateService = (deps: D, tenant: TenantContext, id: string, input: { name: string; active: boolean }) =>
  saveItem(deps, tenant, 'name', async (tx) => {
    await assertFreeName(tx, services, input.name, id);
    const [row] = await tx.update(services).set(input).where(eq(services.id, id)).returning({ id: services.id });
    if (!row) throw notFound('The service');
    return serviceView(tx, id);
  });

export const deleteService = (deps: D, tenant: TenantContext, id: string) =>
  deleteItem(deps, tenant, { table: services, id, what: 'The service' }, projectServices.serviceId);

/** Spec 1: Category-service link (category_id, service_id, service_name), active categories and services only. */
export const categoryServiceLinks = (tx: Exec) =>
  tx
    .select({
      category_id: categoryServices.categoryId,
      service_id: categoryServices.serviceId,
      service_name: services.name,
    })
    .from(categoryServices)
    .innerJoin(services, tenantJoin(categoryServices, categoryServices.serviceId, services))
    .innerJoin(categories, tenantJoin(categoryServices, categoryServices.categoryId, categories))
    .where(and(eq(services.active, true), eq(categories.active, true)))
    .orderBy(asc(sql`lower(${services.name})`), asc(categoryServices.categoryId));

export const listCategoryServices = (deps: D, tenant: TenantContext) =>
  inTenant(deps, tenant.id, async (tx) => ({ items: await categoryServiceLinks(tx) }));

// ---------------------------------------------------------------------------------------------
// Tags (created by name from the project forms as well)

async function tagViews(tx: Exec, id?: string): Promise<TagView[]> {
  const rows = await tx
    .select({ id: tags.id, name: tags.name, n: count(projectTags.projectId) })
    .from(tags)
    .leftJoin(projectTags, and(eq(projectTags.tenantId, tags.tenantId), eq(projectTags.tagId, tags.id)))
    .where(id ? eq(tags.id, id) : undefined)
    .groupBy(tags.tenantId, tags.id)
    .orderBy(asc(sql`lower(${tags.name})`));
  return rows.map((r) => ({ id: r.id, name: r.name, project_count: r.n }));
}

export const listTags = (deps: D, tenant: TenantContext) =>
  inTenant(deps, tenant.id, async (tx) => ({ items: await tagViews(tx) }));

export const createTag = (deps: D, tenant: TenantContext, input: { name: string }) =>
  saveItem(deps, tenant, 'name', async (tx) => {
    const [name] = uniqueTagNames([input.name]);
    await assertFreeName(tx, tags, name!);
    const [row] = await tx.insert(tags).values({ tenantId: tenant.id, name: name! }).returning({ id: tags.id });
    return (await tagViews(tx, row!.id))[0]!;
  });

export const deleteTag = (deps: D, tenant: TenantContext, id: string) =>
  deleteItem(
    deps,
    tenant,
    { table: tags, id, what: 'The tag' },
    projectTags.tagId,
    new HttpError(422, REFERENCE_TEXT.tagInUse),
  );

/**
 * The ids of the named tags, creating the missing ones. Names match whatever the case, so
 * 'Urgent' and 'urgent' are one tag (the first spelling saved is kept).
 */
export async function ensureTags(tx: Tx, tenantId: string, names: readonly string[]): Promise<string[]> {
  const wanted = uniqueTagNames(names);
  if (wanted.length === 0) return [];
  await tx
    .insert(tags)
    .values(wanted.map((name) => ({ tenantId, name })))
    .onConflictDoNothing();
  const rows = await tx
    .select({ id: tags.id })
    .from(tags)
    .where(
      inArray(
        sql`lower(${tags.name})`,
        wanted.map((n) => n.toLowerCase()),
      ),
    );
  return rows.map((r) => r.id);
}

// ---------------------------------------------------------------------------------------------
// Classifications ('Installation' exists in every tenant)

/** Seed the default classification when missing (new tenants get it at creation; older ones here). */
export async function ensureDefaultClassification(tx: Tx, tenantId: string) {
  await tx.insert(classifications).values({ tenantId, title: DEFAULT_CLASSIFICATION }).onConflictDoNothing();
}

const presentClassification = (c: typeof classifications.$inferSelect): ClassificationView => ({
  id: c.id,
  title: c.title,
  active: c.active,
});

async function assertFreeTitle(tx: Tx, title: string, exceptId?: string) {
  const [taken] = await tx
    .select({ id: classifications.id })
    .from(classifications)
    .where(eq(sql`lower(${classifications.title})`, title.toLowerCase()));
  if (taken && taken.id !== exceptId) throw fieldError('title', REFERENCE_TEXT.titleTaken);
}

export const listClassifications = (deps: D, tenant: TenantContext) =>
  inTenant(deps, tenant.id, async (tx) => {
    await ensureDefaultClassification(tx, tenant.id);
    const rows = await tx
      .select()
      .from(classifications)
      .orderBy(asc(sql`lower(${classifications.title})`));
    return { items: rows.map(presentClassification) };
  });

export const createClassification = (deps: D, tenant: TenantContext, input: { title: string; active: boolean }) =>
  saveItem(deps, tenant, 'title', async (tx) => {
    await ensureDefaultClassification(tx, tenant.id);
    await assertFreeTitle(tx, input.title);
    const [row] = await tx
      .insert(classifications)
      .values({ tenantId: tenant.id, ...input })
      .returning();
    return presentClassification(row!);
  });

export const updateClassification = (
  deps: D,
  tenant: TenantContext,
  id: string,
  input: { title: string; active: boolean },
) =>
  saveItem(deps, tenant, 'title', async (tx) => {
    await assertFreeTitle(tx, input.title, id);
    const [row] = await tx.update(classifications).set(input).where(eq(classifications.id, id)).returning();
    if (!row) throw notFound('The classification');
    return presentClassification(row);
  });

export const deleteClassification = (deps: D, tenant: TenantContext, id: string) =>
  deleteItem(deps, tenant, { table: classifications, id, what: 'The classification' }, projects.classificationId);
