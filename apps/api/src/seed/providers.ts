/**
 * Demo service providers for the 'demo' tenant: about 40 contractors around Australian cities at
 * real gazetteer places, with categories and services, preferences, unavailable periods, users
 * who sign in (sp_admin, sp_employee), assignments to the demo projects near them (with their
 * staff), and ratings on completed and closed projects with the providers' averages in step.
 * Idempotent (nothing happens once the tenant has providers), deterministic (a seeded random
 * sequence), one transaction. Runs after the demo projects (seed/projects.ts).
 */
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { greatCircleKm, type ProjectStatus, type ProviderStatus } from '@siteflow/core';
import { withTenant, type Db, type Tx } from '../platform/db/client.js';
import {
  categories,
  categoryServices,
  projectCategories,
  projectProviderStaff,
  projects,
  providerAvailabilities,
  providerCategories,
  providerRatings,
  providerServices,
  serviceProviders,
  services,
  users,
} from '../platform/db/schema.js';
import { FIRST_NAMES, LAST_NAMES, STREETS } from './vocabulary.js';

/** A provider user who signs in to the demo with the demo password (sp_admin of SparkRight Electrical). */
export const DEMO_PROVIDER_ADMIN = {
  email: 'sam.brooks@sparkright.test',
  firstName: 'Sam',
  lastName: 'Brooks',
  provider: 'SparkRight Electrical & Data',
};
const LOCK = 727004;

export type DemoProvidersReport = {
  created: boolean;
  providers: number;
  users: number;
  assigned: number;
  ratings: number;
  providerAdminEmail: string;
};

// ---------------------------------------------------------------------------------------------
// Reference data

type ProviderSeed = {
  name: string;
  /** example.com-style domain word: e-mails jobs@<domain>.example, users first.last@<domain>.test. */
  domain: string;
  /** A real gazetteer (suburb, postcode) pair. */
  place: [string, string];
  categories: string[];
  status?: ProviderStatus;
};

