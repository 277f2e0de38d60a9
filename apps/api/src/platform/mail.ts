import { and, eq, lt, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { MESSAGE_TEXT, SMS_MAX_LENGTH } from '@siteflow/core';
import type { Db, Tx } from './db/client.js';
import { withTenant } from './db/client.js';
import { mailbox, outbox, tenants } from './db/schema.js';
import { invalid, type FieldErrors } from './errors.js';
import { DEFAULT_SMS_COUNTRY, mobileE164, type CountryCode } from './phone.js';

export type Channel = 'email' | 'sms';
/** An e-mail; `cc` addresses get a copy (and are named in its Cc header). */
export type OutgoingEmail = { to: string; cc?: readonly string[]; subject: string; text: string; html?: string };
/** A text message: `to` as people write it (made E.164 by the outbox), `text` at most SMS_MAX_LENGTH characters. */
export type OutgoingSms = { to: string; text: string };
export type Delivered = OutgoingEmail & {
  from: string;
  tenantName: string | null;
  channel: Channel;
  /** `<outbox-{id}@siteflow>`: the same on every attempt, so a receiver can drop a re-sent copy. */
  messageId?: string;
};

/** The Message-ID of an outbox row's e-mail (deterministic: a retry after a crash sends the same one). */
export const outboxMessageId = (id: string) => `<outbox-${id}@siteflow>`;

/**
 * Delivers one message: e-mail over SMTP, SMS through a gateway (platform/sms.ts) when configured,
 * otherwise into the built-in mailbox (both channels). `tx` is the delivery's own transaction: a
 * transport that writes to the database writes through it, never through a second pool
 * connection (the mailbox table is global, without RLS).
 */
export type Transport = { deliver(message: Delivered, tx?: Tx): Promise<void> };

/** One transport per channel: what the worker is given (runtime.ts picks each from the config). */
export function channelTransport(byChannel: Record<Channel, Transport>): Transport {
  return { deliver: (m, tx) => byChannel[m.channel].deliver(m, tx) };
}

export function smtpTransport(smtpUrl: string): Transport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    async deliver(m) {
      if (m.channel !== 'email') throw new Error(`The SMTP transport sends e-mail, not ${m.channel}`);
      await transporter.sendMail({
        from: m.from,
        to: m.to,
        ...(m.cc?.length ? { cc: [...m.cc] } : {}),
        subject: m.subject,
        text: m.text,
        html: m.html,
        messageId: m.messageId,
      });
    },
  };
}

export function mailboxTransport(db: Db): Transport {
  return {
    async deliver(m, tx) {
      const row = {
        tenantName: m.tenantName,
        channel: m.channel,
        from: m.from,
        to: m.to,
        cc: m.cc?.length ? m.cc.join(', ') : null,
        subject: m.subject,
        text: m.text,
        html: m.html ?? null,
      };
      // In a savepoint: a failed insert must not abort the caller's transaction, which records the attempt.
      if (tx) await tx.transaction((sp) => sp.insert(mailbox).values(row));
      else await db.insert(mailbox).values(row);
    },
  };
}

/** Work to do once the surrounding transaction has committed. */
export type OnCommit = (task: () => Promise<unknown>) => void;

/**
 * Every channel goes the same way: the row is written in the caller's transaction (so a rollback
 * sends nothing), queued once that commits, and re-queued by the sweeper if the enqueue is lost.
 */
export type Outbox = {
  email(tx: Tx, onCommit: OnCommit, tenantId: string, message: OutgoingEmail): Promise<void>;
  /**
   * A text message. `to` becomes E.164 (numbers without a country code are read as SMS_COUNTRY's);
   * a number that is not a mobile one, or an empty or too long text, is a 422 on `to` / `text`
   * (MESSAGE_TEXT) and nothing is written. A route checks its own fields first (`mobileE164`).
   */
  sms(tx: Tx, onCommit: OnCommit, tenantId: string, message: OutgoingSms): Promise<void>;
};

