/**
 * Issue 9, defect 1: 30 concurrent wrong-password sign-ins froze the whole API. Each held a pool
 * connection (the sign-in transaction) while recording the failure through a second one; a burst
 * the size of the pool waited forever. createTestApp's pool has 5 connections; these bursts are
 * 4-8 times that, and every answer must come promptly.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomIp, request, TEST_PASSWORD, uniqueEmail, type TestResponse } from '../../../test/harness.js';
import { oneCompany, type TestApp, type TestTenant } from '../../../test/companies.js';

let t: TestApp, tenant: TestTenant;

beforeAll(async () => {
  ({ t, tenant } = await oneCompany());
});
afterAll(() => t.close());

const EACH_WITHIN_MS = 10_000;

/** Send them all at once; each answer with the time it took. */
async function burst(n: number, send: (i: number) => Promise<TestResponse>) {
  return Promise.all(
    Array.from({ length: n }, async (_, i) => {
      const started = Date.now();
      const res = await send(i);
      return { status: res.status, ms: Date.now() - started };
    }),
  );
}

const post = (url: string, body: unknown, ip: string) =>
  request(t, { method: 'POST', url, host: tenant.host, body, remoteAddress: ip });

async function stillServes() {
  expect((await request(t, { url: '/api/health' })).status).toBe(200);
  const fresh = await post('/api/auth/login', { email: tenant.admin.email, password: TEST_PASSWORD }, randomIp());
  expect(fresh.status).toBe(200);
}

describe('a burst of failing auth requests larger than the pool', () => {
  it('40 wrong-password sign-ins from one address all answer 422 or 429 promptly; the API keeps serving', async () => {
    const ip = randomIp();
    const answers = await burst(40, (i) =>
      post('/api/auth/login', { email: tenant.admin.email, password: `wrong-${i}-password` }, ip),
    );
    for (const a of answers) {
      expect([422, 429]).toContain(a.status);
      expect(a.ms).toBeLessThan(EACH_WITHIN_MS);
    }
    expect(answers.filter((a) => a.status === 422)).toHaveLength(10);
    await stillServes();
  }, 60_000);

  it('30 wrong-password sign-ins from 30 addresses (one account and many) all answer 422 promptly; the API keeps serving', async () => {
    for (const email of [() => tenant.admin.email, () => uniqueEmail('nobody')]) {
      const answers = await burst(30, (i) =>
        post('/api/auth/login', { email: email(), password: `wrong-${i}-password` }, randomIp()),
      );
      for (const a of answers) {
        expect(a.status).toBe(422);
        expect(a.ms).toBeLessThan(EACH_WITHIN_MS);
      }
    }
    await stillServes();
  }, 60_000);

  it('30 password-reset requests (one address, and many) answer 200 or 429 promptly; the API keeps serving', async () => {
    const ip = randomIp();
    const one = await burst(30, () => post('/api/auth/forgot-password', { email: tenant.admin.email }, ip));
    const many = await burst(30, () =>
      post('/api/auth/forgot-password', { email: uniqueEmail('someone') }, randomIp()),
    );
    for (const a of [...one, ...many]) {
      expect([200, 429]).toContain(a.status);
      expect(a.ms).toBeLessThan(EACH_WITHIN_MS);
    }
    expect(one.filter((a) => a.status === 200)).toHaveLength(5); // 5 per account per hour
    expect(many.every((a) => a.status === 200)).toBe(true);
    await stillServes();
  }, 60_000);

  it('30 resets with invalid links (one address, and many) answer 422 or 429 promptly; the API keeps serving', async () => {
    const body = (i: number) => ({
      token: `not-a-real-token-${i}`,
      email: tenant.admin.email,
      password: 'a-brand-new-secret',
      password_confirmation: 'a-brand-new-secret',
    });
    const ip = randomIp();
    const one = await burst(40, (i) => post('/api/auth/reset-password', body(i), ip));
    const many = await burst(30, (i) => post('/api/auth/reset-password', body(i), randomIp()));
    for (const a of [...one, ...many]) {
      expect([422, 429]).toContain(a.status);
      expect(a.ms).toBeLessThan(EACH_WITHIN_MS);
    }
    expect(one.filter((a) => a.status === 422)).toHaveLength(30); // 30 failures per address per 15 minutes
    expect(many.every((a) => a.status === 422)).toBe(true);
    await stillServes();
  }, 60_000);
});
