// Messages to send (the outbox) and the built-in mailbox (platform/mail.ts, features/mailbox).
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id, instant, tenantTable } from './columns.js';

/** Messages to send, written in the business transaction and delivered by a job. */
export const outbox = tenantTable(
  'outbox',
  {
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    to: text('to').notNull(),
    cc: text('cc'),
    subject: text('subject').notNull().default(''),
    text: text('text').notNull(),
    html: text('html'),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: instant('sent_at'),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_tenant_status_idx').on(t.tenantId, t.status, t.createdAt)],
);

/**
 * The built-in mailbox: where mail lands when no SMTP server is configured.
 * Platform-level (read by platform admins only), so it names the tenant instead of keying by it.
 */
export const mailbox = pgTable(
  'mailbox',
  {
    id: id().primaryKey(),
    tenantName: text('tenant_name'),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    from: text('from').notNull(),
    to: text('to').notNull(),
    cc: text('cc'),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    createdAt: createdAt(),
  },
  (t) => [index('mailbox_created_idx').on(t.createdAt)],
);
