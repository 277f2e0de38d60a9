import Big from 'big.js';
import { z } from 'zod';
import { daysInMonth, isCalendarDate } from '../common/dates.js';
import { companyDay } from '../format/wall-clock.js';
import { PROJECT_STATUS_LABELS, type ProjectStatus } from '../projects/statuses.js';
import { cents, dec, percentOf, type Amount } from '../quotes/money.js';

/**
 * The finance report (issue 14 section 3; spec 3 sections 2.7, 3, 4, 5, 7, 9): per project
 * manager, the revenues, expenses, gross profit and margin of the projects a period takes,
 * estimated and actual, with a totals row. The API (apps/api/src/features/reports) and the screen
 * (apps/web/src/features/reports) share this. Which projects a period takes, the time zone of its
 * month boundaries and what an empty filter means are ours: docs/decisions.md, "Finance report".
 */

/** The texts of spec 3, verbatim ('Loading...', 'No results found'), and the ones it leaves to us. */
export const FINANCE_REPORT_TEXT = {
  title: 'Finance report',
  period: 'Time Period',
  status: 'Project Status',
  manager: 'Project Manager',
  startDate: 'Start Date',
  endDate: 'End Date',
  generate: 'Generate',
  reset: 'Reset',
  loading: 'Loading...',
  noResults: 'No results found',
  download: 'Download XLSX',
  all: 'All',
  allStatuses: 'All statuses',
  totals: 'Totals',
  estimated: 'Estimated',
  actual: 'Actual',
  chart: 'Chart',
  table: 'Finance report by project manager',
  chartLabel: (figures: string) => `Bar chart of revenue, expenses and gross profit per project manager (${figures})`,
  columns: {
    manager: 'Project Manager',
    projects: 'Projects',
    revenue: 'Revenue',
    expenses: 'Expenses',
    grossProfit: 'Gross Profit',
    margin: 'Margin',
  },
  periodShown: (start: string, end: string) => `${start} to ${end}`,
  startRequired: 'Choose a start date.',
  endRequired: 'Choose an end date.',
  endBeforeStart: 'The end date must be on or after the start date.',
  badDate: 'Enter a date as YYYY-MM-DD.',
  badPeriod: 'Choose a time period from the list.',
  badStatus: 'Choose project statuses from the list.',
  badManager: 'Choose project managers from the list.',
} as const;

export const REPORT_PERIODS = ['current_month', 'last_month', 'next_month', 'custom'] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];
export const REPORT_PERIOD_LABELS: Record<ReportPeriod, string> = {
  current_month: 'Current Month',
  last_month: 'Last Month',
  next_month: 'Next Month',
  custom: 'Custom',
};

/** The statuses the report offers, in spec 3's order (section 4): the seven project statuses. */
export const REPORT_STATUSES = [
  'quote',
  'on_hold',
  'scheduled',
  'order',
  'completed',
  'cancelled',
  'closed',
] as const satisfies readonly ProjectStatus[];
export const reportStatusOptions = () => REPORT_STATUSES.map((s) => ({ value: s, label: PROJECT_STATUS_LABELS[s] }));

/** The 'All' choice among the project managers. */
export const ALL_MANAGERS = 'all';

/**
 * The project managers chosen, as the selector keeps them: choosing 'All' together with others
 * reduces the selection to All only (spec 3 section 5).
 */
export function reduceManagerSelection(selected: readonly string[]): string[] {
  return selected.includes(ALL_MANAGERS) ? [ALL_MANAGERS] : [...selected];
}

// ---- periods ----

/** The days a report covers, both included ('yyyy-MM-dd'). */
export type ReportRange = { start: string; end: string };

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const ymd = (y: number, m: number, d: number) => `${pad(y, 4)}-${pad(m)}-${pad(d)}`;
/** Days in a month (1-12), leap years included. */
const daysIn = daysInMonth;

/** A real calendar day written 'yyyy-MM-dd' (not 2025-02-30): core's shared check. */
export const isCalendarDay = isCalendarDate;

