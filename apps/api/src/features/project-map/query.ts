/**
 * The project map's filters as SQL conditions on `projects` (spec 1: Project map, sections 6, 9).
 * Kept apart from the service so the count, the clusters and the list page share one WHERE.
 */
import { and, eq, exists, gte, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { projectMapFiltersOf, type ProjectMapQueryParsed } from '@siteflow/core';
import type { Actor } from '../../platform/context.js';
import { projectCategories, projects, projectServices } from '../../platform/db/schema.js';
import { escapeLike } from '../../platform/db/like.js';
import { boxAround } from '../geo/distance.js';
import { containsTerm, normaliseTerm } from '../projects/match.js';
import { visibleProjects } from '../../platform/project-scope.js';

export type Centre = { lat: number; lng: number; label: string };

/** Great-circle km from a point to the project (haversine, as core greatCircleKm). */
export const kmFrom = (c: { lat: number; lng: number }): SQL<number> =>
  sql<number>`(2 * 6371.0088 * asin(least(1, sqrt(
      power(sin(radians(${projects.lat} - ${c.lat}::float8) / 2), 2)
      + cos(radians(${c.lat}::float8)) * cos(radians(${projects.lat})) * power(sin(radians(${projects.lng} - ${c.lng}::float8) / 2), 2)))))`;

/** The query's filters that apply to this role, as they apply (client roles have no performance filter, and so on). */
export function effectiveQuery(actor: Pick<Actor, 'role'>, q: ProjectMapQueryParsed): ProjectMapQueryParsed {
  const allowed = new Set(projectMapFiltersOf(actor.role));
  return {
    ...q,
    project_manager_id: allowed.has('project_manager') ? q.project_manager_id : undefined,
    client_id: allowed.has('client') ? q.client_id : undefined,
    account_manager_id: allowed.has('account_manager') ? q.account_manager_id : undefined,
    order_reference: allowed.has('order_reference') ? q.order_reference : undefined,
    min_performance: allowed.has('performance_rating') ? q.min_performance : undefined,
    min_customer: allowed.has('customer_rating') ? q.min_customer : undefined,
  };
}

/**
 * Order reference by prefix, any case. search_text holds the lower-cased order reference, so a
 * prefix of 3+ characters is first looked up through its trigram index (a scan of every
 * project's order reference otherwise); the ILIKE then keeps true prefixes.
 */
function orderReferenceStarts(prefix: string): SQL[] {
  const term = normaliseTerm(prefix);
  return [
    ilike(projects.orderReference, `${escapeLike(prefix)}%`),
    ...(term.length >= 3 && !/\s/.test(term) ? [containsTerm(term)] : []),
  ];
}

/** The project's rating of that kind (copied from provider_ratings by trigger, migration 0014) is at least min. */
const ratingAtLeast = (kind: 'performance' | 'customer', min: number) =>
  gte(kind === 'performance' ? projects.ratingPerformance : projects.ratingCustomer, min);

/**
 * Whether the actor sees every project of the tenant and the query filters on status alone (or
 * not at all): then the per-status grid counts (project_map_cells) answer the total and the
 * clusters. A centre without a distance (or distance 0) does not filter.
 */
export function statusOnly(actor: Actor, q: ProjectMapQueryParsed, centre: Centre | null): boolean {
  return (
    visibleProjects(actor) === undefined &&
    !(q.search && normaliseTerm(q.search)) &&
    !q.project_manager_id &&
    !q.client_id &&
    !q.account_manager_id &&
    !q.order_reference &&
    !q.start_date &&
    !q.end_date &&
    !q.categories.length &&
    !q.services.length &&
    q.min_performance === undefined &&
    q.min_customer === undefined &&
    !(centre && q.distance > 0)
  );
}

/**
 * A project's span: its end (its start when it has none) and its start (its end when it has
 * none), as the expressions of projects_tenant_dates_idx. CASE, not coalesce: under row-level
 * security PostgreSQL takes coalesce for leaky, and a leaky condition is never an index condition.
 */
const spanEnd = sql`(case when ${projects.endDate} is null then ${projects.startDate} else ${projects.endDate} end)`;
const spanStart = sql`(case when ${projects.startDate} is null then ${projects.endDate} else ${projects.startDate} end)`;

/**
 * Every filter, as one condition. The distance keeps projects strictly under it from the centre
 * (a bounding box first, so the (tenant_id, lat, lng) index can serve it); without a centre the
 * distance does not apply. Dates keep projects whose [start, end] overlaps the chosen days.
 */
export function mapWhere(actor: Actor, q: ProjectMapQueryParsed, centre: Centre | null): SQL | undefined {
  const term = q.search ? normaliseTerm(q.search) : '';
  const conditions: (SQL | undefined)[] = [
    visibleProjects(actor),
    term ? containsTerm(term) : undefined,
    q.status.length ? inArray(projects.status, q.status) : undefined,
    q.project_manager_id ? eq(projects.projectManagerId, q.project_manager_id) : undefined,
    q.client_id ? eq(projects.clientId, q.client_id) : undefined,
    q.account_manager_id ? eq(projects.clientAmId, q.account_manager_id) : undefined,
    ...(q.order_reference ? orderReferenceStarts(q.order_reference) : []),
    q.start_date ? sql`${spanEnd} >= ${q.start_date}::timestamp` : undefined,
    q.end_date ? sql`${spanStart} < (${q.end_date}::date + 1)::timestamp` : undefined,
    q.categories.length
      ? exists(
          sql`(select 1 from ${projectCategories} where ${projectCategories.tenantId} = ${projects.tenantId} and ${projectCategories.projectId} = ${projects.id}
                and ${inArray(projectCategories.categoryId, q.categories)})`,
        )
      : undefined,
    q.services.length
      ? exists(
          sql`(select 1 from ${projectServices} where ${projectServices.tenantId} = ${projects.tenantId} and ${projectServices.projectId} = ${projects.id}
                and ${inArray(projectServices.serviceId, q.services)})`,
        )
      : undefined,
    q.min_performance !== undefined ? ratingAtLeast('performance', q.min_performance) : undefined,
    q.min_customer !== undefined ? ratingAtLeast('customer', q.min_customer) : undefined,
  ];
  if (centre && q.distance > 0) {
    const box = boxAround(centre.lat, centre.lng, q.distance);
    conditions.push(
      sql`${projects.lat} between ${box.south} and ${box.north}`,
      sql`${projects.lng} between ${box.west} and ${box.east}`,
      sql`${kmFrom(centre)} < ${q.distance}`,
    );
  }
  return and(...conditions);
}

export type Bbox = { south: number; west: number; north: number; east: number };

/** 'south,west,north,east' (core ProjectMapQuery); null when absent, 'invalid' when it is not a box. */
export function parseBbox(text: string | undefined): Bbox | null | 'invalid' {
  if (!text) return null;
  const [south, west, north, east] = text.split(',').map(Number) as [number, number, number, number];
  if (![south, west, north, east].every(Number.isFinite)) return 'invalid';
  if (south > north || west > east || Math.abs(south) > 90 || Math.abs(north) > 90) return 'invalid';
  return { south, west, north, east };
}

/**
 * The bbox as a condition on lat/lng; a view wider than the world has no longitude limit, one
 * across the antimeridian two ranges. `indexed: false` writes it so that no index serves it (the
 * caller knows another condition finds fewer rows than the view holds).
 */
export function bboxWhere(b: Bbox, opts: { indexed: boolean } = { indexed: true }): SQL {
  const plain = (column: typeof projects.lat | typeof projects.lng) =>
    opts.indexed ? sql`${column}` : sql`(${column} + 0)`;
  const [latCol, lngCol] = [plain(projects.lat), plain(projects.lng)];
  const lat = sql`${latCol} between ${b.south} and ${b.north}`;
  if (b.east - b.west >= 360) return sql`${projects.lat} is not null and ${projects.lng} is not null and ${lat}`;
  const wrap = (x: number) => ((((x + 180) % 360) + 360) % 360) - 180;
  const west = wrap(b.west);
  const east = wrap(b.east);
  if (west <= east) return sql`${lat} and ${lngCol} between ${west} and ${east}`;
  return sql`${lat} and (${lngCol} >= ${west} or ${lngCol} <= ${east})`;
}

/**
 * The grid the markers are clustered on: cells of CLUSTER_CELL_PX screen pixels at this zoom, in
 * Web Mercator (256 px tiles), so a cell looks the same size wherever it is on the map. Cells sit
 * at fixed multiples of the size, so panning does not regroup the projects.
 */
export const CLUSTER_CELL_PX = 60;
export const cellDegrees = (zoom: number) => (360 * CLUSTER_CELL_PX) / (256 * 2 ** zoom);

const MAX_LAT = 85.05;
const clampLat = (lat: number) => Math.min(MAX_LAT, Math.max(-MAX_LAT, lat));
/** Mercator y of a latitude, in degrees (so one cell size serves both axes), and back. */
export const mercatorY = (lat: number) =>
  (Math.log(Math.tan(Math.PI / 4 + (clampLat(lat) * Math.PI) / 360)) * 180) / Math.PI;
export const latOfMercatorY = (y: number) => (Math.atan(Math.sinh((y * Math.PI) / 180)) * 180) / Math.PI;

/** More rows of cells than this (a bbox far taller than any screen) and the cell row is computed per project instead. */
const MAX_BOUNDARIES = 2000;

/**
 * The cell of a project as SQL. Columns: floor(lng / size). Rows: the latitudes where Mercator y
 * crosses a multiple of the size are computed here, and width_bucket finds the row by binary
 * search (no logarithm per project). Sizes are literals (numbers, never user text) so that GROUP
 * BY sees one expression.
 */
export function cellOfSql(
  zoom: number,
  latRange: { south: number; north: number } | null,
): { cx: SQL<number>; cy: SQL<number> } {
  const size = cellDegrees(zoom);
  const cx = sql<number>`floor(${projects.lng} / ${sql.raw(`${size}::float8`)})::int`;
  const first = Math.floor(mercatorY(latRange?.south ?? -MAX_LAT) / size);
  const last = Math.ceil(mercatorY(latRange?.north ?? MAX_LAT) / size);
  if (last - first + 1 > MAX_BOUNDARIES) {
    return {
      cx,
      cy: sql<number>`floor(degrees(ln(tan(pi() / 4 + radians(greatest(${sql.raw(`${-MAX_LAT}`)}, least(${sql.raw(`${MAX_LAT}`)}, ${projects.lat}))) / 2))) / ${sql.raw(`${size}::float8`)})::int`,
    };
  }
  const bounds = Array.from({ length: last - first + 1 }, (_, i) => latOfMercatorY((first + i) * size));
  const array = sql.raw(`'{${bounds.map((b) => b.toPrecision(17)).join(',')}}'::float8[]`);
  return { cx, cy: sql<number>`width_bucket(${projects.lat}, ${array})` };
}

/**
 * The fixed grids of project_map_cells (migration 0014): level L has cells of cellDegrees(L), so
 * a view at zoom z <= L groups them by (cx >> (L - z), cy >> (L - z)). Views up to zoom 8 read
 * level 8, up to zoom 12 level 12; closer views cluster the projects themselves.
 */
export const GRID_LEVELS = [8, 12] as const;
export const gridLevelFor = (zoom: number): number | null => GRID_LEVELS.find((level) => zoom <= level) ?? null;

/** The level's cells that cover the bbox (a cell partly in view is read whole), as a condition on cx/cy. */
export function gridCellsIn(level: number, b: Bbox | null): SQL {
  const size = cellDegrees(level);
  const located = sql`cx is not null and cy is not null`;
  if (!b) return located;
  const cy = sql`cy between ${Math.floor(mercatorY(b.south) / size)} and ${Math.floor(mercatorY(b.north) / size)}`;
  if (b.east - b.west >= 360) return sql`${located} and ${cy}`;
  const wrap = (x: number) => ((((x + 180) % 360) + 360) % 360) - 180;
  const west = Math.floor(wrap(b.west) / size);
  const east = Math.floor(wrap(b.east) / size);
  if (west <= east) return sql`${cy} and cx between ${west} and ${east}`;
  return sql`${cy} and (cx >= ${west} or cx <= ${east})`;
}
