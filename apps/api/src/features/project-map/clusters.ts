/**
 * The totals and clusters of GET /api/project-map (service.ts): from the grid counts
 * (project_map_cells) when filtered by status alone, else one statement over the shared WHERE.
 */
import { count, eq, sql, type SQL } from 'drizzle-orm';
import type { Exec } from '../../platform/db/client.js';
import { projects, tenantCounters } from '../../platform/db/schema.js';
import { bboxWhere, cellOfSql, GRID_LEVELS, gridCellsIn, type Bbox } from './query.js';

/** How many of the tenant's projects have one of these statuses (all when none given), from the grid counts. */
export async function statusTotal(tx: Exec, tenantId: string, statuses: string[]): Promise<number> {
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
export async function gridCells(
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

export const tenantTotal = async (tx: Exec) => {
  const [row] = await tx
    .select({ n: tenantCounters.value })
    .from(tenantCounters)
    .where(eq(tenantCounters.name, 'projects_total'));
  return row?.n ?? 0;
};

export type Cell = { n: number; lat: number; lng: number };
/** A bbox at most this many degrees across is a local view (a state or smaller). */
const LOCAL_VIEW_DEGREES = 12;
/** At most this many matches in the tenant and a local view's clusters are found through the filter, not the view. */
const FEW_MATCHES = 5000;

/**
 * The exact total and the clusters of the located matches in the bbox, for views the grid counts
 * do not serve (closer than zoom 12, or filtered by more than status). With no filter but status,
 * the total comes from the grid counts and the clusters read the (tenant_id, lat, lng, status, ...)
 * index alone. Filtered with a local view, a count and a cluster query limited to the view;
 * filtered with a country-wide view, one scan of the matches yields both (GROUPING SETS: the
 * whole, and per cell) instead of reading every match twice.
 */
export async function countAndCluster(
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
export async function fewMatches(tx: Exec, where: SQL, bbox: Bbox | null, zoom: number, limit: number, offset: number) {
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
export async function isBroad(tx: Exec, total: number): Promise<boolean> {
  return total >= 0.05 * (await tenantTotal(tx));
}
