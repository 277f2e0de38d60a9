/** Great-circle distance helpers for SQL queries (nearby providers, the project map's distance filter). */
import { sql } from 'drizzle-orm';

const KM_PER_DEGREE_LAT = 111.2;

/** The great circle in SQL, the same formula as core greatCircleKm (haversine, mean radius 6371.0088 km). */
export const greatCircleSql = (
  lat: number,
  lng: number,
  latCol: ReturnType<typeof sql.raw>,
  lngCol: ReturnType<typeof sql.raw>,
) =>
  sql`(2 * 6371.0088 * asin(least(1, sqrt(
        power(sin(radians(${latCol} - ${lat}::float8) / 2), 2)
        + cos(radians(${lat}::float8)) * cos(radians(${latCol})) * power(sin(radians(${lngCol} - ${lng}::float8) / 2), 2)))))`;

/** Degrees of latitude and longitude that surely contain every point within `km` of `lat` (a little generous). */
export function boxAround(lat: number, lng: number, km: number) {
  const dLat = km / KM_PER_DEGREE_LAT + 1e-6;
  const cos = Math.cos((Math.min(89, Math.abs(lat) + dLat) * Math.PI) / 180);
  const dLng = Math.min(180, km / (KM_PER_DEGREE_LAT * Math.max(cos, 1e-6)) + 1e-6);
  return { south: lat - dLat, north: lat + dLat, west: lng - dLng, east: lng + dLng };
}
