import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneCompany, type TestApp, type TestTenant } from '../../test/companies.js';
import { DEMO_WORK_ITEMS, seedDemoCatalogue } from './catalogue.js';

let t: TestApp;
let tenant: TestTenant;

beforeAll(async () => {
  ({ t, tenant } = await oneCompany());
});
afterAll(async () => {
  await t?.close();
});

describe('demo catalogue seed', () => {
  it('creates the works and materials once, as valid items', async () => {
    const first = await seedDemoCatalogue(t.deps.db, tenant.id);
    expect(first).toEqual({ created: true, items: DEMO_WORK_ITEMS.length });
    expect(DEMO_WORK_ITEMS.length).toBeGreaterThanOrEqual(15);
    expect(await seedDemoCatalogue(t.deps.db, tenant.id)).toEqual({ created: false, items: DEMO_WORK_ITEMS.length });
  });
});
