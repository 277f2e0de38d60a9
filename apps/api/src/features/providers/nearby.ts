/**
 * GET /api/projects/{id}/nearby-providers: the providers on the project details map, kept when
 * the driving distance from the project is at most distance x 1000 m (spec 1 section 9); a
 * failed route lookup excludes that provider (section 8).
 *
 * Driving is never shorter than the great circle, so the candidates are the tenant's located,
 * not deleted providers within the distance as the crow flies (a bounding box on the
 * (tenant_id, lat, lng) index, then the exact great circle), nearest first, at most 200; each is
 * then routed (cached, a few at a time).
 */
import { sql } from 'drizzle-orm';
import type { NearbyProvider, NearbyProviders } from '@siteflow/core';
import { inTenant, type Actor, type TenantContext } from '../../platform/context.js';
import { boxAround, greatCircleSql } from '../geo/distance.js';
import { mapConcurrent } from '../geo/router.js';
import { findVisibleProject } from '../projects/view.js';
import type { DirectionsDeps } from './directions.js';
import { providerHeading } from './present.js';

export const NEARBY_CANDIDATE_CAP = 200;
export const NEARBY_CONCURRENCY = 8;

type Candidate = {
  id: string;
  name: string;
  status_code: string;
  street: string | null;
  suburb: string | null;
  state: string | null;
  postcode: string | null;
  lat: number;
  lng: number;
  performance_rating: number | null;
  customer_rating: number | null;
};

export const addressText = (p: {
  street: string | null;
  suburb: string | null;
  state: string | null;
  postcode: string | null;
}) => [p.street, p.suburb, [p.state, p.postcode].filter(Boolean).join(' ')].filter((s) => s && s.trim()).join(', ');

export async function nearbyProviders(
  deps: DirectionsDeps,
  tenant: TenantContext,
  actor: Actor,
  id: number,
  distanceKm: number,
  signal?: AbortSignal,
): Promise<NearbyProviders> {
  const found = await inTenant(deps, tenant.id, async (tx) => {
    const project = await findVisibleProject(tx, actor, id);
    if (project.lat === null || project.lng === null) return null;
    const origin = { lat: project.lat, lng: project.lng };
    const box = boxAround(origin.lat, origin.lng, distanceKm);
    const km = greatCircleSql(origin.lat, origin.lng, sql.raw('lat'), sql.raw('lng'));
    // A box crossing the antimeridian would need two ranges; Australian and NZ data never does.
    const { rows } = await tx.execute<Candidate>(sql`
      select id, name, status_code, street, suburb, state, postcode, lat, lng, performance_rating, customer_rating
        from (select *, ${km} as km from service_providers
               where tenant_id = ${tenant.id} and lat between ${box.south} and ${box.north}
                 and lng between ${box.west} and ${box.east} and status_code <> 'deleted') c
       where km <= ${distanceKm}
       order by km, id
       limit ${NEARBY_CANDIDATE_CAP}`);
    return { origin, candidates: rows };
  });
  if (!found) return { origin: null, items: [], failed: 0 };

  const { origin, candidates } = found;
  const limitM = distanceKm * 1000;
  let failed = 0;
  const routed = await mapConcurrent(candidates, NEARBY_CONCURRENCY, async (c): Promise<NearbyProvider | null> => {
    const r = await deps.router.route({ lat: c.lat, lng: c.lng }, origin, signal);
    if (r.status !== 'OK') {
      failed++;
      return null;
    }
    if (r.distance_m > limitM) return null;
    return {
      ...providerHeading(c.id, c.name, c.status_code),
      lat: c.lat,
      lng: c.lng,
      address: addressText(c),
      distance_m: r.distance_m,
      duration_s: r.duration_s,
      approximate: r.approximate,
      performance_ratings: c.performance_rating,
      customer_ratings: c.customer_rating,
    };
  });
  const items = routed
    .filter((x): x is NearbyProvider => x !== null)
    .sort((x, y) => x.distance_m - y.distance_m || x.id.localeCompare(y.id));
  return { origin, items, failed };
}
