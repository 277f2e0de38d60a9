/**
 * Driving routes between two points (issue 4 §5). One interface, three implementations:
 *
 * - the offline estimate (default): great-circle distance x circuity at banded speeds (core
 *   estimateRoute, shared/data/geo/README.md), drawn as a straight line, always approximate;
 * - OSRM (router-osrm.ts) and Google Routes (router-google.ts), used when configured, through
 *   fetch with a timeout; a network error, timeout or 5xx answers with the estimate instead;
 * - a cache in front of whichever is configured (coordinates rounded to 5 decimals, 24 h).
 */
import { LRUCache } from 'lru-cache';
import { estimateRoute, type LatLng } from '@siteflow/core';
import type { Config } from '../../config.js';
import { osrmRouter } from './router-osrm.js';
import { googleRouter } from './router-google.js';

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
export type FetchLike = (url: string, init: { method?: string; headers?: Record<string, string>; body?: string; signal?: AbortSignal }) => Promise<{
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
  return { status: 'OK', distance_m: e.distance_m, duration_s: e.duration_s, approximate: true, source: 'estimate', geometry: straightLine(from, to) };
}

export const estimateRouter: Router = {
  name: 'estimate',
  route: async (from, to) => estimateResult(from, to),
};

export const ROUTE_CACHE_TTL_MS = 24 * 60 * 60 * 1000;
export const ROUTE_CACHE_MAX = 20_000;

/** Coordinates rounded to 5 decimals (about 1 m): nearby requests for the same points share an answer. */
export const routeKey = (from: LatLng, to: LatLng) => `${from.lat.toFixed(5)},${from.lng.toFixed(5)};${to.lat.toFixed(5)},${to.lng.toFixed(5)}`;

/**
 * Caches what the configured service said: routes, and the definite "no route" / "no such place"
 * answers. Not cached: fallback estimates (the service was down; ask again next time), denied
 * access and errors (the configuration may be fixed). Concurrent asks for one key share one lookup.
 */
export function cachedRouter(
  inner: Router,
  opts: { max?: number; ttlMs?: number; now?: () => number } = {},
): Router & { readonly size: number } {
  const cache = new LRUCache<string, RouteResult>({
    max: opts.max ?? ROUTE_CACHE_MAX,
    ttl: opts.ttlMs ?? ROUTE_CACHE_TTL_MS,
    ...(opts.now ? { perf: { now: opts.now } } : {}),
  });
  const pending = new Map<string, Promise<RouteResult>>();
  const cacheable = (r: RouteResult) =>
    r.status === 'OK' ? r.source === inner.name : r.status === 'ZERO_RESULTS' || r.status === 'NOT_FOUND';
  return {
    name: inner.name,
    get size() {
      return cache.size;
    },
    async route(from, to, signal) {
      const key = routeKey(from, to);
      const hit = cache.get(key);
      if (hit) return hit;
      const running = pending.get(key);
      if (running) return running;
      const lookup = inner
        .route(from, to, signal)
        .then((result) => {
          if (cacheable(result)) cache.set(key, result);
          return result;
        })
        .finally(() => pending.delete(key));
      pending.set(key, lookup);
      return lookup;
    },
  };
}

/** The router the configuration asks for, cached. `fetch` is injectable for tests. */
export function createRouter(config: Pick<Config, 'routing'>, fetchImpl: FetchLike = globalThis.fetch as FetchLike): Router {
  const r = config.routing;
  const inner =
    r.kind === 'osrm'
      ? osrmRouter({ baseUrl: r.url, timeoutMs: r.timeoutMs, fetch: fetchImpl })
      : r.kind === 'google'
        ? googleRouter({ apiKey: r.apiKey, timeoutMs: r.timeoutMs, fetch: fetchImpl })
        : estimateRouter;
  return cachedRouter(inner);
}

/** Run `fn` over `items` with at most `limit` running at once; results in input order. */
export async function mapConcurrent<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
