/**
 * Demo certificate types and certificates for the 'demo' tenant: public liability insurance
 * (mandatory for providers), White Card (mandatory for users, so also for providers' staff),
 * electrical licences and first aid (additional), held by most providers and many users; some
 * expired, some expiring within 30 days, some with no expiry. Idempotent (nothing happens once
 * the tenant has certificate types), deterministic, one transaction. Runs after the providers
 * (seed/providers.ts) so their statuses match: a 'licence restricted' provider's insurance has lapsed.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { CertificateTypeInput, STATES } from '@siteflow/core';
import type { Db, Tx } from '../platform/db/client.js';
import { certificates, certificateTypes, serviceProviders, users } from '../platform/db/schema.js';
import { addDays, isoDay, randomSequence } from './random.js';
import { seedOnce, type DemoSeedOptions } from './once.js';

const LOCK = 727005;

export const CERTIFICATE_TYPE_NAMES = {
  insurance: 'Public Liability Insurance',
  whiteCard: 'White Card',
  electrical: 'Electrical Licence',
  firstAid: 'First Aid',
} as const;

/** The types as an admin would enter them (checked against the core contract when seeded). */
export const DEMO_CERTIFICATE_TYPES: CertificateTypeInput[] = [
  {
    name: CERTIFICATE_TYPE_NAMES.insurance,
    description:
      'Certificate of currency for public liability insurance, at least $10 million for any one occurrence. Upload the insurer’s certificate each renewal.',
    fields: {
      insurer: { label: 'Insurer', type: 'text', required: true, options: [] },
      cover_amount: {
        label: 'Cover amount',
        type: 'select',
        required: true,
        options: ['$5 million', '$10 million', '$20 million'],
      },
    },
    mandatory_for_users: false,
    mandatory_for_providers: true,
  },
  {
    name: CERTIFICATE_TYPE_NAMES.whiteCard,
    description:
      'General construction induction card (CPCWHS1001). Everyone who works on a construction site must hold one.',
    fields: {
      issuing_state: {
        label: 'Issuing state',
        type: 'select',
        required: true,
        options: STATES.filter((s) => s !== 'OTH'),
      },
    },
    mandatory_for_users: true,
    mandatory_for_providers: false,
  },
  {
    name: CERTIFICATE_TYPE_NAMES.electrical,
    description: 'Electrical contractor or worker licence issued by the state regulator.',
    fields: {
      licence_class: { label: 'Licence class', type: 'select', required: true, options: ['A', 'B', 'C'] },
      restricted: { label: 'Restricted', type: 'checkbox', required: false, options: [] },
    },
    mandatory_for_users: false,
    mandatory_for_providers: false,
  },
  {
    name: CERTIFICATE_TYPE_NAMES.firstAid,
    description: 'Provide First Aid statement of attainment; renew every three years, CPR every year.',
    fields: {
      course_code: { label: 'Course code', type: 'radio', required: true, options: ['HLTAID011', 'HLTAID009'] },
      cpr_refresher_due: { label: 'CPR refresher due', type: 'date', required: false, options: [] },
    },
    mandatory_for_users: false,
    mandatory_for_providers: false,
  },
];

const INSURERS = ['QBE Insurance', 'Allianz Australia', 'CGU Insurance', 'Zurich Australia', 'Vero Insurance'];

export type DemoCertificatesReport = {
  created: boolean;
  types: number;
  certificates: number;
  expired: number;
  expiringSoon: number;
};

/** Seed the demo tenant's certificate types and certificates unless it has types already. */
export function seedDemoCertificates(
  db: Db,
  tenantId: string,
  opts: Pick<DemoSeedOptions, 'today'>,
): Promise<DemoCertificatesReport> {
  return seedOnce(db, tenantId, {
    lock: LOCK,
    table: certificateTypes,
    existing: (n) => ({ created: false, types: n, certificates: 0, expired: 0, expiringSoon: 0 }),
    create: (tx) => createDemoCertificates(tx, tenantId, isoDay(opts.today)),
  });
}

