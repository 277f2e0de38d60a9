import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FINANCE_TEXT, type FinancePullView, type FinanceView, type QuoteView } from '@siteflow/core';
import {
  projectFinanceLines,
  projectFinances,
  serviceProviderAgreements,
  serviceProviderAgreementSections,
} from '../../platform/db/schema.js';
import * as factories from '../../../test/factories.js';
import { asOwner, createUser } from '../../../test/harness.js';
import { signedIn, twoCompanies, type As, type TestApp, type TestTenant } from '../../../test/companies.js';

// A project's finance (issue 14 section 2): save and reload, the totals kept on project_finances
// for the finance report, 422s per field, the version check, pulling from the Accepted quote and
// its agreements, roles (staff only) and tenants.
let t: TestApp, a: TestTenant, asA: As, asB: As;
let asEmployee: As, asClientUser: As, asProviderUser: As;
let client: factories.TestClient;

beforeAll(async () => {
  ({ t, a, asA, asB } = await twoCompanies());
  client = await factories.createClientCo(a);
  const provider = await factories.createProvider(a);
  asEmployee = await signedIn(t, a, await createUser(a, 'company_employee'));
  asClientUser = await signedIn(t, a, await factories.createClientUser(a, client.id, 'client_admin'));
  asProviderUser = await signedIn(t, a, await factories.createProviderUser(a, provider.id, 'sp_admin'));
});
afterAll(() => t.close());

const url = (projectId: number, rest = '') => `/api/projects/${projectId}/finances${rest}`;
const newProject = () => factories.createProject(a, client);

const line = (over: Record<string, unknown> = {}) => ({
  code: 'L1',
  category: 'service',
  description: 'Labour',
  estimate: '1000',
  actual: '1200.50',
  notes: 'Two electricians',
  ...over,
});

async function load(projectId: number, as: As = asA): Promise<FinanceView> {
  const res = await as({ url: url(projectId) });
  expect(res.status, res.text).toBe(200);
  return res.json as FinanceView;
}

async function save(projectId: number, body: object, as: As = asA): Promise<FinanceView> {
  const res = await as({ method: 'PUT', url: url(projectId), body });
  expect(res.status, res.text).toBe(200);
  return res.json as FinanceView;
}

const storedTotals = (projectId: number) =>
  asOwner(a.id, async (tx) => {
    const [row] = await tx.select().from(projectFinances).where(eq(projectFinances.projectId, projectId));
    return row;
  });

