import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  addressLine,
  companyDay,
  complianceOf,
  isClientRole,
  isProviderRole,
  type QuickSearchItem,
  type QuickSearchResult,
  recentlyViewedColumns,
  type RecentlyViewedItem,
  type RecentlyViewedPage,
  statusView,
  toWallClock,
  viewerKind,
} from '@siteflow/core';
import { inTenant, type Actor, type Deps, type TenantContext } from '../../platform/context.js';
import {
  categories,
  certificates,
  certificateTypes,
  projectCategories,
  projects,
  projectViews,
  serviceProviders,
  users,
} from '../../platform/db/schema.js';
import type { Tx } from '../../platform/db/client.js';
import { notFound } from '../../platform/errors.js';
import { visibleProjects } from '../../platform/project-scope.js';
import { matchProjects } from '../projects/match.js';
import { inOrder } from '../../platform/db/in-order.js';

type D = Pick<Deps, 'db'>;
type DC = Pick<Deps, 'db' | 'clock'>;
const pm = alias(users, 'pm');
const am = alias(users, 'am');

const nameOf = (first: string | null, last: string | null) => (first === null ? null : `${first} ${last ?? ''}`.trim());

/** 'street, suburb STATE postcode' (parts that are missing are left out). */
export function locationLine(p: {
  street: string | null;
  suburb: string | null;
  state: string | null;
  postcode: string | null;
}): string | null {
  return addressLine(p) || null;
}

const lastPage = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

/** The columns both lists show, joined once (no query per row). */
const summaryColumns = {
  id: projects.id,
  code: projects.code,
  name: projects.name,
  status: projects.status,
  startDate: projects.startDate,
  endDate: projects.endDate,
  orderReference: projects.orderReference,
  clientName: projects.clientName,
  street: projects.street,
  suburb: projects.suburb,
  state: projects.state,
  postcode: projects.postcode,
  pmFirst: pm.firstName,
  pmLast: pm.lastName,
  amFirst: am.firstName,
  amLast: am.lastName,
  providerName: serviceProviders.name,
};

/** Spec 2 section 2.9: quick search (typo-tolerant, paged). An empty term finds nothing. */
export const quickSearch = (
  deps: D,
  tenant: TenantContext,
  actor: Actor,
  query: { q: string; page: number; pageSize: number },
): Promise<QuickSearchResult> =>
  inTenant(deps, tenant.id, async (tx) => {
    const empty = { data: [], total: 0, current_page: query.page, last_page: 1 };
    if (!query.q.trim()) return empty;
    const { ids, total } = await matchProjects(tx, actor, query.q, {
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    });
    if (!ids.length) return { ...empty, total, last_page: lastPage(total, query.pageSize) };
    const rows = await tx
      .select(summaryColumns)
      .from(projects)
      .leftJoin(pm, and(eq(pm.tenantId, projects.tenantId), eq(pm.id, projects.projectManagerId)))
      .leftJoin(am, and(eq(am.tenantId, projects.tenantId), eq(am.id, projects.clientAmId)))
      .leftJoin(
        serviceProviders,
        and(eq(serviceProviders.tenantId, projects.tenantId), eq(serviceProviders.id, projects.serviceProviderId)),
      )
      .where(inArray(projects.id, ids));
    const byId = new Map(rows.map((r) => [r.id, r]));
    // The service provider's name is hidden from client roles (the key is left out).
    const showProvider = !isClientRole(actor.role);
    const data = ids
      .map((id) => byId.get(id))
      .filter((r) => r !== undefined)
      .map((r): QuickSearchItem => ({
        id: r.id,
        project_code: r.code,
        name: r.name,
        ...statusView(r.status),
        start_date: toWallClock(r.startDate),
        ...(showProvider ? { service_provider_name: r.providerName } : {}),
        account_manager_name: nameOf(r.amFirst, r.amLast),
        project_manager_name: nameOf(r.pmFirst, r.pmLast),
        location_first: locationLine(r),
      }));
    return { data, total, current_page: query.page, last_page: lastPage(total, query.pageSize) };
  });

