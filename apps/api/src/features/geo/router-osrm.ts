/**
 * OSRM adapter: GET {base}/route/v1/driving/{lng},{lat};{lng},{lat}?overview=simplified&geometries=geojson.
 * OSRM answers 200 with code 'Ok', or 400 with an error code (NoRoute, NoSegment, InvalidQuery...).
 */
import type { LatLng } from '@siteflow/core';
import { fallback, isRecord, isTransient, timedRequest } from './router-http.js';
import { isValidPoint, type FetchLike, type RouteResult, type Router } from './router-base.js';

export type OsrmOptions = { baseUrl: string; timeoutMs: number; fetch: FetchLike };

const coord = (p: LatLng) => `${p.lng.toFixed(6)},${p.lat.toFixed(6)}`;

export function osrmUrl(baseUrl: string, from: LatLng, to: LatLng): string {
  return `${baseUrl.replace(/\/+$/, '')}/route/v1/driving/${coord(from)};${coord(to)}?overview=simplified&geometries=geojson`;
}

/** OSRM error codes that mean a point could not be placed on (or read as) a road. */
const NOT_FOUND_CODES = new Set(['InvalidQuery', 'NoSegment', 'InvalidValue', 'InvalidUrl', 'InvalidOptions']);

/** What an OSRM answer means; null when it is not an answer at all (the fallback applies). */
export function readOsrm(status: number, body: unknown, from: LatLng, to: LatLng): RouteResult | null {
  if (status === 401 || status === 403) return { status: 'REQUEST_DENIED' };
  if (isTransient(status)) return null;
  const code = isRecord(body) && typeof body.code === 'string' ? body.code : null;
  if (code === 'Ok') {
    const route = isRecord(body) && Array.isArray(body.routes) ? body.routes[0] : undefined;
    if (!isRecord(route)) return { status: 'ZERO_RESULTS' };
    const { distance, duration, geometry } = route;
    if (typeof distance !== 'number' || typeof duration !== 'number') return { status: 'ERROR' };
    const coords = isRecord(geometry) && Array.isArray(geometry.coordinates) ? geometry.coordinates : [];
    const line = coords
      .filter((c): c is [number, number] => Array.isArray(c) && typeof c[0] === 'number' && typeof c[1] === 'number')
      .map(([lng, lat]) => [lat, lng] as [number, number]);
    return {
      status: 'OK',
      distance_m: Math.round(distance),
      duration_s: Math.round(duration),
      approximate: false,
      source: 'osrm',
      geometry:
        line.length >= 2
          ? line
          : [
              [from.lat, from.lng],
              [to.lat, to.lng],
            ],
    };
  }
  if (code === 'NoRoute') return { status: 'ZERO_RESULTS' };
  if (code && NOT_FOUND_CODES.has(code)) return { status: 'NOT_FOUND' };
  return { status: 'ERROR' };
}

export function osrmRouter(opts: OsrmOptions): Router {
  return {
    name: 'osrm',
    async route(from, to, signal) {
      if (!isValidPoint(from) || !isValidPoint(to)) return { status: 'NOT_FOUND' };
      const answer = await timedRequest(
        opts.fetch,
        osrmUrl(opts.baseUrl, from, to),
        { headers: { accept: 'application/json' } },
        opts.timeoutMs,
        signal,
      );
      if (answer.kind === 'unreachable') return fallback(from, to, signal);
      return readOsrm(answer.status, answer.body, from, to) ?? fallback(from, to, signal);
    },
  };
}
