import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FinanceView } from '@siteflow/core';
import { as, oneCompany, type TestApp, type TestTenant } from '../../test/companies.js';
import * as factories from '../../test/factories.js';
import { signIn } from '../../test/harness.js';
import { DEMO_FINANCES, seedDemoFinance } from './finance.js';

let t: TestApp;
let tenant: TestTenant;

beforeAll(async () => {
  ({ t, tenant } = await oneCompany());
});
afterAll(async () => {
  await t?.close();
});

describe('demo finance seed', () => {
  it('gives demo projects finance lines once (those running this month first, so the report has rows), with totals equal to the sums of their lines', async () => {
    const client = await factories.createClientCo(tenant);
    const project = await factories.createProject(tenant, client);
    for (let i = 1; i < DEMO_FINANCES.length; i++) await factories.createProject(tenant, client);
    expect(await seedDemoFinance(t.deps.db, tenant.id)).toEqual({ created: true, finances: DEMO_FINANCES.length });
    expect(await seedDemoFinance(t.deps.db, tenant.id)).toEqual({ created: false, finances: DEMO_FINANCES.length });

    const asAdmin = as(t, await signIn(t, tenant.host, tenant.admin.email), tenant.host);
    const res = await asAdmin({ url: `/api/projects/${project.id}/finances` });
    expect(res.status, res.text).toBe(200);
    const view = res.json as FinanceView;
    expect(view.revenues).toHaveLength(DEMO_FINANCES[0]!.revenues.length);
    expect(view.expenses).toHaveLength(DEMO_FINANCES[0]!.expenses.length);
    expect(view.totals).toEqual({
      total_revenue: '60900.00',
      total_revenue_actual: '63600.00',
      total_expense: '30200.00',
      total_expense_actual: '31090.50',
    });
    expect(view.version).toBe(1);

    // The finance report's default view (Current Month, every manager, every status) has a row.
    const month = new Date().toLocaleDateString('en-CA', { timeZone: 'Australia/Brisbane' }).slice(0, 7);
    await factories.createProject(tenant, client, { startDate: `${month}-01 08:00`, endDate: `${month}-02 17:00` });
    const other = await oneCompany();
    try {
      const otherClient = await factories.createClientCo(other.tenant);
      for (let i = 0; i < 4; i++)
        await factories.createProject(other.tenant, otherClient, { startDate: null, endDate: null });
      const running = await factories.createProject(other.tenant, otherClient, {
        startDate: `${month}-01 08:00`,
        endDate: `${month}-02 17:00`,
      });
      expect(await seedDemoFinance(other.t.deps.db, other.tenant.id)).toEqual({ created: true, finances: 5 });
      const asOther = as(
        other.t,
        await signIn(other.t, other.tenant.host, other.tenant.admin.email),
        other.tenant.host,
      );
      // The project running this month is first: it gets the first finance.
      const mine = (await asOther({ url: `/api/projects/${running.id}/finances` })).json as FinanceView;
      expect(mine.totals.total_revenue).toBe('60900.00');
      const report = await asOther({
        method: 'POST',
        url: '/api/reports/finance/generate',
        body: { period: 'current_month', statuses: [], project_managers: ['all'] },
      });
      expect(report.status, report.text).toBe(200);
      expect((report.json as { rows: unknown[] }).rows.length).toBeGreaterThan(0);
    } finally {
      await other.t.close();
    }
  });
});
