import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import {
  circuityOf,
  drivingHoursOf,
  estimateRoute,
  formatDistance,
  formatDuration,
  greatCircleKm,
} from '@siteflow/core';
import { loadConfig } from '../../config.js';
import {
  cachedRouter,
  createRouter,
  estimateRouter,
  mapConcurrent,
  routeKey,
  type FetchLike,
  type Router,
} from './router.js';
import { osrmRouter, osrmUrl } from './router-osrm.js';
import { decodePolyline, googleRouter, GOOGLE_ROUTES_URL } from './router-google.js';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
const fixture = (name: string): unknown => JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8'));

const BRISBANE = { lat: -27.4698, lng: 153.0251 };
const SURFERS = { lat: -28.0023, lng: 153.4145 };
const SYDNEY = { lat: -33.8688, lng: 151.2093 };
const MELBOURNE = { lat: -37.8136, lng: 144.9631 };

/** A fetch that answers from a recorded body, and remembers what it was asked. */
function recorded(status: number, body: unknown) {
  const calls: { url: string; init: Parameters<FetchLike>[1] }[] = [];
  const fetch: FetchLike = async (url, init) => {
    calls.push({ url, init });
    return { ok: status >= 200 && status < 300, status, json: async () => body };
  };
  return { fetch: vi.fn(fetch), calls };
}

/** A fetch that never answers until aborted (a server that hangs). */
const hanging: FetchLike = (_url, init) =>
  new Promise((_resolve, reject) => {
    init.signal?.addEventListener('abort', () => reject(init.signal?.reason ?? new Error('aborted')));
  });

describe('the offline estimate', () => {
  it('Brisbane City to Surfers Paradise: 70.5 km great circle, about 84.6 km by road, about 1 hour 23 mins', async () => {
    expect(greatCircleKm(BRISBANE, SURFERS)).toBeCloseTo(70.53, 1);
    const r = await estimateRouter.route(BRISBANE, SURFERS);
    expect(r).toMatchObject({ status: 'OK', source: 'estimate', approximate: true });
    if (r.status !== 'OK') throw new Error('no route');
    // 70.53 km x 1.2 = 84.64 km; 10 km at 30 + 40 km at 60 + 34.64 km at 90 km/h = 1.385 h.
    expect(r.distance_m).toBe(84638);
    expect(r.duration_s).toBe(4986);
    expect(formatDistance(r.distance_m, r.approximate)).toBe('≈ 85 km');
    expect(formatDuration(r.duration_s, r.approximate)).toBe('≈ 1 hour 25 mins');
  });

  it('Sydney to Melbourne is within about 10% of the 878 km road distance', () => {
    const e = estimateRoute(SYDNEY, MELBOURNE);
    expect(Math.abs(e.distance_m / 1000 - 878) / 878).toBeLessThan(0.1);
  });

  it('uses circuity 1.4 under 5 km, 1.3 from 5 to 50 km, 1.2 above', () => {
    expect(circuityOf(0)).toBe(1.4);
    expect(circuityOf(4.999)).toBe(1.4);
    expect(circuityOf(5)).toBe(1.3);
    expect(circuityOf(50)).toBe(1.3);
    expect(circuityOf(50.01)).toBe(1.2);
  });

  it('drives the first 10 km at 30 km/h, the next 40 km at 60 km/h and the rest at 90 km/h', () => {
    expect(drivingHoursOf(6)).toBeCloseTo(6 / 30);
    expect(drivingHoursOf(10)).toBeCloseTo(1 / 3);
    expect(drivingHoursOf(50)).toBeCloseTo(1 / 3 + 40 / 60);
    expect(drivingHoursOf(140)).toBeCloseTo(1 / 3 + 2 / 3 + 1);
  });

  it('draws a straight line from A to B with points between', async () => {
    const r = await estimateRouter.route(BRISBANE, SURFERS);
    if (r.status !== 'OK') throw new Error('no route');
    expect(r.geometry.length).toBeGreaterThan(2);
    expect(r.geometry[0]).toEqual([BRISBANE.lat, BRISBANE.lng]);
    expect(r.geometry.at(-1)).toEqual([SURFERS.lat, SURFERS.lng]);
  });

  it('a point off the globe is NOT_FOUND; the same point is a zero route', async () => {
    expect(await estimateRouter.route({ lat: 95, lng: 0 }, BRISBANE)).toEqual({ status: 'NOT_FOUND' });
    expect(await estimateRouter.route(BRISBANE, BRISBANE)).toMatchObject({ status: 'OK', distance_m: 0 });
  });
});

