/**
 * Google Routes adapter (POST https://routes.googleapis.com/directions/v2:computeRoutes, field
 * mask for distance, duration and the overview polyline). An empty answer ({}) means no route.
 */
import type { LatLng } from '@siteflow/core';
import { fallback, isRecord, isTransient, timedRequest } from './router-http.js';
import { isValidPoint, type FetchLike, type RouteResult, type Router } from './router-base.js';

export const GOOGLE_ROUTES_URL = 'https://routes.googleapis.com/directions/v2:computeRoutes';
export type GoogleOptions = { apiKey: string; timeoutMs: number; fetch: FetchLike; url?: string };

const waypoint = (p: LatLng) => ({ location: { latLng: { latitude: p.lat, longitude: p.lng } } });

/** Google's encoded polyline (precision 5) as [lat, lng] pairs. */
export function decodePolyline(encoded: string): [number, number][] {
  const points: [number, number][] = [];
  let index = 0;
  let lat = 0;
  let lng = 0;
  const next = () => {
    let result = 0;
    let shift = 0;
    let byte: number;
    do {
      if (index >= encoded.length) return null;
      byte = encoded.charCodeAt(index++) - 63;
      result |= (byte & 0x1f) << shift;
      shift += 5;
    } while (byte >= 0x20);
    return result & 1 ? ~(result >> 1) : result >> 1;
  };
  while (index < encoded.length) {
    const dLat = next();
    const dLng = next();
    if (dLat === null || dLng === null) break;
    lat += dLat;
    lng += dLng;
    points.push([lat / 1e5, lng / 1e5]);
  }
  return points;
}

/** What a Routes answer means; null when the fallback applies. */
export function readGoogle(status: number, body: unknown, from: LatLng, to: LatLng): RouteResult | null {
  if (status === 401 || status === 403) return { status: 'REQUEST_DENIED' };
  if (isTransient(status)) return null;
  if (status === 400 || status === 404) return { status: 'NOT_FOUND' };
  if (status !== 200 || !isRecord(body)) return { status: 'ERROR' };
  const route = Array.isArray(body.routes) ? body.routes[0] : undefined;
  if (!isRecord(route)) return { status: 'ZERO_RESULTS' };
  const distance = typeof route.distanceMeters === 'number' ? route.distanceMeters : 0;
  const seconds = typeof route.duration === 'string' ? Number.parseFloat(route.duration) : Number.NaN;
  if (!Number.isFinite(seconds)) return { status: 'ERROR' };
  const encoded =
    isRecord(route.polyline) && typeof route.polyline.encodedPolyline === 'string'
      ? route.polyline.encodedPolyline
      : '';
  const line = decodePolyline(encoded);
  return {
    status: 'OK',
    distance_m: Math.round(distance),
    duration_s: Math.round(seconds),
    approximate: false,
    source: 'google',
    geometry:
      line.length >= 2
        ? line
        : [
            [from.lat, from.lng],
            [to.lat, to.lng],
          ],
  };
}

export function googleRouter(opts: GoogleOptions): Router {
  return {
    name: 'google',
    async route(from, to, signal) {
      if (!isValidPoint(from) || !isValidPoint(to)) return { status: 'NOT_FOUND' };
      const answer = await timedRequest(
        opts.fetch,
        opts.url ?? GOOGLE_ROUTES_URL,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-goog-api-key': opts.apiKey,
            'x-goog-fieldmask': 'routes.distanceMeters,routes.duration,routes.polyline.encodedPolyline',
          },
          body: JSON.stringify({
            origin: waypoint(from),
            destination: waypoint(to),
            travelMode: 'DRIVE',
            polylineQuality: 'OVERVIEW',
          }),
        },
        opts.timeoutMs,
        signal,
      );
      if (answer.kind === 'unreachable') return fallback(from, to, signal);
      return readGoogle(answer.status, answer.body, from, to) ?? fallback(from, to, signal);
    },
  };
}