/** The whole month `offset` months from the month of `today` ('yyyy-MM-dd'). */
function monthOf(today: string, offset: number): ReportRange {
  const [y, m] = today.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + offset;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return { start: ymd(year, month, 1), end: ymd(year, month, daysIn(year, month)) };
}

/**
 * The days a period covers. Months are whole calendar months of `today`, the company's day
 * (`companyDay(now)`: Australia/Brisbane); custom is the two dates as given (validated by the input).
 */
export function reportRange(
  period: ReportPeriod,
  today: string,
  custom?: { start: string | null | undefined; end: string | null | undefined },
): ReportRange {
  if (period === 'custom') {
    if (!custom?.start || !custom.end) throw new Error('A custom period needs both dates.');
    return { start: custom.start, end: custom.end };
  }
  return monthOf(today, period === 'last_month' ? -1 : period === 'next_month' ? 1 : 0);
}

/** The period's days for a request at `now` (the company's today). */
export const reportRangeAt = (
  input: Pick<FinanceReportInput, 'period' | 'custom_start_date' | 'custom_end_date'>,
  now: Date,
) => reportRange(input.period, companyDay(now), { start: input.custom_start_date, end: input.custom_end_date });

// ---- input ----

const optionalDay = z
  .string()
  .trim()
  .nullish()
  .transform((v) => (v ? v : null));

/**
 * POST /api/reports/finance/generate and /api/reports/finance.xlsx. An empty status list means every
 * status; an empty manager list, or ['all'], every project manager. Errors are per field (422).
 */
export const FinanceReportInput = z
  .object({
    period: z.enum(REPORT_PERIODS, { error: FINANCE_REPORT_TEXT.badPeriod }),
    custom_start_date: optionalDay,
    custom_end_date: optionalDay,
    statuses: z.array(z.string(), { error: FINANCE_REPORT_TEXT.badStatus }).max(20).default([]),
    project_managers: z.array(z.string(), { error: FINANCE_REPORT_TEXT.badManager }).max(500).default([ALL_MANAGERS]),
  })
  .superRefine((v, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (v.period === 'custom') {
      const start = v.custom_start_date;
      const end = v.custom_end_date;
      if (!start) issue('custom_start_date', FINANCE_REPORT_TEXT.startRequired);
      else if (!isCalendarDay(start)) issue('custom_start_date', FINANCE_REPORT_TEXT.badDate);
      if (!end) issue('custom_end_date', FINANCE_REPORT_TEXT.endRequired);
      else if (!isCalendarDay(end)) issue('custom_end_date', FINANCE_REPORT_TEXT.badDate);
      if (start && end && isCalendarDay(start) && isCalendarDay(end) && end < start)
        issue('custom_end_date', FINANCE_REPORT_TEXT.endBeforeStart);
    }
    if (v.statuses.some((s) => !(REPORT_STATUSES as readonly string[]).includes(s)))
      issue('statuses', FINANCE_REPORT_TEXT.badStatus);
    const uuid = z.uuid();
    if (v.project_managers.some((m) => m !== ALL_MANAGERS && !uuid.safeParse(m).success))
      issue('project_managers', FINANCE_REPORT_TEXT.badManager);
  })
  .transform((v) => {
    const managers = reduceManagerSelection(v.project_managers);
    return {
      period: v.period,
      custom_start_date: v.period === 'custom' ? v.custom_start_date : null,
      custom_end_date: v.period === 'custom' ? v.custom_end_date : null,
      statuses: [...new Set(v.statuses)] as ProjectStatus[],
      /** The managers' ids, or null for every project manager. */
      project_managers: managers.length === 0 || managers[0] === ALL_MANAGERS ? null : [...new Set(managers)],
    };
  });
export type FinanceReportInput = z.output<typeof FinanceReportInput>;
export type FinanceReportRequest = z.input<typeof FinanceReportInput>;

// ---- rows ----

