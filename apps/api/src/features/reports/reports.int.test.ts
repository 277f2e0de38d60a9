import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyDay, FINANCE_REPORT_TEXT, financeReportXlsxName, reportRange } from '@siteflow/core';
import { projectFinances } from '../../platform/db/schema.js';
import {
  createClientCo,
  createClientUser,
  createProject,
  createProvider,
  createProviderUser,
} from '../../../test/factories.js';
import { asOwner, createUser, type TestUser } from '../../../test/harness.js';
import { signedIn, twoCompanies, type As, type TestApp, type TestTenant } from '../../../test/companies.js';

let t: TestApp, a: TestTenant, b: TestTenant, asA: As, asB: As, asEmployee: As, asClient: As, asProvider: As;
let ann: TestUser, bob: TestUser, carl: TestUser;

type Money = { rev: string; revA: string; exp: string; expA: string };
async function project(
  tenant: TestTenant,
  managerId: string,
  dates: { start: string | null; end: string | null },
  money: Money,
  status: 'quote' | 'order' | 'completed' | 'closed' = 'order',
) {
  const client = await createClientCo(tenant);
  const p = await createProject(tenant, client, { managerId, startDate: dates.start, endDate: dates.end, status });
  await asOwner(tenant.id, (tx) =>
    tx.insert(projectFinances).values({
      tenantId: tenant.id,
      projectId: p.id,
      totalRevenue: money.rev,
      totalRevenueActual: money.revA,
      totalExpense: money.exp,
      totalExpenseActual: money.expA,
    }),
  );
  return p;
}

const m2 = (rev: string, revA: string, exp: string, expA: string): Money => ({ rev, revA, exp, expA });
const MARCH = { period: 'custom', custom_start_date: '2025-03-01', custom_end_date: '2025-03-31' };
const generate = (body: Record<string, unknown>, who: As = asA) =>
  who({ method: 'POST', url: '/api/reports/finance/generate', body });

beforeAll(async () => {
  ({ t, a, b, asA, asB } = await twoCompanies());
  // Names sort Ann, Bob, Carl (the rows' order); Carl manages nothing in March.
  [ann, bob, carl] = await Promise.all([
    createUser(a, 'company_employee', { firstName: 'Ann', lastName: 'Able', isProjectManager: true }),
    createUser(a, 'company_employee', { firstName: 'Bob', lastName: 'Baker', isProjectManager: true }),
    createUser(a, 'company_employee', { firstName: 'Carl', lastName: 'Cole', isProjectManager: true }),
  ]);
  const [clientCo, provider] = await Promise.all([createClientCo(a), createProvider(a)]);
  [asEmployee, asClient, asProvider] = await Promise.all([
    signedIn(t, a, await createUser(a, 'company_employee')),
    signedIn(t, a, await createClientUser(a, clientCo.id, 'client_admin')),
    signedIn(t, a, await createProviderUser(a, provider.id, 'sp_admin')),
  ]);
  const m = (rev: string, revA: string, exp: string, expA: string): Money => ({ rev, revA, exp, expA });
  await Promise.all([
    // Ann: one inside March, one spanning it (Feb to Apr), one in May (outside).
    project(a, ann.id, { start: '2025-03-05 08:00', end: '2025-03-10 17:00' }, m('1000', '900', '600', '700')),
    project(
      a,
      ann.id,
      { start: '2025-02-20 08:00', end: '2025-04-10 17:00' },
      m('500', '500', '100', '0'),
      'completed',
    ),
    project(a, ann.id, { start: '2025-05-01 08:00', end: '2025-05-02 17:00' }, m('9999', '0', '0', '0')),
    // Bob: one on March's last evening with no end date (it spans its start), one Quote in March,
    // one without dates (never in a period), one ending the day before March.
    project(a, bob.id, { start: '2025-03-31 23:00', end: null }, m('200', '0', '300', '0')),
    project(a, bob.id, { start: '2025-03-15 08:00', end: '2025-03-15 12:00' }, m('100', '100', '25', '50'), 'quote'),
    project(a, bob.id, { start: null, end: null }, m('7777', '0', '0', '0')),
    project(a, bob.id, { start: '2025-02-01 08:00', end: '2025-02-28 23:59' }, m('8888', '0', '0', '0')),
    // Another company's project in March, managed by its admin.
    project(b, b.admin.id, { start: '2025-03-10 08:00', end: '2025-03-11 08:00' }, m('4242', '0', '0', '0')),
  ]);
});
afterAll(() => t.close());

