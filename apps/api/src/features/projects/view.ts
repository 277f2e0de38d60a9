import { and, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  isProviderRole,
  type Person,
  PROJECT_TRANSITIONS,
  projectAbilities,
  type ProjectRef,
  type ProjectView,
  statusView,
  toWallClock,
  userNames,
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
import { compiledSelect, compileWith } from '../../platform/db/compiled.js';
import {
  scopeId,
  visibilityShape,
  visibleProjectsOfShape,
  type VisibilityShape,
} from '../../platform/project-scope.js';
// The visible project's row, found or locked (project-scope.ts), as the features have always imported them from here.
export { findVisibleProject, lockVisibleProject, type ProjectRow } from '../../platform/project-scope.js';
import { projectProviderCard, providerCardColumn } from './provider-card.js';

type UserRow = typeof users.$inferSelect;

const person = (u: Pick<UserRow, 'id' | 'firstName' | 'lastName' | 'email' | 'phone' | 'mobile'>): Person => ({
  id: u.id,
  ...userNames(u),
  email: u.email,
  phone: u.phone,
  mobile: u.mobile,
});

/** A JSON array of the rows of a correlated subquery, [] when there are none. */
const jsonRows = <T>(object: SQL, from: SQL, orderBy: SQL) =>
  sql<T[]>`(select coalesce(json_agg(${object} order by ${orderBy}), '[]'::json) ${from})`;

const linkedProject = alias(projects, 'linked_project');
const linkedProjectTable = sql`${projects} ${sql.identifier('linked_project')}`;
const refObject = sql`json_build_object('id', ${linkedProject.id}, 'project_code', ${linkedProject.code}, 'name', ${linkedProject.name})`;
/** The projects linked to the project (placeholder `id`) one way or the other, as far as the actor may see them. */
function linkedRefs(shape: VisibilityShape, direction: 'linked' | 'sub') {
  const [from, to] =
    direction === 'linked'
      ? [projectRelations.projectId, projectRelations.linkedProjectId]
      : [projectRelations.linkedProjectId, projectRelations.projectId];
  const visible = visibleProjectsOfShape(shape, linkedProject);
  return jsonRows<ProjectRef>(
    refObject,
    sql`from ${projectRelations} join ${linkedProjectTable} on ${linkedProject.tenantId} = ${projectRelations.tenantId} and ${linkedProject.id} = ${to} where ${from} = ${ID}${visible ? sql` and ${visible}` : sql``}`,
    sql`${linkedProject.seq}`,
  );
}

/** The names of a project's tags, categories or services, sorted as the screen shows them. */
function namedRows(
  link: typeof projectTags | typeof projectCategories | typeof projectServices,
  linkColumn: AnyColumn,
  named: typeof tags | typeof categories | typeof services,
) {
  return jsonRows<{ id: string; name: string }>(
    sql`json_build_object('id', ${named.id}, 'name', ${named.name})`,
    sql`from ${link} join ${named} on ${named.tenantId} = ${link.tenantId} and ${named.id} = ${linkColumn} where ${link.projectId} = ${ID}`,
    sql`lower(${named.name})`,
  );
}

type PersonRow = Pick<UserRow, 'id' | 'firstName' | 'lastName' | 'email' | 'phone' | 'mobile'>;
type ContactRow = {
  id: string;
  name: string;
  role: string | null;
  email: string | null;
  phone: string | null;
  note: string | null;
};
type ChangeRow = {
  id: string;
  changed_at: string;
  first: string | null;
  last: string | null;
  old_start: string | null;
  new_start: string | null;
  old_end: string | null;
  new_end: string | null;
  official_shift: boolean;
  reason: string | null;
};

const ID = sql.placeholder('id');
const people = [
  projects.clientAmId,
  projects.projectManagerId,
  projects.projectAdministratorId,
  projects.salesRepresentativeId,
];

/**
 * The project view's statement for each visibility shape, its SQL built once (db/compiled.ts): the
 * project with its people, links, tags, categories, services, contacts, date changes and provider
 * card as JSON built in SQL. Values: `id`, and `scope_id` (project-scope.ts).
 */
const viewStatement = compiledSelect('project_view', (shape: VisibilityShape) =>
  compileWith
    .select({
      p: projects,
      classificationTitle: classifications.title,
      clientName: clients.tradingName,
      people: jsonRows<PersonRow>(
        sql`json_build_object('id', ${users.id}, 'firstName', ${users.firstName}, 'lastName', ${users.lastName}, 'email', ${users.email}, 'phone', ${users.phone}, 'mobile', ${users.mobile})`,
        sql`from ${users} where ${users.tenantId} = ${projects.tenantId} and ${users.id} in (${sql.join(people, sql`, `)})`,
        sql`${users.id}`,
      ),
      linked: linkedRefs(shape, 'linked'),
      sub: linkedRefs(shape, 'sub'),
      tags: namedRows(projectTags, projectTags.tagId, tags),
      categories: namedRows(projectCategories, projectCategories.categoryId, categories),
      services: namedRows(projectServices, projectServices.serviceId, services),
      contacts: jsonRows<ContactRow>(
        sql`json_build_object('id', ${siteContacts.id}, 'name', ${siteContacts.name}, 'role', ${siteContacts.role}, 'email', ${siteContacts.email}, 'phone', ${siteContacts.phone}, 'note', ${siteContacts.note})`,
        sql`from ${siteContacts} where ${siteContacts.projectId} = ${ID}`,
        sql`${siteContacts.position}`,
      ),
      provider: providerCardColumn(),
      changes: jsonRows<ChangeRow>(
        sql`json_build_object('id', ${projectDateChanges.id}, 'changed_at', ${projectDateChanges.changedAt}, 'first', changer.first_name, 'last', changer.last_name,
          'old_start', ${projectDateChanges.oldStart}, 'new_start', ${projectDateChanges.newStart}, 'old_end', ${projectDateChanges.oldEnd}, 'new_end', ${projectDateChanges.newEnd},
          'official_shift', ${projectDateChanges.officialShift}, 'reason', ${projectDateChanges.reason})`,
        sql`from ${projectDateChanges} left join ${users} changer on changer.tenant_id = ${projectDateChanges.tenantId} and changer.id = ${projectDateChanges.changedBy} where ${projectDateChanges.projectId} = ${ID}`,
        sql`${projectDateChanges.changedAt} desc, ${projectDateChanges.id} desc`,
      ),
    })
    .from(projects)
    .leftJoin(
      classifications,
      and(eq(classifications.tenantId, projects.tenantId), eq(classifications.id, projects.classificationId)),
    )
    .leftJoin(clients, and(eq(clients.tenantId, projects.tenantId), eq(clients.id, projects.clientId)))
    .where(and(eq(projects.id, ID), visibleProjectsOfShape(shape))),
);

/**
 * Everything the project details screen shows, as this actor may see it: ONE statement, compiled
 * once (viewStatement). This is the pattern for a detail view: one round trip, not one query per
 * part, and a hot statement's SQL built once, not on every request.
 */
export async function projectView(tx: Exec, actor: Actor, id: number): Promise<ProjectView> {
  const [head] = await viewStatement(tx, visibilityShape(actor), { id, scope_id: scopeId(actor) });
  if (!head) throw notFound('The project');
  const { p, classificationTitle, clientName } = head;
  const providerCard = projectProviderCard(head.provider);
  const refs = { linked: head.linked, sub: head.sub };
  const changes = head.changes.map(({ first, last, ...c }) => ({
    c: {
      id: c.id,
      changedAt: new Date(c.changed_at),
      oldStart: c.old_start,
      newStart: c.new_start,
      oldEnd: c.old_end,
      newEnd: c.new_end,
      officialShift: c.official_shift,
      reason: c.reason,
    },
    first,
    last,
  }));
  const { people: peopleRows, tags: tagRows, categories: categoryRows, services: serviceRows, contacts } = head;
  const byId = new Map(peopleRows.map((u) => [u.id, u]));
  const personOf = (uid: string | null) => {
    const u = uid ? byId.get(uid) : undefined;
    return u ? person(u) : null;
  };
  const abilities = projectAbilities(actor, p);
  const mayEdit = abilities.edit;
  // Client Information (trading name, account manager, site contacts) is hidden from
  // service-provider roles (spec 1 section 6). The order reference stays: the spec gives them an
  // order-reference filter on the project map, and the project list shows it.
  const providerRole = isProviderRole(actor.role);
  return {
    id: p.id,
    id_code: p.code,
    project_code: p.code,
    name: p.name,
    title: p.name,
    summary: p.summary,
    order_reference: p.orderReference,
    client_comments: p.clientComments,
    ...statusView(p.status),
    allowed_statuses: mayEdit ? [...PROJECT_TRANSITIONS[p.status]] : [],
    start_date: toWallClock(p.startDate),
    end_date: toWallClock(p.endDate),
    completed_on: toWallClock(p.completedOn),
    location: { street: p.street, suburb: p.suburb, state: p.state, postcode: p.postcode, country: p.country },
    co_ords: { lat: p.lat, long: p.lng, precision: p.geoPrecision },
    client: providerRole ? null : { id: p.clientId, trading_name: clientName ?? p.clientName },
    account_manager: providerRole ? null : personOf(p.clientAmId),
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
    site_contacts: (providerRole ? [] : contacts).map((c) => ({
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
