import { describe, expect, it } from 'vitest';
import {
  duplicateLineKeys,
  expensesFromAgreements,
  financeMargin,
  financeSummary,
  financeTotals,
  FinanceSaveInput,
  formatFinanceMoney,
  mergePulledLines,
  newFinanceLine,
  revenueFromQuote,
  variation,
  type FinanceLineDraft,
} from './index.js';

const amounts = (estimate: string, actual: string) => ({ estimate, actual });

describe('finance money (spec 3 section 9)', () => {
  it('variation = actual - estimate, exactly, negative when under', () => {
    expect(variation('0.10', '0.30')).toBe('0.20');
    expect(variation('1000', '750.5')).toBe('-249.50');
    expect(variation('', null)).toBe('0.00');
    expect(variation(undefined, '12')).toBe('12.00');
  });

  it('totals are the sums of the lines, to the cent, with no binary rounding', () => {
    const totals = financeTotals({
      revenues: [amounts('0.10', '0.20'), amounts('0.20', '0.10'), amounts('1000', '')],
      expenses: [amounts('0.07', '0.01'), amounts('', '')],
    });
    expect(totals).toEqual({
      total_revenue: '1000.30',
      total_revenue_actual: '0.30',
      total_expense: '0.07',
      total_expense_actual: '0.01',
    });
    expect(financeTotals({ revenues: [], expenses: [] })).toEqual({
      total_revenue: '0.00',
      total_revenue_actual: '0.00',
      total_expense: '0.00',
      total_expense_actual: '0.00',
    });
  });

  it('margin = gross profit / revenue x 100 with 2 decimals, 0 when either is zero', () => {
    expect(financeMargin('1000', '750')).toBe('25.00');
    expect(financeMargin('3', '2')).toBe('33.33');
    expect(financeMargin('3', '1')).toBe('66.67');
    // 1/8 = 12.5% exactly; 0.125 rounds half up at the third decimal elsewhere
    expect(financeMargin('800', '700')).toBe('12.50');
    expect(financeMargin('0', '100')).toBe('0.00');
    expect(financeMargin('100', '100')).toBe('0.00');
    expect(financeMargin('', '')).toBe('0.00');
    expect(financeMargin('100', '150')).toBe('-50.00');
  });

  it('the Summary puts estimated and actual side by side', () => {
    const s = financeSummary({
      total_revenue: '1000.00',
      total_revenue_actual: '1200.00',
      total_expense: '600.00',
      total_expense_actual: '900.00',
    });
    expect(s.estimated).toEqual({ revenue: '1000.00', expenses: '600.00', gross_profit: '400.00', margin: '40.00' });
    expect(s.actual).toEqual({ revenue: '1200.00', expenses: '900.00', gross_profit: '300.00', margin: '25.00' });
  });

  it("shows money with '$' and 2 decimals, empty as $0.00", () => {
    expect(formatFinanceMoney('1234.5')).toBe('$1,234.50');
    expect(formatFinanceMoney('-12')).toBe('-$12.00');
    expect(formatFinanceMoney('')).toBe('$0.00');
    expect(formatFinanceMoney(null)).toBe('$0.00');
  });
});

describe('duplicate lines (spec 3 section 5)', () => {
  it('flags every line whose code and category match another line', () => {
    const flagged = duplicateLineKeys([
      { code: 'A1', category: 'service' },
      { code: 'a1 ', category: 'service' },
      { code: 'A1', category: 'product' },
      { code: 'B', category: 'service' },
      { code: '', category: 'service' },
      { code: '  ', category: 'service' },
    ]);
    expect([...flagged].sort()).toEqual([0, 1]);
  });

  it('flags nothing when codes differ or there is one line', () => {
    expect(duplicateLineKeys([]).size).toBe(0);
    expect(duplicateLineKeys([{ code: 'X', category: 'service' }]).size).toBe(0);
  });
});

const line = (category: string, quantity: string, unit_sell_price: string, unit_cost: string) => ({
  category,
  quantity,
  unit_sell_price,
  unit_cost,
});

const quote = {
  code: 'Q-PRJ-00001-1',
  sections: [
    {
      id: 11,
      name: 'Electrical',
      line_items: [
        line('Service', '3', '0.10', '0.07'),
        line('Other', '1', '100', '40'),
        line('Product', '2', '50.25', '30.10'),
      ],
    },
    { id: 12, name: 'Labour', line_items: [line('Service', '8', '95', '60')] },
    { id: 13, name: 'Empty', line_items: [] },
  ],
};

