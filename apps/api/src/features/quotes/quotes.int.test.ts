import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUOTE_TEXT, type QuoteView } from '@siteflow/core';
import * as factories from '../../../test/factories.js';
import { createUser } from '../../../test/harness.js';
import { signedIn, twoCompanies, type As, type TestApp, type TestTenant } from '../../../test/companies.js';

// A project's quotes (issue 13 section 1): create, save (ids kept, totals to the cent), Draft-only
// editing, the version check, status rules, revisions, delete, tenants and roles.
let t: TestApp, a: TestTenant, b: TestTenant, asA: As, asB: As;
let asEmployee: As, asClientUser: As, asProviderUser: As;
let client: factories.TestClient;
let provider: { id: string; name: string };
let B: factories.TestProject;

beforeAll(async () => {
  ({ t, a, b, asA, asB } = await twoCompanies());
  [client, provider] = await Promise.all([factories.createClientCo(a), factories.createProvider(a)]);
  B = await factories.createProject(b, await factories.createClientCo(b));
  const [employee, clientUser, providerUser] = await Promise.all([
    createUser(a, 'company_employee'),
    factories.createClientUser(a, client.id, 'client_admin'),
    factories.createProviderUser(a, provider.id, 'sp_admin'),
  ]);
  [asEmployee, asClientUser, asProviderUser] = await Promise.all([
    signedIn(t, a, employee),
    signedIn(t, a, clientUser),
    signedIn(t, a, providerUser),
  ]);
});
afterAll(() => t.close());

const newProject = () => factories.createProject(a, client, { providerId: provider.id });
const url = (projectId: number, quoteId?: number, rest = '') =>
  `/api/projects/${projectId}/quotes${quoteId ? `/${quoteId}` : ''}${rest}`;

async function newQuote(projectId: number, as: As = asA): Promise<QuoteView> {
  const res = await as({ method: 'POST', url: url(projectId) });
  expect(res.status, res.text).toBe(201);
  return res.json as QuoteView;
}

const item = (over: Record<string, unknown> = {}) => ({
  category: 'Service',
  description: 'Labour',
  supplied_by: 'Company',
  quantity: '1',
  unit_sell_price: '1',
  unit_cost: '0',
  ...over,
});

/** Two sections: A with three lines (one a Product), B with one. */
const twoSections = () => [
  {
    name: 'Kitchen',
    note: 'Back wall first',
    line_items: [
      item({ description: 'Labour', quantity: '3', unit_sell_price: '0.10', unit_cost: '0.07' }),
      item({
        category: 'Product',
        description: 'Mixer tap',
        quantity: '2',
        unit_sell_price: '149.99',
        unit_cost: '99.95',
        general_notes: 'Internal: supplier discount 10%',
        product: { product_code: 'MT-1', supplier_name: 'Taps Co', eta: '2026-12-24', order_status: 'Ordered' },
      }),
      item({
        category: 'Other',
        description: 'Waste removal',
        quantity: '1.5',
        unit_sell_price: '33.33',
        unit_cost: '20',
      }),
    ],
  },
  {
    name: 'Bathroom',
    line_items: [item({ description: 'Tiling', quantity: '12.125', unit_sell_price: '45', unit_cost: '30' })],
  },
];

async function save(
  projectId: number,
  q: Pick<QuoteView, 'id' | 'version'>,
  body: Record<string, unknown>,
  as: As = asA,
) {
  return as({ method: 'PUT', url: url(projectId, q.id), body: { version: q.version, ...body } });
}
async function saved(projectId: number, q: Pick<QuoteView, 'id' | 'version'>, body: Record<string, unknown>) {
  const res = await save(projectId, q, body);
  expect(res.status, res.text).toBe(200);
  return res.json as QuoteView;
}
async function setStatus(projectId: number, quoteId: number, status: string, reason?: string) {
  return asA({ method: 'POST', url: url(projectId, quoteId, '/status'), body: { status, reason } });
}

