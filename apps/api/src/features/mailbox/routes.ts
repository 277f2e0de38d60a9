import { count, desc, eq, ilike, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorResponse, IdParam, MailboxMessage, MailboxPage, PageQuery } from '@siteflow/core';
import { authorize, type Deps } from '../../platform/context.js';
import { mailbox } from '../../platform/db/schema.js';
import { notFound } from '../../platform/errors.js';

const errors = { 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 422: ErrorResponse };
type Row = typeof mailbox.$inferSelect;
const item = (m: Row) => ({ id: m.id, to: m.to, subject: m.subject, channel: m.channel, tenant_name: m.tenantName, created_at: m.createdAt.toISOString() });

/** The built-in mailbox (mail delivered when no SMTP server is configured): platform admins only. */
export function mailboxRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/mailbox', { schema: { tags: ['mailbox'], querystring: PageQuery, response: { 200: MailboxPage, ...errors } } }, async (request) => {
    authorize(request, 'mailbox.read');
    const { page, pageSize, search } = request.query;
    const term = search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
    const where = term ? or(ilike(mailbox.to, term), ilike(mailbox.subject, term)) : undefined;
    const [rows, [total]] = await Promise.all([
      deps.db.select().from(mailbox).where(where).orderBy(desc(mailbox.createdAt), desc(mailbox.id)).limit(pageSize).offset((page - 1) * pageSize),
      deps.db.select({ n: count() }).from(mailbox).where(where),
    ]);
    return { items: rows.map(item), total: total?.n ?? 0, page, pageSize };
  });

  r.get('/api/mailbox/:id', { schema: { tags: ['mailbox'], params: IdParam, response: { 200: MailboxMessage, ...errors } } }, async (request) => {
    authorize(request, 'mailbox.read');
    const [m] = await deps.db.select().from(mailbox).where(eq(mailbox.id, request.params.id));
    if (!m) throw notFound('The message');
    return { ...item(m), from: m.from, html: m.html, text: m.text };
  });
}
