import Big from 'big.js';

/**
 * Quote money (spec 3 section 9), exact: amounts are decimal strings ('12.50') in JSON and
 * numeric(12,2) in PostgreSQL (quantities numeric(12,3)), and every sum here is decimal
 * arithmetic with big.js, never binary floating point.
 *
 * Rounding (docs/decisions.md, "Quotes"): a line's revenue and cost are rounded to the cent
 * (half up) once, at the line; everything above is a sum or a difference of those cents, so
 * revenue = cost + profit holds exactly at every level and what a line shows adds up to what
 * its section and the quote show. Percentages are rounded to 2 decimals (half up).
 */

export type Amount = string | number;

/**
 * The most a line's revenue (quantity x unit sell price) or cost (quantity x unit cost) may be,
 * to the cent. Each factor alone fits its column, but their product did not fit anything: 999,999,999.999
 * x 9,999,999,999.99 showed a revenue of $9,999,999,999,980,001,086.00 across the figures. With
 * this bound a section of 500 lines (at most 499,999,999,995.00) fits a finance line's amount when
 * pulled (12 whole digits), and the quote's figures stay readable.
 */
export const LINE_TOTAL_MAX = '999999999.99';

/** A decimal amount or quantity as big.js reads it; a missing or blank value is 0. */
export const dec = (v: Amount | null | undefined): Big => {
  if (v === null || v === undefined || (typeof v === 'string' && v.trim() === '')) return new Big(0);
  return new Big(typeof v === 'string' ? v.trim() : v);
};

/** Money as a JSON amount: 2 decimals ('12.50'), rounded half up. */
export const cents = (v: Big): string => v.round(2, Big.roundHalfUp).toFixed(2);

/** What the formulas read of a line item. */
export type MoneyLine = { quantity: Amount; unit_sell_price: Amount; unit_cost: Amount };

/**
 * A percentage of `part` over `whole` with 2 decimals ('25.00'), or null when it is not a number
 * (the whole is 0): shown as '-'.
 */
export function percentOf(part: Big, whole: Big): string | null {
  if (whole.eq(0)) return null;
  return new Quotient(part.times(100)).div(whole).round(2, Big.roundHalfUp).toFixed(2);
}

/**
 * Division to 6 decimals, truncated (big.js's default is 20 decimals, and a division's cost grows
 * with them: a 2,000-item quote's percentages took most of its view's time). Truncating first and
 * rounding half up to 2 decimals after gives exactly the 2-decimal rounding of the true quotient:
 * a boundary x.xx5 has fewer than 6 decimals, so truncation never carries a value across it.
 */
const Quotient = Big();
Quotient.DP = 6;
Quotient.RM = Big.roundDown;

/** A line's revenue and cost, each rounded to the cent once (the one place they are worked out). */
function lineCents(l: MoneyLine): { revenue: Big; cost: Big } {
  const quantity = dec(l.quantity);
  return {
    revenue: quantity.times(dec(l.unit_sell_price)).round(2, Big.roundHalfUp),
    cost: quantity.times(dec(l.unit_cost)).round(2, Big.roundHalfUp),
  };
}

/** Line revenue = quantity x unit sell price (to the cent). */
export const lineRevenue = (l: MoneyLine): string => lineCents(l).revenue.toFixed(2);
/** Line cost = quantity x unit cost (to the cent). */
export const lineCost = (l: MoneyLine): string => lineCents(l).cost.toFixed(2);
/** Line profit = revenue - cost. */
export const lineProfit = (l: MoneyLine): string => lineTotals(l).profit;
/** Line profit % = profit / revenue x 100; 0 when the sell price (so the revenue) is 0 (spec 3 section 5). */
export const lineProfitPercent = (l: MoneyLine): string => lineTotals(l).profit_percent;

/** A line's figures, as the line item table and the line item modal show them. */
export type LineTotals = { revenue: string; cost: string; profit: string; profit_percent: string };
export function lineTotals(l: MoneyLine): LineTotals {
  const { revenue, cost } = lineCents(l);
  const profit = revenue.minus(cost);
  return {
    revenue: revenue.toFixed(2),
    cost: cost.toFixed(2),
    profit: profit.toFixed(2),
    profit_percent: percentOf(profit, revenue) ?? '0.00',
  };
}

