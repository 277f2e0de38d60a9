import { describe, expect, it } from 'vitest';
import { AgreementSaveInput, agreementFigures, agreementTotals, sectionServiceSums } from './agreements.js';

describe('agreement figures (spec 3 section 9)', () => {
  it('gross profit is sell minus contract and margin is that over sell, 100% when the contract price is 0', () => {
    expect(agreementFigures('1000.00', '750.00')).toEqual({ gross_profit: '250.00', margin: '25.00' });
    expect(agreementFigures('1000.00', '0')).toEqual({ gross_profit: '1000.00', margin: '100.00' });
    expect(agreementFigures('0', '0')).toEqual({ gross_profit: '0.00', margin: '100.00' });
    expect(agreementFigures('0', '10')).toEqual({ gross_profit: '-10.00', margin: null });
    expect(agreementFigures('300.00', '400.00')).toEqual({ gross_profit: '-100.00', margin: '-33.33' });
  });

  it('a section is priced by its service and other lines; product lines are left out', () => {
    expect(
      sectionServiceSums([
        { category: 'Service', quantity: '2', unit_sell_price: '100.005', unit_cost: '40' },
        { category: 'Product', quantity: '5', unit_sell_price: '999', unit_cost: '500' },
        { category: 'Other', quantity: '1', unit_sell_price: '0.10', unit_cost: '0.20' },
      ]),
    ).toEqual({ sell_price: '200.11', estimated_cost: '80.20' });
  });

  it('the Totals row adds up only the sections the agreement owns', () => {
    const totals = agreementTotals([
      { owned: true, sell_price: '1000.00', estimated_cost: '600.00', contract_price: '700.00' },
      { owned: false, sell_price: '5000.00', estimated_cost: '1.00', contract_price: null },
      { owned: true, sell_price: '0.10', estimated_cost: '0.00', contract_price: '0.20' },
    ]);
    expect(totals).toEqual({
      sell_price: '1000.10',
      estimated_cost: '600.00',
      contract_price: '700.20',
      gross_profit: '299.90',
      margin: '29.99',
    });
  });

  it('a save refuses notes over 5000 characters and a negative or malformed price', () => {
    const base = { version: 1, sections: { '4': { id: 4, price: '12.50', owned: true } } };
    expect(AgreementSaveInput.parse(base).sections['4']).toEqual({ id: 4, price: '12.50', owned: true });
    expect(AgreementSaveInput.safeParse({ ...base, notes: 'x'.repeat(5001) }).success).toBe(false);
    expect(
      AgreementSaveInput.safeParse({ ...base, sections: { '4': { id: 4, price: '-1', owned: true } } }).success,
    ).toBe(false);
  });
});