describe('creating and saving a quote', () => {
  it('creates empty Drafts numbered per project, listed with their code and status', async () => {
    const p = await newProject();
    const q1 = await newQuote(p.id);
    expect(q1).toMatchObject({
      code: `Q-${p.code}-1`,
      revision: 1,
      status: 'Draft',
      version: 1,
      note: null,
      reason: null,
      sections: [],
      project: { id: p.id, code: p.code, title: p.name },
      other_accepted: false,
      totals: { revenue: '0.00', cost: '0.00', gross_profit: '0.00', profit_percent: null, margin_percent: null },
      abilities: { edit: true, change_status: true, delete: true, revise: true },
    });
    const q2 = await newQuote(p.id, asEmployee);
    expect(q2.code).toBe(`Q-${p.code}-2`);
    const list = await asA({ url: url(p.id) });
    expect(list.status).toBe(200);
    // The project comes with the list, so the screen names it before any quote is chosen.
    expect(list.json.project).toEqual({ id: p.id, code: p.code, title: p.name });
    expect(list.json.items).toEqual([
      { id: q1.id, code: q1.code, revision: 1, status: 'Draft', updated_at: expect.any(String) },
      { id: q2.id, code: q2.code, revision: 1, status: 'Draft', updated_at: expect.any(String) },
    ]);
  });

  it('saves two sections with items, totals right to the cent, and keeps the ids on a re-save', async () => {
    const p = await newProject();
    const q = await newQuote(p.id);
    const v = await saved(p.id, q, { note: 'Valid for 30 days', sections: twoSections() });
    expect(v.version).toBe(2);
    expect(v.note).toBe('Valid for 30 days');
    expect(v.sections.map((s) => [s.name, s.position, s.line_items.length])).toEqual([
      ['Kitchen', 0, 3],
      ['Bathroom', 1, 1],
    ]);
    const [kitchen, bathroom] = v.sections as [QuoteView['sections'][0], QuoteView['sections'][0]];
    expect(kitchen.line_items[0]).toMatchObject({
      quantity: '3.000',
      unit_sell_price: '0.10',
      unit_cost: '0.07',
      totals: { revenue: '0.30', cost: '0.21', profit: '0.09', profit_percent: '30.00' },
    });
    expect(kitchen.line_items[1]).toMatchObject({
      category: 'Product',
      general_notes: 'Internal: supplier discount 10%',
      product: {
        product_code: 'MT-1',
        supplier_name: 'Taps Co',
        eta: '2026-12-24',
        order_status: 'Ordered',
        work_item_id: null,
        work_item: null,
      },
      totals: { revenue: '299.98', cost: '199.90', profit: '100.08' },
    });
    // 1.5 x 33.33 = 49.995 -> 50.00; 1.5 x 20 = 30.00
    expect(kitchen.line_items[2]!.totals).toMatchObject({ revenue: '50.00', cost: '30.00' });
    expect(kitchen.totals).toEqual({
      revenue: '350.28',
      cost: '230.11',
      gross_profit: '120.17',
      profit_percent: '52.22',
      margin_percent: '34.31',
    });
    // 12.125 x 45 = 545.625 -> 545.63; 12.125 x 30 = 363.75
    expect(bathroom.totals).toMatchObject({ revenue: '545.63', cost: '363.75', gross_profit: '181.88' });
    expect(v.totals).toEqual({
      revenue: '895.91',
      cost: '593.86',
      gross_profit: '302.05',
      profit_percent: '50.86',
      margin_percent: '33.71',
    });

    // Re-save: reorder sections, move the tap to Bathroom, drop Waste removal, add a line and a section.
    const [labour, tap] = kitchen.line_items as [
      QuoteView['sections'][0]['line_items'][0],
      QuoteView['sections'][0]['line_items'][0],
    ];
    const body = {
      note: null,
      sections: [
        {
          id: bathroom.id,
          name: 'Bathroom',
          line_items: [{ ...bathroom.line_items[0]! }, { ...tap, unit_sell_price: '150' }],
        },
        { id: kitchen.id, name: 'Kitchen', note: null, line_items: [{ ...labour }, item({ description: 'New line' })] },
        { name: 'Laundry', line_items: [item()] },
      ],
    };
    const w = await saved(p.id, v, body);
    expect(w.version).toBe(3);
    expect(w.sections.map((s) => s.id).slice(0, 2)).toEqual([bathroom.id, kitchen.id]);
    expect(w.sections[0]!.line_items.map((l) => l.id)).toEqual([bathroom.line_items[0]!.id, tap.id]);
    expect(w.sections[0]!.line_items[1]).toMatchObject({ unit_sell_price: '150.00', position: 1 });
    expect(w.sections[1]!.line_items[0]!.id).toBe(labour.id);
    expect(w.sections[1]!.line_items[1]!.id).toEqual(expect.any(Number));
    expect(w.sections[2]).toMatchObject({ name: 'Laundry', position: 2 });
    const all = w.sections.flatMap((s) => s.line_items.map((l) => l.id));
    expect(all).not.toContain(kitchen.line_items[2]!.id);
    expect(w.note).toBeNull();

    // The read gives the same as the save answered.
    const got = await asA({ url: url(p.id, q.id) });
    expect(got.json).toEqual(w);
  });

  it('keeps an item moved out of a section that is deleted in the same save', async () => {
    const p = await newProject();
    const v = await saved(p.id, await newQuote(p.id), { sections: twoSections() });
    const [kitchen, bathroom] = v.sections as [QuoteView['sections'][0], QuoteView['sections'][0]];
    const moved = kitchen.line_items[1]!;
    const w = await saved(p.id, v, {
      sections: [{ id: bathroom.id, name: 'Bathroom', line_items: [moved, ...bathroom.line_items] }],
    });
    expect(w.sections).toHaveLength(1);
    expect(w.sections[0]!.line_items.map((l) => l.id)).toEqual([moved.id, bathroom.line_items[0]!.id]);
    expect(w.sections[0]!.line_items[0]).toMatchObject({ description: 'Mixer tap', position: 0 });
  });

  it('saves a large quote (50 sections x 40 lines, a body past 1 MB) and re-saves it as loaded', async () => {
    const p = await newProject();
    const q = await newQuote(p.id);
    const sections = Array.from({ length: 50 }, (_, s) => ({
      name: `Section ${s}`,
      line_items: Array.from({ length: 40 }, (_, i) =>
        item({
          description: `Line ${i}`,
          long_description: 'x'.repeat(300),
          quantity: '2.5',
          unit_sell_price: '123.45',
          unit_cost: '99.99',
        }),
      ),
    }));
    const v = await saved(p.id, q, { sections });
    expect(JSON.stringify(v).length).toBeGreaterThan(1024 * 1024);
    // 2.5 x 123.45 = 308.625 -> 308.63 a line; 2.5 x 99.99 = 249.975 -> 249.98
    expect(v.totals).toMatchObject({ revenue: '617260.00', cost: '499960.00', gross_profit: '117300.00' });
    const w = await saved(p.id, v, v);
    expect(w.version).toBe(v.version + 1);
    expect(w.sections.flatMap((s) => s.line_items.map((l) => l.id))).toEqual(
      v.sections.flatMap((s) => s.line_items.map((l) => l.id)),
    );
  });

  it('links a catalogue item to a Product line and refuses another company’s', async () => {
    const p = await newProject();
    const q = await newQuote(p.id);
    const work = await asA({
      method: 'POST',
      url: '/api/catalogue',
      body: { name: 'Mixer', item_code: 'MX-9', supplier_name: 'Taps Co', unit_sell_price: '10', unit_cost: '5' },
    });
    expect(work.status, work.text).toBe(201);
    const workId = work.json.work.id as number;
    const v = await saved(p.id, q, {
      sections: [{ name: 'S', line_items: [item({ category: 'Product', product: { work_item_id: workId } })] }],
    });
    expect(v.sections[0]!.line_items[0]!.product).toMatchObject({
      work_item_id: workId,
      work_item: { id: workId, name: 'Mixer', item_code: 'MX-9', supplier_name: 'Taps Co' },
      order_status: 'Unknown',
    });
    const other = await asB({
      method: 'POST',
      url: '/api/catalogue',
      body: { name: 'B item', unit_sell_price: '1', unit_cost: '1' },
    });
    expect(other.status, other.text).toBe(201);
    const res = await save(p.id, v, {
      sections: [
        { name: 'S', line_items: [item({ category: 'Product', product: { work_item_id: other.json.work.id } })] },
      ],
    });
    expect(res.status).toBe(422);
    expect(res.json.errors).toEqual({ 'sections.0.line_items.0.product.work_item_id': [QUOTE_TEXT.unknownWorkItem] });
  });

  it('refuses bad bodies with 422 per field', async () => {
    const p = await newProject();
    const q = await newQuote(p.id);
    const cases: [Record<string, unknown>, string][] = [
      [{ sections: [{ name: 'S', line_items: [item({ quantity: '-1' })] }] }, 'sections.0.line_items.0.quantity'],
      [
        { sections: [{ name: 'S', line_items: [item({ unit_sell_price: 'ten' })] }] },
        'sections.0.line_items.0.unit_sell_price',
      ],
      [{ sections: [{ name: 'S', line_items: [item({ description: ' ' })] }] }, 'sections.0.line_items.0.description'],
      [{ sections: [{ name: 'S', line_items: [item({ category: 'Labour' })] }] }, 'sections.0.line_items.0.category'],
      [
        { sections: [{ name: 'S', line_items: [item({ general_notes: 'x'.repeat(501) })] }] },
        'sections.0.line_items.0.general_notes',
      ],
      [{ note: 'x'.repeat(5001), sections: [] }, 'note'],
      [{ sections: [{ id: 999999999, name: 'S', line_items: [] }] }, 'sections.0.id'],
      [{ sections: [{ name: 'S', line_items: [item({ id: 999999999 })] }] }, 'sections.0.line_items.0.id'],
    ];
    for (const [body, field] of cases) {
      const res = await save(p.id, q, body);
      expect(res.status, `${field}: ${res.text}`).toBe(422);
      expect(Object.keys(res.json.errors), res.text).toEqual([field]);
    }
    const description = await save(p.id, q, { sections: [{ name: 'S', line_items: [item({ description: '' })] }] });
    expect(description.json.errors['sections.0.line_items.0.description']).toEqual([QUOTE_TEXT.descriptionRequired]);
    // Another quote's section id is not this quote's.
    const other = await saved(p.id, await newQuote(p.id), { sections: [{ name: 'X', line_items: [] }] });
    const res = await save(p.id, q, { sections: [{ id: other.sections[0]!.id, name: 'S', line_items: [] }] });
    expect(res.status).toBe(422);
    expect(res.json.errors).toEqual({ 'sections.0.id': [QUOTE_TEXT.unknownSection] });
    // Nothing was saved by any of them.
    expect((await asA({ url: url(p.id, q.id) })).json).toMatchObject({ version: 1, sections: [] });
  });

  it("refuses a line whose revenue or cost passes $999,999,999.99, on the price's path, and keeps the largest", async () => {
    const p = await newProject();
    const q = await newQuote(p.id);
    // Each factor is allowed (numeric(12,3), numeric(12,2)); the product was shown as $9,999,999,999,980,001,086.00.
    const huge = item({ quantity: '999999999.999', unit_sell_price: '9999999999.99', unit_cost: '9999999999.99' });
    const res = await save(p.id, q, { sections: [{ name: 'S', line_items: [item(), huge] }] });
    expect(res.status, res.text).toBe(422);
    expect(res.json.errors).toEqual({
      'sections.0.line_items.1.unit_sell_price': [QUOTE_TEXT.lineRevenueTooLarge],
      'sections.0.line_items.1.unit_cost': [QUOTE_TEXT.lineCostTooLarge],
    });
    expect((await asA({ url: url(p.id, q.id) })).json).toMatchObject({ version: 1, sections: [] });
    const most = item({ quantity: '3', unit_sell_price: '333333333.33', unit_cost: '333333333.33' });
    const ok = await saved(p.id, q, { sections: [{ name: 'S', line_items: [most, most] }] });
    expect(ok.sections[0]!.line_items[0]!.totals).toMatchObject({ revenue: '999999999.99', cost: '999999999.99' });
    expect(ok.sections[0]!.totals).toMatchObject({ revenue: '1999999999.98' });
  });
});

