/**
 * The list page of GET /api/project-map (service.ts): the ids of one page in start-date order,
 * then their rows, category and service names and ratings, in one batched query each.
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Exec } from '../../platform/db/client.js';
import {
  categories,
  projectCategories,
  projects,
  projectServices,
  providerRatings,
  services,
  users,
} from '../../platform/db/schema.js';
import { tenantJoin } from '../../platform/db/schema/columns.js';
import { kmFrom, type Centre } from './query.js';

const pm = alias(users, 'pm');

/** The page's rows (ids in list order), with their project manager's name, in one query by key. */
export async function page(tx: Exec, tenantOnly: SQL, centre: Centre | null, ids: number[]) {
  if (!ids.length) return [];
  const rows = await tx
    .select({
      id: projects.id,
      code: projects.code,
      name: projects.name,
      orderReference: projects.orderReference,
      status: projects.status,
      clientName: projects.clientName,
      clientId: projects.clientId,
      clientAmId: projects.clientAmId,
      projectManagerId: projects.projectManagerId,
      pmFirst: pm.firstName,
      pmLast: pm.lastName,
      street: projects.street,
      suburb: projects.suburb,
      state: projects.state,
      postcode: projects.postcode,
      lat: projects.lat,
      lng: projects.lng,
      startDate: projects.startDate,
      endDate: projects.endDate,
      completedOn: projects.completedOn,
      km: centre
        ? sql<
            number | null
          >`case when ${projects.lat} is null or ${projects.lng} is null then null else ${kmFrom(centre)} end`.mapWith(
            Number,
          )
        : sql<null>`null::float8`,
    })
    .from(projects)
    .leftJoin(pm, tenantJoin(projects, projects.projectManagerId, pm))
    .where(and(tenantOnly, inArray(projects.id, ids)));
  const at = new Map(ids.map((id, i) => [id, i]));
  return rows.sort((x, y) => at.get(x.id)! - at.get(y.id)!);
}

/**
 * The ids of one page, newest start first. Broad with statuses: each status walks its own part of
 * the (tenant_id, status, start_date DESC, id DESC) index for at most offset + limit matches and
 * the walks are merged (one walk of the start-date index would pass over every project of the
 * other statuses first: finished projects lie behind all the coming ones). Broad without: the
 * (tenant_id, start_date DESC NULLS LAST, id DESC NULLS LAST) index's order
 * (features/projects/list.ts). Narrow: the same order through an expression no index has, so the
 * planner filters first (from an index alone where it can) and sorts the few matches.
 */
export async function pageIds(
  tx: Exec,
  where: SQL,
  statuses: string[],
  limit: number,
  offset: number,
  broad: boolean,
): Promise<number[]> {
  const newest = sql`start_date desc nulls last, id desc nulls last`;
  if (broad && statuses.length > 1) {
    const walks = statuses.map(
      (status) => sql`(select ${projects.id} as id, ${projects.startDate} as start_date from ${projects}
                        where ${where} and ${projects.status} = ${status}
                        order by ${projects.startDate} desc nulls last, ${projects.id} desc nulls last limit ${offset + limit})`,
    );
    const { rows } = await tx.execute<{ id: number }>(sql`
      select id from (${sql.join(walks, sql` union all `)}) w order by ${newest} limit ${limit} offset ${offset}`);
    return rows.map((r) => Number(r.id));
  }
  const order = [
    broad
      ? sql`${projects.startDate} desc nulls last`
      : sql`(${projects.startDate} + interval '0 second') desc nulls last`,
    sql`${projects.id} desc nulls last`,
  ];
  return (
    await tx
      .select({ id: projects.id })
      .from(projects)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset)
  ).map((r) => r.id);
}

/** Category and service names of the page's projects, in one query. */
export async function namesOf(
  tx: Exec,
  ids: number[],
): Promise<Map<number, { categories: string[]; services: string[] }>> {
  const out = new Map<number, { categories: string[]; services: string[] }>();
  if (!ids.length) return out;
  const { rows } = await tx.execute<{ project_id: string | number; kind: 'c' | 's'; name: string }>(sql`
    select pc.project_id, 'c' as kind, c.name from ${projectCategories} pc
      join ${categories} c on c.tenant_id = pc.tenant_id and c.id = pc.category_id
     where pc.tenant_id = app_current_tenant() and pc.project_id in (${sql.join(
       ids.map((id) => sql`${id}`),
       sql`, `,
     )})
    union all
    select ps.project_id, 's' as kind, s.name from ${projectServices} ps
      join ${services} s on s.tenant_id = ps.tenant_id and s.id = ps.service_id
     where ps.tenant_id = app_current_tenant() and ps.project_id in (${sql.join(
       ids.map((id) => sql`${id}`),
       sql`, `,
     )})
    order by name`);
  for (const r of rows) {
    const id = Number(r.project_id);
    const entry = out.get(id) ?? { categories: [], services: [] };
    (r.kind === 'c' ? entry.categories : entry.services).push(r.name);
    out.set(id, entry);
  }
  return out;
}

export async function ratingsOf(
  tx: Exec,
  ids: number[],
): Promise<Map<number, { performance: number | null; customer: number | null }>> {
  const out = new Map<number, { performance: number | null; customer: number | null }>();
  if (!ids.length) return out;
  const rows = await tx
    .select({ projectId: providerRatings.projectId, kind: providerRatings.kind, rating: providerRatings.rating })
    .from(providerRatings)
    .where(and(eq(providerRatings.tenantId, sql`app_current_tenant()`), inArray(providerRatings.projectId, ids)));
  for (const r of rows) {
    const entry = out.get(r.projectId) ?? { performance: null, customer: null };
    entry[r.kind] = r.rating;
    out.set(r.projectId, entry);
  }
  return out;
}
