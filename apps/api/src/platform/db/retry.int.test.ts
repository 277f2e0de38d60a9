/**
 * A transaction that PostgreSQL ends as a deadlock victim (40P01) is tried again by withTenant:
 * nothing of it was kept, so the caller sees success instead of an error answered 500.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { asOwner } from '../../../test/harness.js';
import { oneCompany, type TestApp, type TestTenant } from '../../../test/companies.js';
import { withTenant } from './client.js';
import { tags } from './schema.js';

let t: TestApp, a: TestTenant, one: string, two: string;

beforeAll(async () => {
  ({ t, tenant: a } = await oneCompany());
  [one, two] = await asOwner(a.id, async (tx) => {
    const rows = await tx
      .insert(tags)
      .values([
        { tenantId: a.id, name: 'retry one' },
        { tenantId: a.id, name: 'retry two' },
      ])
      .returning({ id: tags.id });
    return rows.map((r) => r.id) as [string, string];
  });
});
afterAll(() => t.close());

it('a deadlocked transaction is run again and both writers succeed', async () => {
  let attempts = 0;
  let ready = 0;
  const bothHoldOne = () =>
    new Promise<void>((resolve) => {
      ready++;
      const check = () => (ready >= 2 ? resolve() : setTimeout(check, 5));
      check();
    });
  // Each takes its first row, waits until the other holds its own, then asks for the other's row.
  const writer = (first: string, second: string, name: string) =>
    withTenant(t.deps.db, a.id, async (tx) => {
      const attempt = ++attempts;
      await tx
        .update(tags)
        .set({ name: `${name} ${attempt}` })
        .where(eq(tags.id, first));
      if (attempt <= 2) await bothHoldOne();
      await tx
        .update(tags)
        .set({ name: `${name} ${attempt} b` })
        .where(eq(tags.id, second));
      return attempt;
    });
  const results = await Promise.allSettled([writer(one, two, 'x'), writer(two, one, 'y')]);
  expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);
  expect(attempts).toBe(3); // the victim's transaction ran a second time
});
