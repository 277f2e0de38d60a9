import Big from 'big.js';
import { cents, dec, lineCost, lineRevenue, type Amount, type MoneyLine } from '../quotes/index.js';
import type { FinanceCategory, FinanceLineDraft } from './finance.js';

/**
 * Pulling a project's finance lines from its accepted quote and that quote's agreements, so numbers
 * are not typed twice (issue 14 section 2; docs/decisions.md, "Finance"): the lines proposed, and
 * their merge into the form. The API's pull endpoint and the finance screen share this.
 */

/** A quote line as the pull reads it. */
export type PullQuoteLine = MoneyLine & { category: string };
export type PullQuoteSection = { id: number; name: string; line_items: readonly PullQuoteLine[] };

const pulledLine = (
  over: Partial<FinanceLineDraft> & Pick<FinanceLineDraft, 'code' | 'category'>,
): FinanceLineDraft => ({
  id: null,
  description: '',
  estimate: '0.00',
  actual: '0.00',
  notes: '',
  source: null,
  source_id: null,
  ...over,
});

/**
 * Revenue lines from the accepted quote (docs/decisions.md, "Finance"): per section, one 'service'
 * line with the revenue of its Service and Other items and one 'product' line with the revenue of
 * its Product items (each only when the section has such items); code = the quote's code,
 * description = the section's name, source 'quote' with the section's id.
 */
export function revenueFromQuote(quote: { code: string; sections: readonly PullQuoteSection[] }): FinanceLineDraft[] {
  const out: FinanceLineDraft[] = [];
  for (const s of quote.sections) {
    const groups: [FinanceCategory, PullQuoteLine[]][] = [
      ['service', s.line_items.filter((l) => l.category !== 'Product')],
      ['product', s.line_items.filter((l) => l.category === 'Product')],
    ];
    for (const [category, lines] of groups) {
      if (!lines.length) continue;
      const revenue = lines.reduce((acc, l) => acc.plus(lineRevenue(l)), new Big(0));
      out.push(
        pulledLine({
          code: quote.code,
          category,
          description: s.name,
          estimate: cents(revenue),
          source: 'quote',
          source_id: s.id,
        }),
      );
    }
  }
  return out;
}

/**
 * Expense lines from the accepted quote's non-void agreements and its products: per agreement a
 * 'service' line (code = its name, description = the provider's name, estimate = its total
 * contract price, source 'agreement'), then per section with Product items a 'product' line with
 * their cost (code = the quote's code, description = the section's name, source 'quote').
 */
export function expensesFromAgreements(
  quote: { code: string; sections: readonly PullQuoteSection[] },
  agreements: readonly { id: number; name: string; provider_name: string | null; contract_price: Amount }[],
): FinanceLineDraft[] {
  const out = agreements.map((a) =>
    pulledLine({
      code: a.name,
      category: 'service',
      description: a.provider_name ?? '',
      estimate: cents(dec(a.contract_price)),
      source: 'agreement',
      source_id: a.id,
    }),
  );
  for (const s of quote.sections) {
    const products = s.line_items.filter((l) => l.category === 'Product');
    if (!products.length) continue;
    const cost = products.reduce((acc, l) => acc.plus(lineCost(l)), new Big(0));
    out.push(
      pulledLine({
        code: quote.code,
        category: 'product',
        description: s.name,
        estimate: cents(cost),
        source: 'quote',
        source_id: s.id,
      }),
    );
  }
  return out;
}

const pullKey = (l: Pick<FinanceLineDraft, 'source' | 'source_id' | 'category'>) =>
  l.source && l.source_id !== null ? `${l.source}:${l.source_id}:${l.category}` : null;

/**
 * The form's lines with pulled ones merged in: a line pulled before (same source, source id and
 * category) takes the new code, description and estimate and keeps its actual and notes; the
 * others are added at the end. Lines typed by hand are never touched.
 */
export function mergePulledLines(
  lines: readonly FinanceLineDraft[],
  pulled: readonly FinanceLineDraft[],
): { lines: FinanceLineDraft[]; changed: number } {
  const out = [...lines];
  const at = new Map<string, number>();
  out.forEach((l, i) => {
    const k = pullKey(l);
    if (k) at.set(k, i);
  });
  let changed = 0;
  for (const p of pulled) {
    const k = pullKey(p);
    const i = k ? at.get(k) : undefined;
    if (i === undefined) {
      out.push(p);
      changed++;
      continue;
    }
    const current = out[i]!;
    const next = { ...current, code: p.code, description: p.description, estimate: p.estimate };
    if (
      next.code !== current.code ||
      next.description !== current.description ||
      !dec(next.estimate).eq(dec(current.estimate))
    )
      changed++;
    out[i] = next;
  }
  return { lines: out, changed };
}
