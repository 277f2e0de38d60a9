import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOM_TEXT, QUOTE_TEXT, type BomItemView, type BomPage, type QuoteView } from '@siteflow/core';
import * as factories from '../../../test/factories.js';
import { createUser } from '../../../test/harness.js';
import { signedIn, twoCompanies, type As, type TestApp, type TestTenant } from '../../../test/companies.js';

// A project's bill of materials (issue 13 section 4): the products of its current quote, 25 a
// page, search and column filters; an item's order details, locked to ETA and order status once
// the quote is not a Draft; tenants and roles.
let t: TestApp, a: TestTenant, b: TestTenant, asA: As, asB: As, asClientUser: As;
let client: factories.TestClient;

beforeAll(async () => {
  ({ t, a, b, asA, asB } = await twoCompanies());
  client = await factories.createClientCo(a);
  asClientUser = await signedIn(t, a, await factories.createClientUser(a, client.id, 'client_admin'));
  await createUser(a, 'company_employee');
});
afterAll(() => t.close());

const newProject = () => factories.createProject(a, client);
const bom = (projectId: number, query = '') => `/api/projects/${projectId}/bill-of-materials${query}`;

const product = (n: number, over: Record<string, unknown> = {}) => ({
  category: 'Product',
  description: `Product ${String(n).padStart(2, '0')}`,
  supplied_by: n % 2 ? 'Company' : 'Client',
  quantity: String(n),
  unit_sell_price: '10.50',
  unit_cost: '4.25',
  product: { product_code: `PC-${n}`, supplier_name: n % 3 ? 'Reece' : 'Bunnings', order_status: 'Unknown' },
  ...over,
});
const service = {
  category: 'Service',
  description: 'Labour',
  supplied_by: 'Company',
  quantity: '1',
  unit_sell_price: '90',
  unit_cost: '50',
};

/** A quote on the project holding `products` (and one service line), saved. */
async function quoteWith(projectId: number, products: object[]): Promise<QuoteView> {
  const created = await asA({ method: 'POST', url: `/api/projects/${projectId}/quotes` });
  expect(created.status, created.text).toBe(201);
  const saved = await asA({
    method: 'PUT',
    url: `/api/projects/${projectId}/quotes/${created.json.id}`,
    body: { version: 1, sections: [{ name: 'Materials', line_items: [service, ...products] }] },
  });
  expect(saved.status, saved.text).toBe(200);
  return saved.json as QuoteView;
}

const page = async (projectId: number, query = '') => {
  const res = await asA({ url: bom(projectId, query) });
  expect(res.status, res.text).toBe(200);
  return res.json as BomPage;
};