describe('pulling from the accepted quote', () => {
  it('proposes per section a service line and a product line with their revenue', () => {
    expect(revenueFromQuote(quote)).toEqual([
      expect.objectContaining({
        code: 'Q-PRJ-00001-1',
        category: 'service',
        description: 'Electrical',
        estimate: '100.30',
        actual: '0.00',
        source: 'quote',
        source_id: 11,
        id: null,
      }),
      expect.objectContaining({ category: 'product', description: 'Electrical', estimate: '100.50', source_id: 11 }),
      expect.objectContaining({ category: 'service', description: 'Labour', estimate: '760.00', source_id: 12 }),
    ]);
  });

  it('proposes agreement lines at their contract price and product cost lines', () => {
    expect(
      expensesFromAgreements(quote, [
        { id: 7, name: 'Q-PRJ-00001-1-SPA1', provider_name: 'Sparky Co', contract_price: '650' },
      ]),
    ).toEqual([
      expect.objectContaining({
        code: 'Q-PRJ-00001-1-SPA1',
        category: 'service',
        description: 'Sparky Co',
        estimate: '650.00',
        source: 'agreement',
        source_id: 7,
      }),
      expect.objectContaining({
        category: 'product',
        description: 'Electrical',
        estimate: '60.20',
        source: 'quote',
        source_id: 11,
      }),
    ]);
  });

  it('pulling again updates the pulled lines (keeping actual and notes) instead of adding them twice', () => {
    const typed: FinanceLineDraft = { ...newFinanceLine(), code: 'MISC', estimate: '5', actual: '5' };
    const first = mergePulledLines([typed], revenueFromQuote(quote));
    expect(first.changed).toBe(3);
    expect(first.lines).toHaveLength(4);
    const withActual = first.lines.map((l, i) => (i === 1 ? { ...l, actual: '99.00', notes: 'paid', id: 5 } : l));
    const changedQuote = {
      ...quote,
      sections: [{ ...quote.sections[0]!, name: 'Electrical works' }, quote.sections[1]!],
    };
    const again = mergePulledLines(withActual, revenueFromQuote(changedQuote));
    expect(again.lines).toHaveLength(4);
    expect(again.changed).toBe(2);
    expect(again.lines[0]).toEqual(typed);
    expect(again.lines[1]).toMatchObject({ id: 5, description: 'Electrical works', actual: '99.00', notes: 'paid' });
    expect(mergePulledLines(again.lines, revenueFromQuote(changedQuote)).changed).toBe(0);
  });
});

describe('the save input', () => {
  const base = { version: 0, comments: '', revenues: [], expenses: [] };

  it('takes a version the database can hold, with a message naming it otherwise', () => {
    expect(FinanceSaveInput.parse({ ...base, version: 2147483647 }).version).toBe(2147483647);
    for (const version of [99999999999, 2147483648, -1, 1.5, '1', null]) {
      const r = FinanceSaveInput.safeParse({ ...base, version });
      expect(
        r.error?.issues.map((i) => [i.path.join('.'), i.message]),
        String(version),
      ).toEqual([['version', 'The version must be a whole number from 0 to 2147483647.']]);
    }
  });

  it('reads amounts exactly, blank as 0, and rejects negative, over-precise or non-numbers per field', () => {
    const ok = FinanceSaveInput.parse({
      ...base,
      revenues: [{ code: ' A ', category: 'service', estimate: '1200', actual: '' }],
    });
    expect(ok.revenues[0]).toMatchObject({ code: 'A', estimate: '1200.00', actual: '0.00', notes: null });
    expect(ok.comments).toBeNull();
    const bad = FinanceSaveInput.safeParse({
      ...base,
      revenues: [
        { category: 'service', estimate: '-1' },
        { category: 'service', estimate: '1.005' },
      ],
      expenses: [{ category: 'labour', actual: 'abc' }],
      comments: 'x'.repeat(501),
    });
    expect(bad.success).toBe(false);
    const paths = bad.error!.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(
      expect.arrayContaining([
        'revenues.0.estimate',
        'revenues.1.estimate',
        'expenses.0.category',
        'expenses.0.actual',
        'comments',
      ]),
    );
  });

  it('accepts a comment of exactly 500 characters', () => {
    expect(FinanceSaveInput.safeParse({ ...base, comments: 'x'.repeat(500) }).success).toBe(true);
  });
});
