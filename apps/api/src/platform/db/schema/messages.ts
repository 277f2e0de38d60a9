// E-mail and SMS templates (features/messages): what a task's message is built from, optionally
// for one client; a task's custom copy names its original.
import { sql } from 'drizzle-orm';
import { index, text, uuid } from 'drizzle-orm/pg-core';
import { tenantFk, tenantTable, timestamps } from './columns.js';
import { clients } from './clients.js';

/**
 * A template. channel 'email' (subject and HTML body) or 'sms' (plain text, no subject); status
 * 'Active' or 'Inactive'. The migration makes both keys `ON DELETE SET NULL (column)` (drizzle
 * cannot say which column), so removing a client or an original keeps the template.
 */
export const messageTemplates = tenantTable(
  'message_templates',
  {
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    name: text('name').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    status: text('status', { enum: ['Active', 'Inactive'] })
      .notNull()
      .default('Active'),
    clientId: uuid('client_id'),
    originalTemplateId: uuid('original_template_id'),
    ...timestamps(),
  },
  (t) => [
    index('message_templates_tenant_name_idx').on(t.tenantId, sql`lower(${t.name})`, t.id),
    index('message_templates_tenant_client_idx').on(t.tenantId, t.clientId),
    index('message_templates_tenant_original_idx').on(t.tenantId, t.originalTemplateId),
    tenantFk(t, t.clientId, clients).onDelete('set null'),
    tenantFk(t, t.originalTemplateId, { tenantId: t.tenantId, id: t.id }).onDelete('set null'),
  ],
);
