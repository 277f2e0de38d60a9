/**
 * GET /api/project-map: the projects the actor may see, filtered (query.ts), as clustered markers
 * for the visible map and one page of the list.
 *
 * At 100,000 projects per tenant every part is one statement over the shared WHERE: the exact
 * count, the clusters (a GROUP BY over the grid cell of each located project in the bbox), and
 * the page (the start-date index order). Names, ratings and popup fields are then read for the
 * page and the single-project markers only, in one batched query each.
 */
import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  PROJECT_STATUS_COLOURS,
  PROJECT_STATUS_LABELS,
  placeLine,
  seesPerformanceRating,
  type ProjectMapItem,
  type ProjectMapMarker,
  type ProjectMapQueryParsed,
  type ProjectMapResponse,
  type ProjectStatus,
  toWallClock,
} from '@siteflow/core';
import { inTenant, type Actor, type Deps, type TenantContext } from '../../platform/context.js';
import type { Exec } from '../../platform/db/client.js';
import {
  categories,
  projectCategories,
  projects,
  projectServices,
  providerRatings,
  services,
  tenantCounters,
  users,
} from '../../platform/db/schema.js';
import { invalid } from '../../platform/errors.js';
import { geocode } from '../geo/geocode.js';
import { normaliseTerm } from '../projects/match.js';
import {
  bboxWhere,
  cellOfSql,
  effectiveQuery,
  GRID_LEVELS,
  gridCellsIn,
  gridLevelFor,
  kmFrom,
  mapWhere,
  parseBbox,
  statusOnly,
  type Bbox,
  type Centre,
} from './query.js';

export const BBOX_MESSAGE = 'bbox is south,west,north,east.';
export const YOUR_LOCATION = 'Your location';

const pm = alias(users, 'pm');

export async function projectMap(
  deps: Pick<Deps, 'db'>,
  tenant: TenantContext,
  actor: Actor,
  query: ProjectMapQueryParsed,
): Promise<ProjectMapResponse> {
  const bbox = parseBbox(query.bbox);
  const errors: Record<string, string[]> = {};
  if (bbox === 'invalid') errors.bbox = [BBOX_MESSAGE];
  if ((query.lat === undefined) !== (query.lng === undefined))
    errors[query.lat === undefined ? 'lat' : 'lng'] = ['Give both lat and lng.'];
  if (Object.keys(errors).length) throw invalid(errors);
  const q = effectiveQuery(actor, query);
  const withPerformance = seesPerformanceRating(actor.role);

  return inTenant(deps, tenant.id, async (tx) => {
    const centre = await centreOf(tx, q);
    const filters = mapWhere(actor, q, centre);
    // RLS narrows to the tenant too, but as a per-row filter; said outright, it is an index condition.
    const tenantOnly = eq(projects.tenantId, tenant.id);
    const where = and(tenantOnly, filters)!;
    const box = bbox === 'invalid' ? null : bbox;
    const onlyStatus = statusOnly(actor, q, centre);
    const grid = onlyStatus ? gridLevelFor(q.zoom) : null;
    const offset = (q.page - 1) * q.pageSize;
    // Filtered (not by status alone): most filters match few projects, which one pass counts,
    // clusters and pages; more than FEW_MATCHES and each part goes its own way.
    const few = filters && !onlyStatus ? await fewMatches(tx, where, box, q.zoom, q.pageSize, offset) : null;
    const { total, cells } = grid
      ? {
          total: await statusTotal(tx, tenant.id, q.status),
          cells: await gridCells(tx, tenant.id, q.status, grid, box, q.zoom),
        }
      : (few ??
        (await countAndCluster(
          tx,
          where,
          box,
          q.zoom,
          !filters ? () => tenantTotal(tx) : onlyStatus ? () => statusTotal(tx, tenant.id, q.status) : null,
        )));
    const ids =
      offset >= total
        ? []
        : (few?.ids ??
          (await pageIds(tx, where, q.status, q.pageSize, offset, !filters || (await isBroad(tx, total)))));
    const rows = await page(tx, tenantOnly, centre, ids);

    const singleCells = cells.filter((c) => c.n === 1);
    // A grid cell's position is a running sum: its one project is found within a hair of it.
    const singles = grid ? await nearSingles(tx, where, singleCells) : await singleProjects(tx, where, singleCells);
    const [names, ratings] = [
      await namesOf(tx, ids),
      await ratingsOf(tx, [...new Set([...singles.map((p) => p.id), ...ids])]),
    ];
    const rating = (id: number) => ratings.get(id) ?? { performance: null, customer: null };
    const singleAt = new Map(singles.map((p) => [pointKey(p.cellLat, p.cellLng), p]));

    const markers: ProjectMapMarker[] = cells.map((c) => {
      const p = c.n === 1 ? singleAt.get(pointKey(c.lat, c.lng)) : undefined;
      return {
        lat: p?.lat ?? c.lat,
        lng: p?.lng ?? c.lng,
        count: c.n,
        project: p
          ? {
              id: p.id,
              name: p.name,
              status: p.status,
              status_label: PROJECT_STATUS_LABELS[p.status],
              status_colour: PROJECT_STATUS_COLOURS[p.status],
              end_date: toWallClock(p.endDate),
              completed_on: toWallClock(p.completedOn),
              performance_rating: withPerformance ? rating(p.id).performance : null,
              customer_rating: rating(p.id).customer,
            }
          : null,
      };
    });

    const items: ProjectMapItem[] = rows.map((r) => ({
      id: r.id,
      id_code: r.code,
      name: r.name,
      order_reference: r.orderReference,
      status: r.status,
      status_label: PROJECT_STATUS_LABELS[r.status],
      status_colour: PROJECT_STATUS_COLOURS[r.status],
      client_name: r.clientName,
      client_id: r.clientId,
      client_am_id: r.clientAmId,
      project_manager: `${r.pmFirst ?? ''} ${r.pmLast ?? ''}`.trim(),
      project_manager_id: r.projectManagerId,
      location_first: {
        street: r.street,
        suburb: r.suburb,
        state: r.state,
        postcode: r.postcode,
        lat: r.lat,
        lng: r.lng,
      },
      start_date: toWallClock(r.startDate),
      end_date: toWallClock(r.endDate),
      completed_on: toWallClock(r.completedOn),
      categories_list: (names.get(r.id)?.categories ?? []).map((name) => ({ name })),
      services_list: (names.get(r.id)?.services ?? []).map((name) => ({ name })),
      performance_rating: withPerformance ? rating(r.id).performance : null,
      customer_rating: rating(r.id).customer,
      km: r.km === null ? null : Math.round(r.km * 10) / 10,
    }));

    // A search fits the map to its matches: the box around all of them, wherever the map is now.
    const bounds = q.search && normaliseTerm(q.search) && total > 0 ? await boundsOf(tx, where) : null;

    return { centre, total, markers, items, page: q.page, pageSize: q.pageSize, bounds };
  });
}

