import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_TEXT } from '@siteflow/core';
import { asOwner, createPlatformAdmin, createTenant, createTestApp } from '../../test/harness.js';
import { PLATFORM_HOST, request, signIn, type TestApp, type TestTenant } from '../../test/harness.js';
import { inTenant } from './context.js';
import { mailbox, outbox } from './db/schema.js';
import { createOutbox, deliverOutboxMessage, mailboxTransport, sweepOutbox, type Enqueue } from './mail.js';
import { smsGatewayTransport } from './sms.js';

let t: TestApp;
let tenant: TestTenant;

beforeAll(async () => {
  [t, tenant] = await Promise.all([createTestApp(), createTenant()]);
});
afterAll(() => t?.close());

/** A mobile number no other test uses, as people write it, and its E.164 form. */
function mobile() {
  const digits = String(Math.floor(Math.random() * 1e7)).padStart(7, '0');
  return { written: `041${digits.slice(0, 1)} ${digits.slice(1, 4)} ${digits.slice(4)}`, e164: `+6141${digits}` };
}

const mailboxRows = (to: string) => asOwner(tenant.id, (tx) => tx.select().from(mailbox).where(eq(mailbox.to, to)));
const outboxRows = (to: string) => asOwner(tenant.id, (tx) => tx.select().from(outbox).where(eq(outbox.to, to)));

type Job = { tenantId: string; id: string };

/** An outbox whose enqueue is recorded instead of run: the test decides whether the job is lost. */
function recordingOutbox() {
  const jobs: Job[] = [];
  return { jobs, outbox: createOutbox(async (_q, data) => jobs.push(data as Job)) };
}

