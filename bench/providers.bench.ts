/**
 * Provider search and project map benchmark over HTTP against the real app (issue 4 §7).
 *
 *   npm run bench:providers -- [--projects 100000] [--providers 20000] [--requests 300] [--duration 5] [--concurrency 8] [--fresh]
 *   npm run bench:map       -- (same options)
 *   npx tsx bench/providers.bench.ts --only all     (both)
 *
 * Starts the runtime on bench/out/data-<projects> (reused between runs; the projects come from
 * generate.ts like bench:projects), adds the providers when missing (generateProviders: 20,000 in
 * the big tenant, min(2,000, N/10) in each noise tenant), signs in as the big tenant's admin and
 * measures:
 *   - provider search `GET /api/service-providers/search`: distance + min_rating + categories +
 *     dates (availability), some with services or the certified filter, around varying centres
 *     (suburbs across Australia, and projects in automatic mode). Target: server p95 <= 30 ms.
 *   - project map `GET /api/project-map`: varying bbox/zoom (country, state, city, suburb views)
 *     with and without filters (status, categories, dates, ratings, search, client, manager,
 *     distance from a point). Target: server p95 <= 100 ms.
 * Prints p50/p95 (server and client), PASS/FAIL per target, the slowest URLs, and writes
 * bench/out/results-providers-<projects>.json.
 */
import pg from 'pg';
import { generateDataset, generateProviders, parseGenerateArgs, parseProviderArgs, type Dataset } from './generate.js';
import { parseBenchArgs, printResults, runMain, shuffled, startBench, writeResults, type Scenario } from './harness.js';

const TARGETS = { search: 30, map: 100 } as const;

const day = (offset: number) => {
  const d = new Date(Date.now() + offset * 86_400_000);
  return d.toISOString().slice(0, 10);
};

/** Terms and filters taken from the generated data of the big tenant. */
async function scenarios(ownerUrl: string, tenantId: string, only: 'search' | 'map' | 'all'): Promise<Scenario[]> {
  const db = new pg.Client({ connectionString: ownerUrl });
  await db.connect();
  try {
    const rows = async <T>(text: string) => (await db.query(text, [tenantId])).rows as T[];
    const cats = (await rows<{ id: string }>(`select id from categories where tenant_id = $1 order by name`)).map(
      (r) => r.id,
    );
    const svcs = await rows<{ id: string; category_id: string }>(
      `select service_id as id, category_id from category_services where tenant_id = $1 order by category_id, service_id`,
    );
    // Centres: suburbs where projects are (so, where the providers are too), spread over the country.
    const places = await rows<{ suburb: string; state: string; postcode: string; lat: number; lng: number }>(
      `select suburb, state, postcode, lat, lng from (select distinct suburb, state, postcode, lat, lng from projects where tenant_id = $1 and lat is not null) p
        order by md5(suburb || postcode) limit 40`,
    );
    const projectIds = (
      await rows<{ id: number }>(
        `select id from projects where tenant_id = $1 and lat is not null and status in ('order', 'scheduled', 'on_hold') order by md5(code) limit 20`,
      )
    ).map((r) => r.id);
    const managers = (
      await rows<{ id: string }>(
        `select id from users where tenant_id = $1 and is_project_manager order by email limit 10`,
      )
    ).map((r) => r.id);
    const clients = (
      await rows<{ id: string }>(`select id from clients where tenant_id = $1 order by md5(trading_name) limit 10`)
    ).map((r) => r.id);
    const suburbs = places.slice(0, 8).map((p) => p.suburb.toLowerCase());

    const out: Scenario[] = [{ name: 'session (baseline, info)', target: null, urls: ['/api/session'] }];
    if (only !== 'map') {
      const distances = [25, 50, 50, 100, 200];
      const ratings = [2.5, 3, 3.5, 4];
      const manual = places.map((p, i) => {
        const c1 = cats[i % cats.length]!;
        const c2 = cats[(i * 3 + 1) % cats.length]!;
        const params = new URLSearchParams({
          suburb: p.suburb,
          state: p.state,
          postcode: p.postcode,
          distance: String(distances[i % distances.length]),
          min_rating: String(ratings[i % ratings.length]),
          categories: i % 3 === 0 ? `${c1},${c2}` : c1,
          start_date: day(i % 60),
          end_date: day((i % 60) + (i % 5)),
        });
        if (i % 4 === 1)
          params.set(
            'services',
            svcs
              .filter((s) => s.category_id === c1)
              .slice(0, 2)
              .map((s) => s.id)
              .join(','),
          );
        if (i % 3 === 2) params.set('certified', 'true');
        return `/api/service-providers/search?${params}`;
      });
      const automatic = projectIds.map((id, i) => {
        const params = new URLSearchParams({
          project_id: String(id),
          distance: String(distances[(i + 1) % distances.length]),
        });
        if (i % 2 === 0) params.set('min_rating', String(ratings[i % ratings.length]));
        if (i % 3 === 0) params.set('certified', 'true');
        return `/api/service-providers/search?${params}`;
      });
      out.push({ name: 'provider search', target: TARGETS.search, urls: shuffled([...manual, ...automatic]) });
      // Info: the standalone default (distance 0, no limit) returns the 200 nearest of the whole tenant.
      out.push({
        name: 'provider search, no distance (info)',
        target: null,
        urls: places
          .slice(0, 10)
          .map(
            (p, i) =>
              `/api/service-providers/search?${new URLSearchParams({ suburb: p.suburb, state: p.state, postcode: p.postcode, categories: cats[i % cats.length]! })}`,
          ),
      });
    }
    if (only !== 'search') {
      // Views: the country (zoom 4-5), a state (6-7), a city (9-11), suburbs (13-14), around the places.
      const views = places.flatMap((p, i) => {
        const span = [18, 6, 1.2, 0.15][i % 4]!;
        const zoom = [4, 6, 10, 13][i % 4]! + (i % 2);
        const bbox = [p.lat - span / 2, p.lng - span, p.lat + span / 2, p.lng + span]
          .map((v) => v.toFixed(5))
          .join(',');
        return [{ bbox, zoom, p }];
      });
      const statuses = ['scheduled', 'order', 'completed,closed', 'on_hold', 'quote,order,scheduled'];
      const map = views.map(({ bbox, zoom, p }, i) => {
        const params = new URLSearchParams({ bbox, zoom: String(zoom), page: String(1 + (i % 3)), pageSize: '20' });
        switch (i % 8) {
          case 0: // the screen's first view: no filters
            break;
          case 1:
            params.set('status', statuses[i % statuses.length]!);
            break;
          case 2:
            params.set('categories', cats[i % cats.length]!);
            params.set('start_date', day(-60));
            params.set('end_date', day(30));
            break;
          case 3:
            params.set('min_performance', '3.5');
            params.set('status', 'completed,closed');
            break;
          case 4:
            params.set('lat', String(p.lat));
            params.set('lng', String(p.lng));
            params.set('distance', String([25, 50, 100, 200][i % 4]));
            break;
          case 5:
            params.set('project_manager_id', managers[i % managers.length]!);
            params.set('status', 'scheduled');
            break;
          case 6:
            params.set('client_id', clients[i % clients.length]!);
            params.set('min_customer', '3');
            break;
          case 7:
            params.set('search', suburbs[i % suburbs.length]!);
            break;
        }
        return `/api/project-map?${params}`;
      });
      // The whole country with no filter at every zoom the browser asks for at that view.
      const country = [4, 5].map((z) => `/api/project-map?bbox=-44,112,-10,154&zoom=${z}&page=1&pageSize=20`);
      out.push({ name: 'project map', target: TARGETS.map, urls: shuffled([...map, ...country]) });
    }
    return out;
  } finally {
    await db.end();
  }
}

