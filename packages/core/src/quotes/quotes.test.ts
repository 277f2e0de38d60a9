import { describe, expect, it } from 'vitest';
import {
  cloneSection,
  formatLastUpdated,
  initialQuoteId,
  IMPORT_PERIODS,
  LineItemInput,
  newLineItem,
  newLineItemAfter,
  newSection,
  productLabel,
  quoteAbilities,
  quoteCode,
  QuoteSaveInput,
  QuoteStatusInput,
  statusChangeProblem,
  statusConfirmText,
  statusOptions,
  withCategory,
  QUOTE_TEXT,
} from './quotes.js';

const item = (over: Record<string, unknown> = {}) => ({
  category: 'Service',
  description: 'Install',
  supplied_by: 'Company',
  quantity: '1',
  unit_sell_price: '1',
  unit_cost: '0',
  ...over,
});
const errorsOf = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('defaults and the editor rules (spec 3 sections 3 and 4)', () => {
  it('a new line item: Service, Company, quantity 1, sell 1, cost 0; a new section is empty', () => {
    expect(newLineItem()).toMatchObject({
      category: 'Service',
      description: '',
      supplied_by: 'Company',
      quantity: '1',
      unit_sell_price: '1.00',
      unit_cost: '0.00',
      product: null,
    });
    expect(newSection()).toEqual({ id: null, name: '', note: null, line_items: [] });
  });

  it('a line after another copies supplied_by and the category, Product becoming Service', () => {
    expect(newLineItemAfter({ category: 'Other', supplied_by: 'Client' })).toMatchObject({
      category: 'Other',
      supplied_by: 'Client',
      quantity: '1',
    });
    expect(newLineItemAfter({ category: 'Product', supplied_by: 'Other' })).toMatchObject({
      category: 'Service',
      supplied_by: 'Other',
    });
    expect(newLineItemAfter(null)).toEqual(newLineItem());
  });

  it("copying a section appends ' [CLONE]' and drops every id", () => {
    const s = { id: 4, name: 'Kitchen', note: 'n', line_items: [{ ...newLineItem(), id: 9, description: 'Tap' }] };
    const c = cloneSection(s);
    expect(c).toMatchObject({ id: null, name: 'Kitchen [CLONE]', note: 'n' });
    expect(c.line_items).toEqual([{ ...s.line_items[0], id: null }]);
    expect(s.line_items[0]!.id).toBe(9);
  });

  it('choosing Product creates an empty product; another category drops it', () => {
    const p = withCategory(newLineItem(), 'Product');
    expect(p.product).toMatchObject({ work_item_id: null, order_status: 'Unknown' });
    expect(withCategory(p, 'Other').product).toBeNull();
  });

  it("product labels: code | name | supplier, 'UNKNOWN' when unknown", () => {
    expect(productLabel({ item_code: 'A1', name: 'Tap', supplier_name: 'Acme' })).toBe('A1 | Tap | Acme');
    expect(productLabel({ item_code: null, name: 'Tap', supplier_name: '' })).toBe('Tap');
    expect(productLabel(null)).toBe('UNKNOWN');
  });
});

describe('statuses (spec 3 section 4)', () => {
  const enabled = (o: ReturnType<typeof statusOptions>) => o.filter((x) => !x.disabled).map((x) => x.value);

  it('an Accepted quote offers only Void', () => {
    expect(enabled(statusOptions('Accepted', false))).toEqual(['Accepted', 'Void']);
  });
  it('Accepted is disabled when another quote of the project is Accepted', () => {
    expect(enabled(statusOptions('Draft', true))).toEqual(['Draft', 'Rejected', 'Void']);
    expect(enabled(statusOptions('Void', false))).toEqual(['Draft', 'Accepted', 'Rejected', 'Void']);
  });
  it('the server rule says the same', () => {
    expect(statusChangeProblem('Accepted', 'Draft', false)).toEqual({
      status: 409,
      message: QUOTE_TEXT.acceptedOnlyVoid,
    });
    expect(statusChangeProblem('Accepted', 'Void', false)).toBeNull();
    expect(statusChangeProblem('Draft', 'Accepted', true)).toEqual({ status: 409, message: QUOTE_TEXT.otherAccepted });
    expect(statusChangeProblem('Rejected', 'Accepted', false)).toBeNull();
    expect(statusChangeProblem('Draft', 'Draft', false)?.status).toBe(422);
  });
  it('the confirmation text', () => {
    expect(statusConfirmText('Draft', 'Accepted')).toBe(
      'Are you sure you want to update the status of this quote from Draft to Accepted ?',
    );
  });
  it('abilities: staff edit a Draft only, delete anything but Accepted; others nothing', () => {
    expect(quoteAbilities('company_employee', 'Draft')).toEqual({
      edit: true,
      change_status: true,
      delete: true,
      revise: true,
    });
    expect(quoteAbilities('company_admin', 'Accepted')).toEqual({
      edit: false,
      change_status: true,
      delete: false,
      revise: true,
    });
    expect(quoteAbilities('client_admin', 'Draft')).toEqual({
      edit: false,
      change_status: false,
      delete: false,
      revise: false,
    });
  });
  it('codes show the revision from the second on', () => {
    expect(quoteCode('Q-PRJ-00012-1', 1)).toBe('Q-PRJ-00012-1');
    expect(quoteCode('Q-PRJ-00012-1', 2)).toBe('Q-PRJ-00012-1 R2');
  });
  it('the import periods, 365 days among them', () => {
    expect(IMPORT_PERIODS.map((p) => p.id)).toEqual(['7', '30', '90', '180', '365', '730', '1825', 'all_time']);
    expect(IMPORT_PERIODS.at(-1)?.name).toBe('All Time');
  });
  it('a Rejected status carries its reason; a blank one is null', () => {
    expect(QuoteStatusInput.parse({ status: 'Rejected', reason: 'Too dear' })).toEqual({
      status: 'Rejected',
      reason: 'Too dear',
    });
    expect(QuoteStatusInput.parse({ status: 'Void', reason: '  ' }).reason).toBeNull();
    expect(QuoteStatusInput.safeParse({ status: 'Sent' }).success).toBe(false);
  });
});

