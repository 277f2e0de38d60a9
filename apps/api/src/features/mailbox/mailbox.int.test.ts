import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, PLATFORM_HOST, request, uniq, waitForMail } from '../../../test/harness.js';
import { companyAndPlatform, type TestApp, type TestTenant, type TestUser } from '../../../test/companies.js';
import { forgotPassword } from '../../../test/auth-requests.js';

let t: TestApp, tenant: TestTenant, companyAdmin: string, platformAdmin: string;
let tag: string;
let recipients: TestUser[];

beforeAll(async () => {
  ({ t, tenant, companyAdmin, platformAdmin } = await companyAndPlatform());
  tag = `mb${uniq()}`;
  recipients = [];
  // Three real messages, delivered in order through the outbox into the built-in mailbox.
  for (const n of [1, 2, 3]) {
    const user = await createUser(tenant, 'company_employee', {
      email: `${tag}-${n}@example.test`,
      firstName: `Reader${n}`,
    });
    expect((await forgotPassword(t, tenant.host, user.email)).status).toBe(200);
    await waitForMail(user.email);
    recipients.push(user);
  }
});
afterAll(() => t.close());

const mailbox = (url: string, cookie = platformAdmin, host = PLATFORM_HOST) => request(t, { url, cookie, host });

describe('mailbox', () => {
  it('lists newest first, with search and paging', async () => {
    const all = await mailbox(`/api/mailbox?search=${tag}`);
    expect(all.status).toBe(200);
    expect(all.json.total).toBe(3);
    expect(all.json.items.map((m: { to: string }) => m.to)).toEqual([3, 2, 1].map((n) => `${tag}-${n}@example.test`));
    expect(all.json.items[0]).toMatchObject({
      subject: 'Reset Password Notification',
      channel: 'email',
      tenant_name: tenant.name,
    });
    expect(all.json.items[0]).not.toHaveProperty('text'); // the list is light; the body comes with the message

    const p1 = await mailbox(`/api/mailbox?search=${tag}&pageSize=2&page=1`);
    const p2 = await mailbox(`/api/mailbox?search=${tag}&pageSize=2&page=2`);
    expect(p1.json).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(p1.json.items.map((m: { to: string }) => m.to)).toEqual([`${tag}-3@example.test`, `${tag}-2@example.test`]);
    expect(p2.json.items.map((m: { to: string }) => m.to)).toEqual([`${tag}-1@example.test`]);
    expect((await mailbox(`/api/mailbox?search=${tag}-2`)).json.total).toBe(1);
    expect(
      (await mailbox('/api/mailbox?search=Reset%20Password%20Notification&pageSize=1')).json.total,
    ).toBeGreaterThanOrEqual(3);
  });

  it('shows one message in full', async () => {
    const [first] = (await mailbox(`/api/mailbox?search=${tag}-1`)).json.items;
    const res = await mailbox(`/api/mailbox/${first.id}`);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      id: first.id,
      to: recipients[0]!.email,
      subject: 'Reset Password Notification',
      from: t.config.mailFrom,
      channel: 'email',
    });
    expect(res.json.text).toContain('Hello Reader1,');
    expect(res.json.text).toMatch(
      new RegExp(`http://${tenant.slug}\\.localhost:3000/reset-password/[A-Za-z0-9_-]{43,}\\?email=`),
    );
    expect(res.json.html).toContain('<a href="http://');
    expect((await mailbox('/api/mailbox/6b0b7c1e-9d7e-4c11-8a2b-1f2e3d4c5b6a')).status).toBe(404);
  });

  it('is for platform admins only: a company admin gets 403, anonymous 401, other sessions are not valid here', async () => {
    const [first] = (await mailbox(`/api/mailbox?search=${tag}-1`)).json.items;
    for (const url of ['/api/mailbox', `/api/mailbox/${first.id}`]) {
      const denied = await mailbox(url, companyAdmin, tenant.host);
      expect(denied.status, url).toBe(403);
      expect(denied.text).not.toContain(tag);
      const anon = await request(t, { url });
      expect(anon.status, url).toBe(401);
      expect(anon.text).not.toContain(tag);
      expect((await mailbox(url, companyAdmin, PLATFORM_HOST)).status, url).toBe(401); // a company session on the platform address
      expect((await mailbox(url, platformAdmin, tenant.host)).status, url).toBe(401); // a platform session on a company address
    }
  });
});