describe('outbox: SMS', () => {
  it('an SMS written in a transaction that rolls back is never delivered', async () => {
    const { e164, written } = mobile();
    await expect(
      inTenant(t.deps, tenant.id, async (tx, onCommit) => {
        await t.deps.outbox.sms(tx, onCommit, tenant.id, { to: written, text: 'Never sent' });
        throw new Error('the business change failed');
      }),
    ).rejects.toThrow('the business change failed');
    // The sweeper finds nothing either: the row went with the transaction.
    await sweepOutbox(t.deps.db, async () => undefined, 0);
    expect(await outboxRows(e164)).toEqual([]);
    expect(await mailboxRows(e164)).toEqual([]);
  });

  it('one that commits lands in the built-in mailbox once, as an SMS to the E.164 number, and a platform admin sees it there', async () => {
    const { e164, written } = mobile();
    await inTenant(t.deps, tenant.id, (tx, onCommit) =>
      t.deps.outbox.sms(tx, onCommit, tenant.id, { to: written, text: `Your visit is booked for 8:00.\n` }),
    );
    // A sweep afterwards (the job ran: nothing is pending) does not send it again.
    await sweepOutbox(
      t.deps.db,
      async (_q, data) =>
        deliverOutboxMessage({ db: t.deps.db, transport: mailboxTransport(t.deps.db), mailFrom: 'x' }, data as Job),
      0,
    );
    const rows = await mailboxRows(e164);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      channel: 'sms',
      to: e164,
      from: 'Siteflow',
      subject: '',
      text: 'Your visit is booked for 8:00.',
      html: null,
      tenantName: tenant.name,
    });
    expect(await outboxRows(e164)).toMatchObject([{ channel: 'sms', status: 'sent', attempts: 1 }]);

    const cookie = await signIn(t, PLATFORM_HOST, (await createPlatformAdmin()).email);
    const list = await request(t, {
      url: `/api/mailbox?search=${encodeURIComponent(e164)}`,
      cookie,
      host: PLATFORM_HOST,
    });
    expect(list.json).toMatchObject({ total: 1, items: [{ to: e164, channel: 'sms', tenant_name: tenant.name }] });
    const one = await request(t, { url: `/api/mailbox/${list.json.items[0].id}`, cookie, host: PLATFORM_HOST });
    expect(one.json).toMatchObject({
      channel: 'sms',
      from: 'Siteflow',
      text: 'Your visit is booked for 8:00.',
      html: null,
    });
  });

  it('refuses a number that is not a mobile one and an empty or too long text with a 422, writing nothing', async () => {
    const { e164 } = mobile();
    const attempt = (to: string, text: string) =>
      inTenant(t.deps, tenant.id, (tx, onCommit) => t.deps.outbox.sms(tx, onCommit, tenant.id, { to, text }));
    await expect(attempt('(07) 3123 4567', 'Landline')).rejects.toMatchObject({
      status: 422,
      errors: { to: [MESSAGE_TEXT.invalidMobile] },
    });
    await expect(attempt('12345', 'Too short')).rejects.toMatchObject({
      status: 422,
      errors: { to: [MESSAGE_TEXT.invalidMobile] },
    });
    await expect(attempt(e164, '  \n')).rejects.toMatchObject({
      status: 422,
      errors: { text: [MESSAGE_TEXT.smsRequired] },
    });
    await expect(attempt(e164, 'x'.repeat(1601))).rejects.toMatchObject({
      status: 422,
      errors: { text: [MESSAGE_TEXT.smsTooLong] },
    });
    expect(await outboxRows(e164)).toEqual([]);
  });

  it('the sweeper re-queues an SMS whose enqueue was lost, and it is delivered once', async () => {
    const { e164, written } = mobile();
    const { jobs, outbox: ob } = recordingOutbox();
    // Committed, but the process "stopped" before the after-commit enqueue: the task is dropped.
    await inTenant(t.deps, tenant.id, (tx) =>
      ob.sms(tx, () => undefined, tenant.id, { to: written, text: 'Lost, then found' }),
    );
    expect(jobs).toEqual([]);
    const [row] = await outboxRows(e164);
    expect(row).toMatchObject({ channel: 'sms', status: 'pending' });

    // Younger than the cutoff: left alone (its enqueue may still be on its way).
    const requeued: Job[] = [];
    const enqueue: Enqueue = async (_q, data) => requeued.push(data as Job);
    await sweepOutbox(t.deps.db, enqueue, 60_000);
    expect(requeued.filter((j) => j.id === row!.id)).toEqual([]);

    await sweepOutbox(t.deps.db, enqueue, 0);
    const mine = requeued.filter((j) => j.id === row!.id);
    expect(mine).toEqual([{ tenantId: tenant.id, id: row!.id }]);
    const deps = { db: t.deps.db, transport: mailboxTransport(t.deps.db), mailFrom: 'x', smsFrom: 'Acme' };
    await deliverOutboxMessage(deps, mine[0]!);
    await deliverOutboxMessage(deps, mine[0]!); // a duplicate job finds the row sent and does nothing
    expect(await mailboxRows(e164)).toMatchObject([{ channel: 'sms', from: 'Acme', text: 'Lost, then found' }]);
    expect(await outboxRows(e164)).toMatchObject([{ status: 'sent', attempts: 1 }]);
  });
});

type Received = { method: string; url: string; headers: http.IncomingHttpHeaders; body: string };