describe('the finance report', () => {
  it('adds up each manager’s projects that overlap the period, with a totals row', async () => {
    const res = await generate(MARCH);
    expect(res.status, res.text).toBe(200);
    expect(res.json.period).toEqual({ start: '2025-03-01', end: '2025-03-31' });
    expect(res.json.rows).toEqual([
      {
        project_manager: { id: ann.id, first_name: 'Ann', last_name: 'Able' },
        projects: 2,
        total_revenues: '1500.00',
        total_expenses: '700.00',
        gross_profit: '800.00',
        gross_profit_margin: '53.33',
        total_revenues_actuals: '1400.00',
        total_expenses_actuals: '700.00',
        gross_profit_actuals: '700.00',
        gross_profit_margin_actuals: '50.00',
      },
      {
        project_manager: { id: bob.id, first_name: 'Bob', last_name: 'Baker' },
        projects: 2,
        total_revenues: '300.00',
        total_expenses: '325.00',
        gross_profit: '-25.00',
        gross_profit_margin: '-8.33',
        total_revenues_actuals: '100.00',
        total_expenses_actuals: '50.00',
        gross_profit_actuals: '50.00',
        gross_profit_margin_actuals: '50.00',
      },
    ]);
    expect(res.json.totals).toEqual({
      projects: 4,
      total_revenues: '1800.00',
      total_expenses: '1025.00',
      gross_profit: '775.00',
      gross_profit_margin: '43.06',
      total_revenues_actuals: '1500.00',
      total_expenses_actuals: '750.00',
      gross_profit_actuals: '750.00',
      gross_profit_margin_actuals: '50.00',
    });
    // Another company's figures (4242) are in no row nor total.
    expect(res.text).not.toContain('4242');
  });

  it('filters by status and by manager; All with others is every manager', async () => {
    const quotes = await generate({ ...MARCH, statuses: ['quote'] });
    expect(quotes.json.rows.map((r: { project_manager: { id: string } }) => r.project_manager.id)).toEqual([bob.id]);
    expect(quotes.json.totals.total_revenues).toBe('100.00');

    const closedOrCompleted = await generate({ ...MARCH, statuses: ['completed', 'closed'] });
    expect(closedOrCompleted.json.totals).toMatchObject({ projects: 1, total_revenues: '500.00' });

    const onlyAnn = await generate({ ...MARCH, project_managers: [ann.id] });
    expect(onlyAnn.json.rows).toHaveLength(1);
    expect(onlyAnn.json.rows[0].project_manager.first_name).toBe('Ann');

    const allAndAnn = await generate({ ...MARCH, project_managers: [ann.id, 'all'] });
    expect(allAndAnn.json.rows).toHaveLength(2);

    const carlOnly = await generate({ ...MARCH, project_managers: [carl.id] });
    expect(carlOnly.status).toBe(200);
    expect(carlOnly.json.rows).toEqual([]);
    expect(carlOnly.json.totals).toMatchObject({ projects: 0, total_revenues: '0.00', gross_profit_margin: '0.00' });
  });

  it('takes the whole current month of Brisbane by default', async () => {
    const res = await generate({ period: 'current_month' });
    expect(res.status).toBe(200);
    expect(res.json.period).toEqual(reportRange('current_month', companyDay(t.clock.now())));
    // None of the 2025 projects.
    expect(res.json.rows).toEqual([]);
  });

  it('answers 422 per field for a bad custom range, status or manager', async () => {
    const missing = await generate({ period: 'custom' });
    expect(missing.status).toBe(422);
    expect(missing.json.errors).toEqual({
      custom_start_date: [FINANCE_REPORT_TEXT.startRequired],
      custom_end_date: [FINANCE_REPORT_TEXT.endRequired],
    });
    const backwards = await generate({
      period: 'custom',
      custom_start_date: '2025-03-31',
      custom_end_date: '2025-03-01',
    });
    expect(backwards.status).toBe(422);
    expect(backwards.json.errors).toEqual({ custom_end_date: [FINANCE_REPORT_TEXT.endBeforeStart] });
    const status = await generate({ ...MARCH, statuses: ['lost'] });
    expect(status.status).toBe(422);
    expect(status.json.errors).toEqual({ statuses: [FINANCE_REPORT_TEXT.badStatus] });
    const manager = await generate({ ...MARCH, project_managers: ['not-a-uuid'] });
    expect(manager.status).toBe(422);
    expect(manager.json.errors).toEqual({ project_managers: [FINANCE_REPORT_TEXT.badManager] });
    const period = await generate({ period: 'this_year' });
    expect(period.status).toBe(422);
    expect(Object.keys(period.json.errors)).toEqual(['period']);
  });

  it('never shows another company’s managers, even when asked for by id', async () => {
    const res = await generate({ ...MARCH, project_managers: [b.admin.id] });
    expect(res.status).toBe(200);
    expect(res.json.rows).toEqual([]);
    const theirs = await generate(MARCH, asB);
    expect(theirs.json.rows).toHaveLength(1);
    expect(theirs.json.rows[0].project_manager.id).toBe(b.admin.id);
    expect(theirs.json.totals.total_revenues).toBe('4242.00');

    const options = await asA({ url: '/api/reports/finance/options' });
    expect(options.status).toBe(200);
    const ids = options.json.project_managers.map((m: { id: string }) => m.id);
    expect(ids).toEqual(expect.arrayContaining([ann.id, bob.id, carl.id]));
    expect(ids).not.toContain(b.admin.id);
    expect(options.json.project_managers.find((m: { id: string }) => m.id === ann.id).full_name).toBe('Ann Able');
  });

  it('downloads the same rows as an XLSX', async () => {
    const res = await asEmployee({ method: 'POST', url: '/api/reports/finance.xlsx', body: MARCH });
    expect(res.status, res.text).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${financeReportXlsxName(companyDay(t.clock.now()))}"`,
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.raw as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    const headerRow = [...Array(sheet.rowCount).keys()].map((i) => i + 1).find((n) => values(n)[1] === 'Projects');
    expect(headerRow).toBeDefined();
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: headerRow });
    expect(values(headerRow! + 1)).toEqual(['Ann Able', 2, 1500, 700, 800, 53.33, 1400, 700, 700, 50]);
    expect(values(headerRow! + 2)).toEqual(['Bob Baker', 2, 300, 325, -25, -8.33, 100, 50, 50, 50]);
    expect(values(headerRow! + 3)).toEqual(['Totals', 4, 1800, 1025, 775, 43.06, 1500, 750, 750, 50]);
    expect(sheet.getRow(headerRow! + 1).getCell(3).numFmt).toBe('$#,##0.00');
    expect(sheet.getRow(headerRow! + 1).getCell(6).numFmt).toBe('0.00"%"');
    expect(values(2)).toEqual(['Time Period', 'Custom: 01/03/2025 to 31/03/2025']);

    const bad = await asA({ method: 'POST', url: '/api/reports/finance.xlsx', body: { period: 'custom' } });
    expect(bad.status).toBe(422);
  });

  it('adds up totals past 12 whole digits (a finance of 500 lines at the largest amount)', async () => {
    const big = '499999999999995.00';
    await project(a, carl.id, { start: '2025-06-05 08:00', end: '2025-06-06 17:00' }, m2(big, '1.00', big, '0'));
    await project(a, carl.id, { start: '2025-06-07 08:00', end: '2025-06-08 17:00' }, m2(big, '0', '0', '0'));
    const JUNE = { period: 'custom', custom_start_date: '2025-06-01', custom_end_date: '2025-06-30' };
    const res = await generate({ ...JUNE, project_managers: [carl.id] });
    expect(res.status, res.text).toBe(200);
    expect(res.json.totals).toMatchObject({
      projects: 2,
      total_revenues: '999999999999990.00',
      total_expenses: '499999999999995.00',
      gross_profit: '499999999999995.00',
      gross_profit_margin: '50.00',
      total_revenues_actuals: '1.00',
    });
    const xlsx = await asA({ method: 'POST', url: '/api/reports/finance.xlsx', body: JUNE });
    expect(xlsx.status, xlsx.text).toBe(200);
  });

  it('is for staff only: client and provider users get 403', async () => {
    for (const who of [asClient, asProvider]) {
      expect((await generate(MARCH, who)).status).toBe(403);
      expect((await who({ method: 'POST', url: '/api/reports/finance.xlsx', body: MARCH })).status).toBe(403);
      expect((await who({ url: '/api/reports/finance/options' })).status).toBe(403);
    }
  });
});
