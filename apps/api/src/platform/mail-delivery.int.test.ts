import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asOwner, createTenant, createTestApp, type TestApp, type TestTenant } from '../../test/harness.js';
import { startSink } from '../../test/reliability/mail-kill.js';
import { withTenant } from './db/client.js';
import { outbox } from './db/schema.js';
import { createOutbox, deliverOutboxMessage, outboxMessageId, smtpTransport, type Transport } from './mail.js';

let t: TestApp;
let tenant: TestTenant;
let sink: Awaited<ReturnType<typeof startSink>>;

beforeAll(async () => {
  [t, tenant, sink] = await Promise.all([createTestApp(), createTenant(), startSink()]);
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

/** One outbox row, queued the way the app queues it; the job is returned instead of run. */
async function queueOne(subject: string): Promise<{ tenantId: string; id: string }> {
  const jobs: { tenantId: string; id: string }[] = [];
  const ob = createOutbox(async (_q, data) => jobs.push(data as { tenantId: string; id: string }));
  const after: (() => Promise<unknown>)[] = [];
  await withTenant(t.deps.db, tenant.id, (tx) =>
    ob.email(tx, (task) => after.push(task), tenant.id, { to: 'someone@example.test', subject, text: 'Hello' }),
  );
  for (const task of after) await task();
  return jobs[0]!;
}

const rowOf = async (id: string) =>
  (await asOwner(tenant.id, (tx) => tx.select().from(outbox).where(eq(outbox.id, id))))[0]!;

describe('outbox delivery (a worker killed mid-delivery)', () => {
  it("the e-mail's Message-ID comes from the outbox row, so a retry after a crash sends the same one", async () => {
    const job = await queueOne('Stable id');
    const deps = {
      db: t.deps.db,
      transport: smtpTransport(`smtp://127.0.0.1:${sink.port}?ignoreTLS=true`),
      mailFrom: 'Siteflow <no-reply@siteflow.test>',
    };
    await deliverOutboxMessage(deps, job);
    // A worker killed after the SMTP server accepted the message but before its commit leaves the row pending.
    await asOwner(tenant.id, (tx) =>
      tx.update(outbox).set({ status: 'pending', sentAt: null }).where(eq(outbox.id, job.id)),
    );
    await deliverOutboxMessage(deps, job);
    expect(sink.ids.filter((id) => id === outboxMessageId(job.id))).toHaveLength(2);
    expect(outboxMessageId(job.id)).toBe(`<outbox-${job.id}@siteflow>`);
  });

  it('the row is already marked sent in the delivery transaction while the message goes out (only the commit is left after it)', async () => {
    const job = await queueOne('Marked first');
    let seenDuringSend: unknown = null;
    const probe: Transport = {
      async deliver(_m, tx) {
        const [row] = await tx!
          .select({ status: outbox.status, sentAt: outbox.sentAt })
          .from(outbox)
          .where(eq(outbox.id, job.id));
        seenDuringSend = row;
      },
    };
    await deliverOutboxMessage({ db: t.deps.db, transport: probe, mailFrom: 'x@y.test' }, job);
    expect(seenDuringSend).toMatchObject({ status: 'sent', sentAt: expect.any(Date) });
    expect(await rowOf(job.id)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('a failed send undoes the mark: the row stays pending with the attempt and the error recorded', async () => {
    const job = await queueOne('Fails once');
    const failing: Transport = {
      async deliver() {
        throw new Error('421 try again later');
      },
    };
    await expect(
      deliverOutboxMessage({ db: t.deps.db, transport: failing, mailFrom: 'x@y.test' }, job),
    ).rejects.toThrow('421');
    expect(await rowOf(job.id)).toMatchObject({
      status: 'pending',
      sentAt: null,
      attempts: 1,
      lastError: expect.stringContaining('421'),
    });
  });
});
