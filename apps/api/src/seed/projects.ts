/**
 * Demo projects for the 'demo' tenant: clients with their users, categories and services,
 * tags, classifications and about 60 projects across Australia at real gazetteer places.
 * Idempotent (nothing happens once the tenant has projects), deterministic (a seeded random
 * sequence), and one transaction, so a start that fails half-way leaves nothing behind.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { DEFAULT_CLASSIFICATION, formatProjectCode, type ProjectStatus } from '@siteflow/core';
import type { Db, Tx } from '../platform/db/client.js';
import {
  categories,
  categoryServices,
  classifications,
  clients,
  projectCategories,
  projectDateChanges,
  projectLinks,
  projectRelations,
  projects,
  projectServices,
  projectTags,
  services,
  siteContacts,
  tags,
  tenantCounters,
  users,
} from '../platform/db/schema.js';
import {
  CLASSIFICATIONS as ALL_CLASSIFICATIONS,
  CONTACT_ROLES as ALL_CONTACT_ROLES,
  FIRST_NAMES,
  LAST_NAMES,
  SITES as ALL_SITES,
  STREETS as ALL_STREETS,
} from './vocabulary.js';
import { emailName, mobileNumber, pad, randomSequence } from './random.js';
import { seedOnce, type DemoSeedOptions } from './once.js';

/** The tenant_counters row that numbers projects (PRJ-00001, ...): the one projects/service.ts counts on. */
export const PROJECT_COUNTER = 'project';
/** A client user who can sign in to the demo with the demo password. */
export const DEMO_CLIENT_ADMIN = { email: 'grace.howard@harbourside.test', firstName: 'Grace', lastName: 'Howard' };
const LOCK = 727003;

export type DemoProjectsReport = { created: boolean; projects: number; clients: number; clientAdminEmail: string };

// ---------------------------------------------------------------------------------------------
// Reference data

/** The demo's trade categories and their services (the bench data set adds more). */
export const CATEGORIES: Record<string, string[]> = {
  Electrical: ['Wiring', 'Switchboards', 'Lighting', 'Data Cabling', 'Test and Tag'],
  Plumbing: ['Hot Water Systems', 'Drainage', 'Backflow Testing', 'Gas Fitting'],
  HVAC: ['Split Systems', 'Ducted Air Conditioning', 'Refrigeration', 'Preventive Maintenance'],
  Security: ['CCTV', 'Alarms', 'Access Control', 'Data Cabling'],
  Fire: ['Fire Alarms', 'Sprinklers', 'Extinguishers', 'Emergency Lighting'],
};
const TAGS = ['Urgent', 'After Hours', 'Warranty', 'Tender', 'Government', 'Repeat Client'];
const CLASSIFICATIONS = ALL_CLASSIFICATIONS.slice(0, 5);

/** What a project of each category is about (its name starts with one of these). */
const WORK: Record<string, string[]> = {
  Electrical: [
    'Switchboard upgrade',
    'LED lighting retrofit',
    'Office rewire',
    'Data cabling for fit-out',
    'Test and tag',
  ],
  Plumbing: [
    'Hot water replacement',
    'Stormwater drainage repair',
    'Backflow prevention testing',
    'Gas line installation',
  ],
  HVAC: ['Split system installation', 'Ducted air upgrade', 'Cool room refrigeration', 'Quarterly HVAC service'],
  Security: ['CCTV installation', 'Alarm system upgrade', 'Access control rollout', 'CCTV camera replacement'],
  Fire: [
    'Fire alarm panel replacement',
    'Sprinkler head replacement',
    'Annual fire equipment inspection',
    'Emergency lighting upgrade',
  ],
};
const SITES = ALL_SITES.slice(0, 12);
const STREETS = ALL_STREETS.slice(0, 16);
const FIRST = FIRST_NAMES.slice(0, 20);
const LAST = LAST_NAMES.slice(0, 20);
const CONTACT_ROLES = ALL_CONTACT_ROLES.slice(0, 6);

