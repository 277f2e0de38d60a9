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
import type { LatLng } from '@siteflow/core';
import type { Config } from '../../config.js';
import { osrmRouter } from './router-osrm.js';
import { googleRouter } from './router-google.js';
import { estimateRouter, type FetchLike, type RouteResult, type Router } from './router-base.js';

export * from './router-base.js';

export const ROUTE_CACHE_TTL_MS = 24 * 60 * 60 * 1000;
export const ROUTE_CACHE_MAX = 20_000;

/** Coordinates rounded to 5 decimals (about 1 m): nearby requests for the same points share an answer. */
export const routeKey = (from: LatLng, to: LatLng) =>
  `${from.lat.toFixed(5)},${from.lng.toFixed(5)};${to.lat.toFixed(5)},${to.lng.toFixed(5)}`;

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
export function createRouter(
  config: Pick<Config, 'routing'>,
  fetchImpl: FetchLike = globalThis.fetch as FetchLike,
): Router {
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
export async function mapConcurrent<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
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