/** Grouped by city; status approved unless given. */
export const DEMO_PROVIDERS: ProviderSeed[] = [
  // Brisbane
  {
    name: DEMO_PROVIDER_ADMIN.provider,
    domain: 'sparkright',
    place: ['Milton', '4064'],
    categories: ['Electrical', 'Security'],
  },
  {
    name: 'Rivercity Plumbing & Gas',
    domain: 'rivercityplumbing',
    place: ['Rocklea', '4106'],
    categories: ['Plumbing'],
  },
  { name: 'Coolbreeze Air Conditioning', domain: 'coolbreeze', place: ['Virginia', '4014'], categories: ['HVAC'] },
  {
    name: 'Sentinel Security Systems',
    domain: 'sentinelsecurity',
    place: ['Eagle Farm', '4009'],
    categories: ['Security'],
  },
  { name: 'Firestop Protection Services', domain: 'firestop', place: ['Strathpine', '4500'], categories: ['Fire'] },
  {
    name: 'Bayside Maintenance Group',
    domain: 'baysidemaintenance',
    place: ['Capalaba', '4157'],
    categories: ['Electrical', 'Plumbing'],
    status: 'evaluating',
  },
  {
    name: 'Western Corridor Electrical',
    domain: 'westerncorridor',
    place: ['Ipswich', '4305'],
    categories: ['Electrical'],
    status: 'not_approved',
  },
  // Gold Coast
  {
    name: 'Surfside Electrical Services',
    domain: 'surfsideelectrical',
    place: ['Southport', '4215'],
    categories: ['Electrical'],
  },
  {
    name: 'Burleigh Plumbing Co',
    domain: 'burleighplumbing',
    place: ['Burleigh Heads', '4220'],
    categories: ['Plumbing'],
  },
  {
    name: 'Hinterland HVAC',
    domain: 'hinterlandhvac',
    place: ['Nerang', '4211'],
    categories: ['HVAC'],
    status: 'licence_restricted',
  },
  {
    name: 'Coomera Security & Data',
    domain: 'coomerasecurity',
    place: ['Coomera', '4209'],
    categories: ['Security', 'Electrical'],
    status: 'evaluating',
  },
  // Sunshine Coast
  {
    name: 'Coastline Climate Control',
    domain: 'coastlineclimate',
    place: ['Maroochydore', '4558'],
    categories: ['HVAC', 'Electrical'],
  },
  { name: 'Caloundra Fire Services', domain: 'caloundrafire', place: ['Caloundra', '4551'], categories: ['Fire'] },
  {
    name: 'Noosa Sparks',
    domain: 'noosasparks',
    place: ['Noosaville', '4566'],
    categories: ['Electrical'],
    status: 'pending',
  },
  // Regional Queensland
  {
    name: 'Darling Downs Plumbing',
    domain: 'darlingdowns',
    place: ['Toowoomba City', '4350'],
    categories: ['Plumbing', 'HVAC'],
  },
  {
    name: 'Tropic Air Townsville',
    domain: 'tropicair',
    place: ['Garbutt', '4814'],
    categories: ['HVAC', 'Electrical'],
  },
  {
    name: 'Reef City Electrical',
    domain: 'reefcity',
    place: ['Portsmith', '4870'],
    categories: ['Electrical', 'Security'],
  },
  // Sydney
  {
    name: 'Harbour Switch Electrical',
    domain: 'harbourswitch',
    place: ['Alexandria', '2015'],
    categories: ['Electrical'],
  },
  {
    name: 'Parramatta Plumbing Solutions',
    domain: 'parramattaplumbing',
    place: ['Parramatta', '2150'],
    categories: ['Plumbing'],
  },
  { name: 'North Shore Air', domain: 'northshoreair', place: ['Chatswood', '2067'], categories: ['HVAC'] },
  { name: 'Nepean Fire Protection', domain: 'nepeanfire', place: ['Penrith', '2750'], categories: ['Fire'] },
  {
    name: 'Westside Security Integration',
    domain: 'westsidesecurity',
    place: ['Wetherill Park', '2164'],
    categories: ['Security'],
  },
  {
    name: 'Northern Beaches Electrical',
    domain: 'northernbeaches',
    place: ['Brookvale', '2100'],
    categories: ['Electrical'],
    status: 'pending',
  },
  // Newcastle, Wollongong
  {
    name: 'Hunter Valley Mechanical',
    domain: 'huntermechanical',
    place: ['Mayfield West', '2304'],
    categories: ['HVAC', 'Plumbing'],
  },
  {
    name: 'Illawarra Fire & Electrical',
    domain: 'illawarrafire',
    place: ['Wollongong', '2500'],
    categories: ['Fire', 'Electrical'],
  },
  // Canberra
  {
    name: 'Capital Climate Services',
    domain: 'capitalclimate',
    place: ['Fyshwick', '2609'],
    categories: ['HVAC', 'Plumbing'],
  },
  {
    name: 'Limestone Plains Electrical',
    domain: 'limestoneplains',
    place: ['Mitchell', '2911'],
    categories: ['Electrical', 'Security'],
    status: 'evaluating',
  },
  // Melbourne, Geelong
  {
    name: 'Yarra Electrical Contractors',
    domain: 'yarraelectrical',
    place: ['Richmond', '3121'],
    categories: ['Electrical'],
  },
  {
    name: 'Southeast Plumbing & Drainage',
    domain: 'southeastplumbing',
    place: ['Dandenong', '3175'],
    categories: ['Plumbing'],
  },
  {
    name: 'Westgate Fire Services',
    domain: 'westgatefire',
    place: ['Footscray', '3011'],
    categories: ['Fire'],
    status: 'licence_restricted',
  },
  {
    name: 'Whitehorse Security',
    domain: 'whitehorsesecurity',
    place: ['Box Hill', '3128'],
    categories: ['Security'],
    status: 'evaluating',
  },
  {
    name: 'Airport Mechanical Services',
    domain: 'airportmechanical',
    place: ['Tullamarine', '3043'],
    categories: ['HVAC', 'Fire'],
  },
  {
    name: 'Corio Bay Electrical',
    domain: 'coriobay',
    place: ['North Geelong', '3215'],
    categories: ['Electrical', 'Plumbing'],
  },
  // Adelaide
  {
    name: 'Port Road Electrical',
    domain: 'portroad',
    place: ['Mile End', '5031'],
    categories: ['Electrical', 'Security'],
  },
  {
    name: 'Northern Adelaide Plumbing',
    domain: 'northernadelaide',
    place: ['Salisbury', '5108'],
    categories: ['Plumbing'],
  },
  {
    name: 'Wingfield Fire & Security',
    domain: 'wingfieldfire',
    place: ['Wingfield', '5013'],
    categories: ['Fire', 'Security'],
    status: 'pending',
  },
  // Perth
  {
    name: 'Swan River Electrical',
    domain: 'swanriver',
    place: ['Osborne Park', '6017'],
    categories: ['Electrical', 'Security'],
  },
  {
    name: 'Welshpool Mechanical',
    domain: 'welshpoolmechanical',
    place: ['Welshpool', '6106'],
    categories: ['HVAC', 'Plumbing'],
  },
  { name: 'Malaga Fire Protection', domain: 'malagafire', place: ['Malaga', '6090'], categories: ['Fire'] },
  {
    name: 'Fremantle Security & Comms',
    domain: 'fremantlesecurity',
    place: ['Fremantle', '6160'],
    categories: ['Security'],
    status: 'not_approved',
  },
  // Hobart, Launceston
  {
    name: 'Derwent Electrical & Data',
    domain: 'derwentelectrical',
    place: ['Moonah', '7009'],
    categories: ['Electrical', 'Security', 'Fire'],
  },
  {
    name: 'Tamar Plumbing & Gas',
    domain: 'tamarplumbing',
    place: ['Launceston', '7250'],
    categories: ['Plumbing', 'HVAC'],
    status: 'licence_restricted',
  },
  // Darwin
  {
    name: 'Top End Air & Electrical',
    domain: 'topendair',
    place: ['Winnellie', '0820'],
    categories: ['HVAC', 'Electrical', 'Plumbing'],
  },
];

