import { describe, expect, it } from 'vitest';
import {
  ALL_MANAGERS,
  FINANCE_REPORT_TEXT,
  FinanceReportInput,
  financeReportXlsxName,
  isCalendarDay,
  reduceManagerSelection,
  reportDate,
  reportFigures,
  reportMargin,
  reportRange,
  reportRangeAt,
  reportStatusOptions,
  reportTotals,
} from './finance-report.js';

const UUID = '0b7c4a5e-3f1d-4c2a-9e8b-1a2b3c4d5e6f';
const errorsOf = (input: unknown) => {
  const r = FinanceReportInput.safeParse(input);
  if (r.success) return {};
  const out: Record<string, string[]> = {};
  for (const i of r.error.issues) (out[i.path.join('.')] ??= []).push(i.message);
  return out;
};

describe('report periods', () => {
  it('takes whole calendar months around today', () => {
    expect(reportRange('current_month', '2026-11-24')).toEqual({ start: '2026-11-01', end: '2026-11-30' });
    expect(reportRange('last_month', '2026-11-24')).toEqual({ start: '2026-10-01', end: '2026-10-31' });
    expect(reportRange('next_month', '2026-11-24')).toEqual({ start: '2026-12-01', end: '2026-12-31' });
  });

  it('crosses the year and ends months on their last day', () => {
    expect(reportRange('last_month', '2026-01-31')).toEqual({ start: '2025-12-01', end: '2025-12-31' });
    expect(reportRange('next_month', '2026-12-01')).toEqual({ start: '2027-01-01', end: '2027-01-31' });
    expect(reportRange('next_month', '2026-03-31')).toEqual({ start: '2026-04-01', end: '2026-04-30' });
    expect(reportRange('current_month', '2026-06-30')).toEqual({ start: '2026-06-01', end: '2026-06-30' });
  });

  it('knows leap years (February of 2024 and 2000 has 29 days, of 2026 and 1900 28)', () => {
    expect(reportRange('current_month', '2024-02-10').end).toBe('2024-02-29');
    expect(reportRange('next_month', '2024-01-31').end).toBe('2024-02-29');
    expect(reportRange('last_month', '2024-03-01').end).toBe('2024-02-29');
    expect(reportRange('current_month', '2000-02-01').end).toBe('2000-02-29');
    expect(reportRange('current_month', '2026-02-01').end).toBe('2026-02-28');
    expect(reportRange('current_month', '1900-02-01').end).toBe('1900-02-28');
  });

  it('reads today in Brisbane: 14:30 UTC on the last day of a month is already the next month there', () => {
    const input = { period: 'current_month' as const, custom_start_date: null, custom_end_date: null };
    expect(reportRangeAt(input, new Date('2026-11-30T14:30:00Z'))).toEqual({ start: '2026-12-01', end: '2026-12-31' });
    expect(reportRangeAt(input, new Date('2026-11-30T13:59:00Z'))).toEqual({ start: '2026-11-01', end: '2026-11-30' });
  });

  it('takes a custom period as given', () => {
    expect(reportRange('custom', '2026-11-24', { start: '2025-01-01', end: '2025-12-31' })).toEqual({
      start: '2025-01-01',
      end: '2025-12-31',
    });
  });

  it('tells real calendar days', () => {
    expect(isCalendarDay('2024-02-29')).toBe(true);
    expect(isCalendarDay('2026-02-29')).toBe(false);
    expect(isCalendarDay('2026-04-31')).toBe(false);
    expect(isCalendarDay('2026-13-01')).toBe(false);
    expect(isCalendarDay('26-01-01')).toBe(false);
  });
});