/** The box around the located projects of `where` (null when none is located). */
async function boundsOf(tx: Exec, where: SQL): Promise<ProjectMapResponse['bounds']> {
  const { rows } = await tx.execute<{
    south: number | null;
    west: number | null;
    north: number | null;
    east: number | null;
  }>(sql`
    select min(${projects.lat}) as south, min(${projects.lng}) as west, max(${projects.lat}) as north, max(${projects.lng}) as east
      from ${projects} where ${where} and ${projects.lat} is not null and ${projects.lng} is not null`);
  const b = rows[0];
  if (!b || b.south === null || b.west === null || b.north === null || b.east === null) return null;
  return { south: Number(b.south), west: Number(b.west), north: Number(b.north), east: Number(b.east) };
}

/** The browser's location when given, else the geocoded postcode / suburb / state (null when none or unknown). */
async function centreOf(tx: Exec, q: ProjectMapQueryParsed): Promise<Centre | null> {
  if (q.lat !== undefined && q.lng !== undefined) return { lat: q.lat, lng: q.lng, label: YOUR_LOCATION };
  const suburb = q.suburb?.trim() || null;
  if (!q.postcode && !suburb && !q.state) return null;
  const found = await geocode(tx, {
    street: null,
    suburb,
    state: q.state ?? null,
    postcode: q.postcode ?? null,
    country: 'AU',
  });
  if (!found) return null;
  return { lat: found.lat, lng: found.lng, label: placeLine({ suburb, state: q.state, postcode: q.postcode }) };
}

/** How many of the tenant's projects have one of these statuses (all when none given), from the grid counts. */
async function statusTotal(tx: Exec, tenantId: string, statuses: string[]): Promise<number> {
  if (!statuses.length) return tenantTotal(tx);
  const { rows } = await tx.execute<{ n: number | null }>(sql`
    select sum(n)::int as n from project_map_cells
     where tenant_id = ${tenantId} and level = ${GRID_LEVELS[0]} and status in (${sql.join(
       statuses.map((s) => sql`${s}`),
       sql`, `,
     )})`);
  return Number(rows[0]?.n ?? 0);
}

