import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  DEFAULT_CLASSIFICATION,
  formatProjectCode,
  PROJECT_STATUS_LABELS,
  PROJECT_TEXT,
  canTransition,
  showsCompletedDate,
  STAFF_ROLES,
  type ProjectCreateData,
  type ProjectCreateParsed,
  type SiteContactInput,
  fromWallClock,
  wallClockAt,
  fullName,
} from '@siteflow/core';
import type { z } from 'zod';
import type {
  ProjectDetailsUpdate,
  ProjectLocationUpdate,
  ProjectOtherUpdate,
  ProjectServicesUpdate,
  ProjectStatusUpdate,
} from '@siteflow/core';
import { inTenant, type Actor, type Deps, type TenantContext } from '../../platform/context.js';
import type { Tx } from '../../platform/db/client.js';
import {
  categories,
  classifications,
  clients,
  projectCategories,
  projectDateChanges,
  projectRelations,
  projects,
  projectServices,
  projectTags,
  siteContacts,
  tags,
  tenantCounters,
  users,
} from '../../platform/db/schema.js';
import { fieldError } from '../../platform/errors.js';
import { geocode } from '../geo/geocode.js';
import { categoryServiceLinks, ensureDefaultClassification, ensureTags } from '../reference/service.js';
import { FormChecks } from './checks.js';
import { lockVisibleProject, projectView, type ProjectRow } from './view.js';
import { inOrder } from '../../platform/db/in-order.js';
import { applyTaskTemplate } from '../tasks/apply-template.js';
import { actorRef } from '../tasks/history.js';
import { queueDueDates, queueIfGenerating } from '../tasks/due-dates-job.js';

type D = Pick<Deps, 'db' | 'jobs'>;
type DetailsData = z.output<typeof ProjectDetailsUpdate>;
type ServicesData = z.output<typeof ProjectServicesUpdate>;
type OtherData = z.output<typeof ProjectOtherUpdate>;
type LocationData = z.output<typeof ProjectLocationUpdate>;
type StatusData = z.output<typeof ProjectStatusUpdate>;

const byName = <T extends { firstName: string; lastName: string }>(a: T, b: T) =>
  fullName(a).localeCompare(fullName(b));

// ---------------------------------------------------------------------------------------------
// Reference data for the creation form

export const projectCreateData = (deps: D, tenant: TenantContext, actor: Actor): Promise<ProjectCreateData> =>
  inTenant(deps, tenant.id, async (tx) => {
    await ensureDefaultClassification(tx, tenant.id);
    const [me, classificationRows, tagRows, categoryRows, clientRows, links, staff] = await inOrder(
      () =>
        tx
          .select({ firstName: users.firstName, lastName: users.lastName })
          .from(users)
          .where(eq(users.id, actor.userId)),
      () =>
        tx
          .select({ id: classifications.id, title: classifications.title })
          .from(classifications)
          .where(eq(classifications.active, true))
          .orderBy(asc(classifications.title)),
      () =>
        tx
          .select({ name: tags.name })
          .from(tags)
          .orderBy(asc(sql`lower(${tags.name})`)),
      () =>
        tx
          .select({ id: categories.id, name: categories.name })
          .from(categories)
          .where(eq(categories.active, true))
          .orderBy(asc(sql`lower(${categories.name})`)),
      () =>
        tx
          .select({ id: clients.id, trading_name: clients.tradingName })
          .from(clients)
          .where(eq(clients.active, true))
          .orderBy(asc(clients.tradingName), asc(clients.id)),
      () => categoryServiceLinks(tx),
      () =>
        tx
          .select({
            id: users.id,
            firstName: users.firstName,
            lastName: users.lastName,
            isProjectManager: users.isProjectManager,
          })
          .from(users)
          .where(and(inArray(users.role, [...STAFF_ROLES]), eq(users.active, true))),
    );
    const sorted = [...staff].sort(byName);
    const managers = sorted.filter((u) => u.isProjectManager);
    const asOption = (u: { id: string; firstName: string; lastName: string }) => ({ id: u.id, full_name: fullName(u) });
    return {
      user: { id: actor.userId, full_name: me[0] ? fullName(me[0]) : '' },
      classifications: classificationRows,
      tags: tagRows,
      categories: categoryRows,
      clients: clientRows,
      category_services: links,
      project_managers: (managers.length ? managers : sorted).map(asOption),
      staff: sorted.map(asOption),
    };
  });

// ---------------------------------------------------------------------------------------------
// Children of a project (replaced as a whole on save)

