import ExcelJS from 'exceljs';
import {
  FINANCE_REPORT_TEXT as T,
  neutraliseCell,
  PROJECT_STATUS_LABELS,
  REPORT_PERIOD_LABELS,
  reportDate,
  type FinanceReportFigures,
  type FinanceReportInput,
  type FinanceReportView,
} from '@siteflow/core';
import { CURRENCY_FORMAT } from '../quotes/export.js';

const PERCENT_FORMAT = '0.00"%"';

/** The header of the rows' table, in the screen's order: estimated figures, then actual ones. */
export const FINANCE_XLSX_HEADER = [
  T.columns.manager,
  T.columns.projects,
  `${T.columns.revenue} (${T.estimated})`,
  `${T.columns.expenses} (${T.estimated})`,
  `${T.columns.grossProfit} (${T.estimated})`,
  `${T.columns.margin} (${T.estimated})`,
  `${T.columns.revenue} (${T.actual})`,
  `${T.columns.expenses} (${T.actual})`,
  `${T.columns.grossProfit} (${T.actual})`,
  `${T.columns.margin} (${T.actual})`,
];

const figures = (f: FinanceReportFigures) => [
  f.projects,
  Number(f.total_revenues),
  Number(f.total_expenses),
  Number(f.gross_profit),
  Number(f.gross_profit_margin),
  Number(f.total_revenues_actuals),
  Number(f.total_expenses_actuals),
  Number(f.gross_profit_actuals),
  Number(f.gross_profit_margin_actuals),
];

/**
 * The finance report as an XLSX (the screen's 'Download XLSX'): a title, the period and filters,
 * then the frozen header row, a row per project manager and the totals row. Amounts are number
 * cells with the currency format, margins numbers shown with '%'; names are neutralised so a
 * spreadsheet never runs them as formulas (core's neutraliseCell, as the quote exports).
 */
export async function financeReportXlsx(
  report: FinanceReportView,
  input: FinanceReportInput,
  filters: { companyName: string; managers: string },
): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = filters.companyName;
  const sheet = book.addWorksheet(T.title);
  sheet.columns = [{ width: 32 }, { width: 10 }, ...Array.from({ length: 8 }, () => ({ width: 20 }))];

  sheet.addRow([neutraliseCell(`${filters.companyName} - ${T.title}`)]).font = { bold: true, size: 14 };
  sheet.addRow([
    T.period,
    `${REPORT_PERIOD_LABELS[input.period]}: ${T.periodShown(reportDate(report.period.start), reportDate(report.period.end))}`,
  ]);
  sheet.addRow([
    T.status,
    input.statuses.length ? input.statuses.map((s) => PROJECT_STATUS_LABELS[s]).join(', ') : T.allStatuses,
  ]);
  sheet.addRow([T.manager, neutraliseCell(filters.managers)]);
  sheet.addRow([]);
  const header = sheet.addRow(FINANCE_XLSX_HEADER);
  header.font = { bold: true };
  header.alignment = { wrapText: true, vertical: 'top' };
  sheet.views = [{ state: 'frozen', ySplit: header.number }];

  const format = (row: ExcelJS.Row) => {
    for (const c of [3, 4, 5, 7, 8, 9]) row.getCell(c).numFmt = CURRENCY_FORMAT;
    for (const c of [6, 10]) row.getCell(c).numFmt = PERCENT_FORMAT;
  };
  for (const r of report.rows) {
    const name = `${r.project_manager.first_name} ${r.project_manager.last_name}`.trim();
    format(sheet.addRow([neutraliseCell(name), ...figures(r)]));
  }
  const totals = sheet.addRow([T.totals, ...figures(report.totals)]);
  totals.font = { bold: true };
  format(totals);
  return Buffer.from(await book.xlsx.writeBuffer());
}
