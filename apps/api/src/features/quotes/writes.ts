import { eq, sql } from 'drizzle-orm';
import { quoteBaseCode, type LineItemData } from '@siteflow/core';
import type { Actor, TenantContext } from '../../platform/context.js';
import type { Tx } from '../../platform/db/client.js';
import { quotes } from '../../platform/db/schema.js';
import { lockVisibleProject } from '../../platform/project-scope.js';

/** The writes the save, the new quote and the import share. */

/**
 * A new empty Draft of the project, `Q-{project code}-{next number}` revision 1, with `note`; its
 * id. The project is locked first, so two new quotes at once get consecutive numbers.
 */
export async function newDraft(tx: Tx, tenant: TenantContext, actor: Actor, projectId: number, note: string | null) {
  const project = await lockVisibleProject(tx, actor, projectId);
  const [last] = await tx
    .select({ max: sql<number | null>`max(${quotes.number})` })
    .from(quotes)
    .where(eq(quotes.projectId, projectId));
  const number = (last?.max ?? 0) + 1;
  const [row] = await tx
    .insert(quotes)
    .values({
      tenantId: tenant.id,
      projectId,
      number,
      code: quoteBaseCode(project.code, number),
      note,
      createdBy: actor.userId,
      updatedBy: actor.userId,
    })
    .returning({ id: quotes.id });
  return row!.id;
}

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