async function replaceTags(tx: Tx, tenantId: string, projectId: number, names: string[]) {
  const ids = await ensureTags(tx, tenantId, names);
  await tx.delete(projectTags).where(eq(projectTags.projectId, projectId));
  if (ids.length) await tx.insert(projectTags).values(ids.map((tagId) => ({ tenantId, projectId, tagId })));
}

async function replaceCategoriesAndServices(
  tx: Tx,
  tenantId: string,
  projectId: number,
  categoryIds: string[],
  serviceIds: string[],
) {
  await tx.delete(projectCategories).where(eq(projectCategories.projectId, projectId));
  await tx.delete(projectServices).where(eq(projectServices.projectId, projectId));
  const cats = [...new Set(categoryIds)];
  const svcs = [...new Set(serviceIds)];
  if (cats.length)
    await tx.insert(projectCategories).values(cats.map((categoryId) => ({ tenantId, projectId, categoryId })));
  if (svcs.length)
    await tx.insert(projectServices).values(svcs.map((serviceId) => ({ tenantId, projectId, serviceId })));
}

/**
 * One statement: the links no longer wanted go, the new ones come, the ones kept are not touched.
 * `along`, another write of the same save (the project's UPDATE), goes out in the same statement as
 * a data-modifying CTE: one round trip for both (PostgreSQL runs every CTE that writes exactly once,
 * whether or not the statement reads it; the writes do not depend on each other).
 */
async function replaceLinks(tx: Tx, tenantId: string, projectId: number, linkedIds: number[], along?: SQL) {
  const ids = `{${[...new Set(linkedIds)].filter((id) => id !== projectId).join(',')}}`;
  await tx.execute(sql`with ${along ? sql`saved as (${along}), ` : sql.empty()}gone as (
      delete from ${projectRelations} where ${projectRelations.projectId} = ${projectId}
        and not (${projectRelations.linkedProjectId} = any(${ids}::bigint[])))
    insert into ${projectRelations} (tenant_id, project_id, linked_project_id)
    select ${tenantId}, ${projectId}, unnest(${ids}::bigint[])
    on conflict do nothing`);
}

async function replaceContacts(tx: Tx, tenantId: string, projectId: number, contacts: SiteContactInput[]) {
  await tx.delete(siteContacts).where(eq(siteContacts.projectId, projectId));
  if (!contacts.length) return;
  await tx.insert(siteContacts).values(
    contacts.map((c, position) => ({
      tenantId,
      projectId,
      position,
      name: c.name,
      role: c.position,
      email: c.email,
      phone: c.phone,
      note: c.note,
    })),
  );
}

export const locationOf = async (tx: Tx, input: LocationData) => {
  const place = await geocode(tx, {
    street: input.street,
    suburb: input.suburb,
    state: input.state,
    postcode: input.postcode,
    country: input.country,
  });
  return {
    street: input.street,
    suburb: input.suburb,
    state: input.state,
    postcode: input.postcode,
    country: input.country,
    lat: place?.lat ?? null,
    lng: place?.lng ?? null,
    geoPrecision: place?.precision ?? null,
  };
};

/** The next project number of the tenant. The counter row stays locked until commit, so concurrent creates queue here. */
export async function nextProjectSeq(tx: Tx, tenantId: string): Promise<number> {
  const [row] = await tx
    .insert(tenantCounters)
    .values({ tenantId, name: 'project', value: 1 })
    .onConflictDoUpdate({
      target: [tenantCounters.tenantId, tenantCounters.name],
      set: { value: sql`${tenantCounters.value} + 1` },
    })
    .returning({ value: tenantCounters.value });
  return row!.value;
}

export async function defaultClassificationId(tx: Tx, tenantId: string) {
  await ensureDefaultClassification(tx, tenantId);
  const [row] = await tx
    .select({ id: classifications.id })
    .from(classifications)
    .where(eq(sql`lower(${classifications.title})`, DEFAULT_CLASSIFICATION.toLowerCase()));
  return row?.id ?? null;
}

// ---------------------------------------------------------------------------------------------
// Create

