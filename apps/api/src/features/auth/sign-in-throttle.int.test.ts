import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_TEXT } from '@siteflow/core';
import {
  createUser,
  ownerDb,
  randomIp,
  request,
  TEST_PASSWORD,
  uniqueEmail,
  type TestResponse,
} from '../../../test/harness.js';
import { oneCompany, type TestApp, type TestTenant } from '../../../test/companies.js';
import { throttleCounters } from '../../platform/db/schema.js';
import { throttleKey } from '../../platform/throttle.js';
import { LOGIN_POLICY } from './service.js';

let t: TestApp, tenant: TestTenant;

beforeAll(async () => {
  ({ t, tenant } = await oneCompany());
});
afterAll(() => t.close());

type Attempt = { email: string; password: string; ip: string; device?: string };
const login = (a: Attempt) =>
  request(t, {
    method: 'POST',
    url: '/api/auth/login',
    host: tenant.host,
    body: { email: a.email, password: a.password },
    remoteAddress: a.ip,
    ...(a.device ? { cookie: `sf_device=${a.device}` } : {}),
  });
const timed = async (a: Attempt) => {
  const started = Date.now();
  const res = await login(a);
  return { res, ms: Date.now() - started };
};
const deviceOf = (res: TestResponse) => res.cookies.find((c) => c.name === 'sf_device');
const statuses = (list: TestResponse[]) => list.map((r) => r.status).sort();

/** Put a counter where a long attack would have left it (without spending minutes on it). */
async function setCounter(key: string, n: number) {
  const row = { key: throttleKey(key), n, resetAt: new Date(Date.now() + 15 * 60_000) };
  await ownerDb()
    .insert(throttleCounters)
    .values(row)
    .onConflictDoUpdate({ target: throttleCounters.key, set: { n: row.n, resetAt: row.resetAt } });
}