/** Real gazetteer places (suburb, postcode): capital cities and regional towns in every state and territory. */
const PLACES: [string, string][] = [
  ['Sydney', '2000'],
  ['Parramatta', '2150'],
  ['Chatswood', '2067'],
  ['Newcastle', '2300'],
  ['Wollongong', '2500'],
  ['Penrith', '2750'],
  ['Wagga Wagga', '2650'],
  ['Dubbo', '2830'],
  ['Coffs Harbour', '2450'],
  ['Port Macquarie', '2444'],
  ['Albury', '2640'],
  ['Orange', '2800'],
  ['Melbourne', '3000'],
  ['Docklands', '3008'],
  ['Dandenong', '3175'],
  ['Geelong', '3220'],
  ['Ballarat Central', '3350'],
  ['Bendigo', '3550'],
  ['Mildura', '3500'],
  ['Shepparton', '3630'],
  ['Brisbane City', '4000'],
  ['Fortitude Valley', '4006'],
  ['Southport', '4215'],
  ['Toowoomba City', '4350'],
  ['Maroochydore', '4558'],
  ['Rockhampton City', '4700'],
  ['Mackay', '4740'],
  ['Townsville City', '4810'],
  ['Cairns City', '4870'],
  ['Bundaberg Central', '4670'],
  ['Adelaide', '5000'],
  ['Glenelg', '5045'],
  ['Mount Gambier', '5290'],
  ['Whyalla', '5600'],
  ['Perth', '6000'],
  ['Joondalup', '6027'],
  ['Fremantle', '6160'],
  ['Bunbury', '6230'],
  ['Kalgoorlie', '6430'],
  ['Hobart', '7000'],
  ['Launceston', '7250'],
  ['Devonport', '7310'],
  ['Burnie', '7320'],
  ['Darwin City', '0800'],
  ['Palmerston City', '0830'],
  ['Katherine', '0850'],
  ['Alice Springs', '0870'],
  ['City', '2601'],
  ['Belconnen', '2617'],
  ['Fyshwick', '2609'],
];

type ClientSeed = {
  tradingName: string;
  domain: string;
  prefix: string;
  phone: string;
  street: string;
  place: [string, string];
  users: {
    firstName: string;
    lastName: string;
    role: 'client_admin' | 'client_am' | 'client_account';
    mobile: string;
    active: boolean;
    position: string;
  }[];
};

