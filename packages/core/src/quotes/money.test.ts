import Big from 'big.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatPercent,
  formatQuoteMoney,
  lineCost,
  lineProfit,
  lineProfitPercent,
  lineRevenue,
  lineTotals,
  marginPercent,
  markupPercent,
  percentOf,
  quoteTotals,
  sectionTotals,
} from './money.js';

const line = (quantity: string, unit_sell_price: string, unit_cost: string) => ({
  quantity,
  unit_sell_price,
  unit_cost,
});

describe('line formulas (spec 3 section 9)', () => {
  it('revenue = qty x unit sell, cost = qty x unit cost, profit = the difference, exactly', () => {
    const l = line('3', '0.10', '0.07');
    // 3 x 0.1 is 0.30000000000000004 in binary floating point; here it is exact.
    expect(lineRevenue(l)).toBe('0.30');
    expect(lineCost(l)).toBe('0.21');
    expect(lineProfit(l)).toBe('0.09');
    expect(lineProfitPercent(l)).toBe('30.00');
  });

  it('rounds a line to the cent, half up, once', () => {
    const l = line('1.005', '10.00', '3.33');
    expect(lineRevenue(l)).toBe('10.05'); // 10.05 exactly
    expect(lineCost(l)).toBe('3.35'); // 3.34665 -> 3.35
    expect(lineProfit(l)).toBe('6.70');
    expect(lineRevenue(line('0.125', '1.00', '0'))).toBe('0.13');
  });

  it('line profit % is 0 when the sell price is 0', () => {
    expect(lineProfitPercent(line('2', '0', '5'))).toBe('0.00');
    expect(lineProfitPercent(line('0', '10', '5'))).toBe('0.00');
    expect(lineTotals(line('2', '0', '5'))).toEqual({
      revenue: '0.00',
      cost: '10.00',
      profit: '-10.00',
      profit_percent: '0.00',
    });
  });

  it('a loss gives a negative profit %', () => {
    expect(lineProfitPercent(line('1', '80', '100'))).toBe('-25.00');
  });

  it('accepts numbers and missing amounts (0)', () => {
    expect(lineRevenue({ quantity: 2, unit_sell_price: 19.99, unit_cost: '' })).toBe('39.98');
    expect(lineCost({ quantity: 2, unit_sell_price: 19.99, unit_cost: '' })).toBe('0.00');
  });
});