/** What a provider user does, by the provider's first category. */
const TRADE_POSITIONS: Record<string, string[]> = {
  Electrical: ['Electrician', 'Apprentice Electrician', 'Data Technician'],
  Plumbing: ['Plumber', 'Gas Fitter', 'Apprentice Plumber'],
  HVAC: ['HVAC Technician', 'Refrigeration Mechanic'],
  Security: ['Security Technician', 'CCTV Installer'],
  Fire: ['Fire Protection Technician', 'Sprinkler Fitter'],
};
const OFFICE_POSITIONS = ['Office Manager', 'Scheduler', 'Operations Coordinator'];

const AREA_CODE: Record<string, string> = {
  QLD: '07',
  NSW: '02',
  ACT: '02',
  VIC: '03',
  TAS: '03',
  SA: '08',
  WA: '08',
  NT: '08',
};
const MAILBOXES = ['jobs', 'office', 'service', 'admin', 'accounts'];
const NOTES = [
  'Prefers 48 hours notice for after-hours work.',
  'Holds keys for two Harbourside sites.',
  'Can supply an elevated work platform.',
  'Invoices fortnightly; purchase order number required.',
  'Crew of four; two vans.',
];
const PERFORMANCE_COMMENTS = [
  'On time and left the site clean.',
  'Good work, paperwork late.',
  'Needed a second visit to finish.',
  'Excellent communication with the site contact.',
  'Arrived late on day one.',
];
const CUSTOMER_COMMENTS = [
  'Very happy with the result.',
  'Friendly and tidy technicians.',
  'Took longer than quoted.',
  'Would book again.',
];
const LEAVE_NOTES = [
  'Annual leave',
  'Crew booked on a shutdown',
  'Christmas close-down',
  'Vehicle off the road',
  'Training week',
];

