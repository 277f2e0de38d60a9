// The works-and-materials catalogue (features/catalogue, spec 3 section 2.3): the items a quote's
// line items are picked from (quote_line_items.work_item_id).
import { sql } from 'drizzle-orm';
import { bigint, index, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { tenantId, timestamps } from './columns.js';

/**
 * A work or material item. Prices are numeric(12,2), read as decimal strings ('12.50'); the
 * profit and margin are worked from them (core catalogue/money.ts), never stored.
 */
export const workItems = pgTable(
  'work_items',
  {
    tenantId: tenantId(),
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    itemCode: text('item_code'),
    supplierName: text('supplier_name'),
    unitSellPrice: numeric('unit_sell_price', { precision: 12, scale: 2 }).notNull().default('0'),
    unitCost: numeric('unit_cost', { precision: 12, scale: 2 }).notNull().default('0'),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    // The list's default order and the quote picker's: name, then item code.
    index('work_items_tenant_name_code_idx').on(t.tenantId, sql`lower(${t.name})`, t.itemCode, t.id),
    index('work_items_tenant_created_idx').on(t.tenantId, t.createdAt, t.id),
  ],
);
