import { sql } from 'drizzle-orm';
import type { LineItemData } from '@siteflow/core';

/** A line item's columns as the JSON recordset of the save statements reads them. */
export const lineRecord = (l: LineItemData, sectionId: number | null, sectionPosition: number, position: number) => ({
  id: l.id,
  section_id: sectionId,
  section_position: sectionPosition,
  position,
  category: l.category,
  description: l.description,
  long_description: l.long_description,
  general_notes: l.general_notes,
  supplied_by: l.supplied_by,
  quantity: l.quantity,
  unit_sell_price: l.unit_sell_price,
  unit_cost: l.unit_cost,
  work_item_id: l.product?.work_item_id ?? null,
  product_code: l.product?.product_code ?? null,
  supplier_name: l.product?.supplier_name ?? null,
  order_status: l.product?.order_status ?? null,
  company_purchase_order_reference: l.product?.company_purchase_order_reference ?? null,
  eta: l.product?.eta ?? null,
  consignment_tracking_link: l.product?.consignment_tracking_link ?? null,
});

export const LINE_COLUMNS = sql.raw(`id bigint, section_id bigint, section_position int, position int, category text,
  description text, long_description text, general_notes text, supplied_by text, quantity numeric(12,3),
  unit_sell_price numeric(12,2), unit_cost numeric(12,2), work_item_id bigint, product_code text, supplier_name text,
  order_status text, company_purchase_order_reference text, eta date, consignment_tracking_link text`);
