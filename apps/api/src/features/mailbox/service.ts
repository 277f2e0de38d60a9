import { count, desc, eq, ilike, or } from 'drizzle-orm';
import type { MailboxMessage, MailboxPage, PageQuery } from '@siteflow/core';
import type { Deps } from '../../platform/context.js';
import { mailbox } from '../../platform/db/schema.js';
import { notFound } from '../../platform/errors.js';

type Row = typeof mailbox.$inferSelect;
const item = (m: Row) => ({
  id: m.id,
  to: m.to,
  subject: m.subject,
  channel: m.channel,
  tenant_name: m.tenantName,
  created_at: m.createdAt.toISOString(),
});

/** The built-in mailbox is a global table (mail of every company), read on the platform host only. */
export async function listMailbox(deps: Pick<Deps, 'db'>, query: PageQuery): Promise<MailboxPage> {
  const { page, pageSize, search } = query;
  const term = search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = term ? or(ilike(mailbox.to, term), ilike(mailbox.subject, term)) : undefined;
  const [rows, [total]] = await Promise.all([
    deps.db
      .select()
      .from(mailbox)
      .where(where)
      .orderBy(desc(mailbox.createdAt), desc(mailbox.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    deps.db.select({ n: count() }).from(mailbox).where(where),
  ]);
  return { items: rows.map(item), total: total?.n ?? 0, page, pageSize };
}

export async function getMailboxMessage(deps: Pick<Deps, 'db'>, id: string): Promise<MailboxMessage> {
  const [m] = await deps.db.select().from(mailbox).where(eq(mailbox.id, id));
  if (!m) throw notFound('The message');
  return { ...item(m), from: m.from, html: m.html, text: m.text };
}