/** The clusters of a view from the grid counts of a level (project_map_cells), grouped into the cells of the zoom. */
async function gridCells(
  tx: Exec,
  tenantId: string,
  statuses: string[],
  level: number,
  bbox: Bbox | null,
  zoom: number,
): Promise<Cell[]> {
  const shift = sql.raw(String(level - Math.min(zoom, level)));
  const { rows } = await tx.execute<{ n: number; lat: number; lng: number }>(sql`
    select sum(n)::int as n, sum(sum_lat) / sum(n) as lat, sum(sum_lng) / sum(n) as lng
      from project_map_cells
     where tenant_id = ${tenantId} and level = ${level} and ${gridCellsIn(level, bbox)}
       ${
         statuses.length
           ? sql`and status in (${sql.join(
               statuses.map((s) => sql`${s}`),
               sql`, `,
             )})`
           : sql``
       }
     group by cx >> ${shift}, cy >> ${shift}
    having sum(n) > 0`);
  return rows.map((r) => ({ n: Number(r.n), lat: Number(r.lat), lng: Number(r.lng) }));
}

const tenantTotal = async (tx: Exec) => {
  const [row] = await tx
    .select({ n: tenantCounters.value })
    .from(tenantCounters)
    .where(eq(tenantCounters.name, 'projects_total'));
  return row?.n ?? 0;
};

type Cell = { n: number; lat: number; lng: number };
/** A bbox at most this many degrees across is a local view (a state or smaller). */
const LOCAL_VIEW_DEGREES = 12;
/** At most this many matches in the tenant and a local view's clusters are found through the filter, not the view. */
const FEW_MATCHES = 5000;
const pointKey = (lat: number, lng: number) => `${lat},${lng}`;

/**
 * The exact total and the clusters of the located matches in the bbox, for views the grid counts
 * do not serve (closer than zoom 12, or filtered by more than status). With no filter but status,
 * the total comes from the grid counts and the clusters read the (tenant_id, lat, lng, status, ...)
 * index alone. Filtered with a local view, a count and a cluster query limited to the view;
 * filtered with a country-wide view, one scan of the matches yields both (GROUPING SETS: the
 * whole, and per cell) instead of reading every match twice.
 */
async function countAndCluster(
  tx: Exec,
  where: SQL,
  bbox: Bbox | null,
  zoom: number,
  knownTotal: (() => Promise<number>) | null,
): Promise<{ total: number; cells: Cell[] }> {
  const inView = bbox ? bboxWhere(bbox) : sql`${projects.lat} is not null and ${projects.lng} is not null`;
  const { cx, cy } = cellOfSql(zoom, bbox);
  const num = (v: unknown) => Number(v);
  const cellsOf = async (scope: SQL, view: SQL) => {
    const { rows } = await tx.execute<{ n: number; lat: number; lng: number }>(sql`
      select count(*)::int as n, avg(${projects.lat}) as lat, avg(${projects.lng}) as lng
        from ${projects} where ${scope} and ${view} group by ${cx}, ${cy}`);
    return rows.map((r) => ({ n: r.n, lat: num(r.lat), lng: num(r.lng) }));
  };
  if (knownTotal) return { total: await knownTotal(), cells: await cellsOf(where, inView) };
  // A city or state view: count every match (often from an index alone), then cluster those in
  // view. Few matches are clustered through the filter's own index (the view as a plain condition
  // on them); many through the view's (tenant_id, lat, lng, ...) index.
  if (bbox && bbox.north - bbox.south <= LOCAL_VIEW_DEGREES && bbox.east - bbox.west <= LOCAL_VIEW_DEGREES) {
    const [row] = await tx.select({ n: count() }).from(projects).where(where);
    const total = row?.n ?? 0;
    return {
      total,
      cells: total ? await cellsOf(where, total <= FEW_MATCHES ? bboxWhere(bbox, { indexed: false }) : inView) : [],
    };
  }
  const { rows } = await tx.execute<{
    n: number;
    lat: number | null;
    lng: number | null;
    cx: number | null;
    whole: number;
  }>(sql`
    select count(*)::int as n, avg(m.lat) as lat, avg(m.lng) as lng, m.cx, grouping(m.cx, m.cy) as whole
      from (select ${projects.lat} as lat, ${projects.lng} as lng,
                   case when ${inView} then ${cx} end as cx, case when ${inView} then ${cy} end as cy
              from ${projects} where ${where}) m
     group by grouping sets ((), (m.cx, m.cy))`);
  const total = rows.find((r) => Number(r.whole) !== 0)?.n ?? 0;
  const cells = rows
    .filter((r) => Number(r.whole) === 0 && r.cx !== null && r.lat !== null && r.lng !== null)
    .map((r) => ({ n: r.n, lat: num(r.lat), lng: num(r.lng) }));
  return { total, cells };
}

/**
 * The total, the clusters in view and the page's ids of a filter with at most FEW_MATCHES
 * matches, from one pass over them (the filter's indexes are read once, not once per part); null
 * when there are more. The matches are named "projects" so the shared SQL (view, grid cells)
 * applies to them as to the table.
 */
