// Quote requests (features/quote-requests; issue 13 section 5, spec 3 section 2.5): a client or
// provider user's proposal of a project, a draft while its attachments upload, then submitted with
// the project it created. The attachments stay with the request (projects have no documents yet).
import { bigint, check, index, integer, text, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, instant, locality, tenantFk, tenantTable } from './columns.js';
import { users } from './tenancy.js';
import { projects } from './projects.js';

export const quoteRequests = tenantTable(
  'quote_requests',
  {
    /** Who asked (a draft is only ever seen by them). */
    userId: uuid('user_id').notNull(),
    status: text('status', { enum: ['draft', 'submitted'] })
      .notNull()
      .default('draft'),
    projectId: bigint('project_id', { mode: 'number' }),
    projectName: text('project_name'),
    street: text('street'),
    ...locality(),
    contactName: text('contact_name'),
    contactPosition: text('contact_position'),
    contactEmail: text('contact_email'),
    contactPhone: text('contact_phone'),
    accountManagerId: uuid('account_manager_id'),
    summary: text('summary'),
    notes: text('notes'),
    createdAt: createdAt(),
    submittedAt: instant('submitted_at'),
  },
  (t) => [
    index('quote_requests_tenant_user_idx').on(t.tenantId, t.userId, t.createdAt),
    index('quote_requests_tenant_project_idx').on(t.tenantId, t.projectId),
    tenantFk(t, t.userId, users).onDelete('cascade'),
    tenantFk(t, t.accountManagerId, users).onDelete('set null'),
    tenantFk(t, t.projectId, projects).onDelete('set null'),
    check('quote_requests_status_check', sql`${t.status} in ('draft', 'submitted')`),
  ],
);

/** A quote request's attachments, stored under generated names (platform/files.ts). */
export const quoteRequestFiles = tenantTable(
  'quote_request_files',
  {
    quoteRequestId: uuid('quote_request_id').notNull(),
    name: text('name').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    fileKey: text('file_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('quote_request_files_tenant_request_idx').on(t.tenantId, t.quoteRequestId, t.createdAt),
    tenantFk(t, t.quoteRequestId, quoteRequests).onDelete('cascade'),
  ],
);
