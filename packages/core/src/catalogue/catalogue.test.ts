import { describe, expect, it } from 'vitest';
import {
  CATALOGUE_TEXT,
  itemMargin,
  itemProfit,
  WorkItemInput,
  WorkItemListQuery,
  workItemLabel,
} from './catalogue.js';

const valid = {
  name: 'Cement 20kg bag',
  item_code: 'CEM-20',
  supplier_name: 'Boral',
  unit_sell_price: '14.50',
  unit_cost: '9.80',
};

describe('work item profit and margin', () => {
  it('profit is sell minus cost and margin is profit over sell, both with 2 decimals', () => {
    expect(itemProfit('14.50', '9.80')).toBe('4.70');
    expect(itemMargin('14.50', '9.80')).toBe('32.41');
    expect(itemProfit(100, 75)).toBe('25.00');
    expect(itemMargin(100, 75)).toBe('25.00');
  });

  it('is exact where binary floating point is not', () => {
    expect(itemProfit('0.30', '0.10')).toBe('0.20');
    expect(itemProfit('1234567890.99', '0.01')).toBe('1234567890.98');
    expect(itemMargin('0.30', '0.10')).toBe('66.67');
  });

  it("shows '-' for the margin when the sell price is 0, and a loss as negative", () => {
    expect(itemMargin('0', '5')).toBe('-');
    expect(itemMargin('0.00', '0.00')).toBe('-');
    expect(itemProfit('0', '5')).toBe('-5.00');
    expect(itemProfit('10', '12.5')).toBe('-2.50');
    expect(itemMargin('10', '12.5')).toBe('-25.00');
  });

  it("shows '-' while a price is blank or not a number (typing in the form)", () => {
    expect(itemProfit('', '1')).toBe('-');
    expect(itemMargin('abc', '1')).toBe('-');
    expect(itemProfit(null, undefined)).toBe('-');
  });
});

describe('WorkItemInput', () => {
  it('keeps prices as 2-decimal strings and blanks as null', () => {
    expect(
      WorkItemInput.parse({ ...valid, item_code: ' ', supplier_name: null, unit_sell_price: 14.5, unit_cost: '3' }),
    ).toEqual({
      name: 'Cement 20kg bag',
      item_code: null,
      supplier_name: null,
      unit_sell_price: '14.50',
      unit_cost: '3.00',
    });
  });

  it('gives a message for each bad field', () => {
    const result = WorkItemInput.safeParse({
      name: '  ',
      item_code: 'x'.repeat(101),
      supplier_name: 'y'.repeat(256),
      unit_sell_price: '-1',
      unit_cost: '1.234',
    });
    expect(result.success).toBe(false);
    const fields = Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(fields).toEqual({
      name: CATALOGUE_TEXT.nameRequired,
      item_code: 'Must be at most 100 characters.',
      supplier_name: 'Must be at most 255 characters.',
      unit_sell_price: 'The unit price must be a number of at least 0 with at most 2 decimals.',
      unit_cost: 'The unit cost must be a number of at least 0 with at most 2 decimals.',
    });
  });

  it("prices are at most a quote line's largest total, $999,999,999.99", () => {
    expect(WorkItemInput.parse({ ...valid, unit_sell_price: '999999999.99' }).unit_sell_price).toBe('999999999.99');
    const result = WorkItemInput.safeParse({ ...valid, unit_sell_price: '9999999999.99', unit_cost: '1000000000' });
    const fields = Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(fields).toEqual({
      unit_sell_price: 'The unit price may be at most $999,999,999.99.',
      unit_cost: 'The unit cost may be at most $999,999,999.99.',
    });
  });

  it('refuses a name over 255 characters and a missing price', () => {
    const result = WorkItemInput.safeParse({ name: 'n'.repeat(256) });
    expect(result.error!.issues.map((i) => i.path.join('.'))).toEqual(['name', 'unit_sell_price', 'unit_cost']);
  });
});

describe('the picker label and the list query', () => {
  it("joins item code, name and supplier with ' | ', UNKNOWN for a missing supplier", () => {
    expect(workItemLabel({ item_code: 'CEM-20', name: 'Cement', supplier_name: 'Boral' })).toBe(
      'CEM-20 | Cement | Boral',
    );
    expect(workItemLabel({ item_code: null, name: 'Labour', supplier_name: null })).toBe('Labour | UNKNOWN');
  });

  it('sorts by name ascending unless told, and refuses unknown sorts', () => {
    expect(WorkItemListQuery.parse({})).toMatchObject({ sort: 'name', order: 'asc', page: 1, pageSize: 20 });
    expect(WorkItemListQuery.safeParse({ sort: 'supplier' }).success).toBe(false);
  });
});
