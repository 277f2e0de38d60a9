import { and, asc, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import {
  BOM_TEXT,
  lockedChanges,
  lineTotalProblems,
  type BomItemView,
  type BomListQuery,
  type BomPage,
  type BomPatchData,
  type BomQuote,
  type BomRow,
  type QuoteStatus,
} from '@siteflow/core';
import { inTenant, type Actor, type Deps, type TenantContext } from '../../platform/context.js';
import type { Tx } from '../../platform/db/client.js';
import { containsAny } from '../../platform/db/like.js';
import { quoteLineItems, quotes, quoteSections, workItems } from '../../platform/db/schema.js';
import { fieldError, HttpError, notFound } from '../../platform/errors.js';
import { findVisibleProject } from '../../platform/project-scope.js';

/**
 * A project's bill of materials (issue 13 section 4): the Product line items of its current quote
 * (the Accepted one, else the most recently updated quote that is not Void, as the quote screen
 * first selects), and an item's order details. See core's bom.ts.
 */

type D = Pick<Deps, 'db'>;

const itemNotFound = () => notFound('The product');

/** The project's current quote (404 when the actor does not see the project), or null when it has none. */
async function currentQuote(tx: Tx, actor: Actor, projectId: number): Promise<BomQuote | null> {
  await findVisibleProject(tx, actor, projectId);
  const [q] = await tx
    .select({ id: quotes.id, code: quotes.code, status: quotes.status })
    .from(quotes)
    .where(and(eq(quotes.projectId, projectId), ne(quotes.status, 'Void')))
    .orderBy(desc(sql`${quotes.status} = 'Accepted'`), desc(quotes.updatedAt), desc(quotes.id))
    .limit(1);
  return q ? { ...q, status: q.status as QuoteStatus, locked: q.status !== 'Draft' } : null;
}

const row = {
  id: quoteLineItems.id,
  section_name: quoteSections.name,
  product: quoteLineItems.description,
  status: sql<BomRow['status']>`coalesce(${quoteLineItems.orderStatus}, 'Unknown')`,
  supplied_by: sql<BomRow['supplied_by']>`${quoteLineItems.suppliedBy}`,
  supplier: quoteLineItems.supplierName,
  qty: quoteLineItems.quantity,
  unit_sell_price: quoteLineItems.unitSellPrice,
  product_code: quoteLineItems.productCode,
  eta: quoteLineItems.eta,
};

function orderOf(query: Pick<BomListQuery, 'sort' | 'order'>): SQL[] {
  const dir = query.order === 'desc' ? desc : asc;
  const column = {
    product: sql`lower(${quoteLineItems.description})`,
    status: row.status,
    supplied_by: quoteLineItems.suppliedBy,
    supplier: sql`lower(${quoteLineItems.supplierName})`,
    qty: quoteLineItems.quantity,
    unit_sell_price: quoteLineItems.unitSellPrice,
    product_code: quoteLineItems.productCode,
    eta: quoteLineItems.eta,
  }[query.sort];
  // Ties in the quote's own order: section, then position.
  return [dir(column), asc(quoteSections.position), asc(quoteLineItems.position), asc(quoteLineItems.id)];
}

function filtersOf(quoteId: number, query: BomListQuery): SQL | undefined {
  return and(
    eq(quoteLineItems.quoteId, quoteId),
    eq(quoteLineItems.category, 'Product'),
    containsAny(query.search, [quoteLineItems.description, quoteLineItems.supplierName, quoteLineItems.productCode]),
    containsAny(query.product, [quoteLineItems.description]),
    containsAny(query.supplier, [quoteLineItems.supplierName]),
    containsAny(query.product_code, [quoteLineItems.productCode]),
    query.status ? sql`coalesce(${quoteLineItems.orderStatus}, 'Unknown') = ${query.status}` : undefined,
    query.supplied_by ? eq(quoteLineItems.suppliedBy, query.supplied_by) : undefined,
  );
}

const sectionJoin = and(
  eq(quoteSections.tenantId, quoteLineItems.tenantId),
  eq(quoteSections.id, quoteLineItems.sectionId),
);

/**
 * GET /api/projects/:id/bill-of-materials: a page of the current quote's products (the quote and
 * the project in one statement, the page with its total in another; a page past the end counts on
 * its own).
 */
export const listBom = (deps: D, tenant: TenantContext, actor: Actor, projectId: number, query: BomListQuery) =>
  inTenant(deps, tenant.id, async (tx): Promise<BomPage> => {
    const quote = await currentQuote(tx, actor, projectId);
    const page = { page: query.page, pageSize: query.pageSize };
    if (!quote) return { items: [], total: 0, ...page, quote: null };
    const where = filtersOf(quote.id, query);
    const rows = await tx
      .select({ ...row, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(quoteLineItems)
      .innerJoin(quoteSections, sectionJoin)
      .where(where)
      .orderBy(...orderOf(query))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize);
    const total =
      rows[0]?.total ??
      Number(
        (
          await tx
            .select({ n: sql<number>`count(*)` })
            .from(quoteLineItems)
            .where(where)
        )[0]?.n ?? 0,
      );
    return { items: rows.map(({ total: _, ...r }) => r), total, ...page, quote };
  });

/** A product line of one of the project's quotes (404 when the actor does not see the project), with its quote. */
async function bomItem(tx: Tx, actor: Actor, projectId: number, itemId: number): Promise<BomItemView> {
  await findVisibleProject(tx, actor, projectId);
  const [item] = await tx
    .select({
      ...row,
      quote: sql<BomQuote>`json_build_object('id', ${quotes.id}, 'code', ${quotes.code}, 'status', ${quotes.status},
        'locked', ${quotes.status} <> 'Draft')`,
      description: quoteLineItems.description,
      unit_cost: quoteLineItems.unitCost,
      company_purchase_order_reference: quoteLineItems.companyPurchaseOrderReference,
      consignment_tracking_link: quoteLineItems.consignmentTrackingLink,
      work_item: sql<BomItemView['work_item']>`case when ${workItems.id} is null then null else json_build_object(
        'id', ${workItems.id}, 'name', ${workItems.name}, 'item_code', ${workItems.itemCode},
        'supplier_name', ${workItems.supplierName}) end`,
    })
    .from(quoteLineItems)
    .innerJoin(quoteSections, sectionJoin)
    .innerJoin(quotes, and(eq(quotes.tenantId, quoteLineItems.tenantId), eq(quotes.id, quoteLineItems.quoteId)))
    .leftJoin(
      workItems,
      and(eq(workItems.tenantId, quoteLineItems.tenantId), eq(workItems.id, quoteLineItems.workItemId)),
    )
    .where(and(eq(quoteLineItems.id, itemId), eq(quotes.projectId, projectId), eq(quoteLineItems.category, 'Product')));
  if (!item) throw itemNotFound();
  return item;
}

/** GET /api/projects/:id/bill-of-materials/:itemId: one product of the project's quotes, for 'Edit Product'. */
export const getBomItem = (deps: D, tenant: TenantContext, actor: Actor, projectId: number, itemId: number) =>
  inTenant(deps, tenant.id, (tx) => bomItem(tx, actor, projectId, itemId));

/**
 * PATCH /api/projects/:id/bill-of-materials/:itemId: the order details. While the quote is a
 * Draft every field may change; once it is not (locked), only the ETA and the order status (409
 * naming the others). The quote's version goes up, so an editor open on it reloads rather than
 * overwrite the change.
 */
export const patchBomItem = (
  deps: D,
  tenant: TenantContext,
  actor: Actor,
  projectId: number,
  itemId: number,
  input: BomPatchData,
) =>
  inTenant(deps, tenant.id, async (tx): Promise<BomItemView> => {
    const current = await bomItem(tx, actor, projectId, itemId);
    // The quote row first (the lock order of a quote save), then the item.
    const [locked] = await tx
      .select({ status: quotes.status })
      .from(quotes)
      .where(eq(quotes.id, current.quote.id))
      .for('update');
    const isLocked = locked?.status !== 'Draft';
    if (isLocked) {
      const refused = lockedChanges(current, input);
      if (refused.length)
        throw new HttpError(409, BOM_TEXT.locked, Object.fromEntries(refused.map((f) => [f, [BOM_TEXT.locked]])));
    } else {
      // The line's cost with the new unit cost stays within a line's bound (the quote editor's rule).
      const tooLarge = lineTotalProblems({ quantity: current.qty, unit_sell_price: '0', unit_cost: input.unit_cost });
      if (tooLarge[0]) throw fieldError('unit_cost', tooLarge[0].message);
    }
    await tx
      .update(quoteLineItems)
      .set({
        eta: input.eta,
        orderStatus: input.order_status,
        ...(isLocked
          ? {}
          : {
              productCode: input.product_code,
              supplierName: input.supplier_name,
              companyPurchaseOrderReference: input.company_purchase_order_reference,
              consignmentTrackingLink: input.consignment_tracking_link,
              unitCost: input.unit_cost,
            }),
      })
      .where(eq(quoteLineItems.id, itemId));
    await tx
      .update(quotes)
      .set({ version: sql`${quotes.version} + 1`, updatedAt: sql`now()`, updatedBy: actor.userId })
      .where(eq(quotes.id, current.quote.id));
    return bomItem(tx, actor, projectId, itemId);
  });