describe('sign-in throttling (issue 9)', () => {
  it('a stranger’s 50 failures from another address do not lock the owner out', async () => {
    const owner = await createUser(tenant, 'company_employee');
    const stranger = randomIp();
    const attack = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        login({ email: owner.email, password: `guess-${i}-password`, ip: stranger }),
      ),
    );
    // The stranger's own address is stopped after 10 failures for this account...
    expect(statuses(attack)).toEqual([...Array(10).fill(422), ...Array(40).fill(429)]);
    expect((await login({ email: owner.email, password: TEST_PASSWORD, ip: stranger })).status).toBe(429);
    // ...but the owner, from their address, signs in (after at most a short delay).
    const { res, ms } = await timed({ email: owner.email, password: TEST_PASSWORD, ip: randomIp() });
    expect(res.status).toBe(200);
    expect(ms).toBeLessThan(5000); // never refused; slowed down a few seconds at most
  }, 60_000);

  it('15 concurrent failures against the limit of 10 give exactly 10 answers 422 and 5 answers 429, each with Retry-After', async () => {
    const user = await createUser(tenant, 'company_employee');
    const ip = randomIp();
    const burst = await Promise.all(
      Array.from({ length: 15 }, (_, i) => login({ email: user.email, password: `wrong-${i}-password`, ip })),
    );
    expect(statuses(burst)).toEqual([...Array(10).fill(422), ...Array(5).fill(429)]);
    for (const r of burst.filter((x) => x.status === 429)) {
      expect(r.json).toEqual({ message: AUTH_TEXT.throttled });
      const after = Number(r.headers['retry-after']);
      expect(after).toBeGreaterThan(0);
      expect(after).toBeLessThanOrEqual(LOGIN_POLICY.windowSeconds);
    }
    for (const r of burst.filter((x) => x.status === 422)) expect(r.headers['retry-after']).toBeUndefined();
  }, 60_000);

  it('a browser that signed in before passes even when its address is locked for the account; the cookie is HttpOnly and lasts a year', async () => {
    const owner = await createUser(tenant, 'company_employee');
    const home = randomIp();
    const first = await login({ email: owner.email, password: TEST_PASSWORD, ip: home });
    expect(first.status).toBe(200);
    const device = deviceOf(first)!;
    expect(device.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth/login' });
    const days = (device.expires!.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThan(366);

    // Someone behind the same address (shared NAT) guesses until that address is locked for the account.
    await Promise.all(
      Array.from({ length: 12 }, (_, i) => login({ email: owner.email, password: `guess-${i}-password`, ip: home })),
    );
    expect((await login({ email: owner.email, password: TEST_PASSWORD, ip: home })).status).toBe(429);
    // The owner's browser is known: it signs in at once.
    const { res, ms } = await timed({ email: owner.email, password: TEST_PASSWORD, ip: home, device: device.value });
    expect(res.status).toBe(200);
    expect(ms).toBeLessThan(2000);
    // The token is for this account only: another account gets nothing from it.
    const other = await createUser(tenant, 'company_employee');
    await Promise.all(
      Array.from({ length: 12 }, (_, i) => login({ email: other.email, password: `guess-${i}-password`, ip: home })),
    );
    expect((await login({ email: other.email, password: TEST_PASSWORD, ip: home, device: device.value })).status).toBe(
      429,
    );
    // A made-up token is an unknown browser.
    expect(
      (await login({ email: owner.email, password: TEST_PASSWORD, ip: home, device: 'A'.repeat(43) })).status,
    ).toBe(429);
  }, 60_000);

  it('a known browser still has its own limit of 10 failures', async () => {
    const owner = await createUser(tenant, 'company_employee');
    const device = deviceOf(await login({ email: owner.email, password: TEST_PASSWORD, ip: randomIp() }))!.value;
    const burst = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        login({ email: owner.email, password: `wrong-${i}-password`, ip: randomIp(), device }),
      ),
    );
    expect(statuses(burst)).toEqual([...Array(10).fill(422), ...Array(2).fill(429)]);
  }, 60_000);

  it('failures for one account from many addresses slow sign-in down (a few seconds at most) but never refuse it', async () => {
    const owner = await createUser(tenant, 'company_employee');
    await setCounter(`login:acct:${tenant.id}:${owner.email}`, 40);
    const wrong = await timed({ email: owner.email, password: 'still-wrong-password', ip: randomIp() });
    expect(wrong.res.status).toBe(422);
    expect(wrong.ms).toBeGreaterThanOrEqual(2900);
    const right = await timed({ email: owner.email, password: TEST_PASSWORD, ip: randomIp() });
    expect(right.res.status).toBe(200);
    expect(right.ms).toBeLessThan(6000);
    // Its browser now known, the owner is no longer slowed down.
    const again = await timed({
      email: owner.email,
      password: TEST_PASSWORD,
      ip: randomIp(),
      device: deviceOf(right.res)!.value,
    });
    expect(again.res.status).toBe(200);
    expect(again.ms).toBeLessThan(1500);
  }, 60_000);

  it('one address spraying many accounts is refused from its 301st failure; a known browser behind it still signs in', async () => {
    const owner = await createUser(tenant, 'company_employee');
    const device = deviceOf(await login({ email: owner.email, password: TEST_PASSWORD, ip: randomIp() }))!.value;
    const ip = randomIp();
    await setCounter(`login:ip:${ip}`, LOGIN_POLICY.addressMax);
    const refused = await login({ email: uniqueEmail('spray'), password: 'guess-password', ip });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login({ email: owner.email, password: TEST_PASSWORD, ip })).status).toBe(429);
    expect((await login({ email: owner.email, password: TEST_PASSWORD, ip, device })).status).toBe(200);
  }, 60_000);

  it('a successful sign-in clears the failures of that account from that address', async () => {
    const owner = await createUser(tenant, 'company_employee');
    const ip = randomIp();
    await Promise.all(
      Array.from({ length: 9 }, (_, i) => login({ email: owner.email, password: `typo-${i}-password`, ip })),
    );
    expect((await login({ email: owner.email, password: TEST_PASSWORD, ip })).status).toBe(200);
    const more = await Promise.all(
      Array.from({ length: 5 }, (_, i) => login({ email: owner.email, password: `typo-${i}-again-password`, ip })),
    );
    expect(statuses(more)).toEqual(Array(5).fill(422));
  }, 60_000);
});