describe('section and quote totals', () => {
  const a = { line_items: [line('2', '150.00', '100.00'), line('1', '49.99', '20.00')] };
  const b = { line_items: [line('10', '12.50', '0')] };

  it('sums the lines of a section: revenue, cost, gross profit, profit % (markup) and margin %', () => {
    expect(sectionTotals(a)).toEqual({
      revenue: '349.99',
      cost: '220.00',
      gross_profit: '129.99',
      profit_percent: '59.09', // 129.99 / 220 = 59.0863...
      margin_percent: '37.14', // 129.99 / 349.99 = 37.141...
    });
  });

  it('a quote sums its sections; gross profit = revenue - cost', () => {
    expect(quoteTotals([a, b])).toEqual({
      revenue: '474.99',
      cost: '220.00',
      gross_profit: '254.99',
      profit_percent: '115.90',
      margin_percent: '53.68',
    });
  });

  it("percentages are '-' (null) when not a number: no cost, no revenue, nothing at all", () => {
    expect(quoteTotals([b]).profit_percent).toBeNull();
    expect(quoteTotals([b]).margin_percent).toBe('100.00');
    expect(quoteTotals([])).toEqual({
      revenue: '0.00',
      cost: '0.00',
      gross_profit: '0.00',
      profit_percent: null,
      margin_percent: null,
    });
    expect(sectionTotals({ line_items: [line('1', '0', '10')] })).toMatchObject({
      gross_profit: '-10.00',
      profit_percent: '-100.00',
      margin_percent: null,
    });
  });

  it('markup and margin from two amounts', () => {
    expect(markupPercent('150', '100')).toBe('50.00');
    expect(marginPercent('150', '100')).toBe('33.33');
    expect(markupPercent('150', '0')).toBeNull();
    expect(marginPercent('0', '0')).toBeNull();
  });

  const cents = fc.bigInt({ min: 0n, max: 10_000_000n }).map((c) => new Big(c.toString()).div(100).toFixed(2));
  const qty = fc.bigInt({ min: 0n, max: 1_000_000n }).map((c) => new Big(c.toString()).div(1000).toFixed(3));
  const lineArb = fc.record({ quantity: qty, unit_sell_price: cents, unit_cost: cents });
  const sectionsArb = fc.array(fc.record({ line_items: fc.array(lineArb, { maxLength: 8 }) }), { maxLength: 5 });

  it('property: a percentage is the half-up 2-decimal rounding of the exact quotient (also for a loss)', () => {
    const exact = Big();
    exact.DP = 40;
    const amount = fc
      .bigInt({ min: -10_000_000_000n, max: 10_000_000_000n })
      .map((c) => new Big(c.toString()).div(100));
    fc.assert(
      fc.property(amount, amount, (part, whole) => {
        const want = whole.eq(0) ? null : new exact(part.times(100)).div(whole).round(2, Big.roundHalfUp).toFixed(2);
        expect(percentOf(part, whole)).toBe(want);
      }),
      { numRuns: 2000 },
    );
    // Values right at and just below a rounding boundary.
    expect(percentOf(new Big('12.345'), new Big('100'))).toBe('12.35');
    expect(percentOf(new Big('12.3449999999'), new Big('100'))).toBe('12.34');
    expect(percentOf(new Big('-12.345'), new Big('100'))).toBe('-12.35');
    expect(percentOf(new Big('1'), new Big('3'))).toBe('33.33');
    expect(percentOf(new Big('2'), new Big('3'))).toBe('66.67');
  });

  it('property: revenue = cost + profit exactly, for a line and for a quote', () => {
    fc.assert(
      fc.property(lineArb, (l) => {
        expect(new Big(lineCost(l)).plus(lineProfit(l)).eq(lineRevenue(l))).toBe(true);
      }),
    );
    fc.assert(
      fc.property(sectionsArb, (sections) => {
        const t = quoteTotals(sections);
        expect(new Big(t.cost).plus(t.gross_profit).eq(t.revenue)).toBe(true);
        const sum = sections.reduce((s, x) => s.plus(sectionTotals(x).revenue), new Big(0));
        expect(sum.eq(t.revenue)).toBe(true);
        const lines = sections.flatMap((s) => s.line_items).reduce((s, l) => s.plus(lineRevenue(l)), new Big(0));
        expect(lines.eq(t.revenue)).toBe(true);
      }),
    );
  });
});

describe('formatting (spec 3 section 9)', () => {
  it("money: '$' and 2 decimals, en-US grouping, '-' when not a number", () => {
    expect(formatQuoteMoney('1234.5')).toBe('$1,234.50');
    expect(formatQuoteMoney('0')).toBe('$0.00');
    expect(formatQuoteMoney(12)).toBe('$12.00');
    expect(formatQuoteMoney('-3')).toBe('-$3.00');
    expect(formatQuoteMoney('-0.001')).toBe('$0.00');
    expect(formatQuoteMoney('9999999999.99')).toBe('$9,999,999,999.99');
    expect(formatQuoteMoney('0.005')).toBe('$0.01');
    expect(formatQuoteMoney(null)).toBe('-');
    expect(formatQuoteMoney('abc')).toBe('-');
    expect(formatQuoteMoney(Number.NaN)).toBe('-');
  });

  it("percent: 2 decimals, '-' when not a number", () => {
    expect(formatPercent('25')).toBe('25.00%');
    expect(formatPercent('33.333')).toBe('33.33%');
    expect(formatPercent('-12.5')).toBe('-12.50%');
    expect(formatPercent(null)).toBe('-');
    expect(formatPercent(Number.NaN)).toBe('-');
    expect(formatPercent(Infinity)).toBe('-');
  });
});
