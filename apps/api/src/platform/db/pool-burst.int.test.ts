/**
 * Issue 9, defect 1: no code path waits for a second pool connection while holding one. Every
 * request path that writes an outbox e-mail is hit by a burst three times larger than the pool;
 * the outbox delivers each message as soon as the transaction commits (what the queue worker
 * does), through a transaction of its own. All answer, every message is delivered, and the API
 * still answers afterwards. (Sign-in and password reset: features/auth tests.)
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClientCo, createProject, createProvider, createProviderUser } from '../../../test/factories.js';
import {
  asOwner,
  createPlatformAdmin,
  createTenant,
  createTestApp,
  ownerDb,
  request,
  signIn,
  uniq,
  uniqueEmail,
  PLATFORM_HOST,
  type RequestOptions,
  type TestApp,
  type TestTenant,
} from '../../../test/harness.js';
import { customerInput } from '../../../test/inputs.js';
import { mailbox, outbox } from './schema.js';

const POOL = 3;
const BURST = POOL * 3;

let t: TestApp;
let a: TestTenant;
let adminA: string;
let platformAdmin: string;

beforeAll(async () => {
  t = await createTestApp({ poolSize: POOL });
  a = await createTenant();
  const platform = await createPlatformAdmin();
  [adminA, platformAdmin] = await Promise.all([
    signIn(t, a.host, a.admin.email),
    signIn(t, PLATFORM_HOST, platform.email),
  ]);
});
afterAll(() => t.close());

const A = (opts: RequestOptions) => request(t, { host: a.host, cookie: adminA, ...opts });

/** Fire all at once; every answer must come, with the expected status, within the time limit. */
async function burst(make: (i: number) => RequestOptions, status: number, via = A) {
  const started = Date.now();
  const answers = await Promise.all(Array.from({ length: BURST }, (_, i) => via(make(i))));
  const elapsed = Date.now() - started;
  expect(
    answers.map((r) => r.status),
    answers.find((r) => r.status !== status)?.text,
  ).toEqual(answers.map(() => status));
  expect(elapsed).toBeLessThan(15_000);
  return answers;
}

/** Every address got its message in the mailbox, and the outbox marked each one sent. */
async function expectDelivered(tenantId: string, to: string[]) {
  const lower = to.map((e) => e.toLowerCase());
  const got = await ownerDb().select({ to: mailbox.to }).from(mailbox).where(inArray(mailbox.to, lower));
  expect(new Set(got.map((m) => m.to))).toEqual(new Set(lower));
  const rows = await asOwner(tenantId, (tx) =>
    tx
      .select({ status: outbox.status })
      .from(outbox)
      .where(and(eq(outbox.tenantId, tenantId), inArray(outbox.to, lower))),
  );
  expect(rows.length).toBeGreaterThanOrEqual(lower.length);
  expect(rows.filter((r) => r.status !== 'sent')).toEqual([]);
}

/** A burst of creates, each of someone new (a fresh `prefix` address) who is invited by mail; every mail arrives. */
async function invitesAll(prefix: string, url: string, body: (email: string) => Record<string, string>) {
  const emails = Array.from({ length: BURST }, () => uniqueEmail(prefix));
  await burst((i) => ({ method: 'POST', url, body: body(emails[i]!) }), 201);
  await expectDelivered(a.id, emails);
}

describe(`a burst of ${BURST} requests on a pool of ${POOL} connections`, () => {
  it('staff create (invitation mail)', async () => {
    await invitesAll('burst-staff', '/api/staff', (email) => ({
      first_name: 'Sam',
      last_name: `Staff ${uniq()}`,
      email,
      phone: '0412 000 000',
      address: '2 Work Street',
      suburb: 'Southbank',
      state: 'VIC',
      postcode: '3006',
    }));
  });

  it('client user create (invitation mail)', async () => {
    const client = await createClientCo(a);
    await invitesAll('burst-client', `/api/clients/${client.id}/users`, (email) => ({
      first_name: 'Cara',
      last_name: `Client ${uniq()}`,
      email,
      phone: '07 3000 2222',
      mobile: '0400 111 222',
      role: 'client_admin',
    }));
  });

  it('provider user create (invitation mail)', async () => {
    const provider = await createProvider(a);
    await invitesAll('burst-sp', `/api/service-providers/${provider.id}/users`, (email) => ({
      first_name: 'Sam',
      last_name: 'Spark',
      email,
      phone: '0400 111 222',
      role: 'sp_employee',
    }));
  });

  it('Notify Service Provider and assignment with e-mail (provider and its staff)', async () => {
    const client = await createClientCo(a);
    const providers = await Promise.all(
      Array.from({ length: BURST }, async () => {
        const email = uniqueEmail('burst-office');
        const p = await createProvider(a, `Burst ${uniq()}`, { email });
        const staff = await createProviderUser(a, p.id, 'sp_employee');
        return { ...p, email, staff };
      }),
    );
    const assigned = await Promise.all(providers.map((p) => createProject(a, client, { providerId: p.id })));
    await burst((i) => ({ method: 'POST', url: `/api/projects/${assigned[i]!.id}/notify-provider` }), 200);
    await expectDelivered(
      a.id,
      providers.map((p) => p.email),
    );

    const open = await Promise.all(providers.map(() => createProject(a, client)));
    await burst(
      (i) => ({
        method: 'POST',
        url: `/api/projects/${open[i]!.id}/service-provider`,
        body: {
          service_provider: providers[i]!.id,
          send_email_sp: true,
          service_provider_staff: [providers[i]!.staff.id],
        },
      }),
      200,
    );
    await expectDelivered(
      a.id,
      providers.map((p) => p.staff.email),
    );
  });

  it('customer create on the platform (invitation of the company admin)', async () => {
    const emails = Array.from({ length: BURST }, () => uniqueEmail('burst-owner'));
    const answers = await burst(
      (i) => ({
        method: 'POST',
        url: '/api/customers',
        body: customerInput({ customer_name: `Burst ${uniq()} Pty Ltd`, email: emails[i]! }),
      }),
      201,
      (opts) => request(t, { host: PLATFORM_HOST, cookie: platformAdmin, ...opts }),
    );
    const got = await ownerDb().select({ to: mailbox.to }).from(mailbox).where(inArray(mailbox.to, emails));
    expect(new Set(got.map((m) => m.to))).toEqual(new Set(emails));
    expect(answers).toHaveLength(BURST);
  });

  it('and the API still answers at once afterwards', async () => {
    const started = Date.now();
    const res = await A({ url: '/api/session' });
    expect(res.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
