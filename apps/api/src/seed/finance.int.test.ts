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
  it('gives the first projects finance lines once, with totals equal to the sums of their lines', async () => {
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
  });
});