/** Spec 2 section 2.10: the user's recently viewed projects (still visible to them), last viewed first. */
export const recentlyViewed = (
  deps: DC,
  tenant: TenantContext,
  actor: Actor,
  query: { page: number; pageSize: number },
): Promise<RecentlyViewedPage> =>
  inTenant(deps, tenant.id, async (tx) => {
    const kind = viewerKind(actor.role);
    const where = and(eq(projectViews.userId, actor.userId), visibleProjects(actor));
    const joinProject = and(eq(projects.tenantId, projectViews.tenantId), eq(projects.id, projectViews.projectId));
    const categoryList = sql<
      string | null
    >`(select string_agg(c.name, ', ' order by lower(c.name)) from ${projectCategories} pc join ${categories} c on c.tenant_id = pc.tenant_id and c.id = pc.category_id where pc.tenant_id = ${projects.tenantId} and pc.project_id = ${projects.id})`;
    const [rows, [total]] = await inOrder(
      () =>
        tx
          .select({ ...summaryColumns, lastAccessedAt: projectViews.lastAccessedAt, categoryList })
          .from(projectViews)
          .innerJoin(projects, joinProject)
          .leftJoin(pm, and(eq(pm.tenantId, projects.tenantId), eq(pm.id, projects.projectManagerId)))
          .leftJoin(am, and(eq(am.tenantId, projects.tenantId), eq(am.id, projects.clientAmId)))
          .leftJoin(
            serviceProviders,
            and(eq(serviceProviders.tenantId, projects.tenantId), eq(serviceProviders.id, projects.serviceProviderId)),
          )
          .where(where)
          .orderBy(desc(projectViews.lastAccessedAt), desc(projects.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
      () => tx.select({ n: count() }).from(projectViews).innerJoin(projects, joinProject).where(where),
    );
    const n = total?.n ?? 0;
    const compliance = isProviderRole(actor.role)
      ? await complianceByProject(
          tx,
          rows.map((r) => r.id),
          deps.clock.now(),
        )
      : null;
    const data = rows.map((r): RecentlyViewedItem => ({
      id: r.id,
      last_accessed_date: r.lastAccessedAt.toISOString(),
      project_link: `/projects/${r.id}/show`,
      project_code: r.code,
      ...statusView(r.status),
      category: r.categoryList,
      ...(kind === 'client' ? { order_ref: r.orderReference } : {}),
      ...(kind !== 'client' ? { service_provider: r.providerName } : {}),
      ...(kind !== 'provider' ? { client: r.clientName } : {}),
      start_date: toWallClock(r.startDate),
      end_date: toWallClock(r.endDate),
      project_manager: nameOf(r.pmFirst, r.pmLast),
      name: r.name,
      location_address: locationLine(r),
      ...(compliance ? { compliance: compliance.get(r.id) ?? null } : {}),
    }));
    return {
      data,
      total: n,
      current_page: query.page,
      last_page: lastPage(n, query.pageSize),
      columns: recentlyViewedColumns(kind),
    };
  });

export const forgetRecentlyViewed = (deps: D, tenant: TenantContext, actor: Actor, projectId: number) =>
  inTenant(deps, tenant.id, async (tx) => {
    const gone = await tx
      .delete(projectViews)
      .where(and(eq(projectViews.userId, actor.userId), eq(projectViews.projectId, projectId)))
      .returning({ id: projectViews.projectId });
    if (!gone.length) throw notFound('The project');
  });

/**
 * Compliance per project for provider users: of the tenant's active types mandatory for providers,
 * how many the project's provider holds a certificate of that is valid to the project's end (or
 * today when it has none). One query for the page.
 */
async function complianceByProject(tx: Tx, projectIds: number[], now: Date): Promise<Map<number, string>> {
  if (projectIds.length === 0) return new Map();
  const today = companyDay(now);
  const result = await tx.execute<{ id: number; total: number; valid: number }>(sql`
    select p.id::int as id,
      count(t.id)::int as total,
      count(t.id) filter (where exists (
        select 1 from ${certificates} c
        where c.tenant_id = t.tenant_id and c.type_id = t.id and c.provider_id = p.service_provider_id
          and (c.expiry is null or c.expiry >= greatest(coalesce(p.end_date::date, ${today}::date), ${today}::date))
      ))::int as valid
    from ${projects} p
    left join ${certificateTypes} t on t.tenant_id = p.tenant_id and t.active and t.mandatory_for_providers
    where p.id in (${sql.join(
      projectIds.map((id) => sql`${id}`),
      sql`, `,
    )}) and p.service_provider_id is not null
    group by p.id`);
  return new Map(result.rows.map((r) => [Number(r.id), complianceOf(r.valid, r.total)]));
}