/**
 * Margin = gross profit / revenue x 100 with 2 decimals (half up), '0.00' when either is zero
 * (spec 3 section 9; the same rule as a project's finance Summary).
 */
export function reportMargin(revenue: Amount | null | undefined, expenses: Amount | null | undefined): string {
  const r = dec(revenue);
  const gross = r.minus(dec(expenses));
  if (r.eq(0) || gross.eq(0)) return '0.00';
  const m = percentOf(gross, r) ?? '0.00';
  return m === '-0.00' ? '0.00' : m;
}

/** A manager's (or all managers') sums as the query returns them: decimal strings. */
export type FinanceReportSums = {
  projects: number;
  revenue: Amount;
  revenue_actual: Amount;
  expense: Amount;
  expense_actual: Amount;
};

const figuresSchema = {
  projects: z.number().int(),
  total_revenues: z.string(),
  total_expenses: z.string(),
  gross_profit: z.string(),
  gross_profit_margin: z.string(),
  total_revenues_actuals: z.string(),
  total_expenses_actuals: z.string(),
  gross_profit_actuals: z.string(),
  gross_profit_margin_actuals: z.string(),
};
export const FinanceReportFigures = z.object(figuresSchema);
export type FinanceReportFigures = z.infer<typeof FinanceReportFigures>;

export const FinanceReportRow = z.object({
  project_manager: z.object({ id: z.string(), first_name: z.string(), last_name: z.string() }),
  ...figuresSchema,
});
export type FinanceReportRow = z.infer<typeof FinanceReportRow>;

export const FinanceReportView = z.object({
  rows: z.array(FinanceReportRow),
  totals: FinanceReportFigures,
  period: z.object({ start: z.string(), end: z.string() }),
});
export type FinanceReportView = z.infer<typeof FinanceReportView>;

/** A row's figures from its sums: gross profit = revenues - expenses; margin by reportMargin. */
export function reportFigures(s: FinanceReportSums): FinanceReportFigures {
  const gross = (r: Amount, e: Amount) => cents(dec(r).minus(dec(e)));
  return {
    projects: s.projects,
    total_revenues: cents(dec(s.revenue)),
    total_expenses: cents(dec(s.expense)),
    gross_profit: gross(s.revenue, s.expense),
    gross_profit_margin: reportMargin(s.revenue, s.expense),
    total_revenues_actuals: cents(dec(s.revenue_actual)),
    total_expenses_actuals: cents(dec(s.expense_actual)),
    gross_profit_actuals: gross(s.revenue_actual, s.expense_actual),
    gross_profit_margin_actuals: reportMargin(s.revenue_actual, s.expense_actual),
  };
}

/** The totals row: the rows' sums added up, its margins from those sums (not an average of margins). */
export function reportTotals(rows: readonly FinanceReportSums[]): FinanceReportFigures {
  const sum = (key: keyof Omit<FinanceReportSums, 'projects'>) =>
    rows.reduce((acc, r) => acc.plus(dec(r[key])), new Big(0)).toFixed(2);
  return reportFigures({
    projects: rows.reduce((n, r) => n + r.projects, 0),
    revenue: sum('revenue'),
    revenue_actual: sum('revenue_actual'),
    expense: sum('expense'),
    expense_actual: sum('expense_actual'),
  });
}

/** 'finance-report-{yyyy-MM-dd}.xlsx', dated the company's day of the download. */
export const financeReportXlsxName = (today: string) => `finance-report-${today}.xlsx`;

/** 'yyyy-MM-dd' as the report shows dates: dd/MM/yyyy (spec 3 section 9). */
export const reportDate = (v: string) => {
  const [y, m, d] = v.split('-');
  return `${d}/${m}/${y}`;
};

/** GET /api/reports/finance/options: the project managers to choose from (the screen adds 'All'). */
export const FinanceReportOptions = z.object({
  project_managers: z.array(z.object({ id: z.string(), full_name: z.string() })),
});
export type FinanceReportOptions = z.infer<typeof FinanceReportOptions>;
