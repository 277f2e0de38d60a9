/**
 * GET /api/project-map: the projects the actor may see, filtered (query.ts), as clustered markers
 * for the visible map and one page of the list.
 *
 * At 100,000 projects per tenant every part is one statement over the shared WHERE: the exact
 * count, the clusters (a GROUP BY over the grid cell of each located project in the bbox), and
 * the page (the start-date index order). Names, ratings and popup fields are then read for the
 * page and the single-project markers only, in one batched query each.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import {
  isProviderRole,
  placeLine,
  type ProjectMapItem,
  type ProjectMapMarker,
  type ProjectMapQueryParsed,
  type ProjectMapResponse,
  seesPerformanceRating,
  statusView,
  toWallClock,
} from '@siteflow/core';
import { inTenant, type Actor, type Deps, type TenantContext } from '../../platform/context.js';
import type { Exec } from '../../platform/db/client.js';
import { projects } from '../../platform/db/schema.js';
import { invalid } from '../../platform/errors.js';
import { geocode } from '../geo/geocode.js';
import { locationOf } from '../geo/location.js';
import { normaliseTerm } from '../projects/match.js';
import { countAndCluster, fewMatches, gridCells, isBroad, statusTotal, tenantTotal } from './clusters.js';
import { namesOf, page, pageIds, ratingsOf } from './page.js';
import { effectiveQuery, gridLevelFor, mapWhere, parseBbox, statusOnly, type Centre } from './query.js';
import { nearSingles, pointKey, singleProjects } from './singles.js';

export const BBOX_MESSAGE = 'bbox is south,west,north,east.';
export const YOUR_LOCATION = 'Your location';

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
  // Client Information is hidden from service-provider roles (spec 1 section 6), here as on the
  // project list and details: the UI hid the name, but the answer carried it.
  const withClient = !isProviderRole(actor.role);

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
              ...statusView(p.status),
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
      ...statusView(r.status),
      client_name: withClient ? r.clientName : null,
      client_id: withClient ? r.clientId : null,
      client_am_id: r.clientAmId,
      project_manager: `${r.pmFirst ?? ''} ${r.pmLast ?? ''}`.trim(),
      project_manager_id: r.projectManagerId,
      location_first: locationOf(r),
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
