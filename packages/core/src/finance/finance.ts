import Big from 'big.js';
import { z } from 'zod';
import { cents, dec, formatQuoteMoney, type Amount } from '../quotes/index.js';

/**
 * A project's finance (issue 14 section 2; spec 3 sections 2.6, 3, 4, 5, 9): revenue and expense
 * lines, each with an estimate and an actual, the four totals the finance report reads, and the
 * Summary's figures. Money is exact (big.js, decimal strings in JSON, numeric(14,2) in
 * PostgreSQL; the stored totals numeric(17,2), 500 lines at the largest amount), as quote money
 * (quotes/money.ts). The API (apps/api/src/features/finance) and the
 * screen (apps/web/src/features/finance) share this.
 */

/** The texts of spec 3, verbatim, and the ones it leaves to us (docs/decisions.md, "Finance"). */
export const FINANCE_TEXT = {
  title: 'Project Finances',
  tabs: { summary: 'Summary', revenue: 'Revenue', expenses: 'Expenses' },
  save: 'Save',
  cancel: 'Cancel',
  saving: 'Saving...',
  saved: 'Saved',
  loading: 'Loading...',
  comments: 'Comments',
  addRevenue: 'Add revenue line',
  addExpense: 'Add expense line',
  removeLine: 'Remove line',
  removeTitle: 'Remove this line?',
  removeMessage: 'The line is removed from the finance when you save.',
  duplicate: 'Same code and category as another line',
  pullQuote: 'Pull from accepted quote',
  pullAgreements: 'Pull from agreements',
  pulled: (n: number) => `${n} line${n === 1 ? '' : 's'} added or updated: review them, then Save.`,
  noAcceptedQuote: 'The project has no Accepted quote to pull from.',
  versionConflict: 'Someone else saved this finance since you opened it. Reload to see their changes.',
  noLines: 'No lines yet.',
} as const;

export const FINANCE_KINDS = ['revenue', 'expense'] as const;
export type FinanceKind = (typeof FINANCE_KINDS)[number];
export const FINANCE_CATEGORIES = ['product', 'service'] as const;
export type FinanceCategory = (typeof FINANCE_CATEGORIES)[number];
export const FINANCE_CATEGORY_LABELS: Record<FinanceCategory, string> = { product: 'Product', service: 'Service' };
export const FINANCE_SOURCES = ['quote', 'agreement'] as const;
export type FinanceSource = (typeof FINANCE_SOURCES)[number];

/**
 * Limits: the comment's 500 is spec 3's; the others are ours. Amounts: at least 0, to the cent,
 * at most 12 whole digits (numeric(14,2)); the inputs step by 100 (spec 3), typing cents is accepted.
 */
export const FINANCE_LIMITS = {
  comments: 500,
  code: 100,
  description: 500,
  notes: 2000,
  lines: 500,
  amountStep: 100,
} as const;

/** The Saved tick shows for 3 seconds (spec 3 section 9). */
export const FINANCE_SAVED_MS = 3000;

// ---- money ----

/** Variation = actual - estimate (read-only, may be negative). */
export const variation = (estimate: Amount | null | undefined, actual: Amount | null | undefined): string =>
  cents(dec(actual).minus(dec(estimate)));

export type FinanceTotals = {
  total_revenue: string;
  total_revenue_actual: string;
  total_expense: string;
  total_expense_actual: string;
};

type AmountLine = { estimate: Amount | null | undefined; actual: Amount | null | undefined };

/** The four totals: the sums of the revenue and the expense lines' estimates and actuals. */
export function financeTotals(finance: {
  revenues: readonly AmountLine[];
  expenses: readonly AmountLine[];
}): FinanceTotals {
  const sum = (lines: readonly AmountLine[], key: keyof AmountLine) =>
    cents(lines.reduce((acc, l) => acc.plus(dec(l[key])), new Big(0)));
  return {
    total_revenue: sum(finance.revenues, 'estimate'),
    total_revenue_actual: sum(finance.revenues, 'actual'),
    total_expense: sum(finance.expenses, 'estimate'),
    total_expense_actual: sum(finance.expenses, 'actual'),
  };
}

/**
 * Margin = gross profit / revenue x 100 with 2 decimals (half up), '0.00' when either is zero
 * (spec 3 section 9). Negative when the expenses exceed the revenue.
 */
