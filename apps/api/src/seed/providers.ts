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
import type { Db, Tx } from '../platform/db/client.js';
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
import { tenantJoin } from '../platform/db/schema/columns.js';
import { FIRST_NAMES, LAST_NAMES, STREETS } from './vocabulary.js';
import { addDays, emailName, isoDay, mobileNumber, randomSequence } from './random.js';
import { seedOnce, type DemoSeedOptions } from './once.js';

// The providers' tests count days as the seed does.
export { addDays } from './random.js';

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
  status: ProviderStatus;
};

/** Grouped by city: name, domain, a real gazetteer suburb and postcode, categories (comma-separated), status. */
const PROVIDER_ROWS: [string, string, string, string, string, ProviderStatus][] = [
  // Brisbane
  [DEMO_PROVIDER_ADMIN.provider, 'sparkright', 'Milton', '4064', 'Electrical, Security', 'approved'],
  ['Rivercity Plumbing & Gas', 'rivercityplumbing', 'Rocklea', '4106', 'Plumbing', 'approved'],
  ['Coolbreeze Air Conditioning', 'coolbreeze', 'Virginia', '4014', 'HVAC', 'approved'],
  ['Sentinel Security Systems', 'sentinelsecurity', 'Eagle Farm', '4009', 'Security', 'approved'],
  ['Firestop Protection Services', 'firestop', 'Strathpine', '4500', 'Fire', 'approved'],
  ['Bayside Maintenance Group', 'baysidemaintenance', 'Capalaba', '4157', 'Electrical, Plumbing', 'evaluating'],
  ['Western Corridor Electrical', 'westerncorridor', 'Ipswich', '4305', 'Electrical', 'not_approved'],
  // Gold Coast
  ['Surfside Electrical Services', 'surfsideelectrical', 'Southport', '4215', 'Electrical', 'approved'],
  ['Burleigh Plumbing Co', 'burleighplumbing', 'Burleigh Heads', '4220', 'Plumbing', 'approved'],
  ['Hinterland HVAC', 'hinterlandhvac', 'Nerang', '4211', 'HVAC', 'licence_restricted'],
  ['Coomera Security & Data', 'coomerasecurity', 'Coomera', '4209', 'Security, Electrical', 'evaluating'],
  // Sunshine Coast
  ['Coastline Climate Control', 'coastlineclimate', 'Maroochydore', '4558', 'HVAC, Electrical', 'approved'],
  ['Caloundra Fire Services', 'caloundrafire', 'Caloundra', '4551', 'Fire', 'approved'],
  ['Noosa Sparks', 'noosasparks', 'Noosaville', '4566', 'Electrical', 'pending'],
  // Regional Queensland
  ['Darling Downs Plumbing', 'darlingdowns', 'Toowoomba City', '4350', 'Plumbing, HVAC', 'approved'],
  ['Tropic Air Townsville', 'tropicair', 'Garbutt', '4814', 'HVAC, Electrical', 'approved'],
  ['Reef City Electrical', 'reefcity', 'Portsmith', '4870', 'Electrical, Security', 'approved'],
  // Sydney
  ['Harbour Switch Electrical', 'harbourswitch', 'Alexandria', '2015', 'Electrical', 'approved'],
  ['Parramatta Plumbing Solutions', 'parramattaplumbing', 'Parramatta', '2150', 'Plumbing', 'approved'],
  ['North Shore Air', 'northshoreair', 'Chatswood', '2067', 'HVAC', 'approved'],
  ['Nepean Fire Protection', 'nepeanfire', 'Penrith', '2750', 'Fire', 'approved'],
  ['Westside Security Integration', 'westsidesecurity', 'Wetherill Park', '2164', 'Security', 'approved'],
  ['Northern Beaches Electrical', 'northernbeaches', 'Brookvale', '2100', 'Electrical', 'pending'],
  // Newcastle, Wollongong
  ['Hunter Valley Mechanical', 'huntermechanical', 'Mayfield West', '2304', 'HVAC, Plumbing', 'approved'],
  ['Illawarra Fire & Electrical', 'illawarrafire', 'Wollongong', '2500', 'Fire, Electrical', 'approved'],
  // Canberra
  ['Capital Climate Services', 'capitalclimate', 'Fyshwick', '2609', 'HVAC, Plumbing', 'approved'],
  ['Limestone Plains Electrical', 'limestoneplains', 'Mitchell', '2911', 'Electrical, Security', 'evaluating'],
  // Melbourne, Geelong
  ['Yarra Electrical Contractors', 'yarraelectrical', 'Richmond', '3121', 'Electrical', 'approved'],
  ['Southeast Plumbing & Drainage', 'southeastplumbing', 'Dandenong', '3175', 'Plumbing', 'approved'],
  ['Westgate Fire Services', 'westgatefire', 'Footscray', '3011', 'Fire', 'licence_restricted'],
  ['Whitehorse Security', 'whitehorsesecurity', 'Box Hill', '3128', 'Security', 'evaluating'],
  ['Airport Mechanical Services', 'airportmechanical', 'Tullamarine', '3043', 'HVAC, Fire', 'approved'],
  ['Corio Bay Electrical', 'coriobay', 'North Geelong', '3215', 'Electrical, Plumbing', 'approved'],
  // Adelaide
  ['Port Road Electrical', 'portroad', 'Mile End', '5031', 'Electrical, Security', 'approved'],
  ['Northern Adelaide Plumbing', 'northernadelaide', 'Salisbury', '5108', 'Plumbing', 'approved'],
  ['Wingfield Fire & Security', 'wingfieldfire', 'Wingfield', '5013', 'Fire, Security', 'pending'],
  // Perth
  ['Swan River Electrical', 'swanriver', 'Osborne Park', '6017', 'Electrical, Security', 'approved'],
  ['Welshpool Mechanical', 'welshpoolmechanical', 'Welshpool', '6106', 'HVAC, Plumbing', 'approved'],
  ['Malaga Fire Protection', 'malagafire', 'Malaga', '6090', 'Fire', 'approved'],
  ['Fremantle Security & Comms', 'fremantlesecurity', 'Fremantle', '6160', 'Security', 'not_approved'],
  // Hobart, Launceston
  ['Derwent Electrical & Data', 'derwentelectrical', 'Moonah', '7009', 'Electrical, Security, Fire', 'approved'],
  ['Tamar Plumbing & Gas', 'tamarplumbing', 'Launceston', '7250', 'Plumbing, HVAC', 'licence_restricted'],
  // Darwin
  ['Top End Air & Electrical', 'topendair', 'Winnellie', '0820', 'HVAC, Electrical, Plumbing', 'approved'],
];
export const DEMO_PROVIDERS: ProviderSeed[] = PROVIDER_ROWS.map(
  ([name, domain, suburb, postcode, categories, status]) => ({
    name,
    domain,
    place: [suburb, postcode],
    categories: categories.split(', '),
    status,
  }),
);

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
// Helpers

