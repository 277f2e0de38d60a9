import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_TEXT } from '@siteflow/core';
import { createClientCo, createClientUser } from '../../../test/factories.js';
import { createUser, uniq } from '../../../test/harness.js';
import { signedIn, twoCompanies, type As, type TestApp, type TestTenant } from '../../../test/companies.js';

let t: TestApp, a: TestTenant, asA: As, asB: As, asEmployee: As, asClientUser: As;

beforeAll(async () => {
  ({ t, a, asA, asB } = await twoCompanies());
  const client = await createClientCo(a);
  [asEmployee, asClientUser] = await Promise.all([
    signedIn(t, a, await createUser(a, 'company_employee')),
    signedIn(t, a, await createClientUser(a, client.id, 'client_admin')),
  ]);
});
afterAll(() => t.close());

type Item = { id: number; name: string; item_code: string | null; supplier_name: string | null };

async function newItem(body: Record<string, unknown>, as: As = asA) {
  const res = await as({
    method: 'POST',
    url: '/api/catalogue',
    body: { unit_sell_price: '1', unit_cost: '0', ...body },
  });
  expect(res.status, res.text).toBe(201);
  return res.json.work as Item & { unit_sell_price: string; unit_cost: string };
}

describe('works and materials', () => {
  it('creates an item with exact prices, reads it back and edits it', async () => {
    const created = await asEmployee({
      method: 'POST',
      url: '/api/catalogue',
      body: { name: ' Cement 20kg ', item_code: 'CEM-20', supplier_name: '', unit_sell_price: 14.5, unit_cost: '9.8' },
    });
    expect(created.status).toBe(201);
    expect(created.json.message).toBe(CATALOGUE_TEXT.created);
    expect(created.json.work).toMatchObject({
      name: 'Cement 20kg',
      item_code: 'CEM-20',
      supplier_name: null,
      unit_sell_price: '14.50',
      unit_cost: '9.80',
    });
    const id = created.json.work.id as number;

    expect((await asA({ url: `/api/catalogue/${id}` })).json).toMatchObject({
      id,
      name: 'Cement 20kg',
      unit_cost: '9.80',
    });

    const saved = await asA({
      method: 'PUT',
      url: `/api/catalogue/${id}`,
      body: {
        name: 'Cement 20kg GP',
        item_code: 'CEM-20',
        supplier_name: 'Boral',
        unit_sell_price: '15',
        unit_cost: '10.05',
      },
    });
    expect(saved.status).toBe(200);
    expect(saved.json.message).toBe(CATALOGUE_TEXT.saved);
    expect(saved.json.work).toMatchObject({
      name: 'Cement 20kg GP',
      supplier_name: 'Boral',
      unit_sell_price: '15.00',
      unit_cost: '10.05',
    });
    expect((await asA({ url: `/api/catalogue/${id}` })).json.supplier_name).toBe('Boral');
  });

  it('searches by name, item code or supplier, pages on the server and sorts', async () => {
    const tag = uniq().replace(/\W/g, '');
    await newItem({ name: `Beta ${tag}`, item_code: 'B-2', unit_sell_price: '30' });
    await newItem({ name: `alpha ${tag}`, item_code: 'A-1', unit_sell_price: '20' });
    await newItem({ name: 'Gamma', item_code: `CODE${tag}`, unit_sell_price: '10' });
    await newItem({ name: 'Delta', supplier_name: `Supplier ${tag}`, unit_sell_price: '40' });

    const all = await asA({ url: `/api/catalogue?search=${tag}` });
    expect(all.status).toBe(200);
    expect(all.json.total).toBe(4);
    expect(all.json.items.map((i: Item) => i.name)).toEqual([`alpha ${tag}`, `Beta ${tag}`, 'Delta', 'Gamma']);

    const page2 = await asA({ url: `/api/catalogue?search=${tag}&page=2&pageSize=3` });
    expect(page2.json).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(page2.json.items.map((i: Item) => i.name)).toEqual(['Gamma']);

    const past = await asA({ url: `/api/catalogue?search=${tag}&page=5&pageSize=3` });
    expect(past.json).toMatchObject({ total: 4, items: [] });

    const byPrice = await asA({ url: `/api/catalogue?search=${tag}&sort=unit_sell_price&order=desc` });
    expect(byPrice.json.items.map((i: { unit_sell_price: string }) => i.unit_sell_price)).toEqual([
      '40.00',
      '30.00',
      '20.00',
      '10.00',
    ]);
    const newest = await asA({ url: `/api/catalogue?search=${tag}&sort=created_at&order=desc` });
    expect(newest.json.items[0].name).toBe('Delta');

    expect((await asA({ url: '/api/catalogue?sort=supplier' })).status).toBe(422);
    // Another company's search finds none of them.
    expect((await asB({ url: `/api/catalogue?search=${tag}` })).json.total).toBe(0);
  });

  it('offers picker options by name then item code, labelled code | name | supplier', async () => {
    const tag = uniq().replace(/\W/g, '');
    await newItem({ name: `Pipe ${tag}`, item_code: 'P-2', supplier_name: 'Reece' });
    await newItem({ name: `Pipe ${tag}`, item_code: 'P-1' });
    const res = await asEmployee({ url: `/api/catalogue/options?search=${tag}` });
    expect(res.status).toBe(200);
    expect(res.json.items.map((i: { label: string }) => i.label)).toEqual([
      `P-1 | Pipe ${tag} | UNKNOWN`,
      `P-2 | Pipe ${tag} | Reece`,
    ]);
  });

  it("hides another company's items (404) and refuses client users (403)", async () => {
    const item = await newItem({ name: `Secret ${uniq()}` });
    expect((await asB({ url: `/api/catalogue/${item.id}` })).status).toBe(404);
    const put = await asB({
      method: 'PUT',
      url: `/api/catalogue/${item.id}`,
      body: { name: 'Mine', unit_sell_price: 1, unit_cost: 1 },
    });
    expect(put.status).toBe(404);
    expect((await asA({ url: `/api/catalogue/${item.id}` })).json.name).toBe(item.name);

    expect((await asClientUser({ url: '/api/catalogue' })).status).toBe(403);
    expect((await asClientUser({ url: '/api/catalogue/options' })).status).toBe(403);
    expect((await asClientUser({ url: `/api/catalogue/${item.id}` })).status).toBe(403);
    const post = await asClientUser({
      method: 'POST',
      url: '/api/catalogue',
      body: { name: 'X', unit_sell_price: 1, unit_cost: 1 },
    });
    expect(post.status).toBe(403);
  });

  it('answers 422 with a message per bad field', async () => {
    const res = await asA({
      method: 'POST',
      url: '/api/catalogue',
      body: {
        name: '',
        item_code: 'c'.repeat(101),
        supplier_name: 's'.repeat(256),
        unit_sell_price: '-5',
        unit_cost: '1.999',
      },
    });
    expect(res.status).toBe(422);
    expect(res.json.errors).toEqual({
      name: [CATALOGUE_TEXT.nameRequired],
      item_code: ['Must be at most 100 characters.'],
      supplier_name: ['Must be at most 255 characters.'],
      unit_sell_price: ['The unit price must be a number of at least 0 with at most 2 decimals.'],
      unit_cost: ['The unit cost must be a number of at least 0 with at most 2 decimals.'],
    });
    const item = await newItem({ name: `Kept ${uniq()}` });
    const put = await asA({
      method: 'PUT',
      url: `/api/catalogue/${item.id}`,
      body: { name: 'n'.repeat(256), unit_sell_price: 'ten', unit_cost: 1 },
    });
    expect(put.status).toBe(422);
    expect(Object.keys(put.json.errors)).toEqual(['name', 'unit_sell_price']);
    expect((await asA({ url: `/api/catalogue/${item.id}` })).json.name).toBe(item.name);
    // A price is at most a quote line's largest total, so the item fits a line at quantity 1.
    const big = await asA({
      method: 'PUT',
      url: `/api/catalogue/${item.id}`,
      body: { name: item.name, unit_sell_price: '9999999999.99', unit_cost: '1000000000.00' },
    });
    expect(big.status).toBe(422);
    expect(big.json.errors).toEqual({
      unit_sell_price: ['The unit price may be at most $999,999,999.99.'],
      unit_cost: ['The unit cost may be at most $999,999,999.99.'],
    });
  });
});
