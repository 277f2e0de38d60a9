import { z } from 'zod';
import { PageQuery, pageOf } from '../common/fields.js';
import {
  ORDER_STATUSES,
  ProductInput,
  QUOTE_STATUSES,
  SUPPLIED_BY,
  priceField,
  type OrderStatus,
} from '../quotes/quotes.js';

/**
 * A project's bill of materials (issue 13 section 4; spec 3 sections 2.4, 4, 7, 8): the Product
 * line items of the project's current quote (the Accepted one, else the most recently updated
 * quote that is not Void: the quote screen's own first choice), 25 a page, searchable and
 * filtered by column. An item's order details can be updated from here; once the quote is no
 * longer a Draft it is locked, and only the ETA and the order status can change.
 */
export const BOM_TEXT = {
  title: 'Bill of Materials',
  searchPlaceholder: 'Search BOM ...',
  editTitle: 'Edit Product',
  // Spec 3 section 8 (verbatim, its spelling kept).
  updatedTitle: 'Updated Product!',
  updatedText: 'Your product was successfully updated!',
  failedTitle: 'Product update failed.',
  failedText: 'Failed to updated product, please try again later',
  loadFailed: 'Failed to get product, please try again later',
  // Ours (the spec gives no text for these).
  locked: 'The quote is no longer a draft: only the ETA and the order status can be changed.',
  empty: 'No products yet: Product line items of the project’s quote appear here.',
  noQuote: 'This project has no quote yet.',
  resetFilters: 'Reset filters',
} as const;

/** Spec 3 section 9: the BOM table shows 25 rows a page. */
export const BOM_PAGE_SIZE = 25;

/** What a locked item (its quote is not a Draft) may still change (spec 3 section 4). */
export const BOM_UNLOCKED_FIELDS = ['eta', 'order_status'] as const;

export const BOM_SORTS = [
  'product',
  'status',
  'supplied_by',
  'supplier',
  'qty',
  'unit_sell_price',
  'product_code',
  'eta',
] as const;
export type BomSort = (typeof BOM_SORTS)[number];

const filterText = z.string().trim().max(200).optional();

/** The table's request: page (25 a page), search, the column filters and the sort. */
export const BomListQuery = PageQuery.extend({
  pageSize: z.coerce.number().int().min(1).max(100).default(BOM_PAGE_SIZE),
  product: filterText,
  status: z.enum(ORDER_STATUSES).optional(),
  supplied_by: z.enum(SUPPLIED_BY).optional(),
  supplier: filterText,
  product_code: filterText,
  sort: z.enum(BOM_SORTS).default('product'),
  order: z.enum(['asc', 'desc']).default('asc'),
});
export type BomListQuery = z.infer<typeof BomListQuery>;

export const BomRow = z.object({
  id: z.number().int(),
  section_name: z.string(),
  product: z.string(),
  status: z.enum(ORDER_STATUSES),
  supplied_by: z.enum(SUPPLIED_BY),
  supplier: z.string().nullable(),
  qty: z.string(),
  unit_sell_price: z.string(),
  product_code: z.string().nullable(),
  /** 'YYYY-MM-DD'. */
  eta: z.string().nullable(),
});
export type BomRow = z.infer<typeof BomRow>;

export const BomQuote = z.object({
  id: z.number().int(),
  code: z.string(),
  status: z.enum(QUOTE_STATUSES),
  locked: z.boolean(),
});
export type BomQuote = z.infer<typeof BomQuote>;

export const BomPage = pageOf(BomRow).extend({ quote: BomQuote.nullable() });
export type BomPage = z.infer<typeof BomPage>;

/** One item as the edit modal shows it ('Edit Product'): its product and order details. */
export const BomItemView = BomRow.extend({
  quote: BomQuote,
  description: z.string(),
  unit_cost: z.string(),
  work_item: z
    .object({
      id: z.number().int(),
      name: z.string(),
      item_code: z.string().nullable(),
      supplier_name: z.string().nullable(),
    })
    .nullable(),
  company_purchase_order_reference: z.string().nullable(),
  consignment_tracking_link: z.string().nullable(),
});
export type BomItemView = z.infer<typeof BomItemView>;

/** PATCH of an item's order details (spec 3 section 7). */
export const BomPatchInput = ProductInput.pick({
  eta: true,
  order_status: true,
  consignment_tracking_link: true,
  product_code: true,
  supplier_name: true,
  company_purchase_order_reference: true,
}).extend({ unit_cost: priceField('unit cost') });
export type BomPatchInput = z.input<typeof BomPatchInput>;
export type BomPatchData = z.output<typeof BomPatchInput>;

type BomStored = Pick<
  BomItemView,
  'product_code' | 'supplier' | 'company_purchase_order_reference' | 'consignment_tracking_link' | 'unit_cost'
>;

/**
 * The fields a patch would change that a locked item may not (everything but the ETA and the
 * order status), by the patch's field names; empty when the patch may be applied.
 */
export function lockedChanges(stored: BomStored, patch: BomPatchData): string[] {
  const changed: string[] = [];
  if ((stored.product_code ?? null) !== patch.product_code) changed.push('product_code');
  if ((stored.supplier ?? null) !== patch.supplier_name) changed.push('supplier_name');
  if ((stored.company_purchase_order_reference ?? null) !== patch.company_purchase_order_reference)
    changed.push('company_purchase_order_reference');
  if ((stored.consignment_tracking_link ?? null) !== patch.consignment_tracking_link)
    changed.push('consignment_tracking_link');
  if (stored.unit_cost !== patch.unit_cost) changed.push('unit_cost');
  return changed;
}

/** The order statuses in the spec's order, for the filter and the modal. */
export const BOM_ORDER_STATUSES: readonly OrderStatus[] = ORDER_STATUSES;
