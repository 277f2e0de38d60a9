/**
 * Projects benchmark: quick search and the project list over HTTP against the real app.
 *
 *   npm run bench:projects -- [--projects 100000] [--requests 300] [--duration 5] [--concurrency 8] [--fresh]
 *
 * Starts the runtime (embedded PostgreSQL in bench/out/data-<projects>, reused between runs;
 * SEED_DEMO=false), generates the data set when missing (bench/generate.ts), listens on a
 * loopback port, signs in as the big tenant's admin, then per endpoint:
 *   1. sequential: `--requests` requests one at a time -> p50/p95/p99 (the targets apply here);
 *   2. under load: `--concurrency` requests at a time for `--duration` s -> throughput and p95.
 * Latency is the client's round trip on loopback (server time is printed too, from Fastify).
 * Targets: quick search p95 <= 30 ms, list page p95 <= 50 ms. Results: bench/out/results-<projects>.json.
 */
import pg from 'pg';
import { generateDataset, parseGenerateArgs, type Dataset } from './generate.js';
import {
  parseBenchArgs,
  printResults,
  runMain,
  shuffled,
  startBench,
  writeResults,
  type Scenario,
  CLIENT_VIEW,
} from './harness.js';

const TARGETS = { search: 30, list: 50 } as const;

/** The targets apply to the client's round trip; the server's p95 is shown beside it. */

// ---------------------------------------------------------------------------------------------
// Small helpers

/** A typing slip: two neighbouring letters swapped in the middle of the word. */
function typo(word: string): string {
  if (word.length < 5) return word;
  const i = Math.floor(word.length / 2);
  return word.slice(0, i - 1) + word[i] + word[i - 1] + word.slice(i + 1);
}

// ---------------------------------------------------------------------------------------------
// What to ask for: terms and filters taken from the generated data.

