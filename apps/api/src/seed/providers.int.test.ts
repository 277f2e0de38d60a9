import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CertificateFieldDef, certificateValidity } from '@siteflow/core';
import { createUser, ownerPool, request, signIn } from '../../test/harness.js';
import { oneCompany, type TestApp, type TestTenant } from '../../test/companies.js';
import { hashPassword } from '../platform/passwords.js';
import { CERTIFICATE_TYPE_NAMES, seedDemoCertificates } from './certificates.js';
import { seedDemoProjects } from './projects.js';
import { addDays, DEMO_PROVIDER_ADMIN, seedDemoProviders } from './providers.js';

let t: TestApp;
let tenant: TestTenant;
const today = new Date(2026, 10, 21);
const TODAY = '2026-11-21';
const q = async <T>(text: string, values: unknown[] = [tenant.id]) =>
  (await ownerPool().query(text, values)).rows as T[];

beforeAll(async () => {
  ({ t, tenant } = await oneCompany({ gazetteer: true }));
  await createUser(tenant, 'company_employee', { isProjectManager: true });
  const passwordHash = await hashPassword('siteflow-demo');
  await seedDemoProjects(t.deps.db, tenant.id, { passwordHash, today });
  const first = await seedDemoProviders(t.deps.db, tenant.id, { passwordHash, today });
  expect(first).toMatchObject({ created: true, providerAdminEmail: DEMO_PROVIDER_ADMIN.email });
  expect(await seedDemoCertificates(t.deps.db, tenant.id, { today })).toMatchObject({ created: true, types: 4 });
});
afterAll(async () => {
  await t?.close();
});