export function financeMargin(revenue: Amount | null | undefined, expenses: Amount | null | undefined): string {
  const r = dec(revenue);
  const gross = r.minus(dec(expenses));
  if (r.eq(0) || gross.eq(0)) return '0.00';
  const Quotient = Big();
  Quotient.DP = 6;
  Quotient.RM = Big.roundDown;
  const m = new Quotient(gross.times(100)).div(r).round(2, Big.roundHalfUp).toFixed(2);
  return m === '-0.00' ? '0.00' : m;
}

export type FinanceFigures = { revenue: string; expenses: string; gross_profit: string; margin: string };

/** The Summary tab: revenue, expenses, gross profit and margin, estimated and actual side by side. */
export function financeSummary(totals: FinanceTotals): { estimated: FinanceFigures; actual: FinanceFigures } {
  const figures = (revenue: string, expenses: string): FinanceFigures => ({
    revenue: cents(dec(revenue)),
    expenses: cents(dec(expenses)),
    gross_profit: cents(dec(revenue).minus(dec(expenses))),
    margin: financeMargin(revenue, expenses),
  });
  return {
    estimated: figures(totals.total_revenue, totals.total_expense),
    actual: figures(totals.total_revenue_actual, totals.total_expense_actual),
  };
}

/** Finance money as shown: '$1,234.50'; an empty or missing amount is '$0.00' (spec 3: "$0 when empty"). */
export function formatFinanceMoney(v: Amount | null | undefined): string {
  const shown = formatQuoteMoney(v);
  return shown === '-' ? '$0.00' : shown;
}

/**
 * The lines of one kind whose code and category both match another line's (spec 3 section 5):
 * their indexes, each flagged with a red border (visual only, saving is not blocked). Codes are
 * compared trimmed and case-insensitively; a blank code matches nothing.
 */
export function duplicateLineKeys(
  lines: readonly { code: string | null | undefined; category: string }[],
): Set<number> {
  const seen = new Map<string, number[]>();
  lines.forEach((l, i) => {
    const code = (l.code ?? '').trim().toLowerCase();
    if (!code) return;
    const key = `${l.category}\u0000${code}`;
    seen.set(key, [...(seen.get(key) ?? []), i]);
  });
  const out = new Set<number>();
  for (const indexes of seen.values()) if (indexes.length > 1) for (const i of indexes) out.add(i);
  return out;
}

// ---- pulling from the accepted quote and its agreements ----

/** A line as the screen edits it (amounts as typed). */
export type FinanceLineDraft = {
  /** The stored line's id (null until saved): removing a saved line asks first. */
  id: number | null;
  code: string;
  category: FinanceCategory;
  description: string;
  estimate: string;
  actual: string;
  notes: string;
  source: FinanceSource | null;
  source_id: number | null;
};

// ---- inputs ----

const AMOUNT = /^\d{1,12}(\.\d{1,2})?$/;

/** An amount: at least 0, at most 2 decimals; blank or missing is 0 (docs/decisions.md, "Finance"). */
const amountField = (field: string) => {
  const message = `The ${field} must be a number of at least 0 with at most 2 decimals.`;
  return z
    .union([z.string(), z.number(), z.null()], { error: message })
    .optional()
    .transform((v) =>
      v === null || v === undefined
        ? '0'
        : typeof v === 'number'
          ? Number.isFinite(v)
            ? new Big(v).toFixed()
            : 'x'
          : v.trim() || '0',
    )
    .refine((v) => AMOUNT.test(v), { error: message })
    .transform((v) => new Big(v).toFixed(2));
};

const text = (max: number, what: string) =>
  z
    .union([z.string(), z.null()])
    .optional()
    .transform((v) => (v ?? '').trim())
    .pipe(z.string().max(max, `The ${what} may not be greater than ${max} characters.`));

const note = (max: number, what: string) =>
  z
    .union([z.string(), z.null()])
    .optional()
    .transform((v) => (v === null || v === undefined || v.trim() === '' ? null : v))
    .pipe(z.string().max(max, `The ${what} may not be greater than ${max} characters.`).nullable());

/** A line in a save. `id` is accepted and ignored: a save replaces the lines. */
export const FinanceLineInput = z.object({
  id: z.number().int().nullable().optional(),
  code: text(FINANCE_LIMITS.code, 'code'),
  category: z.enum(FINANCE_CATEGORIES, { error: 'The category must be Product or Service.' }),
  description: text(FINANCE_LIMITS.description, 'description'),
  estimate: amountField('estimate'),
  actual: amountField('actual'),
  notes: note(FINANCE_LIMITS.notes, 'notes'),
  source: z.enum(FINANCE_SOURCES).nullable().optional().default(null),
  source_id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).nullable().optional().default(null),
});
export type FinanceLineInput = z.input<typeof FinanceLineInput>;
export type FinanceLineData = z.output<typeof FinanceLineInput>;