export const createProject = (deps: D, tenant: TenantContext, actor: Actor, input: ProjectCreateParsed) =>
  inTenant(deps, tenant.id, async (tx, onCommit) => {
    const checks = new FormChecks(tx);
    await checks.staff({
      project_manager: input.project_manager,
      project_administrator: input.project_administrator,
      project_sales_representative: input.project_sales_representative,
    });
    const clientName = await checks.client('client', input.client);
    if (clientName !== null) await checks.accountManager('client_am', input.client, input.client_am);
    await checks.classification('classification', input.classification);
    await checks.categoriesAndServices(input.categories, input.services);
    await checks.linkedProjects('linked_projects', actor, input.linked_projects);
    checks.done();

    const location = await locationOf(tx, input);
    const classificationId = input.classification ?? (await defaultClassificationId(tx, tenant.id));
    const seq = await nextProjectSeq(tx, tenant.id);
    const [created] = await tx
      .insert(projects)
      .values({
        tenantId: tenant.id,
        seq,
        code: formatProjectCode(seq),
        name: input.name,
        summary: input.summary,
        status: 'order',
        startDate: fromWallClock(input.start_date),
        endDate: fromWallClock(input.end_date),
        clientId: input.client,
        clientName: clientName!,
        clientAmId: input.client_am,
        orderReference: input.order_reference,
        clientComments: input.client_comments,
        projectManagerId: input.project_manager,
        projectAdministratorId: input.project_administrator,
        salesRepresentativeId: input.project_sales_representative,
        classificationId,
        linkedProjectType: input.linked_project_type,
        ...location,
        createdBy: actor.userId,
      })
      .returning({ id: projects.id, code: projects.code });
    const id = created!.id;
    await replaceTags(tx, tenant.id, id, input.tags);
    await replaceCategoriesAndServices(tx, tenant.id, id, input.categories, input.services);
    await replaceLinks(tx, tenant.id, id, input.linked_projects);
    await replaceContacts(tx, tenant.id, id, input.site_contacts);
    // The action list: the template of the project's classification, its due dates by the job.
    if (await applyTaskTemplate(tx, tenant.id, id, { classificationId }, actorRef(actor)))
      queueDueDates(deps, onCommit, tenant.id, id);
    return { id, project_code: created!.code };
  });

// ---------------------------------------------------------------------------------------------
// Section saves: each locks the project, checks, writes, and answers the fresh view

/** Spread into a section's UPDATE of the project (and return TOUCHED): it marks the project updated. */
const touch = { updatedAt: sql`now()` };
const TOUCHED = 'touched';
/** Returned instead of TOUCHED when the UPDATE moved a project date or the status. */
const MOVED = 'moved';

function save(
  deps: D,
  tenant: TenantContext,
  actor: Actor,
  id: number,
  work: (tx: Tx, p: ProjectRow) => Promise<typeof TOUCHED | typeof MOVED | void>,
) {
  return inTenant(deps, tenant.id, async (tx, onCommit) => {
    const p = await lockVisibleProject(tx, actor, id);
    const touched = await work(tx, p);
    // A project date or the status moved: the tasks that take their due date from it (marked by
    // the projects trigger, 0022) wait for the job. Nothing moved: no statement.
    if (touched === MOVED) await queueIfGenerating(tx, deps, onCommit, tenant.id, id);
    // A section that updates the project's row sets updated_at with it (...touch): one UPDATE, one
    // round trip, and the row triggers of projects (search words, map cells) run once, not twice.
    if (touched !== TOUCHED && touched !== MOVED)
      await tx
        .update(projects)
        .set({ updatedAt: sql`now()` })
        .where(eq(projects.id, id));
    return projectView(tx, actor, id);
  });
}

export const updateDetails = (
  deps: Pick<Deps, 'db' | 'clock' | 'jobs'>,
  tenant: TenantContext,
  actor: Actor,
  id: number,
  input: DetailsData,
) =>
  save(deps, tenant, actor, id, async (tx, p) => {
    const checks = new FormChecks(tx);
    await checks.staff({
      project_manager_id: input.project_manager_id,
      project_administrator_id: input.project_administrator_id,
      project_sales_representative_id: input.project_sales_representative_id,
    });
    await checks.classification('classification_id', input.classification_id, p.classificationId);
    await checks.linkedProjects('linked_projects', actor, input.linked_projects, id);
    checks.done();

    const start = fromWallClock(input.start_date);
    const end = fromWallClock(input.end_date);
    const before = { start: fromWallClock(p.startDate), end: fromWallClock(p.endDate) };
    if (start !== before.start || end !== before.end) {
      await tx.insert(projectDateChanges).values({
        tenantId: tenant.id,
        projectId: id,
        changedBy: actor.userId,
        changedAt: deps.clock.now(),
        oldStart: before.start,
        newStart: start,
        oldEnd: before.end,
        newEnd: end,
        officialShift: input.official_shift,
        // 'No' (or closing the question) records no shift and clears the reason.
        reason: input.official_shift ? (input.shift_reason ?? PROJECT_TEXT.defaultShiftReason) : null,
      });
    }
    const completedOn = showsCompletedDate(p.status) ? (fromWallClock(input.completed_on) ?? p.completedOn) : null;
    const update = tx
      .update(projects)
      .set({
        name: input.name,
        startDate: start,
        endDate: end,
        completedOn,
        projectAdministratorId: input.project_administrator_id,
        projectManagerId: input.project_manager_id,
        salesRepresentativeId: input.project_sales_representative_id,
        linkedProjectType: input.linked_project_type,
        classificationId: input.classification_id,
        summary: input.summary,
        ...touch,
      })
      .where(eq(projects.id, id));
    await replaceLinks(tx, tenant.id, id, input.linked_projects, update.getSQL()); // the UPDATE and the links: one statement
    const moved =
      start !== before.start || end !== before.end || fromWallClock(completedOn) !== fromWallClock(p.completedOn);
    return moved ? MOVED : TOUCHED;
  });

