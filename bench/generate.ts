/**
 * Generates benchmark data at scale: one big tenant (default 100,000 projects) and noise tenants
 * (default 2 x 10,000), each with staff, clients and their account managers, categories and
 * services, tags, classifications, site contacts, and places from the gazetteer.
 *
 *   npx tsx bench/generate.ts [--projects 100000] [--noise 2] [--noise-projects 10000] [--providers 20000 [--noise-providers 2000]]
 *
 * Uses DATABASE_URL (the owner) when set, else an embedded PostgreSQL in bench/out/data-<projects>.
 * Bulk inserts run as the owner (INSERT ... SELECT over generate_series); the owner bypasses
 * RLS, so every statement names its tenant. Each tenant is one transaction: an interrupted run
 * leaves nothing half-made, and a tenant that already has its projects is reused.
 */
import crypto from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { loadGazetteer } from '../apps/api/src/features/geo/load-gazetteer.js';
import { runMigrations, startEmbeddedPostgres } from '../apps/api/src/platform/db/bootstrap.js';
import { hashPassword } from '../apps/api/src/platform/passwords.js';
import {
  CLASSIFICATIONS,
  CONTACT_ROLES,
  FIRST_NAMES,
  LAST_NAMES,
  SITES,
  STREETS,
} from '../apps/api/src/seed/vocabulary.js';
import { CATEGORIES as DEMO_CATEGORIES } from '../apps/api/src/seed/projects.js';

export const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));
export const BENCH_SLUG = 'bench';
export const BENCH_PASSWORD = 'siteflow-bench';
export const benchAdminEmail = (slug: string) => `admin@${slug}.test`;
/** Same counter name as the demo seed (apps/api/src/seed/projects.ts). */
const PROJECT_COUNTER = 'project';
const BATCH = 25_000;

export type GenerateOptions = { projects: number; noise: number; noiseProjects: number; log?: (msg: string) => void };
export type TenantSummary = {
  slug: string;
  id: string;
  projects: number;
  clients: number;
  staff: number;
  siteContacts: number;
  reused: boolean;
};
export type Dataset = { tenants: TenantSummary[]; ms: number };

// ---------------------------------------------------------------------------------------------
// Vocabulary: what real field-service projects are called and where they are.

const FIRST = FIRST_NAMES;
const LAST = LAST_NAMES;
const CLIENT_A = [
  'Harbourside',
  'Southern Cross',
  'Coastal',
  'Pinnacle',
  'Summit',
  'Redgum',
  'Ironbark',
  'Bluewater',
  'Goldfields',
  'Kookaburra',
  'Banksia',
  'Wattle',
  'Outback',
  'Metro',
  'Capital',
  'Eastern',
  'Pacific',
  'Northern',
  'Great Southern',
  'Tasman',
];
const CLIENT_B = [
  'Property Group',
  'Retail',
  'Health Services',
  'Logistics',
  'Education Trust',
  'Hospitality',
  'Mining Services',
  'Facilities Management',
  'Constructions',
  'Developments',
  'Aged Care',
  'Motors',
  'Foods',
  'Hotels',
  'Storage',
  'Energy',
  'Cinemas',
  'Fitness',
  'Medical Centres',
  'Pharmacies',
];
/** The demo's categories and services, and three more trades. */
const CATEGORIES: Record<string, string[]> = {
  ...DEMO_CATEGORIES,
  Solar: ['Solar Panels', 'Inverters', 'Battery Storage'],
  Carpentry: ['Joinery', 'Shopfitting', 'Doors and Hardware'],
  Painting: ['Interior Painting', 'Exterior Painting', 'Line Marking'],
};
const TAGS = [
  'Urgent',
  'After Hours',
  'Warranty',
  'Tender',
  'Government',
  'Repeat Client',
  'Weekend',
  'Insurance',
  'Defect',
  'Make Safe',
  'Shutdown',
  'Night Works',
  'Heritage',
  'High Risk',
  'Permit Required',
  'Lift Access',
  'Crane',
  'Asbestos',
  'Induction',
  'Key Account',
];

const WORK = [
  'Switchboard upgrade',
  'LED lighting retrofit',
  'Office rewire',
  'Data cabling for fit-out',
  'Test and tag',
  'Hot water replacement',
  'Stormwater drainage repair',
  'Backflow prevention testing',
  'Gas line installation',
  'Split system installation',
  'Ducted air upgrade',
  'Cool room refrigeration',
  'Quarterly HVAC service',
  'CCTV installation',
  'Alarm system upgrade',
  'Access control rollout',
  'Fire alarm panel replacement',
  'Sprinkler head replacement',
  'Annual fire equipment inspection',
  'Emergency lighting upgrade',
  'Rooftop solar installation',
  'Battery storage install',
  'Shopfit joinery',
  'Exterior repaint',
  'Car park line marking',
];

/** An Australian mobile number ('04xx xxx xxx') from an SQL integer expression. */
const mobileSql = (expr: string) =>
  `regexp_replace('04' || lpad(((${expr}) % 100000000)::text, 8, '0'), '^(\\d{4})(\\d{3})(\\d{3})$', '\\1 \\2 \\3')`;