/** Share of projects given a provider, by status (quotes have none yet). */
const ASSIGN_SHARE: Record<ProjectStatus, number> = {
  quote: 0,
  on_hold: 0.5,
  order: 0.7,
  scheduled: 0.95,
  completed: 1,
  cancelled: 0.4,
  closed: 1,
};
/** Providers are assigned projects within this distance of their base (city contractors serve regional towns). */
const ASSIGN_RADIUS_KM = 300;
/** The demo login's provider takes the work it offers within this distance, so its login has projects to show. */
const DEMO_PROVIDER_REACH_KM = 150;

// ---------------------------------------------------------------------------------------------
// Helpers (shared with seed/certificates.ts)

/** mulberry32: the same demo every time. */
export function randomSequence(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const some = <T>(list: readonly T[], min: number, max: number): T[] => {
    const copy = [...list];
    const out: T[] = [];
    for (let n = int(min, Math.min(max, copy.length)); n > 0; n--)
      out.push(copy.splice(Math.floor(next() * copy.length), 1)[0]!);
    return out;
  };
  return { next, int, pick, some };
}
export type Random = ReturnType<typeof randomSequence>;

const pad = (n: number) => String(n).padStart(2, '0');
/** The local calendar day of `d` as 'YYYY-MM-DD'. */
export const isoDay = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
/** 'YYYY-MM-DD' plus days (calendar arithmetic, no time zone). */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.slice(0, 10).split('-').map(Number);
  const t = new Date(Date.UTC(y!, m! - 1, d! + days));
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}
const emailName = (s: string) => s.toLowerCase().replace(/[^a-z]/g, '');
const overlaps = (a: [string, string], b: [string, string]) => a[0] <= b[1] && b[0] <= a[1];
/** A rating from 0.5 to 5 in half stars around a provider's usual standard. */
const halfStars = (value: number) => Math.min(5, Math.max(0.5, Math.round(value * 2) / 2));

// ---------------------------------------------------------------------------------------------