describe('demo providers seed', () => {
  it('creates about 40 providers at gazetteer places once, with mixed statuses, users, categories and services', async () => {
    const passwordHash = await hashPassword('siteflow-demo');
    const again = await seedDemoProviders(t.deps.db, tenant.id, { passwordHash, today });
    expect(again).toMatchObject({ created: false });
    expect(again.providers).toBeGreaterThanOrEqual(38);
    expect(again.providers).toBeLessThanOrEqual(45);
    expect(await seedDemoCertificates(t.deps.db, tenant.id, { today })).toMatchObject({ created: false, types: 4 });

    const statuses = await q<{ status_code: string; n: number }>(
      `select status_code, count(*)::int as n from service_providers where tenant_id = $1 group by 1`,
    );
    const byStatus = Object.fromEntries(statuses.map((s) => [s.status_code, s.n]));
    expect(Object.keys(byStatus).sort()).toEqual([
      'approved',
      'evaluating',
      'licence_restricted',
      'not_approved',
      'pending',
    ]);
    expect(byStatus.approved).toBeGreaterThan(again.providers / 2);

    const [odd] = await q<{
      unplaced: number;
      noContact: number;
      badUsers: number;
      noCats: number;
      looseServices: number;
      preferred: number;
    }>(
      `select count(*) filter (where lat is null or lng is null or geo_precision <> 'suburb' or state is null)::int as unplaced,
              count(*) filter (where phone is null or email not like '%@%.example')::int as "noContact",
              count(*) filter (where (select count(*) from users u where u.tenant_id = sp.tenant_id and u.service_provider_id = sp.id) not between 1 and 3
                                  or not exists (select 1 from users u where u.tenant_id = sp.tenant_id and u.service_provider_id = sp.id and u.role = 'sp_admin'))::int as "badUsers",
              count(*) filter (where not exists (select 1 from provider_categories pc where pc.tenant_id = sp.tenant_id and pc.provider_id = sp.id))::int as "noCats",
              (select count(*)::int from provider_services ps where ps.tenant_id = $1 and not exists (
                 select 1 from provider_categories pc join category_services cs on cs.tenant_id = pc.tenant_id and cs.category_id = pc.category_id
                  where pc.tenant_id = ps.tenant_id and pc.provider_id = ps.provider_id and cs.service_id = ps.service_id)) as "looseServices",
              count(*) filter (where cardinality(preferred_postcodes) > 0 or cardinality(preferred_states) > 0)::int as preferred
         from service_providers sp where sp.tenant_id = $1`,
    );
    expect(odd).toMatchObject({ unplaced: 0, noContact: 0, badUsers: 0, noCats: 0, looseServices: 0 });
    expect(odd!.preferred).toBeGreaterThan(5);
    // The coordinates are the gazetteer's for the provider's suburb and postcode.
    const [milton] = await q<{ lat: number; lng: number; suburb: string; postcode: string }>(
      `select sp.lat, sp.lng, sp.suburb, sp.postcode from service_providers sp where sp.tenant_id = $1 and sp.name = $2`,
      [tenant.id, DEMO_PROVIDER_ADMIN.provider],
    );
    expect(milton).toMatchObject({ suburb: 'Milton', postcode: '4064' });
    expect(milton!.lat).toBeCloseTo(-27.469, 2);
    expect(milton!.lng).toBeCloseTo(153.005, 2);
  });

  it('assigns a good share of the projects to nearby providers that offer the work, with their own staff', async () => {
    const rows = await q<{
      status: string;
      provider: string | null;
      km: number | null;
      offers: boolean;
      staff: number;
      foreign_staff: number;
    }>(
      `select p.status, p.service_provider_id as provider,
              case when sp.id is not null then 111.2 * sqrt(power(sp.lat - p.lat, 2) + power((sp.lng - p.lng) * cos(radians(p.lat)), 2)) end as km,
              exists (select 1 from project_categories pc join provider_categories v on v.tenant_id = pc.tenant_id and v.category_id = pc.category_id
                       where pc.tenant_id = p.tenant_id and pc.project_id = p.id and v.provider_id = p.service_provider_id) as offers,
              (select count(*)::int from project_provider_staff s where s.tenant_id = p.tenant_id and s.project_id = p.id) as staff,
              (select count(*)::int from project_provider_staff s join users u on u.tenant_id = s.tenant_id and u.id = s.user_id
                where s.tenant_id = p.tenant_id and s.project_id = p.id and u.service_provider_id is distinct from p.service_provider_id) as foreign_staff
         from projects p left join service_providers sp on sp.tenant_id = p.tenant_id and sp.id = p.service_provider_id
        where p.tenant_id = $1`,
    );
    const assigned = rows.filter((r) => r.provider);
    expect(assigned.length).toBeGreaterThanOrEqual(rows.length / 2);
    expect(assigned.filter((r) => r.status === 'quote')).toEqual([]);
    for (const r of assigned) {
      expect(r.km).toBeLessThanOrEqual(310);
      expect(r.offers).toBe(true);
      expect(r.staff).toBeGreaterThan(0);
      expect(r.foreign_staff).toBe(0);
    }
    expect(rows.filter((r) => !r.provider && r.staff > 0)).toEqual([]);
  });

  it('rates only finished projects, by their provider, and keeps the averages and counts in step with the rows', async () => {
    const [bad] = await q<{ n: number }>(
      `select count(*)::int as n from provider_ratings r join projects p on p.tenant_id = r.tenant_id and p.id = r.project_id
        where r.tenant_id = $1 and (p.status not in ('completed', 'closed') or p.service_provider_id is distinct from r.provider_id
              or r.rating < 0.5 or r.rating > 5 or r.rating * 2 <> round(r.rating * 2) or r.rated_by is null)`,
    );
    expect(bad!.n).toBe(0);
    // Performance by staff, customer by the project's client's users.
    const raters = await q<{ kind: string; role: string; same_client: boolean }>(
      `select distinct r.kind, u.role, (u.client_id is not distinct from p.client_id) as same_client
         from provider_ratings r join users u on u.tenant_id = r.tenant_id and u.id = r.rated_by
         join projects p on p.tenant_id = r.tenant_id and p.id = r.project_id where r.tenant_id = $1`,
    );
    for (const r of raters) {
      if (r.kind === 'performance') expect(['company_admin', 'company_employee']).toContain(r.role);
      else expect(r).toMatchObject({ same_client: true, role: expect.stringMatching(/^client_/) });
    }
    const providers = await q<{
      performance_rating: number | null;
      performance_rating_count: number;
      customer_rating: number | null;
      customer_rating_count: number;
      perf: number | null;
      perf_n: number;
      cust: number | null;
      cust_n: number;
    }>(
      `select sp.performance_rating, sp.performance_rating_count, sp.customer_rating, sp.customer_rating_count,
              (select round(avg(rating)::numeric, 2)::float8 from provider_ratings r where r.tenant_id = sp.tenant_id and r.provider_id = sp.id and kind = 'performance') as perf,
              (select count(*)::int from provider_ratings r where r.tenant_id = sp.tenant_id and r.provider_id = sp.id and kind = 'performance') as perf_n,
              (select round(avg(rating)::numeric, 2)::float8 from provider_ratings r where r.tenant_id = sp.tenant_id and r.provider_id = sp.id and kind = 'customer') as cust,
              (select count(*)::int from provider_ratings r where r.tenant_id = sp.tenant_id and r.provider_id = sp.id and kind = 'customer') as cust_n
         from service_providers sp where sp.tenant_id = $1`,
    );
    expect(providers.filter((p) => p.performance_rating_count > 0).length).toBeGreaterThanOrEqual(5);
    expect(providers.filter((p) => p.customer_rating_count > 0).length).toBeGreaterThanOrEqual(3);
    for (const p of providers) {
      expect(p.performance_rating_count).toBe(p.perf_n);
      expect(p.customer_rating_count).toBe(p.cust_n);
      if (p.perf === null) expect(p.performance_rating).toBeNull();
      else expect(p.performance_rating).toBeCloseTo(p.perf, 9);
      if (p.cust === null) expect(p.customer_rating).toBeNull();
      else expect(p.customer_rating).toBeCloseTo(p.cust, 9);
    }
  });

  it("marks some providers unavailable over a nearby project's dates, never over their own work", async () => {
    const [counts] = await q<{ providers: number; over_project: number; over_own: number }>(
      `select (select count(distinct provider_id)::int from provider_availabilities where tenant_id = $1) as providers,
              (select count(distinct a.id)::int from provider_availabilities a join projects p on p.tenant_id = a.tenant_id
                 and p.start_date::date <= a.end_date and coalesce(p.end_date, p.start_date)::date >= a.start_date
                 and p.service_provider_id is distinct from a.provider_id
                where a.tenant_id = $1) as over_project,
              (select count(*)::int from provider_availabilities a join projects p on p.tenant_id = a.tenant_id and p.service_provider_id = a.provider_id
                 and p.start_date::date <= a.end_date and coalesce(p.end_date, p.start_date)::date >= a.start_date
                where a.tenant_id = $1) as over_own`,
    );
    expect(counts!.providers).toBeGreaterThanOrEqual(8);
    expect(counts!.over_project).toBeGreaterThanOrEqual(3);
    expect(counts!.over_own).toBe(0);
  });

  it('gives most providers and some users certificates: some expired, some expiring within 30 days, some with no expiry', async () => {
    const types = await q<{
      name: string;
      fields: Record<string, unknown>;
      mandatory_for_users: boolean;
      mandatory_for_providers: boolean;
    }>(
      `select name, fields, mandatory_for_users, mandatory_for_providers from certificate_types where tenant_id = $1 order by name`,
    );
    expect(types.map((x) => x.name)).toEqual(Object.values(CERTIFICATE_TYPE_NAMES).sort());
    for (const type of types)
      for (const def of Object.values(type.fields)) expect(CertificateFieldDef.safeParse(def).success).toBe(true);
    expect(types.find((x) => x.name === CERTIFICATE_TYPE_NAMES.insurance)).toMatchObject({
      mandatory_for_providers: true,
      mandatory_for_users: false,
    });
    expect(types.find((x) => x.name === CERTIFICATE_TYPE_NAMES.whiteCard)).toMatchObject({ mandatory_for_users: true });
    expect(types.find((x) => x.name === CERTIFICATE_TYPE_NAMES.electrical)!.fields).toMatchObject({
      licence_class: { type: 'select', options: ['A', 'B', 'C'] },
      restricted: { type: 'checkbox' },
    });

    const certs = await q<{
      type: string;
      provider_id: string | null;
      user_id: string | null;
      expiry: string | null;
      status: string | null;
    }>(
      `select ct.name as type, c.provider_id, c.user_id, to_char(c.expiry, 'YYYY-MM-DD') as expiry, sp.status_code as status
         from certificates c join certificate_types ct on ct.tenant_id = c.tenant_id and ct.id = c.type_id
         left join service_providers sp on sp.tenant_id = c.tenant_id and sp.id = c.provider_id
        where c.tenant_id = $1`,
    );
    const validity = (c: { expiry: string | null }) => certificateValidity(c.expiry, TODAY);
    expect(certs.filter((c) => validity(c) === 'expired').length).toBeGreaterThanOrEqual(3);
    expect(
      certs.filter((c) => c.expiry && c.expiry >= TODAY && c.expiry <= addDays(TODAY, 30)).length,
    ).toBeGreaterThanOrEqual(2);
    expect(certs.filter((c) => c.expiry === null).length).toBeGreaterThan(0);
    expect(certs.every((c) => (c.provider_id === null) !== (c.user_id === null))).toBe(true);

    const [{ providers }] = (await q<{ providers: number }>(
      `select count(*)::int as providers from service_providers where tenant_id = $1`,
    )) as [{ providers: number }];
    const insured = new Set(
      certs.filter((c) => c.type === CERTIFICATE_TYPE_NAMES.insurance && c.provider_id).map((c) => c.provider_id),
    );
    expect(insured.size).toBeGreaterThan(providers * 0.7);
    // A licence-restricted provider's insurance has lapsed: none of its insurance is valid.
    const restricted = certs.filter(
      (c) => c.status === 'licence_restricted' && c.type === CERTIFICATE_TYPE_NAMES.insurance,
    );
    expect(restricted.length).toBeGreaterThan(0);
    expect(restricted.filter((c) => validity(c) !== 'expired')).toEqual([]);
    expect(new Set(certs.filter((c) => c.user_id).map((c) => c.user_id)).size).toBeGreaterThan(10);
  });

  it('lets the demo provider admin sign in and see only its own projects', async () => {
    const cookie = await signIn(t, tenant.host, DEMO_PROVIDER_ADMIN.email, 'siteflow-demo');
    const session = await request(t, { url: '/api/session', host: tenant.host, cookie });
    expect(session.status).toBe(200);
    expect(JSON.stringify(session.json)).toContain('sp_admin');
    const [{ n }] = (await q<{ n: number }>(
      `select count(*)::int as n from projects p join service_providers sp on sp.tenant_id = p.tenant_id and sp.id = p.service_provider_id
        where p.tenant_id = $1 and sp.name = $2`,
      [tenant.id, DEMO_PROVIDER_ADMIN.provider],
    )) as [{ n: number }];
    expect(n).toBeGreaterThanOrEqual(2);
    const list = await request(t, { url: '/api/projects?pageSize=100', host: tenant.host, cookie });
    expect(list.status).toBe(200);
    expect(list.json.total).toBe(n);
  });
});