const ROLES = CONTACT_ROLES;

// ---------------------------------------------------------------------------------------------

type Q = (text: string, values?: unknown[]) => Promise<pg.QueryResult>;

async function existingTenant(q: Q, slug: string): Promise<{ id: string; projects: number } | null> {
  const { rows } = await q(
    `select t.id, (select count(*)::int from projects p where p.tenant_id = t.id) as projects from tenants t where t.slug = $1`,
    [slug],
  );
  return (rows[0] as { id: string; projects: number } | undefined) ?? null;
}

async function summary(q: Q, slug: string, id: string, reused: boolean): Promise<TenantSummary> {
  const { rows } = await q(
    `select (select count(*)::int from projects where tenant_id = $1) as projects,
            (select count(*)::int from clients where tenant_id = $1) as clients,
            (select count(*)::int from users where tenant_id = $1 and client_id is null) as staff,
            (select count(*)::int from site_contacts where tenant_id = $1) as "siteContacts"`,
    [id],
  );
  return {
    slug,
    id,
    reused,
    ...(rows[0] as { projects: number; clients: number; staff: number; siteContacts: number }),
  };
}

/** One tenant, in one transaction. */
async function generateTenant(
  client: pg.ClientBase,
  slug: string,
  name: string,
  projects: number,
  passwordHash: string,
  log: (m: string) => void,
): Promise<TenantSummary> {
  const q: Q = (text, values) => client.query(text, values);
  const found = await existingTenant(q, slug);
  if (found && found.projects === projects) return summary(q, slug, found.id, true);
  if (found)
    throw new Error(
      `tenant '${slug}' exists with ${found.projects} projects, not ${projects}: use a fresh database (delete bench/out/data-*)`,
    );

  const started = performance.now();
  const t = crypto.randomUUID();
  await q('begin');
  try {
    await q(`select set_config('app.tenant_id', $1, true), setseed(0.4242)`, [t]);
    await q(
      `insert into tenants (id, kind, slug, customer_name, email, first_name, last_name, phone, position, address, suburb, state, postcode, staff_pm_flag)
       values ($1, 'customer', $2, $3, $4, 'Bench', 'Admin', '07 3000 0000', 'Director', '1 Bench Street', 'Brisbane City', 'QLD', '4000', true)`,
      [t, slug, name, benchAdminEmail(slug)],
    );

    // Staff: one company admin (signs in for the benchmark) and employees, a third of them project managers.
    const staffCount = Math.max(10, Math.min(60, Math.round(projects / 2000)));
    const staff = Array.from({ length: staffCount }, (_, i) => ({
      email: i === 0 ? benchAdminEmail(slug) : `staff${i}@${slug}.test`,
      first: FIRST[i % FIRST.length]!,
      last: LAST[(i * 7) % LAST.length]!,
      role: i === 0 ? 'company_admin' : 'company_employee',
      pm: i % 3 === 0,
      position: i % 3 === 0 ? 'Project Manager' : i % 3 === 1 ? 'Project Administrator' : 'Sales Representative',
    }));
    await q(
      `insert into users (tenant_id, email, first_name, last_name, role, is_project_manager, position, phone, password_hash)
       select $1, e, f, l, r, pm, pos, ${mobileSql('10000000 + n * 7919')}, case when n = 1 then $8 end
         from unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::bool[], $7::text[]) with ordinality as s(e, f, l, r, pm, pos, n)`,
      [
        t,
        staff.map((s) => s.email),
        staff.map((s) => s.first),
        staff.map((s) => s.last),
        staff.map((s) => s.role),
        staff.map((s) => s.pm),
        staff.map((s) => s.position),
        passwordHash,
      ],
    );

    // Reference data.
    await q(`insert into categories (tenant_id, name) select $1, unnest($2::text[])`, [t, Object.keys(CATEGORIES)]);
    await q(`insert into services (tenant_id, name) select $1, unnest($2::text[])`, [
      t,
      [...new Set(Object.values(CATEGORIES).flat())],
    ]);
    const pairs = Object.entries(CATEGORIES).flatMap(([c, ss]) => ss.map((s) => [c, s] as const));
    await q(
      `insert into category_services (tenant_id, category_id, service_id)
       select $1, c.id, s.id from unnest($2::text[], $3::text[]) as p(c, s)
         join categories c on c.tenant_id = $1 and c.name = p.c join services s on s.tenant_id = $1 and s.name = p.s`,
      [t, pairs.map((p) => p[0]), pairs.map((p) => p[1])],
    );
    await q(`insert into tags (tenant_id, name) select $1, unnest($2::text[])`, [t, TAGS]);
    await q(`insert into classifications (tenant_id, title) select $1, unnest($2::text[])`, [t, CLASSIFICATIONS]);

    // Places: populated gazetteer localities, bigger suburbs more often (one extra ticket per 2,000 people).
    await q(`drop table if exists bench_places`);
    await q(
      `create temp table bench_places on commit drop as
       select row_number() over (order by random()) as n, suburb, state, postcode, lat, lng
         from gazetteer g cross join lateral generate_series(0, coalesce(g.population, 0) / 2000)
        where g.country = 'AU' and g.population >= 200`,
    );
    const places = Number((await q(`select count(*) from bench_places`)).rows[0].count);

    // Clients (trading names from two word lists), each with 1-3 account managers.
    const clientCount = Math.max(20, Math.min(CLIENT_A.length * CLIENT_B.length, Math.round(projects / 250)));
    await q(
      `insert into clients (tenant_id, trading_name, email, phone, street, suburb, state, postcode)
       select $1, c.name, lower(regexp_replace(c.name, '[^A-Za-z]', '', 'g')) || '@clients.test', (array['02','03','07','08'])[1 + c.n % 4] || ' ' || (9000 + c.n) || ' ' || (1000 + c.n * 37 % 9000),
              (1 + c.n * 13 % 300) || ' ' || ($4::text[])[1 + c.n % array_length($4::text[], 1)], p.suburb, p.state, p.postcode
         from (select n, a || ' ' || b as name from unnest($2::text[]) with ordinality x(a, i) cross join unnest($3::text[]) with ordinality y(b, j)
                 cross join lateral (select (j - 1) * array_length($2::text[], 1) + i as n) k) c
         join bench_places p on p.n = 1 + (c.n * 7919) % ${places}
        order by (c.n * 157) % 401 limit ${clientCount}`,
      [t, CLIENT_A, CLIENT_B, STREETS],
    );
    await q(
      `insert into users (tenant_id, email, first_name, last_name, role, client_id, mobile, phone, position, active)
       select $1, 'am' || k || '.' || c.n || '@clients.test', ($2::text[])[1 + (c.n * 3 + k) % 30], ($3::text[])[1 + (c.n * 11 + k * 5) % 30], 'client_am', c.id,
              ${mobileSql('c.n * 104729 + k * 7919')}, c.phone, 'Account Manager', k < 3
         from (select id, phone, row_number() over (order by trading_name) as n from clients where tenant_id = $1) c
         cross join lateral generate_series(1, 1 + c.n::int % 3) k`,
      [t, FIRST, LAST],
    );
    await q(`drop table if exists bench_clients`);
    await q(
      `create temp table bench_clients on commit drop as
       select row_number() over (order by c.trading_name) as n, c.id, c.trading_name, upper(left(regexp_replace(c.trading_name, '[^A-Z]', '', 'g'), 3)) as prefix,
              array_agg(u.id order by u.email) filter (where u.active) as ams
         from clients c left join users u on u.tenant_id = c.tenant_id and u.client_id = c.id
        where c.tenant_id = $1 group by c.id, c.trading_name`,
      [t],
    );
    await q(`drop table if exists bench_staff`);
    await q(
      `create temp table bench_staff on commit drop as
       select row_number() over (partition by is_project_manager order by email) as n, id, is_project_manager as pm
         from users where tenant_id = $1 and client_id is null`,
      [t],
    );
    const [{ pms, others }] = (
      await q(`select count(*) filter (where pm) as pms, count(*) filter (where not pm) as others from bench_staff`)
    ).rows as [{ pms: string; others: string }];
    const cls = (await q(`select array_agg(id order by title) as ids from classifications where tenant_id = $1`, [t]))
      .rows[0].ids as string[];

    // Projects, in batches: dates from two years back to six months ahead; status follows the date.
    for (let from = 1; from <= projects; from += BATCH) {
      const to = Math.min(projects, from + BATCH - 1);
      await q(
        `insert into projects (tenant_id, seq, code, name, summary, status, start_date, end_date, completed_on, client_id, client_name, client_am_id,
                               order_reference, client_comments, project_manager_id, project_administrator_id, sales_representative_id, classification_id,
                               street, suburb, state, postcode, country, lat, lng, geo_precision, created_by, created_at)
         select $1, r.i, 'PRJ-' || case when r.i < 100000 then lpad(r.i::text, 5, '0') else r.i::text end,
                ($2::text[])[1 + floor(r.a * array_length($2::text[], 1))::int] || ' – ' || ($3::text[])[1 + floor(r.b * array_length($3::text[], 1))::int] || ', ' || pl.suburb,
                case when r.b < 0.6 then 'Work for ' || c.trading_name || ' with minimal disruption to occupants; induction required on arrival.' end,
                st.status,
                case when st.dated then r.start end,
                case when st.dated then r.start + make_interval(days => floor(r.h * r.h * 10)::int) + interval '8 hours' end,
                case when st.status in ('completed', 'closed') then r.start + make_interval(days => floor(r.h * r.h * 10)::int + 1) + interval '9 hours' end,
                c.id, c.trading_name, c.ams[1 + floor(r.g * coalesce(array_length(c.ams, 1), 0))::int],
                c.prefix || '-' || (100000 + floor(r.k * 899999)::int),
                case when r.k < 0.1 then 'Please call the site contact 30 minutes before arrival.' end,
                pm.id, ad.id, case when r.g < 0.4 then ad.id end, ($4::uuid[])[1 + r.i % array_length($4::uuid[], 1)],
                (1 + floor(r.k * 400)::int) || ' ' || ($5::text[])[1 + floor(r.a * 997)::int % array_length($5::text[], 1)],
                pl.suburb, pl.state, pl.postcode, 'Australia', pl.lat, pl.lng, 'suburb', pm.id,
                now() - make_interval(days => greatest(0, -r.days) + 14 + floor(r.h * 30)::int)
           from (select r0.*, current_date + r0.days + make_interval(hours => 7 + (r0.i % 3), mins => 30 * (r0.i % 2)) as start
                   from (select i, random() a, random() b, random() c, random() d, random() e, random() f, random() g, random() h, random() k,
                                floor(-720 + random() * 900)::int as days
                           from generate_series(${from}, ${to}) i) r0) r
           cross join lateral (
             select case
               when r.f < 0.02 then 'quote'
               when r.start < current_date - 30 then (array['closed','closed','closed','completed','completed','completed','cancelled','on_hold'])[1 + floor(r.e * 8)::int]
               when r.start < current_date then (array['scheduled','scheduled','completed','completed','order','on_hold','cancelled'])[1 + floor(r.e * 7)::int]
               else (array['quote','quote','order','order','scheduled','scheduled','scheduled','on_hold'])[1 + floor(r.e * 8)::int]
             end as status, r.f >= 0.02 as dated) st
           join bench_clients c on c.n = 1 + floor(r.c * ${clientCount})::int
           join bench_places pl on pl.n = 1 + floor(r.d * ${places})::int
           join bench_staff pm on pm.pm and pm.n = 1 + (r.i * 31) % ${pms}
           join bench_staff ad on not ad.pm and ad.n = 1 + (r.i * 17) % ${others}`,
        [t, WORK, SITES, cls, STREETS],
      );
      log(`  ${slug}: ${to} / ${projects} projects`);
    }

    // Categories, services (consistent with category_services), tags, site contacts.
    await q(`drop table if exists bench_cats`);
    await q(
      `create temp table bench_cats on commit drop as
       select row_number() over (order by c.name) as n, c.id, array_agg(cs.service_id order by cs.service_id) as svcs
         from categories c join category_services cs on cs.tenant_id = c.tenant_id and cs.category_id = c.id
        where c.tenant_id = $1 group by c.id, c.name`,
      [t],
    );
    const ncat = Number((await q(`select count(*) from bench_cats`)).rows[0].count);
    await q(
      `insert into project_categories (tenant_id, project_id, category_id)
       select distinct $1::uuid, p.id, c.id from projects p
         cross join lateral (values (1 + p.id % ${ncat}), (case when p.id % 5 = 0 then 1 + (p.id / 5) % ${ncat} end)) v(n)
         join bench_cats c on c.n = v.n
        where p.tenant_id = $1`,
      [t],
    );
    await q(
      `insert into project_services (tenant_id, project_id, service_id)
       select distinct $1::uuid, pc.project_id, c.svcs[1 + k.x % array_length(c.svcs, 1)]
         from project_categories pc join bench_cats c on c.id = pc.category_id
         cross join lateral (values (pc.project_id), (pc.project_id / 7)) k(x)
        where pc.tenant_id = $1`,
      [t],
    );
    await q(
      `insert into project_tags (tenant_id, project_id, tag_id)
       select $1, p.id, t.id from projects p
         join (select row_number() over (order by name) as n, id from tags where tenant_id = $1) t on t.n = 1 + (p.id / 10) % ${TAGS.length}
        where p.tenant_id = $1 and p.id % 10 < 3`,
      [t],
    );
    await q(
      `insert into site_contacts (tenant_id, project_id, position, name, role, email, phone)
       select $1, p.id, k, f || ' ' || l, case when k = 0 then 'Site Manager' else ($4::text[])[1 + (p.id + k) % array_length($4::text[], 1)] end,
              case when (p.id + k) % 5 <> 0 then lower(regexp_replace(f || '.' || l, '[^A-Za-z.]', '', 'g')) || '@site.test' end,
              ${mobileSql('p.id * 7919 + k * 104729')}
         from projects p cross join lateral generate_series(0, p.id::int % 3) k
         cross join lateral (select ($2::text[])[1 + (p.id * 3 + k) % 30] as f, ($3::text[])[1 + (p.id * 7 + k * 11) % 30] as l) n
        where p.tenant_id = $1`,
      [t, FIRST, LAST, ROLES],
    );
    await q(
      `insert into tenant_counters (tenant_id, name, value) values ($1, $2, $3)
       on conflict (tenant_id, name) do update set value = excluded.value`,
      [t, PROJECT_COUNTER, projects],
    );
    await q('commit');
  } catch (error) {
    await q('rollback').catch(() => undefined);
    throw error;
  }
  log(`  ${slug}: done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return summary(q, slug, t, false);
}

// ---------------------------------------------------------------------------------------------
// Service providers (bench:providers, bench:map): providers with categories, services, unavailable
// periods, users, certificates, assignments to projects and ratings, added to a generated tenant.

/** What a provider's trading name says it does, by its first category. */
const PROVIDER_TRADES: Record<string, string> = {
  Electrical: 'Electrical',
  Plumbing: 'Plumbing & Gas',
  HVAC: 'Air Conditioning',
  Security: 'Security Systems',
  Fire: 'Fire Protection',
  Solar: 'Solar',
  Carpentry: 'Joinery',
  Painting: 'Painting',
};
const PROVIDER_WORDS = [
  'SparkRight',
  'Rivercity',
  'Coolbreeze',
  'Sentinel',
  'Firestop',
  'Bayside',
  'Westside',
  'Coastline',
  'Summit',
  'Apex',
  'Precision',
  'Allpoints',
  'Trueline',
  'Northside',
  'Eastcoast',
  'Ironbark',
  'Redgum',
  'Bluegum',
  'Kestrel',
  'Pelican',
  'Brolga',
  'Jacaranda',
  'Boomerang',
  'Tradecraft',
  'Southern Cross',
  'Greenline',
  'Horizon',
  'Keystone',
  'Lighthouse',
  'Sunrise',
];
/** Certificate types of the bench tenants: two mandatory for providers, so the certified filter has work to do. */
const BENCH_CERTIFICATE_TYPES = [
  { name: 'Public Liability Insurance', users: false, providers: true },
  { name: 'Work Health and Safety Plan', users: false, providers: true },
  { name: 'White Card', users: true, providers: false },
  { name: 'Electrical Licence', users: false, providers: false },
];

export type ProviderOptions = { providers: number; noiseProviders: number; log?: (msg: string) => void };
export type ProviderSummary = {
  slug: string;
  providers: number;
  users: number;
  availabilities: number;
  certificates: number;
  assignedProjects: number;
  ratings: number;
  reused: boolean;
};

async function providerSummary(q: Q, slug: string, id: string, reused: boolean): Promise<ProviderSummary> {
  const { rows } = await q(
    `select (select count(*)::int from service_providers where tenant_id = $1) as providers,
            (select count(*)::int from users where tenant_id = $1 and service_provider_id is not null) as users,
            (select count(*)::int from provider_availabilities where tenant_id = $1) as availabilities,
            (select count(*)::int from certificates where tenant_id = $1 and provider_id is not null) as certificates,
            (select count(*)::int from projects where tenant_id = $1 and service_provider_id is not null) as "assignedProjects",
            (select count(*)::int from provider_ratings where tenant_id = $1) as ratings`,
    [id],
  );
  return { slug, reused, ...(rows[0] as Omit<ProviderSummary, 'slug' | 'reused'>) };
}

/**
 * Adds `count` providers to a generated tenant, in one transaction: places drawn from the
 * gazetteer like the projects (bigger suburbs more often, a few hundred metres of scatter; 3% with
 * no location), statuses mostly approved, 1-2 categories with most of their services, unavailable
 * periods for 10%, 1-2 users each, certificates of the two provider-mandatory types (some expired,
 * some without expiry), 60% of the non-quote projects assigned to a provider of the same state
 * (with one staff member), ratings on the finished ones (performance 80%, customer 60%) and the
 * providers' averages and counts computed from them. A tenant with the same count is reused.
 */
async function generateTenantProviders(
  client: pg.ClientBase,
  slug: string,
  count: number,
  log: (m: string) => void,
): Promise<ProviderSummary> {
  const q: Q = (text, values) => client.query(text, values);
  const found = await existingTenant(q, slug);
  if (!found) throw new Error(`tenant '${slug}' is missing: generate the projects first`);
  const t = found.id;
  const existing = Number((await q(`select count(*) from service_providers where tenant_id = $1`, [t])).rows[0].count);
  if (existing === count) return providerSummary(q, slug, t, true);
  if (existing > 0)
    throw new Error(
      `tenant '${slug}' has ${existing} service providers, not ${count}: use a fresh database (delete bench/out/data-*)`,
    );
  const started = performance.now();
  await q('begin');
  try {
    await q(`select set_config('app.tenant_id', $1, true), setseed(0.2026)`, [t]);
    await q(`drop table if exists bench_sp_places`);
    await q(
      `create temp table bench_sp_places on commit drop as
       select row_number() over (order by suburb, postcode, k) as n, suburb, state, postcode, lat, lng
         from gazetteer g cross join lateral generate_series(0, coalesce(g.population, 0) / 2000) k
        where g.country = 'AU' and g.population >= 200`,
    );
    const places = Number((await q(`select count(*) from bench_sp_places`)).rows[0].count);
    await q(`drop table if exists bench_sp_cats`);
    await q(
      `create temp table bench_sp_cats on commit drop as
       select row_number() over (order by c.name) as n, c.id, c.name, array_agg(cs.service_id order by cs.service_id) as svcs
         from categories c join category_services cs on cs.tenant_id = c.tenant_id and cs.category_id = c.id
        where c.tenant_id = $1 group by c.id, c.name`,
      [t],
    );
    const cats = (await q(`select name from bench_sp_cats order by n`)).rows.map((r: { name: string }) => r.name);
    const ncat = cats.length;

    // The providers, with their index n (1..count) kept in a temp table for the related rows.
    await q(`drop table if exists bench_sp`);
    await q(
      `create temp table bench_sp on commit drop as
       select r.n, gen_random_uuid() as id, r.a, r.b, r.c, r.d, r.e,
              1 + (r.n * 7) % ${ncat} as cat1, case when r.n % 3 = 0 then 1 + (r.n * 13 + 3) % ${ncat} end as cat2,
              pl.suburb, pl.state, pl.postcode,
              case when r.e >= 0.03 then pl.lat + (r.c - 0.5) * 0.01 end as lat,
              case when r.e >= 0.03 then pl.lng + (r.d - 0.5) * 0.01 end as lng,
              2 + ((r.n * 7919) % 300) / 100.0 as quality
         from (select n, random() a, random() b, random() c, random() d, random() e from generate_series(1, ${count}) n) r
         join bench_sp_places pl on pl.n = 1 + floor(r.a * ${places})::int`,
    );
    await q(`update bench_sp set cat2 = null where cat2 = cat1`);
    await q(
      `insert into service_providers (tenant_id, id, name, status_code, director_name, email, phone, website, street, suburb, state, postcode,
                                      lat, lng, geo_precision, preferred_postcodes, preferred_states, created_at)
       select $1, s.id,
              -- Names are unique per company whatever the case (migration 0041): a repeat gets ' 2', ' 3', ...
              s.base || coalesce(' ' || nullif(row_number() over (partition by lower(s.base) order by s.n), 1), ''),
              case when s.b < 0.75 then 'approved' when s.b < 0.83 then 'evaluating' when s.b < 0.89 then 'pending'
                   when s.b < 0.94 then 'not_approved' when s.b < 0.98 then 'licence_restricted' else 'deleted' end,
              ($4::text[])[1 + s.n % 30] || ' ' || ($5::text[])[1 + (s.n / 30) % 30],
              'jobs@sp' || s.n || '.example', (array['02','03','07','08'])[1 + s.n % 4] || ' ' || (3000 + s.n % 7000) || ' ' || (1000 + (s.n * 37) % 9000),
              case when s.n % 5 <> 0 then 'https://www.sp' || s.n || '.example' end,
              (1 + s.n % 300) || ' ' || ($6::text[])[1 + s.n % array_length($6::text[], 1)], s.suburb, s.state, s.postcode,
              s.lat, s.lng, case when s.lat is not null then 'suburb' end,
              case when s.e > 0.9 then array[s.postcode] else '{}'::text[] end,
              case when s.e between 0.2 and 0.4 then array[s.state] else '{}'::text[] end,
              now() - make_interval(days => (s.n % 900))
         from (select b.*, ($2::text[])[1 + b.n % array_length($2::text[], 1)] || ' ' || ($3::text[])[b.cat1] || ' ' || b.suburb as base
                 from bench_sp b) s`,
      [t, PROVIDER_WORDS, cats.map((c: string) => PROVIDER_TRADES[c] ?? c), FIRST, LAST, STREETS],
    );
    log(`  ${slug}: ${count} providers`);
    await q(
      `insert into provider_categories (tenant_id, provider_id, category_id)
       select $1, s.id, c.id from bench_sp s cross join lateral (values (s.cat1), (s.cat2)) v(k) join bench_sp_cats c on c.n = v.k`,
      [t],
    );
    await q(
      `insert into provider_services (tenant_id, provider_id, service_id)
       select distinct $1::uuid, s.id, x.svc
         from bench_sp s cross join lateral (values (s.cat1), (s.cat2)) v(k) join bench_sp_cats c on c.n = v.k
         cross join lateral unnest(c.svcs) with ordinality x(svc, i)
        where x.i = 1 or (s.n * 31 + x.i * 17) % 10 < 7`,
      [t],
    );
    // Unavailable periods: 10% of providers, one or two, from a month back to seven months ahead.
    await q(
      `insert into provider_availabilities (tenant_id, provider_id, start_date, end_date, note)
       select $1, s.id, current_date + o.d, current_date + o.d + (s.n * k) % 21, 'Annual leave'
         from bench_sp s cross join lateral generate_series(1, 1 + s.n % 2) k
         cross join lateral (select ((s.n * 37 + k * 101) % 240) - 30 as d) o
        where s.n % 10 = 0`,
      [t],
    );
    await q(
      `insert into users (tenant_id, email, first_name, last_name, role, position, service_provider_id, mobile)
       select $1, 'sp' || s.n || '.' || k || '@providers.test', ($2::text[])[1 + (s.n + k * 7) % 30], ($3::text[])[1 + (s.n * 3 + k) % 30],
              case when k = 1 then 'sp_admin' else 'sp_employee' end, case when k = 1 then 'Director' else 'Technician' end, s.id,
              ${mobileSql('s.n * 7919 + k * 104729')}
         from bench_sp s cross join lateral generate_series(1, 1 + s.n % 2) k`,
      [t, FIRST, LAST],
    );
    log(`  ${slug}: categories, services, unavailable periods, users`);

    // Certificates: insurance for 95% (a fifth lapsed, a few with no expiry), the safety plan for 85%.
    await q(
      `insert into certificate_types (tenant_id, name, mandatory_for_users, mandatory_for_providers)
       select $1, n, u, p from unnest($2::text[], $3::bool[], $4::bool[]) x(n, u, p)
       on conflict do nothing`,
      [
        t,
        BENCH_CERTIFICATE_TYPES.map((c) => c.name),
        BENCH_CERTIFICATE_TYPES.map((c) => c.users),
        BENCH_CERTIFICATE_TYPES.map((c) => c.providers),
      ],
    );
    await q(
      `insert into certificates (tenant_id, type_id, provider_id, name, license_number, issue_date, expiry)
       select $1, ct.id, s.id, ct.name, 'PL' || lpad(s.n::text, 8, '0'), current_date - 300 + (s.n * 53) % 500 - 200,
              case when s.n % 50 = 0 then null else current_date + (s.n * 53) % 500 - 100 end
         from bench_sp s join certificate_types ct on ct.tenant_id = $1 and ct.name = 'Public Liability Insurance'
        where s.n % 20 <> 0`,
      [t],
    );
    await q(
      `insert into certificates (tenant_id, type_id, provider_id, name, issue_date, expiry)
       select $1, ct.id, s.id, ct.name, current_date - (s.n % 700), case when s.n % 2 = 0 then null else current_date + (s.n * 29) % 400 - 30 end
         from bench_sp s join certificate_types ct on ct.tenant_id = $1 and ct.name = 'Work Health and Safety Plan'
        where s.n % 7 <> 0`,
      [t],
    );
    log(`  ${slug}: certificates`);

    // Assignments: 60% of the projects past the quote stage, to an active provider of the same state.
    await q(`drop table if exists bench_sp_state`);
    await q(
      `create temp table bench_sp_state on commit drop as
       select s.state, row_number() over (partition by s.state order by s.n) as k, count(*) over (partition by s.state) as cnt, s.id, s.n
         from bench_sp s join service_providers sp on sp.tenant_id = $1 and sp.id = s.id
        where sp.status_code in ('approved', 'licence_restricted') and s.lat is not null`,
      [t],
    );
    await q(`create index on bench_sp_state (state, k)`);
    await q(
      `update projects p set service_provider_id = x.id
         from (select p2.id as pid, s.id
                 from projects p2
                 join (select distinct state, cnt from bench_sp_state) c on c.state = p2.state
                 join bench_sp_state s on s.state = c.state and s.k = 1 + (p2.id * 7919) % c.cnt
                where p2.tenant_id = $1 and p2.status <> 'quote' and p2.id % 10 < 6) x
        where p.tenant_id = $1 and p.id = x.pid`,
      [t],
    );
    await q(
      `insert into project_provider_staff (tenant_id, project_id, user_id)
       select $1, p.id, u.id from projects p
         join lateral (select id from users u where u.tenant_id = $1 and u.service_provider_id = p.service_provider_id order by email limit 1) u on true
        where p.tenant_id = $1 and p.service_provider_id is not null`,
      [t],
    );
    await q(
      `insert into provider_ratings (tenant_id, provider_id, project_id, kind, rating, rated_by, created_at, updated_at)
       select $1, p.service_provider_id, p.id, k.kind,
              least(5, greatest(0.5, round((s.quality + (random() - 0.5) * 2.5) * 2) / 2)),
              case when k.kind = 'performance' then p.project_manager_id else p.client_am_id end,
              coalesce(p.completed_on, p.end_date, now()), coalesce(p.completed_on, p.end_date, now())
         from projects p join bench_sp s on s.id = p.service_provider_id
         cross join lateral (values ('performance'), ('customer')) k(kind)
        where p.tenant_id = $1 and p.status in ('completed', 'closed')
          and case when k.kind = 'performance' then p.id % 5 <> 0 else p.id % 5 < 3 end`,
      [t],
    );
    await q(
      `update service_providers sp
          set performance_rating = r.perf, performance_rating_count = r.perf_n, customer_rating = r.cust, customer_rating_count = r.cust_n
         from (select provider_id,
                      round((avg(rating) filter (where kind = 'performance'))::numeric, 2)::float8 as perf,
                      count(*) filter (where kind = 'performance')::int as perf_n,
                      round((avg(rating) filter (where kind = 'customer'))::numeric, 2)::float8 as cust,
                      count(*) filter (where kind = 'customer')::int as cust_n
                 from provider_ratings where tenant_id = $1 group by provider_id) r
        where sp.tenant_id = $1 and sp.id = r.provider_id`,
      [t],
    );
    await q('commit');
  } catch (error) {
    await q('rollback').catch(() => undefined);
    throw error;
  }
  log(`  ${slug}: providers done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return providerSummary(q, slug, t, false);
}

/** Add (or reuse) the providers of the big tenant and the noise tenants (generateDataset first); then vacuum. */
export async function generateProviders(
  ownerUrl: string,
  dataset: Dataset,
  opts: ProviderOptions,
): Promise<{ tenants: ProviderSummary[]; ms: number }> {
  const log = opts.log ?? (() => undefined);
  const started = performance.now();
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    const out: ProviderSummary[] = [];
    for (const [i, t] of dataset.tenants.entries())
      out.push(await generateTenantProviders(client, t.slug, i === 0 ? opts.providers : opts.noiseProviders, log));
    if (out.some((t) => !t.reused)) {
      log('  vacuum analyze...');
      await client.query(
        `vacuum (analyze) service_providers, provider_categories, provider_services, provider_availabilities, provider_ratings,
                          project_provider_staff, certificates, certificate_types, projects, users`,
      );
    }
    return { tenants: out, ms: performance.now() - started };
  } finally {
    await client.end();
  }
}