describe('line item input (spec 3 section 5)', () => {
  it('normalises amounts to decimal strings and keeps the id', () => {
    const v = LineItemInput.parse(item({ id: 7, quantity: 2.5, unit_sell_price: '10', unit_cost: 3.33 }));
    expect(v).toMatchObject({ id: 7, quantity: '2.500', unit_sell_price: '10.00' });
    expect(LineItemInput.safeParse(item({ unit_cost: 3.333 })).success).toBe(false);
  });

  it('quantity and prices are at least 0, with 3 and 2 decimals at most', () => {
    expect(LineItemInput.parse(item({ quantity: '0', unit_sell_price: '0' }))).toMatchObject({
      quantity: '0.000',
      unit_sell_price: '0.00',
    });
    for (const [field, value] of [
      ['quantity', '-1'],
      ['quantity', '1.0001'],
      ['quantity', 'abc'],
      ['unit_sell_price', '-0.01'],
      ['unit_sell_price', '1.001'],
      ['unit_cost', '12345678901'],
      ['unit_cost', Number.NaN],
    ] as const) {
      const r = LineItemInput.safeParse(item({ [field]: value }));
      expect(r.success, `${field}=${value}`).toBe(false);
      expect(Object.keys(errorsOf(r))).toEqual([field]);
    }
  });

  it("a line's revenue and cost are at most $999,999,999.99, with the message on the price that overflows", () => {
    const most = LineItemInput.parse(
      item({ quantity: '1', unit_sell_price: '999999999.99', unit_cost: '999999999.99' }),
    );
    expect(most).toMatchObject({ unit_sell_price: '999999999.99', unit_cost: '999999999.99' });
    // Each factor alone is allowed (numeric(12,3) x numeric(12,2)); their product was not bounded.
    const huge = LineItemInput.safeParse(
      item({ quantity: '999999999.999', unit_sell_price: '9999999999.99', unit_cost: '0' }),
    );
    expect(errorsOf(huge)).toEqual({ unit_sell_price: QUOTE_TEXT.lineRevenueTooLarge });
    expect(
      errorsOf(LineItemInput.safeParse(item({ quantity: '1000', unit_sell_price: '1000000', unit_cost: '1000000' }))),
    ).toEqual({ unit_sell_price: QUOTE_TEXT.lineRevenueTooLarge, unit_cost: QUOTE_TEXT.lineCostTooLarge });
    expect(
      errorsOf(LineItemInput.safeParse(item({ quantity: '2', unit_sell_price: '0', unit_cost: '500000000' }))),
    ).toEqual({ unit_cost: QUOTE_TEXT.lineCostTooLarge });
    // Rounded to the cent first, as the line shows it: 0.5 x 1,999,999,999.98 is 999,999,999.99, but
    // 0.5 x 1,999,999,999.99 (999,999,999.995) shows as 1,000,000,000.00.
    expect(LineItemInput.safeParse(item({ quantity: '0.5', unit_sell_price: '1999999999.98' })).success).toBe(true);
    expect(LineItemInput.safeParse(item({ quantity: '0.5', unit_sell_price: '1999999999.99' })).success).toBe(false);
  });

  it('description is required and at most 255 characters', () => {
    expect(errorsOf(LineItemInput.safeParse(item({ description: '  ' })))).toEqual({
      description: QUOTE_TEXT.descriptionRequired,
    });
    expect(Object.keys(errorsOf(LineItemInput.safeParse(item({ description: 'x'.repeat(256) }))))).toEqual([
      'description',
    ]);
  });

  it('long description and general notes limits depend on the category', () => {
    expect(
      LineItemInput.safeParse(item({ long_description: 'x'.repeat(2000), general_notes: 'x'.repeat(500) })).success,
    ).toBe(true);
    expect(
      Object.keys(
        errorsOf(LineItemInput.safeParse(item({ long_description: 'x'.repeat(2001), general_notes: 'x'.repeat(501) }))),
      ),
    ).toEqual(['long_description', 'general_notes']);
    expect(
      LineItemInput.safeParse(
        item({ category: 'Product', long_description: 'x'.repeat(5000), general_notes: 'x'.repeat(5000) }),
      ).success,
    ).toBe(true);
    expect(
      Object.keys(errorsOf(LineItemInput.safeParse(item({ category: 'Product', general_notes: 'x'.repeat(5001) })))),
    ).toEqual(['general_notes']);
  });

  it('a Product line always has a product, others none; product fields are checked', () => {
    expect(LineItemInput.parse(item({ category: 'Product' })).product).toMatchObject({ order_status: 'Unknown' });
    expect(LineItemInput.parse(item({ product: { product_code: 'X' } })).product).toBeNull();
    const bad = LineItemInput.safeParse(
      item({
        category: 'Product',
        product: { eta: '2026-02-30', consignment_tracking_link: 'javascript:alert(1)', order_status: 'Lost' },
      }),
    );
    expect(Object.keys(errorsOf(bad)).sort()).toEqual([
      'product.consignment_tracking_link',
      'product.eta',
      'product.order_status',
    ]);
    expect(
      LineItemInput.parse(
        item({
          category: 'Product',
          product: { work_item_id: 3, eta: '2026-02-28', consignment_tracking_link: 'https://track.example/1' },
        }),
      ).product,
    ).toMatchObject({ work_item_id: 3, eta: '2026-02-28', consignment_tracking_link: 'https://track.example/1' });
  });

  it('a quote note is at most 5000 characters; errors name the path', () => {
    expect(QuoteSaveInput.safeParse({ version: 1, note: 'x'.repeat(5000), sections: [] }).success).toBe(true);
    expect(errorsOf(QuoteSaveInput.safeParse({ version: 1, note: 'x'.repeat(5001), sections: [] }))).toHaveProperty(
      'note',
    );
    const r = QuoteSaveInput.safeParse({
      version: 1,
      sections: [{ name: 'A', line_items: [item({ quantity: '-2' })] }],
    });
    expect(Object.keys(errorsOf(r))).toEqual(['sections.0.line_items.0.quantity']);
    const many = { name: 'S', line_items: Array.from({ length: 500 }, () => item()) };
    expect(QuoteSaveInput.safeParse({ version: 1, sections: Array(10).fill(many) }).success).toBe(true);
    expect(errorsOf(QuoteSaveInput.safeParse({ version: 1, sections: Array(11).fill(many) }))).toEqual({
      sections: 'A quote may have at most 5000 line items.',
    });
  });
});