describe('the bill of materials', () => {
  it('says when the project has no quote', async () => {
    const project = await newProject();
    expect(await page(project.id)).toMatchObject({ items: [], total: 0, quote: null });
  });

  it("lists the current quote's products only, 25 a page, searched and filtered by column", async () => {
    const project = await newProject();
    const quote = await quoteWith(
      project.id,
      Array.from({ length: 30 }, (_, i) => product(i + 1)),
    );
    const first = await page(project.id);
    expect(first.quote).toMatchObject({ id: quote.id, code: quote.code, status: 'Draft', locked: false });
    expect(first.total).toBe(30);
    expect(first.pageSize).toBe(25);
    expect(first.items).toHaveLength(25);
    expect(first.items.map((r) => r.product)).not.toContain('Labour');
    expect(first.items[0]).toMatchObject({
      product: 'Product 01',
      status: 'Unknown',
      supplied_by: 'Company',
      supplier: 'Reece',
      qty: '1.000',
      unit_sell_price: '10.50',
      product_code: 'PC-1',
      eta: null,
      section_name: 'Materials',
    });
    expect((await page(project.id, '?page=2')).items.map((r) => r.product)).toEqual(
      ['26', '27', '28', '29', '30'].map((n) => `Product ${n}`),
    );
    expect((await page(project.id, '?search=PC-1')).total).toBe(11); // PC-1 and PC-10 .. PC-19
    expect((await page(project.id, '?supplier=bunnings')).total).toBe(10);
    expect((await page(project.id, '?supplied_by=Client&supplier=Reece')).total).toBe(10);
    const bySellDesc = await page(project.id, '?sort=qty&order=desc');
    expect(bySellDesc.items[0]!.product).toBe('Product 30');
  });

  it('prefers the Accepted quote to a newer Draft one', async () => {
    const project = await newProject();
    const accepted = await quoteWith(project.id, [product(1, { description: 'Accepted tray' })]);
    const res = await asA({
      method: 'POST',
      url: `/api/projects/${project.id}/quotes/${accepted.id}/status`,
      body: { status: 'Accepted' },
    });
    expect(res.status, res.text).toBe(200);
    await quoteWith(project.id, [product(2, { description: 'Draft tray' })]);
    const current = await page(project.id);
    expect(current.quote).toMatchObject({ id: accepted.id, locked: true });
    expect(current.items.map((r) => r.product)).toEqual(['Accepted tray']);
  });

  it("updates a Draft quote's product in full, and an editor open on the quote must reload", async () => {
    const project = await newProject();
    const quote = await quoteWith(project.id, [product(1)]);
    const itemId = quote.sections[0]!.line_items[1]!.id;
    const got = await asA({ url: bom(project.id, `/${itemId}`) });
    expect(got.status, got.text).toBe(200);
    expect(got.json).toMatchObject({ id: itemId, description: 'Product 01', unit_cost: '4.25', work_item: null });

    const patch = {
      eta: '2026-12-15',
      order_status: 'Ordered',
      consignment_tracking_link: 'https://track.example.com/123',
      product_code: 'PC-NEW',
      supplier_name: 'Middys',
      company_purchase_order_reference: 'PO-778',
      unit_cost: '3.90',
    };
    const res = await asA({ method: 'PATCH', url: bom(project.id, `/${itemId}`), body: patch });
    expect(res.status, res.text).toBe(200);
    expect(res.json as BomItemView).toMatchObject({
      eta: '2026-12-15',
      status: 'Ordered',
      product_code: 'PC-NEW',
      supplier: 'Middys',
      company_purchase_order_reference: 'PO-778',
      consignment_tracking_link: 'https://track.example.com/123',
      unit_cost: '3.90',
    });
    // The quote shows it, and a save from the editor's older copy is refused rather than undo it.
    const stale = await asA({
      method: 'PUT',
      url: `/api/projects/${project.id}/quotes/${quote.id}`,
      body: { version: quote.version, sections: [] },
    });
    expect(stale.status).toBe(409);
    expect(stale.json.message).toBe(QUOTE_TEXT.versionConflict);
  });

  it('once the quote is not a Draft, only the ETA and the order status change (409 naming the others)', async () => {
    const project = await newProject();
    const quote = await quoteWith(project.id, [product(1)]);
    const itemId = quote.sections[0]!.line_items[1]!.id;
    await asA({
      method: 'POST',
      url: `/api/projects/${project.id}/quotes/${quote.id}/status`,
      body: { status: 'Accepted' },
    });
    const base = { product_code: 'PC-1', supplier_name: 'Reece', unit_cost: '4.25' };

    const refused = await asA({
      method: 'PATCH',
      url: bom(project.id, `/${itemId}`),
      body: { ...base, eta: '2027-01-10', order_status: 'Pending', unit_cost: '1.00', supplier_name: 'Other' },
    });
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe(BOM_TEXT.locked);
    expect(Object.keys(refused.json.errors).sort()).toEqual(['supplier_name', 'unit_cost']);
    expect((await asA({ url: bom(project.id, `/${itemId}`) })).json).toMatchObject({ eta: null, status: 'Unknown' });

    const allowed = await asA({
      method: 'PATCH',
      url: bom(project.id, `/${itemId}`),
      body: { ...base, eta: '2027-01-10', order_status: 'Delivered' },
    });
    expect(allowed.status, allowed.text).toBe(200);
    expect(allowed.json).toMatchObject({ eta: '2027-01-10', status: 'Delivered', unit_cost: '4.25' });
  });

  it('answers 422 per field, 404 for another company or a service line, 403 for a client user', async () => {
    const project = await newProject();
    const quote = await quoteWith(project.id, [product(1)]);
    const [serviceId, productId] = quote.sections[0]!.line_items.map((l) => l.id);
    const bad = await asA({
      method: 'PATCH',
      url: bom(project.id, `/${productId}`),
      body: {
        eta: '2026-02-30',
        order_status: 'Lost',
        unit_cost: '-1',
        consignment_tracking_link: 'javascript:alert(1)',
      },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.json.errors).sort()).toEqual([
      'consignment_tracking_link',
      'eta',
      'order_status',
      'unit_cost',
    ]);
    // The line's cost with the new unit cost: quantity 1 x 1,000,000,000.00 passes a line's bound.
    const tooLarge = await asA({
      method: 'PATCH',
      url: bom(project.id, `/${productId}`),
      body: { order_status: 'Pending', unit_cost: '1000000000' },
    });
    expect(tooLarge.status, tooLarge.text).toBe(422);
    expect(tooLarge.json.errors).toEqual({ unit_cost: [QUOTE_TEXT.lineCostTooLarge] });
    expect((await asA({ url: bom(project.id, `/${productId}`) })).json.unit_cost).toBe('4.25');
    expect((await asA({ url: bom(project.id, `/${serviceId}`) })).status).toBe(404);
    expect((await asB({ url: bom(project.id) })).status).toBe(404);
    expect((await asB({ url: bom(project.id, `/${productId}`) })).status).toBe(404);
    expect((await asClientUser({ url: bom(project.id) })).status).toBe(403);
    expect(b.id).not.toBe(a.id);
  });
});