export function parseProviderArgs(args: string[]): { providers: number; noiseProviders: number } {
  const { values } = parseArgs({
    args,
    strict: false,
    options: { providers: { type: 'string' }, 'noise-providers': { type: 'string' } },
  });
  const int = (v: unknown, d: number) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : d);
  const providers = int(values.providers, 20_000);
  return { providers, noiseProviders: int(values['noise-providers'], Math.min(2_000, Math.round(providers / 10))) };
}

/** Generate (or reuse) the big tenant and the noise tenants; then vacuum so indexes and statistics are fresh. */
export async function generateDataset(ownerUrl: string, opts: GenerateOptions): Promise<Dataset> {
  const log = opts.log ?? (() => undefined);
  const started = performance.now();
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    const passwordHash = await hashPassword(BENCH_PASSWORD);
    const tenants: TenantSummary[] = [];
    tenants.push(await generateTenant(client, BENCH_SLUG, 'Bench Services Pty Ltd', opts.projects, passwordHash, log));
    for (let i = 1; i <= opts.noise; i++) {
      tenants.push(
        await generateTenant(
          client,
          `bench-noise-${i}`,
          `Noise Company ${i} Pty Ltd`,
          opts.noiseProjects,
          passwordHash,
          log,
        ),
      );
    }
    if (tenants.some((t) => !t.reused)) {
      log('  vacuum analyze...');
      // Bulk inserts leave GIN (trigram) entries in the pending list and no statistics: settle both.
      await client.query(
        'vacuum (analyze) projects, project_categories, project_services, project_tags, site_contacts, clients, users',
      );
    }
    return { tenants, ms: performance.now() - started };
  } finally {
    await client.end();
  }
}