async function fewMatches(tx: Exec, where: SQL, bbox: Bbox | null, zoom: number, limit: number, offset: number) {
  const inView = bbox ? bboxWhere(bbox) : sql`${projects.lat} is not null and ${projects.lng} is not null`;
  const { cx, cy } = cellOfSql(zoom, bbox);
  const { rows } = await tx.execute<{ total: number; cells: Cell[] | null; ids: number[] | null }>(sql`
    with m as materialized (
      select ${projects.id} as id, ${projects.startDate} as start_date, ${projects.lat} as lat, ${projects.lng} as lng
        from ${projects} where ${where} limit ${FEW_MATCHES + 1})
    select (select count(*)::int from m) as total,
           (select json_agg(c) from (select count(*)::int as n, avg(lat) as lat, avg(lng) as lng
                                       from m as ${projects} where ${inView} group by ${cx}, ${cy}) c) as cells,
           (select json_agg(p.id) from (select id from m order by start_date desc nulls last, id desc nulls last
                                         limit ${limit} offset ${offset}) p) as ids`);
  const row = rows[0]!;
  if (Number(row.total) > FEW_MATCHES) return null;
  return { total: Number(row.total), cells: row.cells ?? [], ids: (row.ids ?? []).map(Number) };
}

/**
 * Whether the matches are a good share of the tenant's projects: then walking the start-date
 * index finds a page at once; few matches are found through the filter and sorted instead (an
 * index walk would pass over most of the 100,000 projects looking for them).
 */
async function isBroad(tx: Exec, total: number): Promise<boolean> {
  return total >= 0.05 * (await tenantTotal(tx));
}

const popupColumns = {
  id: projects.id,
  name: projects.name,
  status: projects.status,
  endDate: projects.endDate,
  completedOn: projects.completedOn,
  lat: projects.lat,
  lng: projects.lng,
};

/** The projects of the single-project cells (a cell of one has that project's exact position). */
async function singleProjects(tx: Exec, where: SQL, cells: Cell[]) {
  if (!cells.length) return [];
  const lats = [...new Set(cells.map((c) => c.lat))];
  const lngs = [...new Set(cells.map((c) => c.lng))];
  const wanted = new Set(cells.map((c) => pointKey(c.lat, c.lng)));
  const rows = await tx
    .select(popupColumns)
    .from(projects)
    .where(and(where, inArray(projects.lat, lats), inArray(projects.lng, lngs)));
  return rows
    .filter((r) => r.lat !== null && r.lng !== null && wanted.has(pointKey(r.lat, r.lng)))
    .map((r) => ({ ...r, cellLat: r.lat!, cellLng: r.lng! }));
}

/** Within this many degrees (about a millimetre) of a grid cell's position lies its one project. */
const NEAR = 1e-8;

/**
 * The projects of single-project grid cells: a cell's position is its running sums over its one
 * project, which after other projects left the cell can be off by a rounding error. Each cell
 * takes the matching project nearest its position, one index probe per cell.
 */
async function nearSingles(tx: Exec, where: SQL, cells: Cell[]) {
  if (!cells.length) return [];
  const points = sql.join(
    cells.map((c) => sql`(${c.lat}::float8, ${c.lng}::float8)`),
    sql`, `,
  );
  const { rows } = await tx.execute<{
    id: number;
    name: string;
    status: ProjectStatus;
    end_date: string | null;
    completed_on: string | null;
    lat: number;
    lng: number;
    cell_lat: number;
    cell_lng: number;
  }>(sql`
    select p.*, v.lat as cell_lat, v.lng as cell_lng
      from (values ${points}) as v(lat, lng)
      cross join lateral (
        select ${projects.id} as id, ${projects.name} as name, ${projects.status} as status, ${projects.endDate} as end_date,
               ${projects.completedOn} as completed_on, ${projects.lat} as lat, ${projects.lng} as lng
          from ${projects}
         where ${where} and ${projects.lat} between v.lat - ${NEAR}::float8 and v.lat + ${NEAR}::float8
           and ${projects.lng} between v.lng - ${NEAR}::float8 and v.lng + ${NEAR}::float8
         order by abs(${projects.lat} - v.lat) + abs(${projects.lng} - v.lng)
         limit 1) p`);
  return rows.map((r) => ({
    id: Number(r.id),
    name: r.name,
    status: r.status,
    endDate: r.end_date,
    completedOn: r.completed_on,
    lat: Number(r.lat),
    lng: Number(r.lng),
    cellLat: Number(r.cell_lat),
    cellLng: Number(r.cell_lng),
  }));
}

/** The page's rows (ids in list order), with their project manager's name, in one query by key. */
async function page(tx: Exec, tenantOnly: SQL, centre: Centre | null, ids: number[]) {
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
    .leftJoin(pm, and(eq(pm.tenantId, projects.tenantId), eq(pm.id, projects.projectManagerId)))
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
async function pageIds(
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
async function namesOf(tx: Exec, ids: number[]): Promise<Map<number, { categories: string[]; services: string[] }>> {
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

async function ratingsOf(
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
