import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_STATUSES } from '@siteflow/core';
import { createUser, ownerPool, signIn } from '../../test/harness.js';
import { oneCompany, type TestApp, type TestTenant } from '../../test/companies.js';
import { hashPassword } from '../platform/passwords.js';
import { DEMO_CLIENT_ADMIN, seedDemoProjects } from './projects.js';

let t: TestApp;
let tenant: TestTenant;
const q = async <T>(text: string, values: unknown[] = []) => (await ownerPool().query(text, values)).rows as T[];

beforeAll(async () => {
  ({ t, tenant } = await oneCompany({ gazetteer: true }));
  await createUser(tenant, 'company_employee', { isProjectManager: true });
});
afterAll(async () => {
  await t?.close();
});

describe('demo projects seed', () => {
  it('creates about 60 consistent projects once, as the request role under RLS', async () => {
    const passwordHash = await hashPassword('siteflow-demo');
    const first = await seedDemoProjects(t.deps.db, tenant.id, { passwordHash, today: new Date(2026, 10, 21) });
    expect(first).toMatchObject({ created: true, projects: 60, clients: 8, clientAdminEmail: DEMO_CLIENT_ADMIN.email });
    const again = await seedDemoProjects(t.deps.db, tenant.id, { passwordHash, today: new Date(2026, 10, 21) });
    expect(again).toMatchObject({ created: false, projects: 60 });

    const statuses = await q<{ status: string }>('select distinct status from projects where tenant_id = $1', [
      tenant.id,
    ]);
    expect(statuses.map((s) => s.status).sort()).toEqual([...PROJECT_STATUSES].sort());
    const [codes] = await q<{ bad: number; counter: number }>(
      `select count(*) filter (where code <> 'PRJ-' || lpad(seq::text, 5, '0'))::int as bad,
              (select value from tenant_counters where tenant_id = $1 and name = 'project') as counter
         from projects where tenant_id = $1`,
      [tenant.id],
    );
    expect(codes).toEqual({ bad: 0, counter: 60 });
    // Every service of a project is offered by one of its categories.
    const [loose] = await q<{ n: number }>(
      `select count(*)::int as n from project_services ps
        where ps.tenant_id = $1 and not exists (
          select 1 from project_categories pc join category_services cs on cs.tenant_id = pc.tenant_id and cs.category_id = pc.category_id
           where pc.tenant_id = ps.tenant_id and pc.project_id = ps.project_id and cs.service_id = ps.service_id)`,
      [tenant.id],
    );
    expect(loose!.n).toBe(0);
    // Account managers belong to the project's client; places come from the gazetteer.
    const [odd] = await q<{ am: number; unplaced: number; contacts: number; subs: number; links: number }>(
      `select count(*) filter (where am.client_id is distinct from p.client_id)::int as am,
              count(*) filter (where p.lat is null or p.geo_precision <> 'suburb')::int as unplaced,
              (select count(*)::int from projects x where x.tenant_id = $1 and not exists (select 1 from site_contacts s where s.tenant_id = x.tenant_id and s.project_id = x.id)) as contacts,
              (select count(*)::int from project_relations r where r.tenant_id = $1) as subs,
              (select count(*)::int from project_links l where l.tenant_id = $1) as links
         from projects p left join users am on am.tenant_id = p.tenant_id and am.id = p.client_am_id
        where p.tenant_id = $1`,
      [tenant.id],
    );
    expect(odd).toEqual({ am: 0, unplaced: 0, contacts: 0, subs: 4, links: 6 });
    const dates = await q<{ start_date: string | null }>(
      `select to_char(start_date, 'YYYY-MM-DD HH24:MI:SS') as start_date from projects where tenant_id = $1`,
      [tenant.id],
    );
    expect(dates.filter((d) => d.start_date !== null).length).toBeGreaterThan(50);
  });

  it('lets the demo client admin sign in', async () => {
    await expect(signIn(t, tenant.host, DEMO_CLIENT_ADMIN.email, 'siteflow-demo')).resolves.toMatch(/^sf_session=/);
    const [count] = await q<{ n: number }>(
      `select count(*)::int as n from users where tenant_id = $1 and role = 'client_am' and not active`,
      [tenant.id],
    );
    expect(count!.n).toBeGreaterThan(0);
  });
});

describe('demo action lists seed', () => {
  it('builds the installation template and the open projects’ tasks once, every due date computed', async () => {
    const { seedDemoTasks, DEMO_TEMPLATE_TASKS } = await import('./tasks.js');
    const first = await seedDemoTasks(t.deps.db, tenant.id);
    expect(first).toMatchObject({ created: true, templates: 1 });
    expect(first.tasks).toBeGreaterThan(100);
    expect(await seedDemoTasks(t.deps.db, tenant.id)).toMatchObject({ created: false, templates: 1 });
    const [shape] = await q<{
      tasks: number;
      generating: number;
      undated: number;
      completed: number;
      projects: number;
    }>(
      `select count(*)::int as tasks,
              count(*) filter (where is_generating)::int as generating,
              count(*) filter (where due_date_at is null and trigger <> 'Completed Task')::int as undated,
              count(*) filter (where status = 'Completed')::int as completed,
              count(distinct project_id)::int as projects
         from tasks where tenant_id = $1`,
      [tenant.id],
    );
    expect(shape!.tasks).toBe(shape!.projects * DEMO_TEMPLATE_TASKS.length);
    expect(shape).toMatchObject({ generating: 0 });
    // Projects without a start or end date leave those tasks undated (an unknown anchor gives no date).
    expect(shape!.undated).toBeLessThan(shape!.tasks / 3);
    expect(shape!.completed).toBeGreaterThan(0);
  });
});