async function main() {
  const { values, opts, fresh } = parseBenchArgs(['only', 'providers', 'noise-providers']);
  const gen = parseGenerateArgs(process.argv.slice(2));
  const sp = parseProviderArgs(process.argv.slice(2));
  const only = values.only === 'search' || values.only === 'map' ? values.only : 'all';

  let dataset: Dataset | undefined;
  let providers: Awaited<ReturnType<typeof generateProviders>> | undefined;
  const bench = await startBench(gen.projects, fresh, async (ownerUrl, log) => {
    log(`Generating data (${gen.projects} projects + ${gen.noise} x ${gen.noiseProjects}), or reusing it...`);
    dataset = await generateDataset(ownerUrl, { ...gen, log });
    log(`Providers (${sp.providers} + ${gen.noise} x ${sp.noiseProviders}), or reusing them...`);
    providers = await generateProviders(ownerUrl, dataset, { ...sp, log });
    log(
      `Data ready in ${((dataset.ms + providers.ms) / 1000).toFixed(1)} s${providers.tenants.every((t) => t.reused) && dataset.tenants.every((t) => t.reused) ? ' (reused)' : ''}.`,
    );
  });
  try {
    const results = await bench.measure(await scenarios(bench.rt.ownerUrl, dataset!.tenants[0]!.id, only), opts);
    const big = dataset!.tenants[0]!;
    const bp = providers!.tenants[0]!;
    printResults(
      `Data set: '${big.slug}' ${big.projects.toLocaleString('en-AU')} projects, ${bp.providers.toLocaleString('en-AU')} providers (${bp.users.toLocaleString('en-AU')} provider users, ${bp.availabilities.toLocaleString('en-AU')} unavailable periods, ${bp.certificates.toLocaleString('en-AU')} certificates, ${bp.assignedProjects.toLocaleString('en-AU')} projects assigned, ${bp.ratings.toLocaleString('en-AU')} ratings); noise: ${providers!.tenants
        .slice(1)
        .map((t) => `${t.providers.toLocaleString('en-AU')} providers`)
        .join(' + ')} in ${providers!.tenants.length - 1} other tenants`,
      results,
      opts,
    );
    await writeResults(`results-providers-${gen.projects}.json`, { dataset, providers, opts, only, results });
    if (results.some((r) => r.pass === false)) process.exitCode = 1;
  } finally {
    await bench.close();
  }
}

runMain(main);