/** The delivery queue of every channel (the name is from when it carried e-mail only; queued jobs keep it). */
export const MAIL_QUEUE = 'mail-deliver';

export type Enqueue = (queue: string, data: object) => Promise<unknown>;

export function createOutbox(enqueue: Enqueue, options: { smsCountry?: CountryCode } = {}): Outbox {
  const smsCountry = options.smsCountry ?? DEFAULT_SMS_COUNTRY;
  async function write(
    tx: Tx,
    onCommit: OnCommit,
    tenantId: string,
    row: { channel: Channel; to: string; cc?: readonly string[]; subject?: string; text: string; html?: string },
  ) {
    const [written] = await tx
      .insert(outbox)
      .values({
        tenantId,
        channel: row.channel,
        to: row.to,
        cc: row.cc?.length ? row.cc.join(', ') : null,
        subject: row.subject ?? '',
        text: row.text,
        html: row.html ?? null,
      })
      .returning({ id: outbox.id });
    onCommit(() => enqueue(MAIL_QUEUE, { tenantId, id: written!.id }));
  }
  return {
    email: (tx, onCommit, tenantId, message) => write(tx, onCommit, tenantId, { channel: 'email', ...message }),
    async sms(tx, onCommit, tenantId, message) {
      const to = mobileE164(message.to, smsCountry);
      const text = message.text.trim();
      const errors: FieldErrors = {};
      if (!to) errors.to = [MESSAGE_TEXT.invalidMobile];
      if (!text) errors.text = [MESSAGE_TEXT.smsRequired];
      else if (text.length > SMS_MAX_LENGTH) errors.text = [MESSAGE_TEXT.smsTooLong];
      if (!to || errors.text) throw invalid(errors);
      await write(tx, onCommit, tenantId, { channel: 'sms', to, text });
    },
  };
}

/** The sender of a text message when SMS_FROM is not set (an alphanumeric sender ID: 11 characters at most). */
export const DEFAULT_SMS_FROM = 'Siteflow';

/** The job: deliver one outbox row, once. A failure is recorded and retried by the queue. */
export async function deliverOutboxMessage(
  deps: { db: Db; transport: Transport; mailFrom: string; smsFrom?: string },
  job: { tenantId: string; id: string },
) {
  const [tenant] = await deps.db
    .select({ name: tenants.customerName })
    .from(tenants)
    .where(eq(tenants.id, job.tenantId));
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
      // Marked sent BEFORE the message goes out, in the same transaction: once the SMTP server (or SMS gateway) has
      // accepted it only the COMMIT remains, so a process killed in between (the one moment a
      // retry would send it twice) is one round trip wide. Killed earlier, the transaction rolls
      // back, the row is still pending and the retry sends it once. The Message-ID is stable, so
      // a receiver can still drop the rare second copy. A failed send overwrites the mark below.
      await tx
        .update(outbox)
        .set({ status: 'sent', sentAt: new Date(), attempts: row.attempts + 1 })
        .where(eq(outbox.id, row.id));
      await deps.transport.deliver(
        {
          from: row.channel === 'sms' ? (deps.smsFrom ?? DEFAULT_SMS_FROM) : deps.mailFrom,
          to: row.to,
          ...(row.cc ? { cc: row.cc.split(', ') } : {}),
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
        .set({
          sentAt: null,
          attempts: row.attempts + 1,
          lastError: String(error).slice(0, 500),
          status: row.attempts + 1 >= 5 ? 'failed' : 'pending',
        })
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
      tx
        .select({ id: outbox.id })
        .from(outbox)
        .where(and(eq(outbox.status, 'pending'), lt(outbox.createdAt, cutoff)))
        .limit(500),
    );
    for (const p of pending) await enqueue(MAIL_QUEUE, { tenantId: t.id, id: p.id });
  }
}
