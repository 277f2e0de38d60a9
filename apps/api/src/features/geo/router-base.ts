/**
 * The Router interface, its results, and the offline estimate (great-circle distance x circuity at
 * banded speeds, drawn as a straight line). The adapters (router-osrm.ts, router-google.ts,
 * router-http.ts) build on this module; router.ts picks one and caches it, and re-exports this.
 */
import { estimateRoute, type LatLng } from '@siteflow/core';

export type { LatLng };
export type RouteSource = 'estimate' | 'osrm' | 'google';
export type RouteOk = {
  status: 'OK';
  distance_m: number;
  duration_s: number;
  approximate: boolean;
  source: RouteSource;
  /** [lat, lng] pairs from `from` to `to`. */
  geometry: [number, number][];
};
export type RouteFailureStatus = 'NOT_FOUND' | 'ZERO_RESULTS' | 'REQUEST_DENIED' | 'ERROR';
export type RouteFailure = { status: RouteFailureStatus };
export type RouteResult = RouteOk | RouteFailure;

export type Router = {
  /** Which service answers (an adapter's fallback answers are still source 'estimate'). */
  readonly name: RouteSource;
  route(from: LatLng, to: LatLng, signal?: AbortSignal): Promise<RouteResult>;
};

/** The global fetch's shape, injectable so adapters are tested with recorded answers and no network. */
export type FetchLike = (
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string; signal?: AbortSignal },
) => Promise<{
  ok: boolean;
  status: number;
  json(): Promise<unknown>;
}>;

const STRAIGHT_LINE_SEGMENTS = 8;

/** A straight line A->B with a few points between, so a map can draw (and fit) it. */
export function straightLine(from: LatLng, to: LatLng, segments = STRAIGHT_LINE_SEGMENTS): [number, number][] {
  return Array.from({ length: segments + 1 }, (_, i) => {
    const f = i / segments;
    return [round6(from.lat + (to.lat - from.lat) * f), round6(from.lng + (to.lng - from.lng) * f)] as [number, number];
  });
}
const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

export const isValidPoint = (p: LatLng) =>
  Number.isFinite(p.lat) && Number.isFinite(p.lng) && Math.abs(p.lat) <= 90 && Math.abs(p.lng) <= 180;

export function estimateResult(from: LatLng, to: LatLng): RouteResult {
  if (!isValidPoint(from) || !isValidPoint(to)) return { status: 'NOT_FOUND' };
  const e = estimateRoute(from, to);
  return {
    status: 'OK',
    distance_m: e.distance_m,
    duration_s: e.duration_s,
    approximate: true,
    source: 'estimate',
    geometry: straightLine(from, to),
  };
}

export const estimateRouter: Router = {
  name: 'estimate',
  route: async (from, to) => estimateResult(from, to),
};
