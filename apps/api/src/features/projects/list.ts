import { and, asc, count, desc, eq, inArray, ne, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  isProviderRole,
  type ProjectListItem,
  type ProjectListQuery,
  type ProjectRef,
  statusView,
  toWallClock,
} from '@siteflow/core';
import { inTenant, type Actor, type Deps, type TenantContext } from '../../platform/context.js';
import type { Exec } from '../../platform/db/client.js';
import { projects, tenantCounters, users } from '../../platform/db/schema.js';
import { allMatchingIds, indexWalkOnly, matchProjects, normaliseTerm, termConditions } from './match.js';
import { visibleProjects } from '../../platform/project-scope.js';

/**
 * Past this many matches of a free-text search the list reports this number as its total:
 * counting every match costs a recheck per row. Without a search the total is exact (see
 * exactCount).
 */
export const LIST_SEARCH_COUNT_CAP = 1000;

const pm = alias(users, 'pm');

/**
 * Each sort follows a tenant-leading index (migration 0005), id breaking ties. start_date's index
 * is (start_date DESC NULLS LAST, id DESC NULLS LAST): projects without dates come last when
 * newest first, and the order is spelt out so that the index (or its backward scan) serves it.
 */
const SORTS: Record<ProjectListQuery['sort'], (dir: 'asc' | 'desc') => SQL[]> = {
  start_date: (dir) =>
    dir === 'desc'
      ? [sql`${projects.startDate} desc nulls last`, sql`${projects.id} desc nulls last`]
      : [sql`${projects.startDate} asc nulls first`, sql`${projects.id} asc nulls first`],
  code: (dir) => [by(dir, projects.seq)],
  name: (dir) => [by(dir, projects.name), by(dir, projects.id)],
  // Within a status, newest start first (the index's order); descending mirrors it exactly.
  status: (dir) =>
    dir === 'asc'
      ? [asc(projects.status), sql`${projects.startDate} desc nulls last`, sql`${projects.id} desc nulls last`]
      : [desc(projects.status), sql`${projects.startDate} asc nulls first`, sql`${projects.id} asc nulls first`],
  client: (dir) => [by(dir, projects.clientName), by(dir, projects.id)],
  created_at: (dir) => [by(dir, projects.createdAt), by(dir, projects.id)],
};
const by = (dir: 'asc' | 'desc', column: AnyColumn) => (dir === 'asc' ? asc(column) : desc(column));

export async function listProjects(
  deps: Pick<Deps, 'db'>,
  tenant: TenantContext,
  actor: Actor,
  query: ProjectListQuery,
) {
  const term = query.search ? normaliseTerm(query.search) : '';
  const counter = totalCounter(actor, query, term);
  const filters = and(
    visibleProjects(actor),
    query.status ? eq(projects.status, query.status) : undefined,
    query.client_id ? eq(projects.clientId, query.client_id) : undefined,
    query.project_manager_id ? eq(projects.projectManagerId, query.project_manager_id) : undefined,
  );
  const hideClient = isProviderRole(actor.role);
  const flip = query.order === 'asc' ? 'desc' : 'asc';
  const item = (r: PageRow): ProjectListItem => ({
    id: r.id,
    project_code: r.code,
    name: r.name,
    ...statusView(r.status),
    client: hideClient ? null : { id: r.clientId, trading_name: r.clientName },
    project_manager: { id: r.pmId, full_name: `${r.pmFirst ?? ''} ${r.pmLast ?? ''}`.trim() },
    order_reference: r.orderReference,
    start_date: toWallClock(r.startDate),
    end_date: toWallClock(r.endDate),
    suburb: r.suburb,
    state: r.state,
  });
  return inTenant(deps, tenant.id, async (tx) => {
    // With a text search: every match's id when there are few (then the page is sorted from
    // those, counted through the word and trigram indexes), else the total stops at the cap and
    // the sort's index walk finds matches densely (checking each row's text).
    const search = term ? await termConditions(tx, actor, term) : null;
    const where = and(filters, search?.filter);
    // A common word with no other filter (staff) has more matches than the cap: no count.
    const found =
      search && !(search.common && !filters)
        ? await allMatchingIds(tx, and(filters, search.indexed), LIST_SEARCH_COUNT_CAP)
        : null;
    const rowsWhere = found ? (found.length ? inArray(projects.id, found) : sql`false`) : where;
    const offset = (query.page - 1) * query.pageSize;
    // The first pages are read forward whatever the total, so the total can come with them.
    const countOnPage = !term && offset < COUNT_WITH_PAGE_BELOW;
    const page = (orderBy: SQL[], limit: number, offset: number) =>
      tx
        .select({
          id: projects.id,
          code: projects.code,
          name: projects.name,
          status: projects.status,
          clientId: projects.clientId,
          clientName: projects.clientName,
          pmId: projects.projectManagerId,
          pmFirst: pm.firstName,
          pmLast: pm.lastName,
          orderReference: projects.orderReference,
          startDate: projects.startDate,
          endDate: projects.endDate,
          suburb: projects.suburb,
          state: projects.state,
          // Early pages without a search read the total with the page (one round trip, not two).
          total: sql<number | null>`${countOnPage ? exactCountSql(where, counter) : sql`null`}`,
        })
        .from(projects)
        .leftJoin(pm, and(eq(pm.tenantId, projects.tenantId), eq(pm.id, projects.projectManagerId)))
        .where(rowsWhere)
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset);
    if (countOnPage) {
      const first = await page(SORTS[query.sort](query.order), query.pageSize, offset);
      // An empty page (past the end) carries no total: count on its own.
      const total = first.length ? Number(first[0]!.total ?? 0) : await exactCount(tx, where, counter);
      return { items: first.map(item), total, page: query.page, pageSize: query.pageSize };
    }
    const total = term ? (found?.length ?? LIST_SEARCH_COUNT_CAP) : await exactCount(tx, where, counter);
    // Past the middle (when the total is exact), read from the far end in the reverse order:
    // the last pages then cost what the first ones do instead of skipping ~100,000 rows.
    const fromEnd = !term && offset > total / 2;
    const rows = fromEnd
      ? offset >= total
        ? []
        : (
            await page(
              SORTS[query.sort](flip),
              Math.min(query.pageSize, total - offset),
              Math.max(0, total - offset - query.pageSize),
            )
          ).reverse()
      : term && !found
        ? // Many matches: walk the sort's index and keep the matching rows (found at once).
          await indexWalkOnly(tx, () => page(SORTS[query.sort](query.order), query.pageSize, offset))
        : await page(SORTS[query.sort](query.order), query.pageSize, offset);
    return { items: rows.map(item), total, page: query.page, pageSize: query.pageSize };
  });
}