const CLIENTS: ClientSeed[] = [
  {
    tradingName: 'Harbourside Property Group',
    domain: 'harbourside.test',
    prefix: 'HPG',
    phone: '02 9251 4400',
    street: 'Level 12, 1 Macquarie Place',
    place: ['Sydney', '2000'],
    users: [
      {
        ...DEMO_CLIENT_ADMIN,
        role: 'client_admin',
        mobile: '0412 330 118',
        active: true,
        position: 'Head of Facilities',
      },
      {
        firstName: 'Daniel',
        lastName: 'Brooks',
        role: 'client_am',
        mobile: '0413 227 904',
        active: true,
        position: 'Account Manager',
      },
      {
        firstName: 'Priya',
        lastName: 'Sharma',
        role: 'client_am',
        mobile: '0421 448 310',
        active: false,
        position: 'Account Manager',
      },
    ],
  },
  {
    tradingName: 'Southern Cross Retail',
    domain: 'southerncrossretail.test',
    prefix: 'SCR',
    phone: '03 9600 2100',
    street: '200 Bourke Street',
    place: ['Melbourne', '3000'],
    users: [
      {
        firstName: 'Tom',
        lastName: 'Fitzgerald',
        role: 'client_am',
        mobile: '0438 611 025',
        active: true,
        position: 'Store Development Manager',
      },
      {
        firstName: 'Lucy',
        lastName: 'Tran',
        role: 'client_account',
        mobile: '0439 702 551',
        active: true,
        position: 'Accounts Payable',
      },
    ],
  },
  {
    tradingName: 'Sunstate Health Services',
    domain: 'sunstatehealth.test',
    prefix: 'SHS',
    phone: '07 3220 8800',
    street: '88 Wickham Terrace',
    place: ['Brisbane City', '4000'],
    users: [
      {
        firstName: 'Michael',
        lastName: 'Okafor',
        role: 'client_am',
        mobile: '0402 915 377',
        active: true,
        position: 'Engineering Services Manager',
      },
      {
        firstName: 'Sarah',
        lastName: 'Kennedy',
        role: 'client_am',
        mobile: '0407 180 264',
        active: true,
        position: 'Project Officer',
      },
      {
        firstName: 'Brett',
        lastName: 'Lawson',
        role: 'client_am',
        mobile: '0409 553 812',
        active: false,
        position: 'Project Officer',
      },
    ],
  },
  {
    tradingName: 'Westline Logistics',
    domain: 'westline.test',
    prefix: 'WL',
    phone: '08 9350 7700',
    street: '15 Sheffield Road',
    place: ['Perth', '6000'],
    users: [
      {
        firstName: 'Karen',
        lastName: 'McDonald',
        role: 'client_am',
        mobile: '0417 930 442',
        active: true,
        position: 'Operations Manager',
      },
    ],
  },
  {
    tradingName: 'Torrens Education Trust',
    domain: 'torrens-edu.test',
    prefix: 'TET',
    phone: '08 8223 4500',
    street: '120 North Terrace',
    place: ['Adelaide', '5000'],
    users: [
      {
        firstName: 'Anika',
        lastName: 'Patel',
        role: 'client_am',
        mobile: '0423 716 090',
        active: true,
        position: 'Campus Facilities Manager',
      },
      {
        firstName: 'Ross',
        lastName: 'Hughes',
        role: 'client_account',
        mobile: '0424 118 733',
        active: true,
        position: 'Finance Officer',
      },
    ],
  },
  {
    tradingName: 'Apple Isle Hospitality',
    domain: 'appleisle.test',
    prefix: 'AIH',
    phone: '03 6231 9900',
    street: '27 Salamanca Place',
    place: ['Hobart', '7000'],
    users: [
      {
        firstName: 'Fiona',
        lastName: 'Blackwood',
        role: 'client_am',
        mobile: '0448 205 671',
        active: true,
        position: 'Group Maintenance Manager',
      },
    ],
  },
  {
    tradingName: 'Top End Mining Services',
    domain: 'topendmining.test',
    prefix: 'TEM',
    phone: '08 8941 3300',
    street: '9 Cavenagh Street',
    place: ['Darwin City', '0800'],
    users: [
      {
        firstName: 'Wayne',
        lastName: 'Gilbert',
        role: 'client_am',
        mobile: '0427 662 184',
        active: true,
        position: 'Site Services Superintendent',
      },
      {
        firstName: 'Mei',
        lastName: 'Lin',
        role: 'client_am',
        mobile: '0428 390 517',
        active: false,
        position: 'Contracts Administrator',
      },
    ],
  },
  {
    tradingName: 'Capital Facilities Management',
    domain: 'capitalfm.test',
    prefix: 'CFM',
    phone: '02 6248 1200',
    street: '1 Bunda Street',
    place: ['City', '2601'],
    users: [
      {
        firstName: 'James',
        lastName: 'Harrington',
        role: 'client_am',
        mobile: '0431 884 026',
        active: true,
        position: 'Contract Manager',
      },
      {
        firstName: 'Olga',
        lastName: 'Petrova',
        role: 'client_account',
        mobile: '0432 507 943',
        active: true,
        position: 'Procurement Officer',
      },
    ],
  },
];