/** A local HTTP server standing in for the gateway: it records each request and answers with `reply`. */
async function startGateway(reply: (res: http.ServerResponse) => void) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      received.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      reply(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    received,
    url: (path: string) => `http://AC0123:s3cr%40t@127.0.0.1:${port}${path}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

describe('SMS gateway (Twilio-compatible HTTP)', () => {
  const twilioPath = '/2010-04-01/Accounts/AC0123/Messages.json';
  let ok: Awaited<ReturnType<typeof startGateway>>;
  let refusing: Awaited<ReturnType<typeof startGateway>>;
  let silent: Awaited<ReturnType<typeof startGateway>>;
  beforeAll(async () => {
    ok = await startGateway((res) => {
      res.writeHead(201, { 'content-type': 'application/json' }).end('{"sid":"SM1","status":"queued"}');
    });
    refusing = await startGateway((res) => {
      res
        .writeHead(400, { 'content-type': 'application/json' })
        .end('{"code":21211,"message":"The \'To\' number is not a valid phone number.","status":400}');
    });
    silent = await startGateway(() => undefined); // never answers
  });
  afterAll(async () => {
    for (const g of [ok, refusing, silent]) await g?.close();
  });

  /** Queue one SMS and deliver it through the gateway the way the worker does. */
  async function sendThrough(url: string, timeoutMs = 5000, smsFrom?: string) {
    const { e164, written } = mobile();
    const { jobs, outbox: ob } = recordingOutbox();
    const after: (() => Promise<unknown>)[] = [];
    await inTenant(t.deps, tenant.id, (tx) =>
      ob.sms(tx, (task) => after.push(task), tenant.id, { to: written, text: 'Crew arrives at 8:00 & leaves by 4.' }),
    );
    for (const task of after) await task();
    const transport = smsGatewayTransport({ url, timeoutMs });
    const delivery = deliverOutboxMessage(
      { db: t.deps.db, transport, mailFrom: 'Siteflow <no-reply@x.test>', smsFrom },
      jobs[0]!,
    );
    return { e164, delivery };
  }

  it('posts To, From and Body as a form with Basic authentication from the URL, and marks the row sent', async () => {
    const { e164, delivery } = await sendThrough(ok.url(twilioPath));
    await delivery;
    expect(ok.received).toHaveLength(1);
    const [req] = ok.received;
    expect(req).toMatchObject({ method: 'POST', url: twilioPath });
    expect(req!.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(req!.headers.authorization).toBe(`Basic ${Buffer.from('AC0123:s3cr@t').toString('base64')}`);
    expect(Object.fromEntries(new URLSearchParams(req!.body))).toEqual({
      To: e164,
      From: 'Siteflow',
      Body: 'Crew arrives at 8:00 & leaves by 4.',
    });
    expect(await outboxRows(e164)).toMatchObject([{ status: 'sent', attempts: 1, lastError: null }]);
    expect(await mailboxRows(e164)).toEqual([]); // the gateway replaced the mailbox
  });

  it('sends a Messaging Service id as MessagingServiceSid', async () => {
    const sid = `MG${'ab'.repeat(16)}`;
    const { delivery } = await sendThrough(ok.url(twilioPath), 5000, sid);
    await delivery;
    expect(Object.fromEntries(new URLSearchParams(ok.received.at(-1)!.body))).toMatchObject({
      MessagingServiceSid: sid,
    });
    expect(ok.received.at(-1)!.body).not.toContain('From=');
  });

  it("a refusal is recorded with the gateway's message (not the credentials) and left pending for a retry", async () => {
    const { e164, delivery } = await sendThrough(refusing.url(twilioPath));
    await expect(delivery).rejects.toThrow(/answered 400: The 'To' number is not a valid phone number\./);
    const [row] = await outboxRows(e164);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, sentAt: null });
    expect(row!.lastError).toContain('127.0.0.1');
    expect(row!.lastError).not.toMatch(/s3cr|AC0123:/);
  });

  it('a gateway that does not answer in time is an error, not a hang', async () => {
    const started = Date.now();
    const { e164, delivery } = await sendThrough(silent.url(twilioPath), 300);
    await expect(delivery).rejects.toThrow('no answer within 300 ms');
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await outboxRows(e164)).toMatchObject([{ status: 'pending', attempts: 1 }]);
  });

  it('refuses e-mail (each channel has its own transport)', async () => {
    const transport = smsGatewayTransport({ url: ok.url(twilioPath), timeoutMs: 1000 });
    const count = ok.received.length;
    await expect(
      transport.deliver({ channel: 'email', to: 'a@b.test', from: 'x', subject: 's', text: 't', tenantName: null }),
    ).rejects.toThrow('not email');
    expect(ok.received).toHaveLength(count);
  });
});
