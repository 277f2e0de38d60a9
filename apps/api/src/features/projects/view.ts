import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  isProviderRole,
  PROJECT_STATUS_COLOURS,
  PROJECT_STATUS_LABELS,
  PROJECT_TRANSITIONS,
  projectAbilities,
  type Person,
  type ProjectRef,
  type ProjectView,
  toWallClock,
  fullName,
} from '@siteflow/core';
import type { Actor } from '../../platform/context.js';
import type { Exec } from '../../platform/db/client.js';
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
  services,
  siteContacts,
  tags,
  users,
} from '../../platform/db/schema.js';
import { notFound } from '../../platform/errors.js';
import { visibleProjects } from './scope.js';
import { inOrder } from '../../platform/db/in-order.js';
import { projectProviderCard } from './provider-card.js';

export type ProjectRow = typeof projects.$inferSelect;
type UserRow = typeof users.$inferSelect;

const person = (u: UserRow): Person => ({
  id: u.id,
  first_name: u.firstName,
  last_name: u.lastName,
  full_name: fullName(u),
  email: u.email,
  phone: u.phone,
  mobile: u.mobile,
});

/** The project if the actor may see it; 404 otherwise (another tenant's, or outside their scope). */
export async function findVisibleProject(tx: Exec, actor: Actor, id: number): Promise<ProjectRow> {
  const [row] = await tx
    .select()
    .from(projects)
    .where(and(eq(projects.id, id), visibleProjects(actor)));
  if (!row) throw notFound('The project');
  return row;
}

/** The same, locked for update (writes to one project are serialised). */
export async function lockVisibleProject(tx: Exec, actor: Actor, id: number): Promise<ProjectRow> {
  const [row] = await tx
    .select()
    .from(projects)
    .where(and(eq(projects.id, id), visibleProjects(actor)))
    .for('update');
  if (!row) throw notFound('The project');
  return row;
}

const refColumns = { id: projects.id, project_code: projects.code, name: projects.name };

async function linkedRefs(tx: Exec, actor: Actor, id: number): Promise<{ linked: ProjectRef[]; sub: ProjectRef[] }> {
  const visible = visibleProjects(actor);
  const [linked, sub] = await inOrder(
    () =>
      tx
        .select(refColumns)
        .from(projectRelations)
        .innerJoin(
          projects,
          and(eq(projects.tenantId, projectRelations.tenantId), eq(projects.id, projectRelations.linkedProjectId)),
        )
        .where(and(eq(projectRelations.projectId, id), visible))
        .orderBy(asc(projects.seq)),
    () =>
      tx
        .select(refColumns)
        .from(projectRelations)
        .innerJoin(
          projects,
          and(eq(projects.tenantId, projectRelations.tenantId), eq(projects.id, projectRelations.projectId)),
        )
        .where(and(eq(projectRelations.linkedProjectId, id), visible))
        .orderBy(asc(projects.seq)),
  );
  return { linked, sub };
}