/** 60 projects: every status, weighted towards live work. */
const STATUS_PLAN: [ProjectStatus, number][] = [
  ['quote', 8],
  ['on_hold', 5],
  ['order', 10],
  ['scheduled', 14],
  ['completed', 10],
  ['cancelled', 5],
  ['closed', 8],
];

/** Start-day offsets from today (inclusive range) by status: finished work is in the past, booked work ahead. */
const DAYS: Record<ProjectStatus, [number, number]> = {
  quote: [7, 60],
  on_hold: [-20, 30],
  order: [-3, 30],
  scheduled: [0, 45],
  completed: [-60, -2],
  cancelled: [-90, 30],
  closed: [-200, -30],
};

// ---------------------------------------------------------------------------------------------
// Helpers

/** A wall-clock time at the site ('YYYY-MM-DD HH:mm:ss'), days from the given local day. */
export function wallClock(today: Date, days: number, hh: number, mm = 0): string {
  const d = new Date(today.getFullYear(), today.getMonth(), today.getDate() + days);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(hh)}:${pad(mm)}:00`;
}

async function idsByName(tx: Tx, table: typeof categories | typeof services | typeof tags, tenantId: string) {
  const rows = await tx.select({ id: table.id, name: table.name }).from(table).where(eq(table.tenantId, tenantId));
  return new Map(rows.map((r) => [r.name.toLowerCase(), r.id]));
}

// ---------------------------------------------------------------------------------------------

/** Seed the demo tenant's projects unless it has some already. */
export function seedDemoProjects(db: Db, tenantId: string, opts: DemoSeedOptions): Promise<DemoProjectsReport> {
  return seedOnce(db, tenantId, {
    lock: LOCK,
    table: projects,
    existing: (n) => ({ created: false, projects: n, clients: 0, clientAdminEmail: DEMO_CLIENT_ADMIN.email }),
    create: (tx) => createDemoProjects(tx, tenantId, opts),
  });
}

async function createDemoProjects(tx: Tx, tenantId: string, opts: DemoSeedOptions): Promise<DemoProjectsReport> {
  const r = randomSequence(20261121);
  const { today } = opts;

  // Places: real rows of the gazetteer (empty when it is not loaded; the projects then have no coordinates).
  const placeRows = await tx.execute<{ suburb: string; state: string; postcode: string; lat: number; lng: number }>(sql`
    select suburb, state, postcode, lat, lng from gazetteer
     where country = 'AU' and (suburb, postcode) in (${sql.join(
       PLACES.map(([s, p]) => sql`(${s}, ${p})`),
       sql`, `,
     )})`);
  const byPlace = new Map(placeRows.rows.map((p) => [`${p.suburb}|${p.postcode}`, p]));
  const place = ([suburb, postcode]: [string, string]) =>
    byPlace.get(`${suburb}|${postcode}`) ?? {
      suburb,
      postcode,
      state: null as string | null,
      lat: null as number | null,
      lng: null as number | null,
    };

  // Staff of the demo tenant (seeded by demo.ts).
  const staff = await tx
    .select({ id: users.id, role: users.role, position: users.position, isProjectManager: users.isProjectManager })
    .from(users)
    .where(
      and(
        eq(users.tenantId, tenantId),
        inArray(users.role, ['company_admin', 'company_employee']),
        eq(users.active, true),
      ),
    );
  const managers = staff.filter((s) => s.isProjectManager);
  const administrators = staff.filter((s) => s.position === 'Project Administrator');
  const sales = staff.filter((s) => s.position === 'Sales Representative');
  if (managers.length === 0) throw new Error('demo projects: the demo tenant has no project managers');

  // Reference data: created where missing, never renamed.
  const catNames = Object.keys(CATEGORIES);
  const serviceNames = [...new Set(Object.values(CATEGORIES).flat())];
  for (const [table, names] of [
    [categories, catNames],
    [services, serviceNames],
    [tags, TAGS],
  ] as const)
    await tx
      .insert(table)
      .values(names.map((name) => ({ tenantId, name })))
      .onConflictDoNothing();
  await tx
    .insert(classifications)
    .values(CLASSIFICATIONS.map((title) => ({ tenantId, title })))
    .onConflictDoNothing();
  const catId = await idsByName(tx, categories, tenantId);
  const serviceId = await idsByName(tx, services, tenantId);
  const tagId = await idsByName(tx, tags, tenantId);
  const classRows = await tx
    .select({ id: classifications.id, title: classifications.title })
    .from(classifications)
    .where(eq(classifications.tenantId, tenantId));
  const classId = new Map(classRows.map((c) => [c.title.toLowerCase(), c.id]));
  await tx
    .insert(categoryServices)
    .values(
      Object.entries(CATEGORIES).flatMap(([c, ss]) =>
        ss.map((s) => ({
          tenantId,
          categoryId: catId.get(c.toLowerCase())!,
          serviceId: serviceId.get(s.toLowerCase())!,
        })),
      ),
    )
    .onConflictDoNothing();

  // Clients and their users.
  await tx
    .insert(clients)
    .values(
      CLIENTS.map((c) => {
        const p = place(c.place);
        return {
          tenantId,
          tradingName: c.tradingName,
          email: `accounts@${c.domain}`,
          phone: c.phone,
          street: c.street,
          suburb: p.suburb,
          state: p.state,
          postcode: p.postcode,
        };
      }),
    )
    .onConflictDoNothing();
  const clientRows = await tx
    .select({ id: clients.id, tradingName: clients.tradingName })
    .from(clients)
    .where(eq(clients.tenantId, tenantId));
  const clientId = new Map(clientRows.map((c) => [c.tradingName, c.id]));
  await tx
    .insert(users)
    .values(
      CLIENTS.flatMap((c) =>
        c.users.map((u) => ({
          tenantId,
          email: `${emailName(u.firstName)}.${emailName(u.lastName)}@${c.domain}`,
          firstName: u.firstName,
          lastName: u.lastName,
          role: u.role,
          position: u.position,
          mobile: u.mobile,
          phone: c.phone,
          clientId: clientId.get(c.tradingName)!,
          active: u.active,
          notifications: u.active,
          // Only the client admin signs in to the demo; the others would get an invitation.
          passwordHash: u.role === 'client_admin' ? opts.passwordHash : null,
        })),
      ),
    )
    .onConflictDoNothing();
  const clientUsers = await tx
    .select({ id: users.id, clientId: users.clientId, role: users.role, active: users.active })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.role, 'client_am')));

  // Projects.
  const statuses = STATUS_PLAN.flatMap(([s, n]) => Array.from({ length: n }, () => s));
  // Shuffle so codes do not run in status order.
  for (let i = statuses.length - 1; i > 0; i--) {
    const j = r.int(0, i);
    [statuses[i], statuses[j]] = [statuses[j]!, statuses[i]!];
  }
  const [counter] = await tx
    .insert(tenantCounters)
    .values({ tenantId, name: PROJECT_COUNTER, value: statuses.length })
    .onConflictDoUpdate({
      target: [tenantCounters.tenantId, tenantCounters.name],
      set: { value: sql`${tenantCounters.value} + ${statuses.length}` },
    })
    .returning({ value: tenantCounters.value });
  const firstSeq = counter!.value - statuses.length + 1;

  type Plan = {
    row: typeof projects.$inferInsert;
    cats: string[];
    servs: string[];
    tags: string[];
    contacts: number;
    domain: string;
  };
  const plans: Plan[] = statuses.map((status, i) => {
    const client = i < CLIENTS.length ? CLIENTS[i]! : r.pick(CLIENTS);
    const cid = clientId.get(client.tradingName)!;
    const ams = clientUsers.filter((u) => u.clientId === cid);
    // Mostly an active account manager; now and then one who has since left (inactive).
    const am = ams.find((u) => u.active && r.next() < 0.85) ?? r.pick(ams);
    const cats = r.some(catNames, 1, r.next() < 0.25 ? 2 : 1);
    const servs = [...new Set(cats.flatMap((c) => r.some(CATEGORIES[c]!, 1, 2)))];
    // Mostly near the client's home, sometimes anywhere in the country.
    const sameState = PLACES.filter(([s, p]) => place([s, p]).state === place(client.place).state);
    const p = place(r.next() < 0.6 && sameState.length ? r.pick(sameState) : r.pick(PLACES));
    const noDates = status === 'quote' && r.next() < 0.3;
    const startDay = r.int(...DAYS[status]);
    const length = r.pick([0, 0, 0, 1, 2, 4, 9]);
    const startDate = noDates ? null : wallClock(today, startDay, r.pick([7, 7, 8, 8, 9]), r.pick([0, 0, 30]));
    const endDate = noDates ? null : wallClock(today, startDay + length, r.pick([15, 16, 17, 17]), r.pick([0, 30]));
    const done = status === 'completed' || status === 'closed';
    const seq = firstSeq + i;
    const work = r.pick(WORK[cats[0]!]!);
    const manager = r.pick(managers);
    return {
      row: {
        tenantId,
        seq,
        code: formatProjectCode(seq),
        // Canberra's CBD is the locality 'City' in the gazetteer.
        name: `${work} – ${r.pick(SITES)}, ${p.suburb === 'City' ? 'Canberra' : p.suburb}`,
        summary:
          r.next() < 0.7
            ? `${work} for ${client.tradingName}. Work to be completed with minimal disruption to occupants; induction required on arrival.`
            : null,
        status,
        startDate,
        endDate,
        completedOn: done && endDate ? wallClock(today, startDay + length + r.int(0, 2), 16, 30) : null,
        clientId: cid,
        clientName: client.tradingName,
        clientAmId: am?.id ?? null,
        orderReference: `${client.prefix}-${r.int(10000, 99999)}`,
        clientComments:
          r.next() < 0.3
            ? r.pick([
                'Please call the site contact 30 minutes before arrival.',
                'Access via the loading dock only before 9 am.',
                'Quote to include after-hours rates.',
                'Keys at reception; sign in and out.',
              ])
            : null,
        projectManagerId: manager.id,
        projectAdministratorId: (administrators.length ? r.pick(administrators) : manager).id,
        salesRepresentativeId: sales.length && r.next() < 0.5 ? r.pick(sales).id : null,
        classificationId:
          classId.get((r.next() < 0.5 ? DEFAULT_CLASSIFICATION : r.pick(CLASSIFICATIONS)).toLowerCase()) ?? null,
        linkedProjectType: 'master',
        street: `${r.int(1, 420)} ${r.pick(STREETS)}`,
        suburb: p.suburb,
        state: p.state,
        postcode: p.postcode,
        country: 'Australia',
        lat: p.lat,
        lng: p.lng,
        geoPrecision: p.lat === null ? null : 'suburb',
        createdBy: manager.id,
        createdAt: new Date(today.getTime() + (Math.min(startDay, 0) - r.int(7, 40)) * 86_400_000),
      },
      cats,
      servs,
      tags: r.some(TAGS, 0, 2),
      contacts: r.int(1, 3),
      domain: client.domain,
    };
  });
  // A few sub-projects of a master of the same client.
  const subs: [number, number][] = [];
  for (const [master, sub] of [
    [0, 8],
    [1, 9],
    [2, 10],
    [3, 11],
  ] as const) {
    const m = plans[master]!;
    const s = plans[sub]!;
    s.row.clientId = m.row.clientId;
    s.row.clientName = m.row.clientName;
    s.row.clientAmId = m.row.clientAmId;
    s.row.linkedProjectType = 'sub_project';
    subs.push([sub, master]);
  }

  const inserted = await tx
    .insert(projects)
    .values(plans.map((p) => p.row))
    .returning({ id: projects.id, seq: projects.seq });
  const idOf = new Map(inserted.map((p) => [p.seq, p.id]));
  const ids = plans.map((p) => idOf.get(p.row.seq)!);

  await tx
    .insert(projectCategories)
    .values(
      plans.flatMap((p, i) =>
        p.cats.map((c) => ({ tenantId, projectId: ids[i]!, categoryId: catId.get(c.toLowerCase())! })),
      ),
    );
  await tx
    .insert(projectServices)
    .values(
      plans.flatMap((p, i) =>
        p.servs.map((s) => ({ tenantId, projectId: ids[i]!, serviceId: serviceId.get(s.toLowerCase())! })),
      ),
    );
  const tagRows = plans.flatMap((p, i) =>
    p.tags.map((t) => ({ tenantId, projectId: ids[i]!, tagId: tagId.get(t.toLowerCase())! })),
  );
  if (tagRows.length) await tx.insert(projectTags).values(tagRows);
  await tx.insert(siteContacts).values(
    plans.flatMap((p, i) =>
      Array.from({ length: p.contacts }, (_, k) => {
        const first = r.pick(FIRST);
        const last = r.pick(LAST);
        return {
          tenantId,
          projectId: ids[i]!,
          position: k,
          name: `${first} ${last}`,
          role: k === 0 ? 'Site Manager' : r.pick(CONTACT_ROLES),
          email: r.next() < 0.8 ? `${emailName(first)}.${emailName(last)}@${p.domain}` : null,
          phone: mobileNumber(r),
          note: k === 0 && r.next() < 0.3 ? 'Best reached before 10 am.' : null,
        };
      }),
    ),
  );
  await tx
    .insert(projectRelations)
    .values(subs.map(([sub, master]) => ({ tenantId, projectId: ids[sub]!, linkedProjectId: ids[master]! })));
  await tx.insert(projectLinks).values(
    [0, 1, 2, 5, 8, 13].map((i, k) => ({
      tenantId,
      projectId: ids[i]!,
      title: [
        'Site plans',
        'Induction video',
        'Safe work method statement',
        'Photos',
        'Client portal',
        'Asbestos register',
      ][k]!,
      url: [
        'https://files.example.com/projects/site-plans.pdf',
        'https://video.example.com/induction/general-site-induction',
        'https://files.example.com/projects/swms-electrical.pdf',
        'https://photos.example.com/albums/site-visit',
        'https://portal.example.com/orders',
        'https://files.example.com/registers/asbestos.pdf',
      ][k]!,
      summary: k % 2 === 0 ? 'Latest revision from the client.' : null,
    })),
  );
  // Date changes on a few projects that were moved.
  const moved = plans
    .map((p, i) => ({ p, id: ids[i]! }))
    .filter(({ p }) => p.row.status === 'scheduled' && p.row.startDate);
  const changes = moved.slice(0, 4).map(({ p, id }, k) => ({
    tenantId,
    projectId: id,
    changedBy: p.row.projectManagerId,
    oldStart: shiftDays(p.row.startDate!, -7),
    newStart: p.row.startDate!,
    oldEnd: p.row.endDate ? shiftDays(p.row.endDate, -7) : null,
    newEnd: p.row.endDate ?? null,
    officialShift: k % 2 === 0,
    reason: k % 2 === 0 ? 'Site Attendance' : 'Client requested a later start',
  }));
  if (changes.length) await tx.insert(projectDateChanges).values(changes);

  return { created: true, projects: plans.length, clients: CLIENTS.length, clientAdminEmail: DEMO_CLIENT_ADMIN.email };
}

function shiftDays(wall: string, days: number): string {
  const [d, t] = wall.split(' ');
  const [y, m, day] = d!.split('-').map(Number);
  const [hh, mm] = t!.split(':').map(Number);
  return wallClock(new Date(y!, m! - 1, day!), days, hh!, mm!);
}
