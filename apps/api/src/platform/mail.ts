import { and, eq, lt, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db, Tx } from './db/client.js';
import { withTenant } from './db/client.js';
import { mailbox, outbox, tenants } from './db/schema.js';

export type OutgoingEmail = { to: string; subject: string; text: string; html?: string };
export type Delivered = OutgoingEmail & {
  from: string;
  tenantName: string | null;
  channel: 'email' | 'sms';
  /** `<outbox-{id}@siteflow>`: the same on every attempt, so a receiver can drop a re-sent copy. */
  messageId?: string;
};

/** The Message-ID of an outbox row's e-mail (deterministic: a retry after a crash sends the same one). */
export const outboxMessageId = (id: string) => `<outbox-${id}@siteflow>`;

/**
 * Delivers one message: over SMTP when configured, otherwise into the built-in mailbox. `tx` is
 * the delivery's own transaction: a transport that writes to the database writes through it,
 * never through a second pool connection (the mailbox table is global, without RLS).
 */
export type Transport = { deliver(message: Delivered, tx?: Tx): Promise<void> };

export function smtpTransport(smtpUrl: string): Transport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    async deliver(m) {
      await transporter.sendMail({ from: m.from, to: m.to, subject: m.subject, text: m.text, html: m.html, messageId: m.messageId });
    },
  };
}

export function mailboxTransport(db: Db): Transport {
  return {
    async deliver(m, tx) {
      const row = { tenantName: m.tenantName, channel: m.channel, from: m.from, to: m.to, subject: m.subject, text: m.text, html: m.html ?? null };
      // In a savepoint: a failed insert must not abort the caller's transaction, which records the attempt.
      if (tx) await tx.transaction((sp) => sp.insert(mailbox).values(row));
      else await db.insert(mailbox).values(row);
    },
  };
}

/** Work to do once the surrounding transaction has committed. */
export type OnCommit = (task: () => Promise<unknown>) => void;

export type Outbox = {
  /** Write the message in the caller's transaction; it is queued for delivery once that commits. */
  email(tx: Tx, onCommit: OnCommit, tenantId: string, message: OutgoingEmail): Promise<void>;
};

export const MAIL_QUEUE = 'mail-deliver';

export type Enqueue = (queue: string, data: object) => Promise<unknown>;

export function createOutbox(enqueue: Enqueue): Outbox {
  return {
    async email(tx, onCommit, tenantId, message) {
      const [row] = await tx
        .insert(outbox)
        .values({ tenantId, channel: 'email', to: message.to, subject: message.subject, text: message.text, html: message.html ?? null })
        .returning({ id: outbox.id });
      onCommit(() => enqueue(MAIL_QUEUE, { tenantId, id: row!.id }));
    },
  };
}

/** The job: deliver one outbox row, once. A failure is recorded and retried by the queue. */
export async function deliverOutboxMessage(
  deps: { db: Db; transport: Transport; mailFrom: string },
  job: { tenantId: string; id: string },
) {
  const [tenant] = await deps.db.select({ name: tenants.customerName }).from(tenants).where(eq(tenants.id, job.tenantId));
  // Thrown only after the transaction has committed: throwing inside it would roll back the
  // record of the failed attempt (attempts, last_error), so a message could never reach 'failed'.
  let retry: unknown = null;
  await withTenant(deps.db, job.tenantId, async (tx) => {
    // The row stays locked while an SMTP server answers, which may take longer than the request
    // role's idle-in-transaction limit (platform/db/bootstrap.ts) allows a request.
    await tx.execute(sql`select set_config('idle_in_transaction_session_timeout', '10min', true)`);
    const [row] = await tx
      .select()
      .from(outbox)
      .where(and(eq(outbox.id, job.id), eq(outbox.status, 'pending')))
      .for('update', { skipLocked: true });
    if (!row) return;
    try {
      // Marked sent BEFORE the message goes out, in the same transaction: once the SMTP server has
      // accepted it only the COMMIT remains, so a process killed in between (the one moment a
      // retry would send it twice) is one round trip wide. Killed earlier, the transaction rolls
      // back, the row is still pending and the retry sends it once. The Message-ID is stable, so
      // a receiver can still drop the rare second copy. A failed send overwrites the mark below.
      await tx.update(outbox).set({ status: 'sent', sentAt: new Date(), attempts: row.attempts + 1 }).where(eq(outbox.id, row.id));
      await deps.transport.deliver(
        {
          from: deps.mailFrom,
          to: row.to,
          subject: row.subject,
          text: row.text,
          html: row.html ?? undefined,
          channel: row.channel,
          tenantName: tenant?.name ?? null,
          messageId: outboxMessageId(row.id),
        },
        tx,
      );
    } catch (error) {
      await tx
        .update(outbox)
        .set({ sentAt: null, attempts: row.attempts + 1, lastError: String(error).slice(0, 500), status: row.attempts + 1 >= 5 ? 'failed' : 'pending' })
        .where(eq(outbox.id, row.id));
      if (row.attempts + 1 < 5) retry = error;
    }
  });
  if (retry) throw retry;
}

/** Re-queue messages whose after-commit enqueue never happened (e.g. the process stopped in between). */
export async function sweepOutbox(db: Db, enqueue: Enqueue, olderThanMs = 60_000) {
  const cutoff = new Date(Date.now() - olderThanMs);
  const all = await db.select({ id: tenants.id }).from(tenants);
  for (const t of all) {
    const pending = await withTenant(db, t.id, (tx) =>
      tx.select({ id: outbox.id }).from(outbox).where(and(eq(outbox.status, 'pending'), lt(outbox.createdAt, cutoff))).limit(500),
    );
    for (const p of pending) await enqueue(MAIL_QUEUE, { tenantId: t.id, id: p.id });
  }
}