const overlaps = (a: [string, string], b: [string, string]) => a[0] <= b[1] && b[0] <= a[1];
/** A rating from 0.5 to 5 in half stars around a provider's usual standard. */
const halfStars = (value: number) => Math.min(5, Math.max(0.5, Math.round(value * 2) / 2));

// ---------------------------------------------------------------------------------------------

/** Seed the demo tenant's service providers unless it has some already. */
export function seedDemoProviders(db: Db, tenantId: string, opts: DemoSeedOptions): Promise<DemoProvidersReport> {
  return seedOnce(db, tenantId, {
    lock: LOCK,
    table: serviceProviders,
    existing: (n) => ({
      created: false,
      providers: n,
      users: 0,
      assigned: 0,
      ratings: 0,
      providerAdminEmail: DEMO_PROVIDER_ADMIN.email,
    }),
    create: (tx) => createDemoProviders(tx, tenantId, opts),
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

async function createDemoProviders(tx: Tx, tenantId: string, opts: DemoSeedOptions): Promise<DemoProvidersReport> {
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
    .innerJoin(services, tenantJoin(categoryServices, categoryServices.serviceId, services))
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
        statusCode: p.status,
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
      mobile: mobileNumber(r),
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
    /** A rating around the provider's standard (customers a little kinder), now and then with a comment. */
    const rating = (kind: 'performance' | 'customer', bias: number, comments: string[], ratedBy: string) =>
      ratingRows.push({
        tenantId,
        providerId: p.id,
        projectId: project.id,
        kind,
        rating: halfStars(p.quality + bias + (r.next() - 0.5) * 1.5),
        comment: r.next() < 0.5 ? r.pick(comments) : null,
        ratedBy,
      });
    if (r.next() < 0.9) rating('performance', 0, PERFORMANCE_COMMENTS, project.managerId);
    const rater =
      project.clientAmId ??
      clientUsers.find((u) => u.clientId === project.clientId && u.role === 'client_admin')?.id ??
      clientUsers.find((u) => u.clientId === project.clientId)?.id;
    if (rater && r.next() < 0.75) rating('customer', 0.3, CUSTOMER_COMMENTS, rater);
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
    /** Unavailable for `period` unless it clashes with the provider's own work; a leave note unless `note` is given. */
    const unavailable = (period: [string, string] | null, note?: string) => {
      if (period && free(period))
        availability.push({
          tenantId,
          providerId: p.id,
          startDate: period[0],
          endDate: period[1],
          note: note ?? r.pick(LEAVE_NOTES),
        });
    };
    const roll = r.next();
    if (roll < 0.3) {
      const near = demoProjects.filter(
        (x) => x.start && x.end! >= today && assigned.get(x.id) !== p && offers(p, x) && km(p.row, x) <= 100,
      );
      const target = near.length ? r.pick(near) : null;
      unavailable(target ? [addDays(target.start!, -r.int(0, 3)), addDays(target.end!, r.int(1, 5))] : null);
    } else if (roll < 0.5) {
      const from = r.int(10, 90);
      unavailable([addDays(today, from), addDays(today, from + r.int(2, 14))]);
    }
    if (r.next() < 0.15) {
      const from = -r.int(60, 200);
      unavailable([addDays(today, from), addDays(today, from + r.int(3, 10))], 'Annual leave');
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
