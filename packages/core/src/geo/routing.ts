import { z } from 'zod';
import { streetAddressView } from '../common/views.js';
import { PROJECT_STATUSES } from '../projects/statuses.js';

export type LatLng = { lat: number; lng: number };

const EARTH_RADIUS_KM = 6371.0088;
const rad = (d: number) => (d * Math.PI) / 180;

/** Great-circle (haversine) distance in km. */
export function greatCircleKm(a: LatLng, b: LatLng): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Circuity by great-circle distance (shared/data/geo/README.md): 1.4 under 5 km, 1.3 for 5–50 km, 1.2 above. */
export function circuityOf(km: number): number {
  if (km < 5) return 1.4;
  if (km <= 50) return 1.3;
  return 1.2;
}

/** Banded speeds over the road distance: first 10 km at 30 km/h, next 40 km at 60 km/h, the rest at 90 km/h. */
export function drivingHoursOf(roadKm: number): number {
  const first = Math.min(roadKm, 10);
  const next = Math.min(Math.max(roadKm - 10, 0), 40);
  const rest = Math.max(roadKm - 50, 0);
  return first / 30 + next / 60 + rest / 90;
}

export type RouteEstimate = { distance_m: number; duration_s: number; approximate: true };

/** The offline driving estimate: great-circle distance x circuity, at banded speeds. Shown as approximate. */
export function estimateRoute(from: LatLng, to: LatLng): RouteEstimate {
  const gc = greatCircleKm(from, to);
  const roadKm = gc * circuityOf(gc);
  return {
    distance_m: Math.round(roadKm * 1000),
    duration_s: Math.round(drivingHoursOf(roadKm) * 3600),
    approximate: true,
  };
}

/**
 * Precision of the offline estimate (issue 9): it knows neither the roads nor, often, the exact
 * addresses (a suburb-level position is its centre), so it is shown in whole km (under 1 km:
 * '≈ < 1 km') and in 5-minute steps (under 5 minutes: '≈ < 5 mins'), never '≈ 0 m'.
 */
export const ESTIMATE_PRECISION = { km: 1, minutes: 5 } as const;

/**
 * A router's distance at its precision ('12.3 km' / '850 m'); an estimate (approximate) prefixed
 * '≈ ' and rounded to whole km ('≈ 85 km', '≈ < 1 km').
 */
export function formatDistance(metres: number, approximate = false): string {
  if (approximate) {
    const km = Math.round(metres / 1000 / ESTIMATE_PRECISION.km) * ESTIMATE_PRECISION.km;
    return metres < 1000 || km < 1 ? '≈ < 1 km' : `≈ ${km.toLocaleString('en-AU')} km`;
  }
  return metres < 1000 ? `${Math.round(metres)} m` : `${(metres / 1000).toFixed(1)} km`;
}

const hoursAndMinutes = (mins: number) => {
  const h = Math.floor(mins / 60);
  const m = mins % 60;
  return [h ? `${h} hour${h === 1 ? '' : 's'}` : '', m ? `${m} min${m === 1 ? '' : 's'}` : '']
    .filter(Boolean)
    .join(' ');
};

/**
 * A router's time to the minute ('1 hour 5 mins' / '12 mins', at least '1 min'); an estimate
 * (approximate) prefixed '≈ ' and rounded to 5 minutes ('≈ 1 hour 25 mins', '≈ < 5 mins').
 */
export function formatDuration(seconds: number, approximate = false): string {
  if (approximate) {
    const step = ESTIMATE_PRECISION.minutes;
    const mins = Math.round(seconds / 60 / step) * step;
    return seconds < step * 60 || mins < step ? `≈ < ${step} mins` : `≈ ${hoursAndMinutes(mins)}`;
  }
  return hoursAndMinutes(Math.max(1, Math.round(seconds / 60)));
}

export const ROUTE_STATUSES = ['OK', 'NO_PROVIDER', 'NOT_FOUND', 'ZERO_RESULTS', 'REQUEST_DENIED', 'ERROR'] as const;
export type RouteStatus = (typeof ROUTE_STATUSES)[number];

const point = z.object({ lat: z.number(), lng: z.number(), ...streetAddressView });

/**
 * GET /api/projects/{id}/directions: from the provider (A) to the project (B). Client roles get
 * the project only (provider and route null, status OK). A failure keeps the points and sets status/message.
 */
export const DirectionsView = z.object({
  status: z.enum(ROUTE_STATUSES),
  /** The exact spec text for a failure, else null. */
  message: z.string().nullable(),
  project: z.object({
    id: z.number().int(),
    title: z.string(),
    order_number: z.string().nullable(),
    status: z.enum(PROJECT_STATUSES),
    location: point.extend({ lat: z.number().nullable(), lng: z.number().nullable() }),
  }),
  provider: z
    .object({
      id: z.uuid(),
      name: z.string(),
      location: point.extend({ lat: z.number().nullable(), lng: z.number().nullable() }),
    })
    .nullable(),
  route: z
    .object({
      distance_m: z.number(),
      duration_s: z.number(),
      approximate: z.boolean(),
      source: z.enum(['estimate', 'osrm', 'google']),
      /** [lat, lng] pairs from A to B. */
      geometry: z.array(z.tuple([z.number(), z.number()])),
    })
    .nullable(),
});
export type DirectionsView = z.infer<typeof DirectionsView>;