/** Seed the demo tenant's service providers unless it has some already. */
export async function seedDemoProviders(
  db: Db,
  tenantId: string,
  opts: { passwordHash: string; today: Date },
): Promise<DemoProvidersReport> {
  return withTenant(db, tenantId, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK})`);
    const [existing] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(serviceProviders)
      .where(eq(serviceProviders.tenantId, tenantId));
    if (existing && existing.n > 0)
      return {
        created: false,
        providers: existing.n,
        users: 0,
        assigned: 0,
        ratings: 0,
        providerAdminEmail: DEMO_PROVIDER_ADMIN.email,
      };
    return createDemoProviders(tx, tenantId, opts);
  });
}

type ProjectRow = {
  id: number;
  status: ProjectStatus;
  start: string | null;
  end: string | null;
  lat: number | null;
  lng: number | null;
  postcode: string | null;
  clientId: string;
  clientAmId: string | null;
  managerId: string;
  cats: Set<string>;
};

async function createDemoProviders(
  tx: Tx,
  tenantId: string,
  opts: { passwordHash: string; today: Date },
): Promise<DemoProvidersReport> {
  const r = randomSequence(20261204);
  const today = isoDay(opts.today);

  // Places from the gazetteer (providers have no coordinates when it is not loaded).
  const placeRows = await tx.execute<{ suburb: string; state: string; postcode: string; lat: number; lng: number }>(sql`
    select suburb, state, postcode, lat, lng from gazetteer
     where country = 'AU' and (suburb, postcode) in (${sql.join(
       DEMO_PROVIDERS.map(({ place: [s, p] }) => sql`(${s}, ${p})`),
       sql`, `,
     )})`);
  const byPlace = new Map(placeRows.rows.map((p) => [`${p.suburb}|${p.postcode}`, p]));

  // The catalogue of the demo projects (seed/projects.ts): category -> its services.
  const catRows = await tx
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(eq(categories.tenantId, tenantId));
  const catId = new Map(catRows.map((c) => [c.name, c.id]));
  const offered = await tx
    .select({ categoryId: categoryServices.categoryId, serviceId: categoryServices.serviceId, name: services.name })
    .from(categoryServices)
    .innerJoin(
      services,
      and(eq(services.tenantId, categoryServices.tenantId), eq(services.id, categoryServices.serviceId)),
    )
    .where(eq(categoryServices.tenantId, tenantId))
    .orderBy(services.name);
  const servicesOf = (categoryId: string) => offered.filter((o) => o.categoryId === categoryId).map((o) => o.serviceId);

  // Providers.
  const plans = DEMO_PROVIDERS.map((p, i) => {
    const place = byPlace.get(`${p.place[0]}|${p.place[1]}`);
    const state = place?.state ?? null;
    const known = i === 0;
    const director = known
      ? { first: DEMO_PROVIDER_ADMIN.firstName, last: DEMO_PROVIDER_ADMIN.lastName }
      : { first: r.pick(FIRST_NAMES), last: r.pick(LAST_NAMES) };
    const area = AREA_CODE[state ?? 'QLD'] ?? '07';
    return {
      seed: p,
      index: i,
      place,
      director,
      /** The provider's usual standard: ratings scatter around it. */
      quality: 2.6 + r.next() * 2.3,
      row: {
        tenantId,
        name: p.name,
        statusCode: p.status ?? 'approved',
        directorName: `${director.first} ${director.last}`,
        email: `${r.pick(MAILBOXES)}@${p.domain}.example`,
        phone: `${area} ${r.int(3000, 9999)} ${r.int(1000, 9999)}`,
        website: r.next() < 0.85 ? `https://www.${p.domain}.example` : null,
        street: `${r.next() < 0.3 ? `Unit ${r.int(1, 12)}/` : ''}${r.int(2, 180)} ${r.pick(STREETS)}`,
        suburb: p.place[0],
        state,
        postcode: p.place[1],
        lat: place?.lat ?? null,
        lng: place?.lng ?? null,
        geoPrecision: place ? 'suburb' : null,
        notes: r.next() < 0.3 ? r.pick(NOTES) : null,
      } satisfies typeof serviceProviders.$inferInsert,
    };
  });
  const inserted = await tx
    .insert(serviceProviders)
    .values(plans.map((p) => p.row))
    .returning({ id: serviceProviders.id, name: serviceProviders.name });
  const providerId = new Map(inserted.map((p) => [p.name, p.id]));
  const providers = plans.map((p) => ({ ...p, id: providerId.get(p.seed.name)! }));

  // Categories and services (most of each category's services).
  const pCats = providers.flatMap((p) =>
    p.seed.categories
      .filter((c) => catId.has(c))
      .map((c) => ({ tenantId, providerId: p.id, categoryId: catId.get(c)! })),
  );
  if (pCats.length) await tx.insert(providerCategories).values(pCats);
  const pServices = providers.flatMap((p) => {
    const ids = new Set(
      p.seed.categories.flatMap((c) => {
        const all = catId.has(c) ? servicesOf(catId.get(c)!) : [];
        return r.some(all, Math.max(1, all.length - 1), all.length);
      }),
    );
    return [...ids].map((serviceId) => ({ tenantId, providerId: p.id, serviceId }));
  });
  if (pServices.length) await tx.insert(providerServices).values(pServices);

  // Users: the director is the provider's admin; up to two employees. All sign in with the demo password.
  const userPlans = providers.flatMap((p) => {
    const names = new Set<string>();
    const positions = TRADE_POSITIONS[p.seed.categories[0]!] ?? OFFICE_POSITIONS;
    const list: { first: string; last: string; role: 'sp_admin' | 'sp_employee'; position: string }[] = [
      { ...p.director, role: 'sp_admin', position: 'Director' },
    ];
    names.add(`${p.director.first} ${p.director.last}`);
    for (let k = r.int(p.index === 0 ? 2 : 0, 2); k > 0; k--) {
      const first = r.pick(FIRST_NAMES);
      const last = r.pick(LAST_NAMES);
      if (names.has(`${first} ${last}`)) continue;
      names.add(`${first} ${last}`);
      list.push({
        first,
        last,
        role: 'sp_employee',
        position: r.next() < 0.8 ? r.pick(positions) : r.pick(OFFICE_POSITIONS),
      });
    }
    return list.map((u) => ({
      tenantId,
      email: `${emailName(u.first)}.${emailName(u.last)}@${p.seed.domain}.test`,
      firstName: u.first,
      lastName: u.last,
      role: u.role,
      position: u.position,
      mobile: `04${r.int(10, 99)} ${r.int(100, 999)} ${r.int(100, 999)}`,
      phone: p.row.phone,
      suburb: p.row.suburb,
      state: p.row.state,
      postcode: p.row.postcode,
      serviceProviderId: p.id,
      passwordHash: opts.passwordHash,
    }));
  });
  await tx.insert(users).values(userPlans).onConflictDoNothing();
  const providerUsers = await tx
    .select({ id: users.id, role: users.role, providerId: users.serviceProviderId })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), isNotNull(users.serviceProviderId)))
    .orderBy(users.email);
  const usersOf = (id: string) => providerUsers.filter((u) => u.providerId === id);

  // The demo projects, in code order, with their categories (by name).
  const projectRows = await tx
    .select({
      id: projects.id,
      status: projects.status,
      start: projects.startDate,
      end: projects.endDate,
      lat: projects.lat,
      lng: projects.lng,
      postcode: projects.postcode,
      clientId: projects.clientId,
      clientAmId: projects.clientAmId,
      managerId: projects.projectManagerId,
    })
    .from(projects)
    .where(eq(projects.tenantId, tenantId))
    .orderBy(projects.seq);
  const catName = new Map(catRows.map((c) => [c.id, c.name]));
  const projectCats = projectRows.length
    ? await tx
        .select({ projectId: projectCategories.projectId, categoryId: projectCategories.categoryId })
        .from(projectCategories)
        .where(
          and(
            eq(projectCategories.tenantId, tenantId),
            inArray(
              projectCategories.projectId,
              projectRows.map((p) => p.id),
            ),
          ),
        )
    : [];
  const demoProjects: ProjectRow[] = projectRows.map((p) => ({
    ...p,
    start: p.start ? p.start.slice(0, 10) : null,
    end: p.end ? p.end.slice(0, 10) : p.start ? p.start.slice(0, 10) : null,
    cats: new Set(projectCats.filter((c) => c.projectId === p.id).map((c) => catName.get(c.categoryId)!)),
  }));
  const km = (p: { lat: number | null; lng: number | null }, q: { lat: number | null; lng: number | null }) =>
    p.lat === null || p.lng === null || q.lat === null || q.lng === null
      ? Infinity
      : greatCircleKm({ lat: p.lat, lng: p.lng }, { lat: q.lat, lng: q.lng });
  const offers = (p: (typeof providers)[number], project: ProjectRow) =>
    p.seed.categories.some((c) => project.cats.has(c));

  /**
   * The demo login (sp_admin of the first provider) must have projects to look at: where too few of
   * the nearby projects are in its trades, it takes the nearest booked or finished ones within the
   * assignment radius (at most three) and adds their trades to what it offers (a multi-trade firm).
   */
  const giveDemoProviderWork = async () => {
    const demo = providers.find((p) => p.index === 0);
    if (!demo) return;
    const have = [...assigned.values()].filter((p) => p === demo).length;
    if (have >= 3) return;
    const nearest = demoProjects
      .filter((x) => x.status !== 'quote' && assigned.get(x.id) !== demo)
      .map((x) => ({ x, km: km(demo.row, x) }))
      .filter((c) => c.km <= ASSIGN_RADIUS_KM)
      .sort((a, b) => a.km - b.km)
      .slice(0, 3 - have);
    const added = new Set<string>();
    for (const { x } of nearest) {
      assigned.set(x.id, demo);
      if (!offers(demo, x)) for (const c of x.cats) if (!demo.seed.categories.includes(c)) added.add(c);
    }
    const rows = [...added]
      .filter((c) => catId.has(c))
      .map((c) => ({ tenantId, providerId: demo.id, categoryId: catId.get(c)! }));
    if (rows.length) await tx.insert(providerCategories).values(rows).onConflictDoNothing();
  };

  // Assignments: one of the two nearest providers that offer the work, approved (or, for finished
  // work, since restricted), within the radius; the demo login's provider first around Brisbane.
  const assigned = new Map<number, (typeof providers)[number]>();
  for (const project of demoProjects) {
    if (r.next() >= ASSIGN_SHARE[project.status]) continue;
    const done = project.status === 'completed' || project.status === 'closed';
    const candidates = providers
      .filter((p) => p.row.statusCode === 'approved' || (done && p.row.statusCode === 'licence_restricted'))
      .filter((p) => offers(p, project))
      .map((p) => ({ p, km: km(p.row, project) }))
      .filter((c) => c.km <= ASSIGN_RADIUS_KM)
      .sort((a, b) => a.km - b.km);
    if (!candidates.length) continue;
    const demo = candidates.find((c) => c.p.index === 0 && c.km <= DEMO_PROVIDER_REACH_KM);
    const chosen = demo ?? (candidates.length > 1 && r.next() < 0.25 ? candidates[1]! : candidates[0]!);
    assigned.set(project.id, chosen.p);
  }
  await giveDemoProviderWork();
  for (const [projectId, p] of assigned)
    await tx
      .update(projects)
      .set({ serviceProviderId: p.id })
      .where(and(eq(projects.tenantId, tenantId), eq(projects.id, projectId)));
  const staffRows = [...assigned].flatMap(([projectId, p]) => {
    const team = usersOf(p.id);
    const employees = team.filter((u) => u.role === 'sp_employee');
    const crew = employees.length ? r.some(employees, 1, 2) : team.slice(0, 1);
    return crew.map((u) => ({ tenantId, projectId, userId: u.id }));
  });
  if (staffRows.length) await tx.insert(projectProviderStaff).values(staffRows).onConflictDoNothing();

  // Ratings on finished work: performance by the project manager, customer by the client's user.
  const clientUsers = await tx
    .select({ id: users.id, clientId: users.clientId, role: users.role })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), isNotNull(users.clientId)))
    .orderBy(users.email);
  const ratingRows: (typeof providerRatings.$inferInsert)[] = [];
  for (const project of demoProjects) {
    const p = assigned.get(project.id);
    if (!p || (project.status !== 'completed' && project.status !== 'closed')) continue;
    if (r.next() < 0.9)
      ratingRows.push({
        tenantId,
        providerId: p.id,
        projectId: project.id,
        kind: 'performance',
        rating: halfStars(p.quality + (r.next() - 0.5) * 1.5),
        comment: r.next() < 0.5 ? r.pick(PERFORMANCE_COMMENTS) : null,
        ratedBy: project.managerId,
      });
    const rater =
      project.clientAmId ??
      clientUsers.find((u) => u.clientId === project.clientId && u.role === 'client_admin')?.id ??
      clientUsers.find((u) => u.clientId === project.clientId)?.id;
    if (rater && r.next() < 0.75)
      ratingRows.push({
        tenantId,
        providerId: p.id,
        projectId: project.id,
        kind: 'customer',
        rating: halfStars(p.quality + 0.3 + (r.next() - 0.5) * 1.5),
        comment: r.next() < 0.5 ? r.pick(CUSTOMER_COMMENTS) : null,
        ratedBy: rater,
      });
  }
  if (ratingRows.length) await tx.insert(providerRatings).values(ratingRows);
  await recomputeProviderRatings(tx, tenantId);

  // Unavailable periods. Some cover the dates of a nearby project they could have done (so the
  // search for that project marks them unavailable); some are leave ahead; some are history.
  const busy = (p: (typeof providers)[number]) =>
    demoProjects.filter((x) => assigned.get(x.id) === p && x.start).map((x) => [x.start!, x.end!] as [string, string]);
  const availability: (typeof providerAvailabilities.$inferInsert)[] = [];
  for (const p of providers) {
    const own = busy(p);
    const free = (period: [string, string]) => !own.some((b) => overlaps(b, period));
    const roll = r.next();
    if (roll < 0.3) {
      const near = demoProjects.filter(
        (x) => x.start && x.end! >= today && assigned.get(x.id) !== p && offers(p, x) && km(p.row, x) <= 100,
      );
      const target = near.length ? r.pick(near) : null;
      const period: [string, string] | null = target
        ? [addDays(target.start!, -r.int(0, 3)), addDays(target.end!, r.int(1, 5))]
        : null;
      if (period && free(period))
        availability.push({
          tenantId,
          providerId: p.id,
          startDate: period[0],
          endDate: period[1],
          note: r.pick(LEAVE_NOTES),
        });
    } else if (roll < 0.5) {
      const from = r.int(10, 90);
      const period: [string, string] = [addDays(today, from), addDays(today, from + r.int(2, 14))];
      if (free(period))
        availability.push({
          tenantId,
          providerId: p.id,
          startDate: period[0],
          endDate: period[1],
          note: r.pick(LEAVE_NOTES),
        });
    }
    if (r.next() < 0.15) {
      const from = -r.int(60, 200);
      const period: [string, string] = [addDays(today, from), addDays(today, from + r.int(3, 10))];
      if (free(period))
        availability.push({
          tenantId,
          providerId: p.id,
          startDate: period[0],
          endDate: period[1],
          note: 'Annual leave',
        });
    }
  }
  if (availability.length) await tx.insert(providerAvailabilities).values(availability);

  // Preferences: some prefer their state, some the postcodes of the work around them.
  for (const p of providers) {
    const preferredStates = p.index % 3 === 1 && p.row.state ? [p.row.state] : [];
    const preferredPostcodes =
      p.index % 4 === 2
        ? [
            ...new Set([
              p.row.postcode,
              ...demoProjects
                .filter((x) => x.postcode && km(p.row, x) <= 60)
                .map((x) => x.postcode!)
                .slice(0, 4),
            ]),
          ]
        : [];
    if (preferredStates.length || preferredPostcodes.length)
      await tx
        .update(serviceProviders)
        .set({ preferredStates, preferredPostcodes })
        .where(and(eq(serviceProviders.tenantId, tenantId), eq(serviceProviders.id, p.id)));
  }

  return {
    created: true,
    providers: providers.length,
    users: userPlans.length,
    assigned: assigned.size,
    ratings: ratingRows.length,
    providerAdminEmail: DEMO_PROVIDER_ADMIN.email,
  };
}

/** Providers' averages (two decimals, as features/providers/ratings.ts keeps them) and counts from their provider_ratings rows. */
export async function recomputeProviderRatings(tx: Tx, tenantId: string): Promise<void> {
  await tx.execute(sql`
    update service_providers sp
       set performance_rating = r.perf, performance_rating_count = r.perf_n,
           customer_rating = r.cust, customer_rating_count = r.cust_n, updated_at = now()
      from (select p.id,
                   round((avg(pr.rating) filter (where pr.kind = 'performance'))::numeric, 2)::float8 as perf,
                   count(pr.id) filter (where pr.kind = 'performance')::int as perf_n,
                   round((avg(pr.rating) filter (where pr.kind = 'customer'))::numeric, 2)::float8 as cust,
                   count(pr.id) filter (where pr.kind = 'customer')::int as cust_n
              from service_providers p
              left join provider_ratings pr on pr.tenant_id = p.tenant_id and pr.provider_id = p.id
             where p.tenant_id = ${tenantId}
             group by p.id) r
     where sp.tenant_id = ${tenantId} and sp.id = r.id`);
}