describe('the report input', () => {
  it('needs both custom dates, start on or before end', () => {
    expect(errorsOf({ period: 'custom' })).toEqual({
      custom_start_date: [FINANCE_REPORT_TEXT.startRequired],
      custom_end_date: [FINANCE_REPORT_TEXT.endRequired],
    });
    expect(errorsOf({ period: 'custom', custom_start_date: '2026-05-02', custom_end_date: '2026-05-01' })).toEqual({
      custom_end_date: [FINANCE_REPORT_TEXT.endBeforeStart],
    });
    expect(errorsOf({ period: 'custom', custom_start_date: '2026-02-30', custom_end_date: '2026-05-01' })).toEqual({
      custom_start_date: [FINANCE_REPORT_TEXT.badDate],
    });
    const same = FinanceReportInput.parse({
      period: 'custom',
      custom_start_date: '2026-05-01',
      custom_end_date: '2026-05-01',
    });
    expect(same.custom_start_date).toBe('2026-05-01');
  });

  it('ignores custom dates for a month period', () => {
    const v = FinanceReportInput.parse({
      period: 'last_month',
      custom_start_date: '2026-05-02',
      custom_end_date: '2020-01-01',
    });
    expect(v).toMatchObject({ custom_start_date: null, custom_end_date: null, statuses: [], project_managers: null });
  });

  it('refuses an unknown period, status or manager, per field', () => {
    expect(errorsOf({ period: 'this_year' })).toEqual({ period: [FINANCE_REPORT_TEXT.badPeriod] });
    expect(errorsOf({ period: 'current_month', statuses: ['order', 'lost'] })).toEqual({
      statuses: [FINANCE_REPORT_TEXT.badStatus],
    });
    expect(errorsOf({ period: 'current_month', project_managers: ['bob'] })).toEqual({
      project_managers: [FINANCE_REPORT_TEXT.badManager],
    });
  });

  it('reduces All with others to every manager, and keeps chosen ids', () => {
    expect(
      FinanceReportInput.parse({ period: 'current_month', project_managers: [UUID, 'all'] }).project_managers,
    ).toBe(null);
    expect(FinanceReportInput.parse({ period: 'current_month', project_managers: [] }).project_managers).toBe(null);
    expect(
      FinanceReportInput.parse({ period: 'current_month', project_managers: [UUID, UUID] }).project_managers,
    ).toEqual([UUID]);
  });
});

describe('All among the project managers', () => {
  it('reduces a selection holding All to All only', () => {
    expect(reduceManagerSelection(['a', ALL_MANAGERS])).toEqual([ALL_MANAGERS]);
    expect(reduceManagerSelection([ALL_MANAGERS, 'b'])).toEqual([ALL_MANAGERS]);
    expect(reduceManagerSelection(['a', 'b'])).toEqual(['a', 'b']);
    expect(reduceManagerSelection([])).toEqual([]);
  });
});

describe('margin and rows', () => {
  it('is gross profit over revenue x 100 with 2 decimals, 0% when either is zero', () => {
    expect(reportMargin('1000', '750')).toBe('25.00');
    expect(reportMargin('300', '200')).toBe('33.33');
    expect(reportMargin('300', '100')).toBe('66.67');
    expect(reportMargin('1000', '1500')).toBe('-50.00');
    expect(reportMargin('0', '500')).toBe('0.00');
    expect(reportMargin('500', '500')).toBe('0.00');
    expect(reportMargin(null, undefined)).toBe('0.00');
    expect(reportMargin('100', '0')).toBe('100.00');
  });

  it('builds a row and a totals row whose margin comes from the sums', () => {
    const a = {
      projects: 2,
      revenue: '1000.00',
      revenue_actual: '900.50',
      expense: '750.00',
      expense_actual: '950.50',
    };
    const b = { projects: 1, revenue: '3000.00', revenue_actual: '0', expense: '1000.00', expense_actual: '0' };
    expect(reportFigures(a)).toEqual({
      projects: 2,
      total_revenues: '1000.00',
      total_expenses: '750.00',
      gross_profit: '250.00',
      gross_profit_margin: '25.00',
      total_revenues_actuals: '900.50',
      total_expenses_actuals: '950.50',
      gross_profit_actuals: '-50.00',
      gross_profit_margin_actuals: '-5.55',
    });
    expect(reportTotals([a, b])).toMatchObject({
      projects: 3,
      total_revenues: '4000.00',
      total_expenses: '1750.00',
      gross_profit: '2250.00',
      gross_profit_margin: '56.25',
      gross_profit_actuals: '-50.00',
    });
    expect(reportTotals([])).toMatchObject({ projects: 0, total_revenues: '0.00', gross_profit_margin: '0.00' });
  });

  it('names the file and shows dates as dd/MM/yyyy, offering the seven statuses in the spec order', () => {
    expect(financeReportXlsxName('2026-11-24')).toBe('finance-report-2026-11-24.xlsx');
    expect(reportDate('2026-02-03')).toBe('03/02/2026');
    expect(reportStatusOptions().map((o) => o.label)).toEqual([
      'Quote',
      'On Hold',
      'Scheduled',
      'Order',
      'Completed',
      'Cancelled',
      'Closed',
    ]);
  });
});