export const updateServices = (deps: D, tenant: TenantContext, actor: Actor, id: number, input: ServicesData) =>
  save(deps, tenant, actor, id, async (tx) => {
    const checks = new FormChecks(tx);
    await checks.categoriesAndServices(input.categories, input.services);
    checks.done();
    await replaceTags(tx, tenant.id, id, input.tags);
    await replaceCategoriesAndServices(tx, tenant.id, id, input.categories, input.services);
  });

export const updateOther = (deps: D, tenant: TenantContext, actor: Actor, id: number, input: OtherData) =>
  save(deps, tenant, actor, id, async (tx, p) => {
    const checks = new FormChecks(tx);
    const clientName = await checks.client('client_id', input.client_id, p.clientId);
    if (clientName !== null)
      await checks.accountManager('account_manager_id', input.client_id, input.account_manager_id);
    checks.done();
    await tx
      .update(projects)
      .set({
        clientId: input.client_id,
        clientName: clientName!,
        orderReference: input.client_order_reference,
        clientAmId: input.account_manager_id,
        ...touch,
      })
      .where(eq(projects.id, id));
    await replaceContacts(tx, tenant.id, id, input.site_contacts);
    return TOUCHED;
  });

export const updateLocation = (deps: D, tenant: TenantContext, actor: Actor, id: number, input: LocationData) =>
  save(deps, tenant, actor, id, async (tx) => {
    await tx
      .update(projects)
      .set({ ...(await locationOf(tx, input)), ...touch })
      .where(eq(projects.id, id));
    return TOUCHED;
  });

/**
 * Moves the project along PROJECT_TRANSITIONS. Completing records the completion time (given,
 * or now at the site); going back from completed/closed to an open status clears it.
 */
export const updateStatus = (
  deps: Pick<Deps, 'db' | 'clock' | 'jobs'>,
  tenant: TenantContext,
  actor: Actor,
  id: number,
  input: StatusData,
) =>
  save(deps, tenant, actor, id, async (tx, p) => {
    if (input.status === p.status) return;
    if (!canTransition(p.status, input.status)) {
      const message = PROJECT_TEXT.statusTransition
        .replace('{from}', PROJECT_STATUS_LABELS[p.status])
        .replace('{to}', PROJECT_STATUS_LABELS[input.status]);
      throw fieldError('status', message);
    }
    const completedOn =
      input.status === 'completed'
        ? (fromWallClock(input.completed_on) ?? wallClockAt(deps.clock.now()))
        : showsCompletedDate(input.status)
          ? (fromWallClock(input.completed_on) ?? p.completedOn)
          : null;
    await tx
      .update(projects)
      .set({ status: input.status, completedOn, ...touch })
      .where(eq(projects.id, id));
    return MOVED;
  });

export const deleteProject = (deps: D, tenant: TenantContext, actor: Actor, id: number) =>
  inTenant(deps, tenant.id, async (tx) => {
    await lockVisibleProject(tx, actor, id);
    // Children (tags, categories, services, links, contacts, date changes, views, relations) cascade.
    await tx.delete(projects).where(eq(projects.id, id));
  });

// ---------------------------------------------------------------------------------------------
// Details (the recently-viewed record: view-log.ts)

export const viewProject = (deps: Pick<Deps, 'db'>, tenant: TenantContext, actor: Actor, id: number) =>
  inTenant(deps, tenant.id, (tx) => projectView(tx, actor, id));