/** Below this offset a page is read forward, and the total comes with it (exactCountSql). */
const COUNT_WITH_PAGE_BELOW = 1000;

type ProjectColumns = typeof projects.$inferSelect;
type PageRow = Pick<
  ProjectColumns,
  | 'id'
  | 'code'
  | 'name'
  | 'status'
  | 'clientId'
  | 'clientName'
  | 'orderReference'
  | 'startDate'
  | 'endDate'
  | 'suburb'
  | 'state'
> & { pmId: ProjectColumns['projectManagerId']; pmFirst: string | null; pmLast: string | null };

/**
 * The tenant_counters row holding the list's total, kept by statement triggers on projects at
 * every insert, delete and status change (migration 0033): for staff (visibleProjects adds no
 * condition) filtering by nothing ('projects_total') or by the status alone
 * ('projects_status:<status>'). Null for any other filter: that total is counted (exactCount).
 */
function totalCounter(actor: Actor, query: ProjectListQuery, term: string): string | null {
  if (visibleProjects(actor) || query.client_id || query.project_manager_id || term) return null;
  return query.status ? `projects_status:${query.status}` : 'projects_total';
}

/** exactCount as a scalar subquery, to read with a page. */
function exactCountSql(where: SQL | undefined, counter: string | null): SQL {
  return counter
    ? sql`(select ${tenantCounters.value} from ${tenantCounters} where ${tenantCounters.name} = ${counter})`
    : sql`(select count(*) from ${projects} where ${where})`;
}

/**
 * The number of projects matching. Staff filtering by nothing or by the status alone read the
 * running total (`counter`, totalCounter): one primary-key read. Any other filter (a status with a
 * manager or a client, a client or provider user's scope) is an index-only count over the
 * filter's index.
 */
async function exactCount(tx: Exec, where: SQL | undefined, counter: string | null) {
  if (counter) {
    const [total] = await tx
      .select({ n: tenantCounters.value })
      .from(tenantCounters)
      .where(eq(tenantCounters.name, counter));
    return total?.n ?? 0;
  }
  const [row] = await tx.select({ n: count() }).from(projects).where(where);
  return row?.n ?? 0;
}

/** The linked-projects picker: up to 20 matches by code, name (and the rest of search_text); the newest 20 without a term. */
export async function lookupProjects(
  deps: Pick<Deps, 'db'>,
  tenant: TenantContext,
  actor: Actor,
  q: string,
  exclude?: number,
): Promise<{ items: ProjectRef[] }> {
  return inTenant(deps, tenant.id, async (tx) => {
    const ids = q.trim()
      ? (await matchProjects(tx, actor, q, { limit: 20, offset: 0, exclude })).ids
      : await newestIds(tx, actor, 20, exclude);
    if (!ids.length) return { items: [] };
    const rows = await tx
      .select({ id: projects.id, project_code: projects.code, name: projects.name })
      .from(projects)
      .where(inArray(projects.id, ids));
    const byId = new Map(rows.map((r) => [r.id, r]));
    return { items: ids.map((id) => byId.get(id)).filter((r): r is ProjectRef => !!r) };
  });
}

async function newestIds(tx: Exec, actor: Actor, limit: number, exclude?: number) {
  const rows = await tx
    .select({ id: projects.id })
    .from(projects)
    .where(and(visibleProjects(actor), exclude ? ne(projects.id, exclude) : undefined))
    .orderBy(desc(projects.id))
    .limit(limit);
  return rows.map((r) => r.id);
}
