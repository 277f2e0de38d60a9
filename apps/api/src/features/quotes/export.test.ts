import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { systemCsv } from './export.js';
import { parseSystemCsv } from './import.js';
import { presentQuote, type StoredQuote } from './view.js';

const line = (over: Partial<StoredQuote['sections'][0]['line_items'][0]> = {}) => ({
  id: 1,
  position: 0,
  category: 'Service' as const,
  description: 'Labour',
  long_description: null,
  general_notes: null,
  supplied_by: 'Company' as const,
  quantity: '1.000',
  unit_sell_price: '1.00',
  unit_cost: '0.00',
  product: null,
  ...over,
});

const stored = (texts: {
  name: string;
  note: string | null;
  description: string;
  notes: string | null;
}): StoredQuote => ({
  id: 7,
  code: 'Q-PRJ-00001-1',
  revision: 1,
  status: 'Draft',
  reason: null,
  note: texts.note,
  version: 1,
  updated_at: '2026-11-24T05:06:07Z',
  project: { id: 1, code: 'PRJ-00001', title: 'Fit-out' },
  other_accepted: false,
  sections: [
    {
      id: 11,
      name: texts.name,
      note: texts.note,
      position: 0,
      line_items: [
        line({ description: texts.description, general_notes: texts.notes, long_description: texts.notes }),
        line({
          id: 2,
          position: 1,
          category: 'Product',
          description: 'Tap',
          quantity: '12.125',
          unit_sell_price: '149.99',
          unit_cost: '99.95',
          product: {
            work_item_id: 5,
            work_item: null,
            product_code: '=X',
            supplier_name: null,
            order_status: 'Ordered',
            company_purchase_order_reference: null,
            eta: '2026-12-24',
            consignment_tracking_link: 'https://t.example/1',
          },
        }),
      ],
    },
    { id: 12, name: 'Empty', note: null, position: 1, line_items: [] },
  ],
});

/** What a save of the parsed CSV would store, from the view's side. */
const asSaved = (q: StoredQuote) => ({
  note: q.note,
  sections: q.sections.map((s) => ({
    id: null,
    name: s.name,
    note: s.note,
    line_items: s.line_items.map((l) => ({
      id: null,
      category: l.category,
      description: l.description,
      long_description: l.long_description,
      general_notes: l.general_notes,
      supplied_by: l.supplied_by,
      quantity: l.quantity,
      unit_sell_price: l.unit_sell_price,
      unit_cost: l.unit_cost,
      product: l.product && { ...l.product, work_item: undefined },
    })),
  })),
});
const withoutWorkItem = (v: ReturnType<typeof asSaved>) => JSON.parse(JSON.stringify(v)) as unknown;

describe('System Friendly CSV round trip (pure)', () => {
  it('reads back exactly what it wrote, whatever the texts (formula starts, quotes, commas, line breaks)', () => {
    const text = fc
      .string({
        unit: fc.constantFrom('=', '+', '-', '@', '\t', '\r', '\n', "'", '"', ',', 'a', 'é', ' '),
        maxLength: 12,
      })
      .filter((s) => s.trim() !== '');
    fc.assert(
      fc.property(text, text, text, text, (name, note, description, notes) => {
        const q = stored({ name: name.trim(), note, description: description.trim(), notes });
        const back = parseSystemCsv(systemCsv(presentQuote(q, 'company_admin')));
        expect(withoutWorkItem(back as never)).toEqual(withoutWorkItem(asSaved(q)));
      }),
      { numRuns: 200 },
    );
  });
});
