import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { companyDay } from '../../packages/core/src/format/wall-clock';
import { formatPercent, formatQuoteMoney } from '../../packages/core/src/quotes/money';
import { FINANCE_REPORT_TEXT as T, financeReportXlsxName } from '../../packages/core/src/reports/finance-report';
import { apiCall, DEMO, DEMO_ADMIN, expectAccessible, newProjectLike, signIn } from './fixtures';

// The finance report (issue 14 section 3): a project of this month with a finance, managed by a
// demo project manager; a staff member opens the report, generates it for that manager, finds the
// manager's row with the figures the API computes (this project's among them), and downloads the XLSX.

type Row = { project_manager: { id: string; first_name: string; last_name: string }; total_revenues: string };
type Report = { rows: (Row & Record<string, string>)[] };

test('staff generate the finance report for this month and download it', async ({ page }) => {
  await signIn(page, DEMO, DEMO_ADMIN);
  const list = (await apiCall(page, DEMO, 'GET', '/api/projects?page=1&pageSize=5')).json as {
    items: { id: number }[];
  };
  const today = companyDay(new Date());
  const project = await newProjectLike<{ id: number; project_manager: { id: string } }>(page, list.items[0]!.id, {
    start_date: `${today}T08:00`,
    end_date: `${today}T17:00`,
  });
  const line = (code: string, estimate: string, actual: string) => ({
    code,
    category: 'service',
    description: `${code} works`,
    estimate,
    actual,
  });
  const saved = await apiCall(page, DEMO, 'PUT', `/api/projects/${project.id}/finances`, {
    version: 0,
    comments: '',
    revenues: [line('REV-1', '12000', '11000')],
    expenses: [line('EXP-1', '9000', '9500')],
  });
  expect(saved.status, JSON.stringify(saved.json)).toBe(200);

  const managerId = project.project_manager.id;
  const filters = { period: 'current_month', statuses: [], project_managers: [managerId] };
  const expected = (await apiCall(page, DEMO, 'POST', '/api/reports/finance/generate', filters)).json as Report;
  expect(expected.rows).toHaveLength(1);
  const row = expected.rows[0]!;
  expect(Number(row.total_revenues)).toBeGreaterThanOrEqual(12000);
  const name = `${row.project_manager.first_name} ${row.project_manager.last_name}`;

  await page.goto(`${DEMO}/reports/finance`);
  await expect(page.getByRole('heading', { name: T.title })).toBeVisible();
  await expect(page.getByRole('combobox', { name: T.period })).toHaveValue('Current Month');
  await expectAccessible(page);

  // Only this manager: All goes when a manager is chosen after removing it.
  const managers = page.getByRole('combobox', { name: T.manager });
  await managers.click();
  await managers.press('Backspace');
  await managers.fill(row.project_manager.first_name);
  await page.getByRole('option', { name }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: T.generate }).click();

  const table = page.getByRole('table', { name: T.table });
  await expect(table).toBeVisible();
  const shown = table.getByRole('row', { name: new RegExp(name) });
  await expect(shown).toContainText(formatQuoteMoney(row.total_revenues));
  await expect(shown).toContainText(formatQuoteMoney(row.gross_profit!));
  await expect(shown).toContainText(formatPercent(row.gross_profit_margin!));
  await expect(shown).toContainText(formatQuoteMoney(row.total_expenses_actuals!));
  await expect(table.getByRole('row', { name: new RegExp(T.totals) })).toBeVisible();
  await expect(page.getByRole('img', { name: /Bar chart/ })).toBeVisible();
  await expectAccessible(page);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: T.download }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(financeReportXlsxName(today));
  const data = fs.readFileSync((await file.path())!);
  expect(data.length).toBeGreaterThan(0);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(data as unknown as ArrayBuffer);
  const cells = book.worksheets[0]!.getSheetValues().flat().map(String);
  expect(cells).toContain(name);
  expect(cells).toContain(T.totals);

  await page.getByRole('button', { name: T.reset }).click();
  await expect(table).toBeHidden();
});