describe("the screen's selection and dates", () => {
  const q = (id: number, status: 'Draft' | 'Accepted' | 'Rejected' | 'Void', updated_at: string) => ({
    id,
    status,
    updated_at,
  });
  it('selects the Accepted quote, else the most recently updated one that is not Void', () => {
    const list = [
      q(1, 'Draft', '2026-11-01T00:00:00Z'),
      q(2, 'Void', '2026-11-20T00:00:00Z'),
      q(3, 'Rejected', '2026-11-10T00:00:00Z'),
    ];
    expect(initialQuoteId(list)).toBe(3);
    expect(initialQuoteId([...list, q(4, 'Accepted', '2026-01-01T00:00:00Z')])).toBe(4);
    expect(initialQuoteId([q(2, 'Void', '2026-11-20T00:00:00Z')])).toBeNull();
    expect(initialQuoteId([])).toBeNull();
  });
  it("'Last Updated' is h:mma - DD/MM/YY on the company's clock (Brisbane, UTC+10)", () => {
    expect(formatLastUpdated('2026-11-24T06:05:00Z')).toBe('4:05pm - 24/11/26');
    expect(formatLastUpdated('2026-11-23T14:30:00Z')).toBe('12:30am - 24/11/26');
    expect(formatLastUpdated('2026-11-24T02:00:00Z')).toBe('12:00pm - 24/11/26');
    expect(formatLastUpdated(null)).toBe('');
  });
});