const lineList = z
  .array(FinanceLineInput)
  .max(FINANCE_LIMITS.lines, `At most ${FINANCE_LIMITS.lines} lines.`)
  .optional()
  .default([]);

/**
 * PUT /api/projects/:id/finances: the whole finance. `version` is the one the screen loaded (0
 * before the first save): a save of an older one is refused (409). Totals are never read from
 * the body: the server works them out from the lines.
 */
/** A version is a PostgreSQL integer; a bigger one cannot be a version the screen loaded. */
const VERSION_MAX = 2147483647;
const VERSION_MESSAGE = `The version must be a whole number from 0 to ${VERSION_MAX}.`;

export const FinanceSaveInput = z.object({
  version: z
    .number({ error: VERSION_MESSAGE })
    .int({ error: VERSION_MESSAGE })
    .min(0, { error: VERSION_MESSAGE })
    .max(VERSION_MAX, { error: VERSION_MESSAGE }),
  comments: note(FINANCE_LIMITS.comments, 'comments'),
  revenues: lineList,
  expenses: lineList,
});
export type FinanceSaveInput = z.input<typeof FinanceSaveInput>;
export type FinanceSaveData = z.output<typeof FinanceSaveInput>;

export const FinancePullQuery = z.object({
  source: z.enum(['quote', 'agreements'], { error: 'The source must be quote or agreements.' }),
});
export type FinancePullQuery = z.infer<typeof FinancePullQuery>;

// ---- views ----

export const FinanceLineView = z.object({
  id: z.number().int(),
  position: z.number().int(),
  code: z.string(),
  category: z.enum(FINANCE_CATEGORIES),
  description: z.string(),
  estimate: z.string(),
  actual: z.string(),
  /** actual - estimate. */
  variation: z.string(),
  notes: z.string().nullable(),
  source: z.enum(FINANCE_SOURCES).nullable(),
  source_id: z.number().int().nullable(),
});
export type FinanceLineView = z.infer<typeof FinanceLineView>;

export const FinanceTotalsView = z.object({
  total_revenue: z.string(),
  total_revenue_actual: z.string(),
  total_expense: z.string(),
  total_expense_actual: z.string(),
});

export const FinanceView = z.object({
  project: z.object({ id: z.number().int(), code: z.string(), name: z.string() }),
  comments: z.string().nullable(),
  revenues: z.array(FinanceLineView),
  expenses: z.array(FinanceLineView),
  totals: FinanceTotalsView,
  /** 0 until the first save. */
  version: z.number().int(),
  updated_at: z.string().nullable(),
  updated_by_name: z.string().nullable(),
});
export type FinanceView = z.infer<typeof FinanceView>;

const FinanceLineDraftView = z.object({
  /** Always null: a proposed line is not stored until the user saves. */
  id: z.number().int().nullable(),
  code: z.string(),
  category: z.enum(FINANCE_CATEGORIES),
  description: z.string(),
  estimate: z.string(),
  actual: z.string(),
  notes: z.string(),
  source: z.enum(FINANCE_SOURCES).nullable(),
  source_id: z.number().int().nullable(),
});

/** GET /api/projects/:id/finances/pull: the lines proposed from the accepted quote, for the screen to merge. */
export const FinancePullView = z.object({
  kind: z.enum(FINANCE_KINDS),
  quote: z.object({ id: z.number().int(), code: z.string() }),
  lines: z.array(FinanceLineDraftView),
});
export type FinancePullView = z.infer<typeof FinancePullView>;

/** A stored line as the form edits it. */
export const lineDraft = (l: FinanceLineView): FinanceLineDraft => ({
  id: l.id,
  code: l.code,
  category: l.category,
  description: l.description,
  estimate: l.estimate,
  actual: l.actual,
  notes: l.notes ?? '',
  source: l.source,
  source_id: l.source_id,
});

/** A new blank line. */
export const newFinanceLine = (): FinanceLineDraft => ({
  id: null,
  code: '',
  category: 'service',
  description: '',
  estimate: '',
  actual: '',
  notes: '',
  source: null,
  source_id: null,
});