describe('a project finance', () => {
  it('is empty (version 0, totals $0) before the first save', async () => {
    const project = await newProject();
    const view = await load(project.id);
    expect(view).toMatchObject({
      project: { id: project.id, code: project.code },
      comments: null,
      revenues: [],
      expenses: [],
      version: 0,
      updated_at: null,
      totals: {
        total_revenue: '0.00',
        total_revenue_actual: '0.00',
        total_expense: '0.00',
        total_expense_actual: '0.00',
      },
    });
    expect(await storedTotals(project.id)).toBeUndefined();
  });

  it('saves and reloads its lines in order with their variation, and keeps the totals on project_finances', async () => {
    const project = await newProject();
    const saved = await save(project.id, {
      version: 0,
      comments: 'Going well',
      revenues: [line(), line({ code: 'L2', category: 'product', estimate: '0.10', actual: '0.20', notes: '' })],
      expenses: [line({ code: 'E1', estimate: '600', actual: '', description: 'Sparky' })],
      // Totals sent by the caller are never trusted.
      total_revenue: '999999',
    });
    expect(saved.version).toBe(1);
    expect(saved.updated_by_name).toBeTruthy();
    const view = await load(project.id);
    expect(view).toEqual(saved);
    expect(view.comments).toBe('Going well');
    expect(
      view.revenues.map((l) => [l.code, l.category, l.estimate, l.actual, l.variation, l.notes, l.position]),
    ).toEqual([
      ['L1', 'service', '1000.00', '1200.50', '200.50', 'Two electricians', 0],
      ['L2', 'product', '0.10', '0.20', '0.10', null, 1],
    ]);
    expect(view.expenses).toMatchObject([{ code: 'E1', estimate: '600.00', actual: '0.00', variation: '-600.00' }]);
    expect(view.totals).toEqual({
      total_revenue: '1000.10',
      total_revenue_actual: '1200.70',
      total_expense: '600.00',
      total_expense_actual: '0.00',
    });
    expect(await storedTotals(project.id)).toMatchObject({
      totalRevenue: '1000.10',
      totalRevenueActual: '1200.70',
      totalExpense: '600.00',
      totalExpenseActual: '0.00',
      version: 1,
    });

    // A second save replaces the lines; the totals follow them.
    const again = await save(project.id, {
      version: 1,
      comments: '',
      revenues: [view.revenues[1]],
      expenses: [],
    });
    expect(again).toMatchObject({ version: 2, comments: null, expenses: [] });
    expect(again.revenues.map((l) => l.code)).toEqual(['L2']);
    expect(await storedTotals(project.id)).toMatchObject({
      totalRevenue: '0.10',
      totalRevenueActual: '0.20',
      totalExpense: '0.00',
      totalExpenseActual: '0.00',
      version: 2,
    });
    const lines = await asOwner(a.id, (tx) =>
      tx.select().from(projectFinanceLines).where(eq(projectFinanceLines.projectId, project.id)),
    );
    expect(lines).toHaveLength(1);
  });

  it('keeps lines that share a code and category (flagged on screen, not blocked)', async () => {
    const project = await newProject();
    const saved = await save(project.id, { version: 0, revenues: [line(), line()], expenses: [] });
    expect(saved.revenues).toHaveLength(2);
  });

  it('answers bad input with 422 per field, never 500, and writes nothing', async () => {
    const project = await newProject();
    const cases: [object, string][] = [
      [{ version: 0, revenues: [line(), line(), line({ estimate: '-5' })] }, 'revenues.2.estimate'],
      [{ version: 0, expenses: [line({ actual: '12.345' })] }, 'expenses.0.actual'],
      [{ version: 0, expenses: [line({ actual: 'lots' })] }, 'expenses.0.actual'],
      [{ version: 0, revenues: [line({ estimate: '1e400' })] }, 'revenues.0.estimate'],
      [{ version: 0, revenues: [line({ estimate: '9999999999999' })] }, 'revenues.0.estimate'],
      [{ version: 0, revenues: [line({ category: 'other' })] }, 'revenues.0.category'],
      [{ version: 0, comments: 'x'.repeat(501) }, 'comments'],
      [{ version: 0, revenues: [line({ code: 'c'.repeat(101) })] }, 'revenues.0.code'],
      [{ version: 0, revenues: 'none' }, 'revenues'],
      [{ version: -1 }, 'version'],
      [{ revenues: [] }, 'version'],
      [{ version: 99999999999 }, 'version'],
      [{ version: 2147483648 }, 'version'],
      [{ version: 1.5 }, 'version'],
    ];
    for (const [body, field] of cases) {
      const res = await asA({ method: 'PUT', url: url(project.id), body });
      expect(res.status, `${field}: ${res.text}`).toBe(422);
      expect(res.json.errors, res.text).toHaveProperty([field]);
    }
    // A version past PostgreSQL's integer failed in the database: a 422 naming nothing.
    const huge = await asA({ method: 'PUT', url: url(project.id), body: { version: 99999999999, revenues: [] } });
    expect(huge.json.errors).toEqual({ version: ['The version must be a whole number from 0 to 2147483647.'] });
    expect((await load(project.id)).version).toBe(0);
    // The largest amount numeric(14,2) holds is accepted.
    const big = await save(project.id, { version: 0, revenues: [line({ estimate: '999999999999.99' })] });
    expect(big.totals.total_revenue).toBe('999999999999.99');
  });

  it('keeps totals of many lines at the largest amount (the totals are wider than a line)', async () => {
    const project = await newProject();
    const max = '999999999999.99';
    const full = Array.from({ length: 500 }, (_, i) => line({ code: `L${i}`, estimate: max, actual: max }));
    const saved = await save(project.id, {
      version: 0,
      revenues: [line({ estimate: max, actual: max }), line({ estimate: max, actual: '0.01' })],
      expenses: full,
    });
    const expected = {
      total_revenue: '1999999999999.98',
      total_revenue_actual: '1000000000000.00',
      total_expense: '499999999999995.00',
      total_expense_actual: '499999999999995.00',
    };
    expect(saved.totals).toEqual(expected);
    expect((await load(project.id)).totals).toEqual(expected);
    expect(await storedTotals(project.id)).toMatchObject({
      totalRevenue: expected.total_revenue,
      totalExpense: expected.total_expense,
    });
  });

  it('refuses a save of an older version (409) and keeps the newer one', async () => {
    const project = await newProject();
    await save(project.id, { version: 0, revenues: [line()] });
    const late = await asA({ method: 'PUT', url: url(project.id), body: { version: 0, revenues: [] } });
    expect(late.status, late.text).toBe(409);
    expect(late.json.message).toBe(FINANCE_TEXT.versionConflict);
    await save(project.id, { version: 1, revenues: [line({ code: 'B' })] });
    const stale = await asEmployee({ method: 'PUT', url: url(project.id), body: { version: 1, revenues: [] } });
    expect(stale.status).toBe(409);
    expect((await load(project.id)).revenues.map((l) => l.code)).toEqual(['B']);
  });

  it('is for staff only: employees may save, client and provider users get 403', async () => {
    const project = await newProject();
    await save(project.id, { version: 0, revenues: [line()] }, asEmployee);
    expect((await load(project.id, asEmployee)).revenues).toHaveLength(1);
    for (const as of [asClientUser, asProviderUser]) {
      expect((await as({ url: url(project.id) })).status).toBe(403);
      expect((await as({ method: 'PUT', url: url(project.id), body: { version: 1 } })).status).toBe(403);
      expect((await as({ url: url(project.id, '/pull?source=quote') })).status).toBe(403);
    }
  });

  it("is 404 for another company's project and for a missing one", async () => {
    const project = await newProject();
    await save(project.id, { version: 0, revenues: [line()] });
    expect((await asB({ url: url(project.id) })).status).toBe(404);
    expect((await asB({ method: 'PUT', url: url(project.id), body: { version: 1 } })).status).toBe(404);
    expect((await asB({ url: url(project.id, '/pull?source=quote') })).status).toBe(404);
    expect((await asA({ url: url(999999999) })).status).toBe(404);
    expect((await load(project.id)).revenues).toHaveLength(1);
  });
});