async function createDemoCertificates(tx: Tx, tenantId: string, today: string): Promise<DemoCertificatesReport> {
  const r = randomSequence(20261205);
  const typeRows = await tx
    .insert(certificateTypes)
    .values(
      DEMO_CERTIFICATE_TYPES.map((input) => {
        const t = CertificateTypeInput.parse(input);
        return {
          tenantId,
          name: t.name,
          description: t.description,
          fields: t.fields,
          mandatoryForUsers: t.mandatory_for_users,
          mandatoryForProviders: t.mandatory_for_providers,
          active: t.active,
        };
      }),
    )
    .returning({ id: certificateTypes.id, name: certificateTypes.name });
  const typeId = (name: string) => typeRows.find((t) => t.name === name)!.id;

  const [admin] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.role, 'company_admin')))
    .orderBy(users.email)
    .limit(1);
  const providers = await tx
    .select({ id: serviceProviders.id, status: serviceProviders.statusCode, state: serviceProviders.state })
    .from(serviceProviders)
    .where(eq(serviceProviders.tenantId, tenantId))
    .orderBy(serviceProviders.name);
  const electrical = new Set(
    (
      await tx.execute<{ provider_id: string }>(sql`
        select pc.provider_id from provider_categories pc join categories c on c.tenant_id = pc.tenant_id and c.id = pc.category_id
         where pc.tenant_id = ${tenantId} and c.name = 'Electrical'`)
    ).rows.map((x) => x.provider_id),
  );
  const people = await tx
    .select({
      id: users.id,
      first: users.firstName,
      last: users.lastName,
      role: users.role,
      position: users.position,
      state: users.state,
      providerId: users.serviceProviderId,
    })
    .from(users)
    .where(
      and(
        eq(users.tenantId, tenantId),
        inArray(users.role, ['company_admin', 'company_employee', 'sp_admin', 'sp_employee']),
        eq(users.active, true),
      ),
    )
    .orderBy(users.email);

  const rows: (typeof certificates.$inferInsert)[] = [];
  const base = { tenantId, country: 'Australia', createdBy: admin?.id ?? null };
  const number = (prefix: string, digits: number) =>
    `${prefix}${String(r.int(0, 10 ** digits - 1)).padStart(digits, '0')}`;
  /** An expiry: mostly well ahead, some within 30 days, some lapsed. */
  const expiryAhead = (soonShare: number, lapsedShare: number) => {
    const x = r.next();
    if (x < lapsedShare) return addDays(today, -r.int(3, 120));
    if (x < lapsedShare + soonShare) return addDays(today, r.int(2, 28));
    return addDays(today, r.int(45, 360));
  };

  // Providers: insurance (lapsed for the licence-restricted ones), electrical contractor licences.
  providers.forEach((p, i) => {
    if (p.status === 'pending' && i % 2 === 0) return; // new applicants have not sent it yet
    const restricted = p.status === 'licence_restricted';
    const expiry = restricted
      ? addDays(today, -r.int(5, 60))
      : i === 1 || i === 5
        ? addDays(today, r.int(3, 25))
        : expiryAhead(0.1, 0.04);
    const insurer = r.pick(INSURERS);
    /** A year's certificate of currency up to `until`; the cover amount is drawn after its number. */
    const insurance = (until: string, comments: string | null, coverAmount: () => string) =>
      rows.push({
        ...base,
        typeId: typeId(CERTIFICATE_TYPE_NAMES.insurance),
        providerId: p.id,
        name: `${insurer} certificate of currency`,
        licenseNumber: number('PL', 8),
        issueDate: addDays(until, -365),
        expiry: until,
        comments,
        details: { insurer, cover_amount: coverAmount() },
      });
    insurance(expiry, restricted ? 'Renewal requested; provider restricted until it arrives.' : null, () =>
      r.pick(['$10 million', '$10 million', '$20 million', '$5 million']),
    );
    // Last year's certificate, kept on file.
    if (r.next() < 0.35) insurance(addDays(expiry, -365), null, () => '$10 million');
    if (electrical.has(p.id)) {
      const issue = addDays(today, -r.int(200, 2000));
      rows.push({
        ...base,
        typeId: typeId(CERTIFICATE_TYPE_NAMES.electrical),
        providerId: p.id,
        name: 'Electrical contractor licence',
        licenseNumber: number(`${p.state ?? 'QLD'}-EC`, 6),
        issueDate: issue,
        // Some regulators issue contractor licences without an end date.
        expiry: r.next() < 0.35 ? null : expiryAhead(0.1, 0.1),
        comments: null,
        details: { licence_class: r.pick(['A', 'A', 'B']), restricted: false },
      });
    }
  });

  // People: White Cards (they do not expire), first aid, electricians' licences.
  people.forEach((u, i) => {
    const staff = u.role === 'company_admin' || u.role === 'company_employee';
    if (staff ? i % 5 !== 4 : r.next() < 0.8)
      rows.push({
        ...base,
        typeId: typeId(CERTIFICATE_TYPE_NAMES.whiteCard),
        userId: u.id,
        name: `${u.first} ${u.last}`,
        licenseNumber: number('WC', 7),
        issueDate: addDays(today, -r.int(100, 3000)),
        expiry: null,
        comments: null,
        details: { issuing_state: u.state && u.state !== 'OTH' ? u.state : 'QLD' },
      });
    if (r.next() < 0.35) {
      const expiry = i % 7 === 0 ? addDays(today, -r.int(10, 200)) : expiryAhead(0.15, 0.1);
      rows.push({
        ...base,
        typeId: typeId(CERTIFICATE_TYPE_NAMES.firstAid),
        userId: u.id,
        name: 'Provide First Aid',
        licenseNumber: number('SOA', 6),
        issueDate: addDays(expiry, -3 * 365),
        expiry,
        comments: null,
        details: {
          course_code: r.next() < 0.8 ? 'HLTAID011' : 'HLTAID009',
          cpr_refresher_due: addDays(expiry, -2 * 365),
        },
      });
    }
    const electrician =
      u.position === 'Electrician' ||
      (u.role === 'sp_admin' && u.providerId !== null && electrical.has(u.providerId) && r.next() < 0.5);
    if (electrician)
      rows.push({
        ...base,
        typeId: typeId(CERTIFICATE_TYPE_NAMES.electrical),
        userId: u.id,
        name: 'Electrical worker licence',
        licenseNumber: number('EW', 6),
        issueDate: addDays(today, -r.int(400, 4000)),
        expiry: expiryAhead(0.1, 0.1),
        comments: null,
        details: { licence_class: 'A', restricted: r.next() < 0.2 },
      });
  });
  if (rows.length) await tx.insert(certificates).values(rows);

  const soonLimit = addDays(today, 30);
  return {
    created: true,
    types: typeRows.length,
    certificates: rows.length,
    expired: rows.filter((c) => c.expiry && c.expiry < today).length,
    expiringSoon: rows.filter((c) => c.expiry && c.expiry >= today && c.expiry <= soonLimit).length,
  };
}
