import { describe, expect, it } from 'vitest';
import { presentQuote, type StoredQuote } from './view.js';

const stored = (): StoredQuote => ({
  id: 7,
  code: 'Q-PRJ-00001-1',
  revision: 2,
  status: 'Draft',
  reason: null,
  note: 'Thanks',
  version: 3,
  updated_at: '2026-11-24T05:06:07.123456+00:00',
  project: { id: 1, code: 'PRJ-00001', title: 'Fit-out' },
  other_accepted: false,
  sections: [
    {
      id: 11,
      name: 'Kitchen',
      note: null,
      position: 0,
      line_items: [
        {
          id: 21,
          position: 0,
          category: 'Service',
          description: 'Labour',
          long_description: 'Two trades',
          general_notes: 'Internal: margin is thin',
          supplied_by: 'Company',
          quantity: '2.000',
          unit_sell_price: '150.00',
          unit_cost: '100.00',
          product: null,
        },
      ],
    },
  ],
});

describe('presentQuote', () => {
  it('gives staff every figure, the code with its revision and the abilities', () => {
    const v = presentQuote(stored(), 'company_employee');
    expect(v.code).toBe('Q-PRJ-00001-1 R2');
    expect(v.updated_at).toBe('2026-11-24T05:06:07.123Z');
    expect(v.sections[0]!.line_items[0]).toMatchObject({
      general_notes: 'Internal: margin is thin',
      unit_cost: '100.00',
      totals: { revenue: '300.00', cost: '200.00', profit: '100.00', profit_percent: '33.33' },
    });
    expect(v.totals).toEqual({
      revenue: '300.00',
      cost: '200.00',
      gross_profit: '100.00',
      profit_percent: '50.00',
      margin_percent: '33.33',
    });
    expect(v.abilities).toEqual({ edit: true, change_status: true, delete: true, revise: true });
  });

  it('never gives client or provider users general notes, costs, profit or margins', () => {
    for (const role of ['client_admin', 'client_account', 'client_am', 'sp_admin', 'sp_employee'] as const) {
      const v = presentQuote(stored(), role);
      const line = v.sections[0]!.line_items[0]!;
      expect(line).toMatchObject({ general_notes: null, unit_cost: null, unit_sell_price: '150.00' });
      expect(line.totals).toEqual({ revenue: '300.00', cost: null, profit: null, profit_percent: null });
      const empty = { cost: null, gross_profit: null, profit_percent: null, margin_percent: null };
      expect(v.sections[0]!.totals).toEqual({ revenue: '300.00', ...empty });
      expect(v.totals).toEqual({ revenue: '300.00', ...empty });
      expect(v.abilities).toEqual({ edit: false, change_status: false, delete: false, revise: false });
      const text = JSON.stringify(v);
      expect(text).not.toContain('Internal');
      expect(text).not.toContain('100.00');
      expect(text).not.toContain('200.00');
    }
  });
});