async function scenarios(ownerUrl: string, tenantId: string): Promise<Scenario[]> {
  const db = new pg.Client({ connectionString: ownerUrl });
  await db.connect();
  try {
    const col = async (text: string) => (await db.query(text, [tenantId])).rows.map((r: { v: string }) => r.v);
    const suburbs = await col(
      `select v from (select distinct suburb as v from projects where tenant_id = $1) s order by md5(v) limit 16`,
    );
    const refs = await col(
      `select order_reference as v from projects where tenant_id = $1 order by md5(code) limit 10`,
    );
    const codes = await col(`select code as v from projects where tenant_id = $1 order by md5(code || 'x') limit 8`);
    const clients = await col(
      `select trading_name as v from clients where tenant_id = $1 order by md5(trading_name) limit 8`,
    );
    const streets = await col(
      `select lower(street) as v from projects where tenant_id = $1 order by md5(street) limit 4`,
    );
    const managers = await col(
      `select id::text as v from users where tenant_id = $1 and is_project_manager order by email`,
    );
    const clientIds = await col(
      `select id::text as v from clients where tenant_id = $1 order by md5(trading_name) limit 10`,
    );
    const [{ total }] = (await db.query(`select count(*)::int as total from projects where tenant_id = $1`, [tenantId]))
      .rows as [{ total: number }];

    const words = [
      'switchboard',
      'cctv',
      'solar',
      'hot water',
      'sprinkler',
      'line marking',
      'fire alarm',
      'access control',
      'ducted air',
      'battery',
    ];
    const terms = [
      ...suburbs.map((s) => s.toLowerCase()),
      ...refs,
      ...refs.slice(0, 5).map((r) => r.slice(0, 6)),
      ...codes,
      ...codes.slice(0, 4).map((c) => String(Number(c.replace(/\D/g, '')))),
      ...clients,
      ...clients.map((c) => c.split(' ')[0]!.toLowerCase()),
      ...streets,
      ...words,
      // Typing slips in real words, names and places.
      ...suburbs.slice(0, 8).map((s) => typo(s.toLowerCase())),
      ...clients.slice(0, 4).map((c) => typo(c.split(' ')[0]!.toLowerCase())),
      ...['swithcboard', 'sprinkelr', 'cctv penrith', 'solar brisbane', 'harbourside fire', 'queen st'],
    ];
    const search = shuffled(terms).map((q) => `/api/search/projects?q=${encodeURIComponent(q)}`);

    const pages = Math.max(1, Math.ceil(total / 20));
    const firstPages = Array.from({ length: 60 }, (_, i) => 1 + ((i * 7) % Math.min(50, pages)));
    const list = shuffled(firstPages).map((p) => `/api/projects?page=${p}&pageSize=20`);
    const statuses = ['quote', 'on_hold', 'order', 'scheduled', 'completed', 'cancelled', 'closed'];
    const filtered = shuffled([
      ...managers
        .slice(0, 10)
        .map(
          (m, i) =>
            `/api/projects?status=${statuses[i % statuses.length]}&project_manager_id=${m}&page=${1 + (i % 3)}&pageSize=20`,
        ),
      ...clientIds.map((c, i) => `/api/projects?client_id=${c}&page=${1 + (i % 2)}&pageSize=20`),
      ...statuses.map((s, i) => `/api/projects?status=${s}&page=${1 + i}&pageSize=20`),
      ...suburbs
        .slice(0, 8)
        .map((s) => `/api/projects?search=${encodeURIComponent(s.toLowerCase())}&page=1&pageSize=20`),
      ...statuses.map((s) => `/api/projects?status=${s}&sort=name&order=asc&page=1&pageSize=20`),
    ]);
    const deep = Array.from({ length: 20 }, (_, i) => `/api/projects?page=${Math.max(1, pages - i * 37)}&pageSize=20`);
    return [
      // The fixed cost of any signed-in request (tenant, session, JSON): the floor under the others.
      { name: 'session (baseline, info)', target: null, urls: ['/api/session'] },
      { name: 'quick search', target: TARGETS.search, urls: search },
      { name: 'list page (default sort)', target: TARGETS.list, urls: list },
      { name: 'list page (filtered)', target: TARGETS.list, urls: filtered },
      { name: 'list page (last pages, info)', target: null, urls: deep },
    ];
  } finally {
    await db.end();
  }
}

// ---------------------------------------------------------------------------------------------

function dataSetLine(dataset: Dataset): string {
  const big = dataset.tenants[0]!;
  const noise = dataset.tenants.slice(1);
  return (
    `Data set: '${big.slug}' ${big.projects.toLocaleString('en-AU')} projects, ${big.clients} clients, ${big.staff} staff, ${big.siteContacts.toLocaleString('en-AU')} site contacts` +
    (noise.length
      ? `; noise: ${noise.map((t) => `${t.projects.toLocaleString('en-AU')}`).join(' + ')} projects in ${noise.length} other tenants`
      : '')
  );
}

async function main() {
  const { opts, fresh } = parseBenchArgs();
  const gen = parseGenerateArgs(process.argv.slice(2));

  let dataset: Dataset | undefined;
  const bench = await startBench(gen.projects, fresh, async (ownerUrl, log) => {
    log(`Generating data (${gen.projects} projects + ${gen.noise} x ${gen.noiseProjects}), or reusing it...`);
    dataset = await generateDataset(ownerUrl, { ...gen, log });
    log(
      `Data ready in ${(dataset.ms / 1000).toFixed(1)} s${dataset.tenants.every((t) => t.reused) ? ' (reused)' : ''}.`,
    );
  });
  try {
    const results = await bench.measure(await scenarios(bench.rt.ownerUrl, dataset!.tenants[0]!.id), opts, CLIENT_VIEW);
    printResults(dataSetLine(dataset!), results, opts, CLIENT_VIEW);
    await writeResults(`results-${gen.projects}.json`, { dataset, opts, results });
    if (results.some((r) => r.pass === false)) process.exitCode = 1;
  } finally {
    await bench.close();
  }
}

runMain(main);