describe('pulling from the accepted quote', () => {
  const item = (category: string, quantity: string, sell: string, cost: string) => ({
    category,
    description: `${category} item`,
    supplied_by: 'Company',
    quantity,
    unit_sell_price: sell,
    unit_cost: cost,
  });

  async function acceptedQuote(projectId: number): Promise<QuoteView> {
    const created = await asA({ method: 'POST', url: `/api/projects/${projectId}/quotes` });
    expect(created.status, created.text).toBe(201);
    const quoteUrl = `/api/projects/${projectId}/quotes/${created.json.id}`;
    const saved = await asA({
      method: 'PUT',
      url: quoteUrl,
      body: {
        version: 1,
        sections: [
          {
            name: 'Electrical',
            line_items: [item('Service', '3', '0.10', '0.07'), item('Product', '2', '50.25', '30.10')],
          },
          { name: 'Labour', line_items: [item('Service', '8', '95', '60'), item('Other', '1', '40', '10')] },
        ],
      },
    });
    expect(saved.status, saved.text).toBe(200);
    const accepted = await asA({ method: 'POST', url: `${quoteUrl}/status`, body: { status: 'Accepted' } });
    expect(accepted.status, accepted.text).toBe(200);
    return accepted.json as QuoteView;
  }

  async function agreement(
    quote: QuoteView,
    projectId: number,
    n: number,
    status: 'Active' | 'VOID',
    prices: [number, string][],
  ) {
    const provider = await factories.createProvider(a);
    await asOwner(a.id, async (tx) => {
      const [row] = await tx
        .insert(serviceProviderAgreements)
        .values({
          tenantId: a.id,
          quoteId: quote.id,
          projectId,
          number: n,
          name: `${quote.code}-SPA${n}`,
          status,
          serviceProviderId: provider.id,
        })
        .returning({ id: serviceProviderAgreements.id });
      await tx.insert(serviceProviderAgreementSections).values(
        prices.map(([sectionId, price]) => ({
          tenantId: a.id,
          agreementId: row!.id,
          sectionId,
          contractPrice: price,
          active: status !== 'VOID',
        })),
      );
    });
    return provider;
  }

  it('is a 409 with a clear message when the project has no Accepted quote, and 422 for an unknown source', async () => {
    const project = await newProject();
    const res = await asA({ url: url(project.id, '/pull?source=quote') });
    expect(res.status, res.text).toBe(409);
    expect(res.json.message).toBe(FINANCE_TEXT.noAcceptedQuote);
    expect((await asA({ url: url(project.id, '/pull?source=nothing') })).status).toBe(422);
  });

  it('proposes revenue per section (service and product) and expenses from non-void agreements and product costs', async () => {
    const project = await newProject();
    const quote = await acceptedQuote(project.id);
    const [electrical, labour] = quote.sections;
    const provider = await agreement(quote, project.id, 1, 'Active', [
      [electrical!.id, '120.50'],
      [labour!.id, '500'],
    ]);
    await agreement(quote, project.id, 2, 'VOID', [[labour!.id, '999']]);

    const revenue = await asA({ url: url(project.id, '/pull?source=quote') });
    expect(revenue.status, revenue.text).toBe(200);
    const pulledRevenue = revenue.json as FinancePullView;
    expect(pulledRevenue).toMatchObject({ kind: 'revenue', quote: { id: quote.id, code: quote.code } });
    expect(
      pulledRevenue.lines.map((l) => [l.code, l.category, l.description, l.estimate, l.source, l.source_id]),
    ).toEqual([
      [quote.code, 'service', 'Electrical', '0.30', 'quote', electrical!.id],
      [quote.code, 'product', 'Electrical', '100.50', 'quote', electrical!.id],
      [quote.code, 'service', 'Labour', '800.00', 'quote', labour!.id],
    ]);

    const expenses = await asA({ url: url(project.id, '/pull?source=agreements') });
    expect(expenses.status, expenses.text).toBe(200);
    const pulledExpenses = expenses.json as FinancePullView;
    expect(pulledExpenses.kind).toBe('expense');
    expect(pulledExpenses.lines.map((l) => [l.code, l.category, l.description, l.estimate, l.source])).toEqual([
      [`${quote.code}-SPA1`, 'service', provider.name, '620.50', 'agreement'],
      [quote.code, 'product', 'Electrical', '60.20', 'quote'],
    ]);

    // Nothing is written by a pull; saving the proposed lines keeps where they came from.
    expect((await load(project.id)).version).toBe(0);
    const saved = await save(project.id, {
      version: 0,
      revenues: pulledRevenue.lines,
      expenses: pulledExpenses.lines,
    });
    expect(saved.revenues[0]).toMatchObject({ source: 'quote', source_id: electrical!.id });
    expect(saved.totals).toMatchObject({ total_revenue: '900.80', total_expense: '680.70' });
  });
});