export function parseGenerateArgs(args: string[]) {
  const { values } = parseArgs({
    args,
    strict: false,
    options: { projects: { type: 'string' }, noise: { type: 'string' }, 'noise-projects': { type: 'string' } },
  });
  const int = (v: unknown, d: number) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : d);
  const projects = int(values.projects, 100_000);
  return {
    projects,
    noise: int(values.noise, 2),
    noiseProjects: int(values['noise-projects'], Math.min(10_000, projects)),
  };
}

async function main() {
  const opts = parseGenerateArgs(process.argv.slice(2));
  let ownerUrl = process.env.DATABASE_URL;
  let stop: (() => Promise<void>) | undefined;
  if (!ownerUrl) {
    const dir = path.join(BENCH_DIR, 'out', `data-${opts.projects}`);
    const embedded = await startEmbeddedPostgres(dir, console.log);
    ownerUrl = embedded.url;
    stop = embedded.stop;
    console.log(`Embedded PostgreSQL in ${dir}`);
  }
  try {
    await runMigrations(ownerUrl);
    await loadGazetteer(ownerUrl, console.log);
    const ds = await generateDataset(ownerUrl, { ...opts, log: console.log });
    for (const t of ds.tenants)
      console.log(
        `${t.slug}: ${t.projects} projects, ${t.clients} clients, ${t.staff} staff, ${t.siteContacts} site contacts${t.reused ? ' (reused)' : ''}`,
      );
    if (process.argv.includes('--providers')) {
      const sp = await generateProviders(ownerUrl, ds, {
        ...parseProviderArgs(process.argv.slice(2)),
        log: console.log,
      });
      for (const t of sp.tenants)
        console.log(
          `${t.slug}: ${t.providers} providers, ${t.users} provider users, ${t.certificates} certificates, ${t.assignedProjects} projects assigned, ${t.ratings} ratings${t.reused ? ' (reused)' : ''}`,
        );
    }
    console.log(
      `Done in ${(ds.ms / 1000).toFixed(1)} s. Sign in as ${benchAdminEmail(BENCH_SLUG)} / ${BENCH_PASSWORD}`,
    );
  } finally {
    await stop?.();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
