// A project's quotes (features/quotes; issue 13 section 1, spec 3): a quote of ordered sections of
// ordered line items. Money is numeric(12,2) and quantities numeric(12,3), read as decimal strings;
// the totals are worked in core (quotes/money.ts), never stored.
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { instant, projectId, tenantFk, tenantId, timestamps } from './columns.js';
import { workItems } from './catalogue.js';
import { projects } from './projects.js';

export const QUOTE_STATUS_VALUES = ['Draft', 'Accepted', 'Rejected', 'Void'] as const;

/**
 * A quote. `code` is the base code `Q-{project code}-{number}`, shared by its revisions
 * (`revision` 1, 2, ...; shown as '... R2'); `version` goes up with every save or status change
 * (the editor's conflict check). At most one Accepted quote per project (the partial unique index).
 */
export const quotes = pgTable(
  'quotes',
  {
    tenantId: tenantId(),
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    projectId: projectId(),
    number: integer('number').notNull(),
    code: text('code').notNull(),
    revision: integer('revision').notNull().default(1),
    status: text('status', { enum: QUOTE_STATUS_VALUES }).notNull().default('Draft'),
    note: text('note'),
    reason: text('reason'),
    version: integer('version').notNull().default(1),
    createdBy: uuid('created_by'),
    updatedBy: uuid('updated_by'),
    /** Sent to the client's users (issue 13 section 6): when and by whom; null until sent. */
    sentAt: instant('sent_at'),
    sentBy: uuid('sent_by'),
    /** The client's answer online: Accepted (signed with the typed name) or Rejected (the reason in `reason`). */
    clientDecision: text('client_decision', { enum: ['Accepted', 'Rejected'] }),
    clientDecisionName: text('client_decision_name'),
    clientDecisionAt: instant('client_decision_at'),
    clientDecisionBy: uuid('client_decision_by'),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    check('quotes_client_decision_check', sql`${t.clientDecision} in ('Accepted', 'Rejected')`),
    uniqueIndex('quotes_tenant_project_number_revision_key').on(t.tenantId, t.projectId, t.number, t.revision),
    uniqueIndex('quotes_tenant_project_accepted_key')
      .on(t.tenantId, t.projectId)
      .where(sql`${t.status} = 'Accepted'`),
    check('quotes_status_check', sql`${t.status} in ('Draft', 'Accepted', 'Rejected', 'Void')`),
    tenantFk(t, t.projectId, projects).onDelete('cascade'),
  ],
);

/** A quote's section; `position` orders them (0..n-1). */
export const quoteSections = pgTable(
  'quote_sections',
  {
    tenantId: tenantId(),
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    quoteId: bigint('quote_id', { mode: 'number' }).notNull(),
    position: integer('position').notNull(),
    name: text('name').notNull().default(''),
    note: text('note'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('quote_sections_tenant_quote_idx').on(t.tenantId, t.quoteId, t.position),
    tenantFk(t, t.quoteId, quotes).onDelete('cascade'),
  ],
);

/** A line item of a section; `position` orders it in its section. Product columns only for Product. */
export const quoteLineItems = pgTable(
  'quote_line_items',
  {
    tenantId: tenantId(),
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    quoteId: bigint('quote_id', { mode: 'number' }).notNull(),
    sectionId: bigint('section_id', { mode: 'number' }).notNull(),
    position: integer('position').notNull(),
    category: text('category').notNull(),
    description: text('description').notNull(),
    longDescription: text('long_description'),
    generalNotes: text('general_notes'),
    suppliedBy: text('supplied_by').notNull(),
    quantity: numeric('quantity', { precision: 12, scale: 3 }).notNull(),
    unitSellPrice: numeric('unit_sell_price', { precision: 12, scale: 2 }).notNull(),
    unitCost: numeric('unit_cost', { precision: 12, scale: 2 }).notNull(),
    workItemId: bigint('work_item_id', { mode: 'number' }),
    productCode: text('product_code'),
    supplierName: text('supplier_name'),
    orderStatus: text('order_status'),
    companyPurchaseOrderReference: text('company_purchase_order_reference'),
    eta: date('eta', { mode: 'string' }),
    consignmentTrackingLink: text('consignment_tracking_link'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('quote_line_items_tenant_section_idx').on(t.tenantId, t.sectionId, t.position),
    index('quote_line_items_tenant_quote_idx').on(t.tenantId, t.quoteId),
    index('quote_line_items_tenant_work_item_idx')
      .on(t.tenantId, t.workItemId)
      .where(sql`${t.workItemId} is not null`),
    check(
      'quote_line_items_values_check',
      sql`${t.category} in ('Service', 'Product', 'Other') and ${t.suppliedBy} in ('Client', 'Company', 'Other')
        and ${t.quantity} >= 0 and ${t.unitSellPrice} >= 0 and ${t.unitCost} >= 0
        and (${t.orderStatus} is null or ${t.orderStatus} in ('Unknown', 'Pending', 'Ordered', 'Delivered'))`,
    ),
    tenantFk(t, t.quoteId, quotes).onDelete('cascade'),
    tenantFk(t, t.sectionId, quoteSections).onDelete('cascade'),
    tenantFk(t, t.workItemId, workItems).onDelete('set null'),
  ],
);