/**
 * The figures of a section or of a whole quote: revenue (Total ex. GST), cost, gross profit =
 * revenue - cost, and both readings of the percentage the spec gives (section 9):
 * `profit_percent` = gross profit / cost x 100 (the primary reading, a markup) and
 * `margin_percent` = gross profit / revenue x 100; each null ('-') when not a number.
 */
export type MoneyTotals = {
  revenue: string;
  cost: string;
  gross_profit: string;
  profit_percent: string | null;
  margin_percent: string | null;
};

function totalsOf(revenue: Big, cost: Big): MoneyTotals {
  const gross = revenue.minus(cost);
  return {
    revenue: cents(revenue),
    cost: cents(cost),
    gross_profit: cents(gross),
    profit_percent: percentOf(gross, cost),
    margin_percent: percentOf(gross, revenue),
  };
}

/** The sums of a section's lines' (rounded) revenue and cost. */
function sectionSums(section: { line_items: readonly MoneyLine[] }): { revenue: Big; cost: Big } {
  let revenue = new Big(0);
  let cost = new Big(0);
  for (const l of section.line_items) {
    const line = lineCents(l);
    revenue = revenue.plus(line.revenue);
    cost = cost.plus(line.cost);
  }
  return { revenue, cost };
}

/** A section's totals: the sums of its lines' (rounded) revenue and cost. */
export function sectionTotals(section: { line_items: readonly MoneyLine[] }): MoneyTotals {
  const { revenue, cost } = sectionSums(section);
  return totalsOf(revenue, cost);
}

/** Totals from the revenue and cost of parts (e.g. sections' totals already worked out): the sums and their figures. */
export function sumTotals(parts: readonly Pick<MoneyTotals, 'revenue' | 'cost'>[]): MoneyTotals {
  let revenue = new Big(0);
  let cost = new Big(0);
  for (const t of parts) {
    revenue = revenue.plus(dec(t.revenue));
    cost = cost.plus(dec(t.cost));
  }
  return totalsOf(revenue, cost);
}

/** A quote's totals: quote revenue = the sum of its sections' revenue (and so for cost). */
export function quoteTotals(sections: readonly { line_items: readonly MoneyLine[] }[]): MoneyTotals {
  let revenue = new Big(0);
  let cost = new Big(0);
  for (const s of sections) {
    const t = sectionSums(s);
    revenue = revenue.plus(t.revenue);
    cost = cost.plus(t.cost);
  }
  return totalsOf(revenue, cost);
}

/** Percent of the gross profit over the cost (markup, the primary reading), '-' as null. */
export const markupPercent = (revenue: Amount, cost: Amount) => percentOf(dec(revenue).minus(dec(cost)), dec(cost));
/** Percent of the gross profit over the revenue (margin), '-' as null. */
export const marginPercent = (revenue: Amount, cost: Amount) => percentOf(dec(revenue).minus(dec(cost)), dec(revenue));

const isNumber = (v: Amount | null | undefined): v is Amount => {
  if (v === null || v === undefined) return false;
  if (typeof v === 'number') return Number.isFinite(v);
  try {
    new Big(v.trim());
    return v.trim() !== '';
  } catch {
    return false;
  }
};

/** Groups of three digits with commas (en-US). */
const grouped = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/**
 * Quote money as shown (spec 3 section 9: dollar sign, 2 decimals, en-US): '12.5' -> '$12.50',
 * '1234.5' -> '$1,234.50', '-3' -> '-$3.00'; '-' when not a number. Exact for any amount.
 */
export function formatQuoteMoney(v: Amount | null | undefined): string {
  if (!isNumber(v)) return '-';
  const fixed = dec(v).round(2, Big.roundHalfUp).toFixed(2);
  const negative = fixed.startsWith('-') && !/^-0\.00$/.test(fixed);
  const [whole, fraction] = fixed.replace('-', '').split('.') as [string, string];
  return `${negative ? '-' : ''}$${grouped(whole)}.${fraction}`;
}

/** A percentage as shown: 2 decimals and '%' ('25.00%'); '-' when not a number (null, NaN). */
export function formatPercent(v: Amount | null | undefined): string {
  if (!isNumber(v)) return '-';
  const fixed = dec(v).round(2, Big.roundHalfUp).toFixed(2);
  return `${fixed === '-0.00' ? '0.00' : fixed}%`;
}