describe('the OSRM adapter (recorded answers, no network)', () => {
  const options = (fetch: FetchLike, timeoutMs = 3000) => ({ baseUrl: 'https://osrm.example.com/', timeoutMs, fetch });

  it('asks for the driving route lng,lat;lng,lat with a simplified GeoJSON overview', () => {
    expect(osrmUrl('https://osrm.example.com/', BRISBANE, SURFERS)).toBe(
      'https://osrm.example.com/route/v1/driving/153.025100,-27.469800;153.414500,-28.002300?overview=simplified&geometries=geojson',
    );
  });

  it('reads distance, duration and the line (as [lat, lng]) of an Ok answer', async () => {
    const f = recorded(200, fixture('osrm-ok-brisbane-surfers.json'));
    const r = await osrmRouter(options(f.fetch)).route(BRISBANE, SURFERS);
    expect(r).toMatchObject({ status: 'OK', distance_m: 77948, duration_s: 3713, approximate: false, source: 'osrm' });
    if (r.status !== 'OK') throw new Error('no route');
    expect(r.geometry[0]).toEqual([-27.469812, 153.025103]);
    expect(r.geometry).toHaveLength(8);
    expect(f.calls[0]!.url).toContain('/route/v1/driving/153.025100,-27.469800;153.414500,-28.002300');
    expect(f.calls[0]!.init.signal).toBeInstanceOf(AbortSignal);
  });

  it('maps NoRoute to ZERO_RESULTS, InvalidQuery and NoSegment to NOT_FOUND, 401/403 to REQUEST_DENIED', async () => {
    const route = (status: number, body: unknown) =>
      osrmRouter(options(recorded(status, body).fetch)).route(BRISBANE, SURFERS);
    expect(await route(400, fixture('osrm-no-route.json'))).toEqual({ status: 'ZERO_RESULTS' });
    expect(await route(400, fixture('osrm-invalid-query.json'))).toEqual({ status: 'NOT_FOUND' });
    expect(await route(400, fixture('osrm-no-segment.json'))).toEqual({ status: 'NOT_FOUND' });
    expect(await route(200, { code: 'Ok', routes: [] })).toEqual({ status: 'ZERO_RESULTS' });
    expect(await route(401, { message: 'Unauthorized' })).toEqual({ status: 'REQUEST_DENIED' });
    expect(await route(403, null)).toEqual({ status: 'REQUEST_DENIED' });
    expect(await route(400, { code: 'TooBig' })).toEqual({ status: 'ERROR' });
  });

  it('falls back to the estimate on a 5xx, a 429 and a network error', async () => {
    const estimate = await estimateRouter.route(BRISBANE, SURFERS);
    for (const f of [recorded(502, null).fetch, recorded(429, null).fetch]) {
      expect(await osrmRouter(options(f)).route(BRISBANE, SURFERS)).toEqual(estimate);
    }
    const down: FetchLike = async () => {
      throw new TypeError('fetch failed');
    };
    expect(await osrmRouter(options(down)).route(BRISBANE, SURFERS)).toEqual(estimate);
  });

  it('falls back to the estimate when the server does not answer within the timeout', async () => {
    const started = Date.now();
    const r = await osrmRouter(options(hanging, 150)).route(BRISBANE, SURFERS);
    expect(r).toMatchObject({ status: 'OK', source: 'estimate', approximate: true });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('answers ERROR (no fallback) when the caller gave up', async () => {
    const caller = new AbortController();
    const pending = osrmRouter(options(hanging, 5000)).route(BRISBANE, SURFERS, caller.signal);
    caller.abort();
    expect(await pending).toEqual({ status: 'ERROR' });
  });
});

describe('the Google Routes adapter (recorded answers, no network)', () => {
  const options = (fetch: FetchLike) => ({ apiKey: 'test-key', timeoutMs: 3000, fetch });

  it('decodes encoded polylines (the format reference example)', () => {
    expect(decodePolyline('_p~iF~ps|U_ulLnnqC_mqNvxq`@')).toEqual([
      [38.5, -120.2],
      [40.7, -120.95],
      [43.252, -126.453],
    ]);
  });

  it('posts origin and destination with the key and field mask, and reads the route', async () => {
    const f = recorded(200, fixture('google-ok-brisbane-surfers.json'));
    const r = await googleRouter(options(f.fetch)).route(BRISBANE, SURFERS);
    expect(r).toMatchObject({
      status: 'OK',
      distance_m: 78112,
      duration_s: 3695,
      approximate: false,
      source: 'google',
    });
    if (r.status !== 'OK') throw new Error('no route');
    expect(r.geometry[0]).toEqual([-27.4698, 153.0251]);
    expect(r.geometry.at(-1)).toEqual([-28.0023, 153.4145]);
    const call = f.calls[0]!;
    expect(call.url).toBe(GOOGLE_ROUTES_URL);
    expect(call.init.method).toBe('POST');
    expect(call.init.headers?.['x-goog-api-key']).toBe('test-key');
    expect(call.init.headers?.['x-goog-fieldmask']).toContain('routes.distanceMeters');
    expect(JSON.parse(call.init.body!)).toMatchObject({
      origin: { location: { latLng: { latitude: BRISBANE.lat, longitude: BRISBANE.lng } } },
      travelMode: 'DRIVE',
    });
  });

  it('maps an empty answer to ZERO_RESULTS, 403 to REQUEST_DENIED, 400 to NOT_FOUND, and falls back on 503', async () => {
    const route = (status: number, body: unknown) =>
      googleRouter(options(recorded(status, body).fetch)).route(BRISBANE, SURFERS);
    expect(await route(200, fixture('google-no-route.json'))).toEqual({ status: 'ZERO_RESULTS' });
    expect(await route(403, fixture('google-permission-denied.json'))).toEqual({ status: 'REQUEST_DENIED' });
    expect(await route(400, { error: { status: 'INVALID_ARGUMENT' } })).toEqual({ status: 'NOT_FOUND' });
    expect(await route(503, null)).toMatchObject({ status: 'OK', source: 'estimate', approximate: true });
  });
});

describe('the route cache', () => {
  it('asks the service once for the same points (rounded to 5 decimals)', async () => {
    const f = recorded(200, fixture('osrm-ok-brisbane-surfers.json'));
    const router = cachedRouter(osrmRouter({ baseUrl: 'https://osrm.example.com', timeoutMs: 3000, fetch: f.fetch }));
    const first = await router.route(BRISBANE, SURFERS);
    const again = await router.route({ lat: BRISBANE.lat + 0.000001, lng: BRISBANE.lng }, SURFERS);
    expect(again).toEqual(first);
    expect(f.fetch).toHaveBeenCalledTimes(1);
    await router.route(SURFERS, BRISBANE);
    expect(f.fetch).toHaveBeenCalledTimes(2);
  });

  it('shares one lookup between concurrent asks', async () => {
    const f = recorded(200, fixture('osrm-ok-brisbane-surfers.json'));
    const router = cachedRouter(osrmRouter({ baseUrl: 'https://osrm.example.com', timeoutMs: 3000, fetch: f.fetch }));
    await Promise.all([
      router.route(BRISBANE, SURFERS),
      router.route(BRISBANE, SURFERS),
      router.route(BRISBANE, SURFERS),
    ]);
    expect(f.fetch).toHaveBeenCalledTimes(1);
  });

  it('does not keep fallback estimates or denied access (the next ask tries the service again)', async () => {
    for (const status of [503, 403]) {
      const f = recorded(status, null);
      const router = cachedRouter(osrmRouter({ baseUrl: 'https://osrm.example.com', timeoutMs: 3000, fetch: f.fetch }));
      await router.route(BRISBANE, SURFERS);
      await router.route(BRISBANE, SURFERS);
      expect(f.fetch).toHaveBeenCalledTimes(2);
      expect(router.size).toBe(0);
    }
  });

  it('keeps a definite "no route"', async () => {
    const f = recorded(400, fixture('osrm-no-route.json'));
    const router = cachedRouter(osrmRouter({ baseUrl: 'https://osrm.example.com', timeoutMs: 3000, fetch: f.fetch }));
    expect(await router.route(BRISBANE, SURFERS)).toEqual({ status: 'ZERO_RESULTS' });
    expect(await router.route(BRISBANE, SURFERS)).toEqual({ status: 'ZERO_RESULTS' });
    expect(f.fetch).toHaveBeenCalledTimes(1);
  });

  it('forgets entries after the TTL (24 h by default)', async () => {
    let now = 1_000_000;
    const inner: Router = { name: 'estimate', route: vi.fn(estimateRouter.route) };
    const router = cachedRouter(inner, { now: () => now });
    await router.route(BRISBANE, SURFERS);
    now += 23 * 3600_000;
    await new Promise((r) => setTimeout(r, 5)); // lru-cache keeps "now" for 1 ms
    await router.route(BRISBANE, SURFERS);
    expect(inner.route).toHaveBeenCalledTimes(1);
    now += 2 * 3600_000;
    await new Promise((r) => setTimeout(r, 5));
    await router.route(BRISBANE, SURFERS);
    expect(inner.route).toHaveBeenCalledTimes(2);
  });

  it('keys by coordinates rounded to 5 decimals', () => {
    expect(routeKey({ lat: -27.469812345, lng: 153.0251 }, { lat: 1, lng: 2 })).toBe(
      '-27.46981,153.02510;1.00000,2.00000',
    );
  });
});

describe('createRouter', () => {
  it('builds what the configuration names', async () => {
    expect(createRouter(loadConfig({})).name).toBe('estimate');
    const f = recorded(200, fixture('osrm-ok-brisbane-surfers.json'));
    const osrm = createRouter(loadConfig({ ROUTER_URL: 'osrm:https://osrm.example.com' }), f.fetch);
    expect(osrm.name).toBe('osrm');
    expect(await osrm.route(BRISBANE, SURFERS)).toMatchObject({ source: 'osrm' });
    expect(f.calls[0]!.url.startsWith('https://osrm.example.com/route/v1/driving/')).toBe(true);
    expect(createRouter(loadConfig({ GOOGLE_ROUTES_KEY: 'k' }), f.fetch).name).toBe('google');
  });
});

describe('mapConcurrent', () => {
  it('keeps the input order and never runs more than the limit at once', async () => {
    let running = 0;
    let peak = 0;
    const out = await mapConcurrent([5, 1, 4, 2, 3, 0, 6, 7, 8, 9], 3, async (n) => {
      running++;
      peak = Math.max(peak, running);
      await new Promise((r) => setTimeout(r, n));
      running--;
      return n * 2;
    });
    expect(out).toEqual([10, 2, 8, 4, 6, 0, 12, 14, 16, 18]);
    expect(peak).toBe(3);
  });
});
