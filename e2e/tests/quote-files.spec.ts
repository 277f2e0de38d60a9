import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { QUOTE_FILE_TEXT } from '../../packages/core/src/quotes/files';
import { apiCall, DEMO, DEMO_ADMIN, expectAccessible, newProjectLike, signIn } from './fixtures';

// A quote's files (issue 13 section 2): a staff member exports a quote as the System Friendly
// CSV and the Client Friendly XLSX, opens its PDF, and imports the CSV into another project,
// where the same quote appears.

type Project = { id: number; project_code: string };
type Quote = { id: number; code: string; version: number; totals: { revenue: string; cost: string } };

test('a quote is exported both ways, printed, and re-imported into another project', async ({ page }) => {
  await signIn(page, DEMO, DEMO_ADMIN);
  const list = (await apiCall(page, DEMO, 'GET', '/api/projects?page=1&pageSize=5')).json as {
    items: { id: number }[];
  };
  const [from, to] = [
    await newProjectLike<Project>(page, list.items[0]!.id),
    await newProjectLike<Project>(page, list.items[0]!.id),
  ];
  const created = (await apiCall(page, DEMO, 'POST', `/api/projects/${from.id}/quotes`)).json as Quote;
  const saved = await apiCall(page, DEMO, 'PUT', `/api/projects/${from.id}/quotes/${created.id}`, {
    version: created.version,
    note: 'Valid for 30 days.',
    sections: [
      {
        name: 'Roofing',
        line_items: [
          {
            category: 'Service',
            description: 'Roof labour',
            supplied_by: 'Company',
            quantity: '2',
            unit_sell_price: '100.50',
            unit_cost: '60.25',
            general_notes: 'Internal: ask for the scaffold',
          },
          {
            category: 'Other',
            description: '=HYPERLINK("x")',
            supplied_by: 'Other',
            quantity: '1',
            unit_sell_price: '10',
            unit_cost: '5',
          },
        ],
      },
      {
        name: 'Electrical',
        line_items: [
          {
            category: 'Service',
            description: 'Cable',
            supplied_by: 'Company',
            quantity: '1.5',
            unit_sell_price: '0.10',
            unit_cost: '0.03',
          },
        ],
      },
    ],
  });
  expect(saved.status).toBe(200);
  const quote = saved.json as Quote;

  await page.goto(`${DEMO}/projects/${from.id}/quotes`);
  await expect(page.getByTestId('quote-code')).toHaveText(quote.code);

  // System Friendly CSV.
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const exportDialog = page.getByRole('dialog', { name: QUOTE_FILE_TEXT.exportTitle });
  await expect(exportDialog.getByRole('button', { name: QUOTE_FILE_TEXT.export })).toBeDisabled();
  await exportDialog.getByRole('radio', { name: QUOTE_FILE_TEXT.systemFriendly }).check();
  await expectAccessible(page);
  const csvDownload = page.waitForEvent('download');
  await exportDialog.getByRole('button', { name: QUOTE_FILE_TEXT.export }).click();
  const csv = await csvDownload;
  expect(csv.suggestedFilename()).toBe(`${quote.code}_SYSTEM.csv`);
  const csvPath = test.info().outputPath(csv.suggestedFilename());
  await csv.saveAs(csvPath);
  const csvText = fs.readFileSync(csvPath, 'utf8');
  expect(csvText).toContain('Roof labour');
  expect(csvText).toContain(`'=HYPERLINK`); // neutralised
  await expect(exportDialog).toBeHidden();

  // Client Friendly XLSX: sell figures only.
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  await exportDialog.getByRole('radio', { name: QUOTE_FILE_TEXT.clientFriendly }).check();
  const xlsxDownload = page.waitForEvent('download');
  await exportDialog.getByRole('button', { name: QUOTE_FILE_TEXT.export }).click();
  const xlsx = await xlsxDownload;
  expect(xlsx.suggestedFilename()).toBe(`${quote.code}_CLIENT.xlsx`);
  const xlsxPath = test.info().outputPath(xlsx.suggestedFilename());
  await xlsx.saveAs(xlsxPath);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(xlsxPath);
  const cells: string[] = [];
  book.worksheets[0]!.eachRow((row) => row.eachCell((c) => cells.push(String(c.value ?? ''))));
  expect(cells.join(' ')).toContain('Roof labour');
  expect(cells.join(' ')).not.toContain('Internal: ask for the scaffold');
  expect(cells.join(' ')).not.toContain('60.25');

  // Print PDF: a PDF in a new tab.
  const pdfLink = page.getByRole('link', { name: 'Print PDF' });
  await expect(pdfLink).toHaveAttribute('target', '_blank');
  const pdf = await apiCall(page, DEMO, 'GET', (await pdfLink.getAttribute('href'))!);
  expect(pdf.status).toBe(200);

  // The CSV into the other project: the same quote.
  await page.goto(`${DEMO}/projects/${to.id}/quotes`);
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const importDialog = page.getByRole('dialog', { name: QUOTE_FILE_TEXT.importTitle });
  await importDialog.getByRole('radio', { name: QUOTE_FILE_TEXT.chooseFile }).check();
  await expect(importDialog.getByRole('button', { name: QUOTE_FILE_TEXT.import, exact: true })).toBeDisabled();
  await importDialog.locator('input[type=file]').setInputFiles(csvPath);
  await expect(importDialog.getByText(`${quote.code}_SYSTEM.csv`)).toBeVisible();
  await expectAccessible(page);
  await importDialog.getByRole('button', { name: QUOTE_FILE_TEXT.import, exact: true }).click();
  await expect(page.getByText(QUOTE_FILE_TEXT.importedFile)).toBeVisible();
  await expect(page.getByTestId('quote-code')).toHaveText(`Q-${to.project_code}-1`);
  await expect(page.getByTestId('quote-revenue')).toHaveText('$211.15');
  await expect(page.getByTestId('quote-cost')).toHaveText('$125.55');
  await expect(page.getByRole('textbox', { name: 'Section 2 name' })).toHaveValue('Electrical');
});
