import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCertificateExpiry } from '@siteflow/core';
import { createProvider, createProviderUser } from '../../../test/factories.js';
import {
  asOwner,
  createTenant,
  createTestApp,
  createUser,
  mailsTo,
  uniq,
  uniqueEmail,
  type TestApp,
  type TestTenant,
  type TestUser,
} from '../../../test/harness.js';
import { certificates, certificateTypes } from '../../platform/db/schema.js';
import { sendCertificateReminders } from './reminders.js';
import { certificateToday } from './service.js';

let t: TestApp;
let a: TestTenant;
let worker: TestUser;
let secondAdmin: TestUser;
let provider: { id: string; name: string };
let providerEmail: string;
let spAdmin: TestUser;
let spEmployee: TestUser;
let userType: string;
let providerType: string;
let optionalType: string;

const DAY = 86_400_000;
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
const remind = () =>
  sendCertificateReminders(
    { db: t.deps.db, outbox: t.deps.outbox, clock: t.clock, config: t.config },
    { tenantIds: [a.id] },
  );
const subjects = async (email: string) => (await mailsTo(email)).map((m) => m.subject).sort();

async function addType(name: string, values: Partial<typeof certificateTypes.$inferInsert>) {
  const [row] = await asOwner(a.id, (tx) =>
    tx
      .insert(certificateTypes)
      .values({ tenantId: a.id, name, ...values })
      .returning({ id: certificateTypes.id }),
  );
  return row!.id;
}
async function addCert(values: Partial<typeof certificates.$inferInsert> & { typeId: string }) {
  const [row] = await asOwner(a.id, (tx) =>
    tx
      .insert(certificates)
      .values({ tenantId: a.id, ...values })
      .returning({ id: certificates.id }),
  );
  return row!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant();
  providerEmail = uniqueEmail('office');
  [worker, secondAdmin, provider] = await Promise.all([
    createUser(a, 'company_employee', { firstName: 'Wes', lastName: 'Worker' }),
    createUser(a, 'company_admin'),
    createProvider(a, `Cool Air ${uniq()}`, { email: providerEmail }),
  ]);
  [spAdmin, spEmployee] = await Promise.all([
    createProviderUser(a, provider.id, 'sp_admin'),
    createProviderUser(a, provider.id, 'sp_employee'),
  ]);
  await createUser(a, 'company_admin', { active: false, email: uniqueEmail('gone-admin') });
  userType = await addType(`White Card ${uniq()}`, { mandatoryForUsers: true });
  providerType = await addType(`Public Liability ${uniq()}`, { mandatoryForProviders: true });
  optionalType = await addType(`First Aid ${uniq()}`, {});
});
afterAll(() => t.close());

describe('certificate expiry reminders', () => {
  it('sends the 30-day and then the 7-day reminder once each, to the right people', async () => {
    const today = certificateToday(t.clock);
    const expiry = addDays(today, 20);
    const userCert = await addCert({ typeId: userType, userId: worker.id, expiry, licenseNumber: 'WC-1' });
    const providerCert = await addCert({ typeId: providerType, providerId: provider.id, expiry });
    await addCert({ typeId: optionalType, userId: worker.id, expiry }); // not mandatory: never
    await addCert({ typeId: userType, userId: secondAdmin.id, expiry: addDays(today, 45) }); // not yet
    await addCert({ typeId: userType, userId: spEmployee.id, expiry: addDays(today, -1) }); // already expired
    // Superseded: the owner holds a later certificate of the same type.
    await addCert({ typeId: userType, userId: spAdmin.id, expiry: addDays(today, 10) });
    await addCert({ typeId: userType, userId: spAdmin.id, expiry: addDays(today, 400) });

    expect(await remind()).toBe(2);
    const first = (await mailsTo(worker.email))[0]!;
    expect(first.subject).toMatch(/ expires in 20 days$/);
    expect(first.text).toContain(`expires on ${formatCertificateExpiry(expiry)}`);
    expect(first.text).toContain('licence WC-1');
    expect(first.text).toContain(`/users/${worker.id}/certifications`);
    // Provider: its address, its sp_admin and the tenant's active company admins; not sp_employees.
    for (const email of [providerEmail, spAdmin.email, a.admin.email, secondAdmin.email])
      expect(await subjects(email)).toHaveLength(1);
    expect((await mailsTo(providerEmail))[0]!.text).toContain(`/service-providers/${provider.id}/certifications`);
    expect(await mailsTo(spEmployee.email)).toHaveLength(0);
    expect(await mailsTo(secondAdmin.email).then((m) => m[0]!.text)).toContain(provider.name);

    // Once only.
    expect(await remind()).toBe(0);
    expect(await subjects(worker.email)).toHaveLength(1);

    // 14 days later (6 days left): the 7-day reminder, once.
    t.clock.advance(14 * DAY);
    expect(await remind()).toBe(2);
    const both = await mailsTo(worker.email);
    expect(both.map((m) => m.subject)).toEqual([
      expect.stringMatching(/ expires in 6 days$/),
      expect.stringMatching(/ expires in 20 days$/),
    ]);
    expect(await subjects(providerEmail)).toHaveLength(2);
    expect(await remind()).toBe(0);

    const rows = await asOwner(a.id, (tx) => tx.select().from(certificates).where(eq(certificates.id, userCert)));
    expect(rows[0]!.reminded30At).not.toBeNull();
    expect(rows[0]!.reminded7At).not.toBeNull();

    // Renewed (the expiry changed through the API clears the marks; here: a later expiry and cleared marks).
    await asOwner(a.id, (tx) =>
      tx
        .update(certificates)
        .set({ expiry: addDays(today, 40), reminded30At: null, reminded7At: null })
        .where(eq(certificates.id, providerCert)),
    );
    expect(await remind()).toBe(1); // 40 - 14 = 26 days left: the 30-day reminder again
    expect(await subjects(providerEmail)).toHaveLength(3);
    t.clock.reset();
  });

  it('a certificate first seen within 7 days gets only the 7-day reminder, and one expiring today still gets it', async () => {
    const today = certificateToday(t.clock);
    const person = await createUser(a, 'company_employee');
    await addCert({ typeId: userType, userId: person.id, expiry: today });
    expect(await remind()).toBe(1);
    const mails = await mailsTo(person.email);
    expect(mails.map((m) => m.subject)).toEqual([expect.stringMatching(/ expires today$/)]);
    expect(await remind()).toBe(0);
  });
});
