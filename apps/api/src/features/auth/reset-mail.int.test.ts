import net from 'node:net';
import { eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_TEXT } from '@siteflow/core';
import {
  asOwner,
  createTenant,
  createTestApp,
  createUser,
  mailsTo,
  passwordLinkIn,
  randomIp,
  type TestApp,
  type TestTenant,
} from '../../../test/harness.js';
import { startSmtpSink } from '../../../test/smtp-sink.js';
import { forgotPassword, logIn, setPasswordWithLink } from '../../../test/auth-requests.js';
import { outbox } from '../../platform/db/schema.js';
import { deliverOutboxMessage, smtpTransport } from '../../platform/mail.js';

/** A real SMTP sink that keeps every message (parsed) with its envelope. */
async function startSink() {
  const received: { envelopeTo: string[]; mail: ParsedMail }[] = [];
  const sink = await startSmtpSink((mail, envelopeTo) => received.push({ envelopeTo, mail }));
  return { ...sink, received };
}

async function waitFor<T>(find: () => T | undefined, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 25));
  }
}

let sink: Awaited<ReturnType<typeof startSink>>;
let t: TestApp;
let tenant: TestTenant;

beforeAll(async () => {
  sink = await startSink();
  const env = {
    SMTP_URL: `smtp://127.0.0.1:${sink.port}?ignoreTLS=true`,
    MAIL_FROM: 'Siteflow <no-reply@siteflow.test>',
  };
  // The app's own SMTP transport, built from SMTP_URL as the runtime does.
  const probe = await createTestApp({ env });
  const smtpUrl = probe.config.smtpUrl!;
  await probe.close();
  [t, tenant] = await Promise.all([createTestApp({ env, transport: smtpTransport(smtpUrl) }), createTenant()]);
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

describe('password reset mail over SMTP', () => {
  it('arrives at a real SMTP server with the right recipient, subject and a working link', async () => {
    const user = await createUser(tenant, 'company_employee', { firstName: 'Sam' });
    const res = await forgotPassword(t, tenant.host, user.email);
    expect(res.status).toBe(200);

    const got = await waitFor(() => sink.received.find((m) => m.envelopeTo.includes(user.email)));
    const mail = got.mail;
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.value.map((a) => a.address) : []).toEqual([user.email]);
    expect(mail.from?.value[0]).toMatchObject({ address: 'no-reply@siteflow.test', name: 'Siteflow' });
    expect(mail.subject).toBe('Reset Password Notification');
    expect(mail.text).toContain('Hello Sam,');
    expect(mail.html).toBeTruthy();
    const link = passwordLinkIn(mail.text!);
    expect(link.origin).toBe(`http://${tenant.slug}.localhost:3000`);
    expect(mail.html).toContain(link.url);
    // Nothing went to the built-in mailbox: SMTP replaced it.
    expect(await mailsTo(user.email)).toHaveLength(0);
    const [row] = await asOwner(tenant.id, (tx) => tx.select().from(outbox).where(eq(outbox.to, user.email)));
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });

    // The link in the delivered mail resets the password.
    const done = await setPasswordWithLink(t, tenant.host, link, link.email, 'smtp-delivered-pw');
    expect(done.status).toBe(200);
    expect(done.json.message).toBe(AUTH_TEXT.passwordResetDone);
    const login = await logIn(t, tenant.host, user.email, 'smtp-delivered-pw', randomIp());
    expect(login.status).toBe(200);
  });

  it('an unreachable SMTP server does not fail the request; the message stays pending for a retry', async () => {
    const closed = await new Promise<number>((resolve) => {
      const s = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = s.address() as net.AddressInfo;
        s.close(() => resolve(port));
      });
    });
    const app = await createTestApp({ transport: smtpTransport(`smtp://127.0.0.1:${closed}?ignoreTLS=true`) });
    try {
      const user = await createUser(tenant, 'company_employee');
      const res = await forgotPassword(app, tenant.host, user.email);
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ message: AUTH_TEXT.resetLinkSent });
      const [row] = await asOwner(tenant.id, (tx) => tx.select().from(outbox).where(eq(outbox.to, user.email)));
      expect(row).toMatchObject({ status: 'pending', attempts: 1, subject: 'Reset Password Notification' });
      expect(row!.lastError).toMatch(/ECONNREFUSED/);
      // The queue retries the job; each failed attempt is recorded, and the fifth gives up for good.
      const job = { tenantId: tenant.id, id: row!.id };
      const deliverAgain = () =>
        deliverOutboxMessage(
          {
            db: app.deps.db,
            transport: smtpTransport(`smtp://127.0.0.1:${closed}?ignoreTLS=true`),
            mailFrom: 'x@y.test',
          },
          job,
        );
      for (let attempt = 2; attempt <= 4; attempt++) await expect(deliverAgain()).rejects.toThrow(/ECONNREFUSED/);
      await deliverAgain(); // the last attempt marks it failed instead of asking for another retry
      const [after] = await asOwner(tenant.id, (tx) => tx.select().from(outbox).where(eq(outbox.id, row!.id)));
      expect(after).toMatchObject({ status: 'failed', attempts: 5, sentAt: null });
      await deliverAgain(); // a failed message is not picked up again
      const [still] = await asOwner(tenant.id, (tx) => tx.select().from(outbox).where(eq(outbox.id, row!.id)));
      expect(still!.attempts).toBe(5);
    } finally {
      await app.close();
    }
  });
});