describe('who may change what', () => {
  it('answers 409 to a save of an older version, with a clear message', async () => {
    const p = await newProject();
    const q = await newQuote(p.id);
    await saved(p.id, q, { sections: [{ name: 'Mine', line_items: [] }] });
    const res = await save(p.id, q, { sections: [{ name: 'Theirs', line_items: [] }] }, asEmployee);
    expect(res.status).toBe(409);
    expect(res.json.message).toBe(QUOTE_TEXT.versionConflict);
    expect((await asA({ url: url(p.id, q.id) })).json.sections[0].name).toBe('Mine');
  });

  it('edits a Draft only: 409 after Accepted, with abilities to match', async () => {
    const p = await newProject();
    const q = await newQuote(p.id);
    const accepted = await setStatus(p.id, q.id, 'Accepted');
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.json).toMatchObject({
      status: 'Accepted',
      version: 2,
      abilities: { edit: false, delete: false, change_status: true },
    });
    const res = await save(p.id, accepted.json, { sections: [] });
    expect(res.status).toBe(409);
    expect(res.json.message).toBe(QUOTE_TEXT.notDraft);
    const del = await asA({ method: 'DELETE', url: url(p.id, q.id) });
    expect(del.status).toBe(409);
    expect(del.json.message).toBe(QUOTE_TEXT.notDeletable);
  });

  it('status rules: one Accepted per project, Accepted -> only Void, Rejected keeps its reason', async () => {
    const p = await newProject();
    const [q1, q2] = [await newQuote(p.id), await newQuote(p.id)];
    expect((await setStatus(p.id, q1.id, 'Accepted')).status).toBe(200);
    const second = await setStatus(p.id, q2.id, 'Accepted');
    expect(second.status).toBe(409);
    expect(second.json.message).toBe(QUOTE_TEXT.otherAccepted);
    expect((await asA({ url: url(p.id, q2.id) })).json.other_accepted).toBe(true);

    for (const to of ['Draft', 'Rejected']) {
      const res = await setStatus(p.id, q1.id, to);
      expect(res.status).toBe(409);
      expect(res.json.message).toBe(QUOTE_TEXT.acceptedOnlyVoid);
    }
    const same = await setStatus(p.id, q1.id, 'Accepted');
    expect(same.status).toBe(422);
    expect(same.json.errors).toEqual({ status: [QUOTE_TEXT.sameStatus] });
    expect((await setStatus(p.id, q1.id, 'Void')).json.status).toBe('Void');
    expect((await setStatus(p.id, q2.id, 'Accepted')).json.status).toBe('Accepted');

    const q3 = await newQuote(p.id);
    const rejected = await setStatus(p.id, q3.id, 'Rejected', 'Too expensive');
    expect(rejected.json).toMatchObject({ status: 'Rejected', reason: 'Too expensive' });
    const back = await setStatus(p.id, q3.id, 'Draft');
    expect(back.json).toMatchObject({ status: 'Draft', reason: null, abilities: { edit: true } });
    const bad = await setStatus(p.id, q3.id, 'Sent');
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.json.errors)).toEqual(['status']);
  });

  it('the unique index refuses a second Accepted quote even past the check (409)', async () => {
    const p = await newProject();
    const [q1, q2] = [await newQuote(p.id), await newQuote(p.id)];
    const both = await Promise.all([setStatus(p.id, q1.id, 'Accepted'), setStatus(p.id, q2.id, 'Accepted')]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.status === 409)!.json.message).toBe(QUOTE_TEXT.otherAccepted);
  });

  it('a revision copies the saved quote (not unsaved edits) as a new Draft R2, then R3', async () => {
    const p = await newProject();
    const q = await newQuote(p.id);
    const v = await saved(p.id, q, { note: 'Saved note', sections: twoSections() });
    expect((await setStatus(p.id, q.id, 'Rejected', 'Too dear')).status).toBe(200);
    const res = await asA({ method: 'POST', url: url(p.id, q.id, '/revisions') });
    expect(res.status, res.text).toBe(201);
    const r2 = res.json as QuoteView;
    expect(r2).toMatchObject({
      code: `${q.code} R2`,
      revision: 2,
      status: 'Draft',
      reason: null,
      version: 1,
      note: 'Saved note',
      totals: v.totals,
    });
    expect(r2.id).not.toBe(q.id);
    const shape = (x: QuoteView) =>
      x.sections.map((s) => ({ ...s, id: 0, line_items: s.line_items.map((l) => ({ ...l, id: 0 })) }));
    expect(shape(r2)).toEqual(shape(v));
    expect(r2.sections[0]!.id).not.toBe(v.sections[0]!.id);
    // A revision of the first revision still counts up from the highest.
    const r3 = await asA({ method: 'POST', url: url(p.id, q.id, '/revisions') });
    expect(r3.json).toMatchObject({ code: `${q.code} R3`, revision: 3 });
    // The original is untouched.
    expect((await asA({ url: url(p.id, q.id) })).json).toMatchObject({ status: 'Rejected', note: 'Saved note' });
  });

  it('deletes a Draft, Rejected or Void quote with its sections and items', async () => {
    const p = await newProject();
    const q = await newQuote(p.id);
    await saved(p.id, q, { sections: twoSections() });
    const res = await asA({ method: 'DELETE', url: url(p.id, q.id) });
    expect(res.status).toBe(200);
    expect(res.json.message).toBe(QUOTE_TEXT.deleted);
    expect((await asA({ url: url(p.id, q.id) })).status).toBe(404);
    expect((await asA({ url: url(p.id) })).json.items).toEqual([]);
  });

  it('another tenant’s quote is 404, a quote asked under another project is 404', async () => {
    const qB = await newQuote(B.id, asB);
    expect((await asA({ url: url(B.id, qB.id) })).status).toBe(404);
    expect((await asA({ url: url(B.id) })).status).toBe(404);
    expect((await asA({ method: 'POST', url: url(B.id) })).status).toBe(404);
    expect((await asA({ method: 'PUT', url: url(B.id, qB.id), body: { version: 1, sections: [] } })).status).toBe(404);
    expect((await asA({ method: 'DELETE', url: url(B.id, qB.id) })).status).toBe(404);
    const p = await newProject();
    const other = await newProject();
    const q = await newQuote(p.id);
    expect((await asA({ url: url(other.id, q.id) })).status).toBe(404);
  });

  it('client and provider users are refused (403), whatever they send', async () => {
    const p = await newProject();
    const q = await newQuote(p.id);
    for (const as of [asClientUser, asProviderUser]) {
      expect((await as({ url: url(p.id) })).status).toBe(403);
      expect((await as({ url: url(p.id, q.id) })).status).toBe(403);
      expect((await as({ method: 'POST', url: url(p.id) })).status).toBe(403);
      expect((await as({ method: 'PUT', url: url(p.id, q.id), body: { nonsense: true } })).status).toBe(403);
      expect((await as({ method: 'POST', url: url(p.id, q.id, '/status'), body: { status: 'Accepted' } })).status).toBe(
        403,
      );
    }
  });
});