/** Everything the project details screen shows, as this actor may see it. */
export async function projectView(tx: Exec, actor: Actor, id: number): Promise<ProjectView> {
  const [head] = await tx
    .select({
      p: projects,
      classificationTitle: classifications.title,
      clientName: clients.tradingName,
    })
    .from(projects)
    .leftJoin(
      classifications,
      and(eq(classifications.tenantId, projects.tenantId), eq(classifications.id, projects.classificationId)),
    )
    .leftJoin(clients, and(eq(clients.tenantId, projects.tenantId), eq(clients.id, projects.clientId)))
    .where(and(eq(projects.id, id), visibleProjects(actor)));
  if (!head) throw notFound('The project');
  const { p, classificationTitle, clientName } = head;
  const peopleIds = [p.clientAmId, p.projectManagerId, p.projectAdministratorId, p.salesRepresentativeId].filter(
    (x): x is string => !!x,
  );
  const [people, refs, tagRows, categoryRows, serviceRows, contacts, changes, providerCard] = await inOrder(
    () => tx.select().from(users).where(inArray(users.id, peopleIds)),
    () => linkedRefs(tx, actor, id),
    () =>
      tx
        .select({ id: tags.id, name: tags.name })
        .from(projectTags)
        .innerJoin(tags, and(eq(tags.tenantId, projectTags.tenantId), eq(tags.id, projectTags.tagId)))
        .where(eq(projectTags.projectId, id))
        .orderBy(asc(sql`lower(${tags.name})`)),
    () =>
      tx
        .select({ id: categories.id, name: categories.name })
        .from(projectCategories)
        .innerJoin(
          categories,
          and(eq(categories.tenantId, projectCategories.tenantId), eq(categories.id, projectCategories.categoryId)),
        )
        .where(eq(projectCategories.projectId, id))
        .orderBy(asc(sql`lower(${categories.name})`)),
    () =>
      tx
        .select({ id: services.id, name: services.name })
        .from(projectServices)
        .innerJoin(
          services,
          and(eq(services.tenantId, projectServices.tenantId), eq(services.id, projectServices.serviceId)),
        )
        .where(eq(projectServices.projectId, id))
        .orderBy(asc(sql`lower(${services.name})`)),
    () => tx.select().from(siteContacts).where(eq(siteContacts.projectId, id)).orderBy(asc(siteContacts.position)),
    () =>
      tx
        .select({ c: projectDateChanges, first: users.firstName, last: users.lastName })
        .from(projectDateChanges)
        .leftJoin(
          users,
          and(eq(users.tenantId, projectDateChanges.tenantId), eq(users.id, projectDateChanges.changedBy)),
        )
        .where(eq(projectDateChanges.projectId, id))
        .orderBy(desc(projectDateChanges.changedAt), desc(projectDateChanges.id)),
    () => projectProviderCard(tx, id, p.serviceProviderId),
  );
  const byId = new Map(people.map((u) => [u.id, u]));
  const personOf = (uid: string | null) => {
    const u = uid ? byId.get(uid) : undefined;
    return u ? person(u) : null;
  };
  const abilities = projectAbilities(actor, p);
  const mayEdit = abilities.edit;
  return {
    id: p.id,
    id_code: p.code,
    project_code: p.code,
    name: p.name,
    title: p.name,
    summary: p.summary,
    order_reference: p.orderReference,
    client_comments: p.clientComments,
    status: p.status,
    status_label: PROJECT_STATUS_LABELS[p.status],
    status_colour: PROJECT_STATUS_COLOURS[p.status],
    allowed_statuses: mayEdit ? [...PROJECT_TRANSITIONS[p.status]] : [],
    start_date: toWallClock(p.startDate),
    end_date: toWallClock(p.endDate),
    completed_on: toWallClock(p.completedOn),
    location: { street: p.street, suburb: p.suburb, state: p.state, postcode: p.postcode, country: p.country },
    co_ords: { lat: p.lat, long: p.lng, precision: p.geoPrecision },
    // Client Information is hidden from service-provider roles.
    client: isProviderRole(actor.role) ? null : { id: p.clientId, trading_name: clientName ?? p.clientName },
    account_manager: personOf(p.clientAmId),
    project_manager: personOf(p.projectManagerId)!,
    project_administrator: personOf(p.projectAdministratorId)!,
    project_sales_representative: personOf(p.salesRepresentativeId),
    classification:
      p.classificationId && classificationTitle ? { id: p.classificationId, title: classificationTitle } : null,
    linked_project_type: p.linkedProjectType,
    linked_projects: refs.linked,
    sub_linked_projects: refs.sub,
    tags: tagRows,
    categories: categoryRows,
    services: serviceRows,
    site_contacts: contacts.map((c) => ({
      id: c.id,
      name: c.name,
      position: c.role,
      email: c.email,
      phone: c.phone,
      note: c.note,
    })),
    service_provider: providerCard,
    date_changes: changes.map(({ c, first, last }) => ({
      id: c.id,
      changed_at: c.changedAt.toISOString(),
      changed_by: first !== null ? `${first} ${last ?? ''}`.trim() : null,
      old_start: toWallClock(c.oldStart),
      new_start: toWallClock(c.newStart),
      old_end: toWallClock(c.oldEnd),
      new_end: toWallClock(c.newEnd),
      official_shift: c.officialShift,
      reason: c.reason,
    })),
    abilities,
    created_at: p.createdAt.toISOString(),
  };
}
