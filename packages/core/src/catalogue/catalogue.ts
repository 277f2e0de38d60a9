import Big from 'big.js';
import { z } from 'zod';
import { PageQuery, pageOf } from '../common/fields.js';
import { LINE_TOTAL_MAX } from '../quotes/money.js';

/**
 * The works-and-materials catalogue (issue 13 section 3; spec 3 sections 2.3, 3, 4, 8): the items
 * a quote's product line items are picked from. Prices are decimal strings with 2 decimals
 * ('12.50'), numeric(12,2) in PostgreSQL; profit and margin are worked exactly with big.js.
 */
export const CATALOGUE_TEXT = {
  title: 'Works & Materials',
  searchPlaceholder: 'Search Materials ...',
  createTitle: 'Create New Item',
  editTitle: 'Edit Item',
  // Spec 3 section 8 (verbatim).
  created: 'Created Item...',
  saved: 'Saved Item...',
  saveFailed: 'Error While Saving, please try again later',
  loadFailed: 'Failed to load item, please try again later.',
  unknownSupplier: 'UNKNOWN',
  // Ours (the spec gives no text for these).
  nameRequired: 'The name field is required.',
  priceTooLarge: (field: string) => `The ${field} may be at most $999,999,999.99.`,
} as const;

/** How long a success message stays (spec 3 section 9: 4000 ms). */
export const CATALOGUE_MESSAGE_MS = 4000;

export const CATALOGUE_LIMITS = { name: 255, itemCode: 100, supplierName: 255 } as const;

const text = (max: number) =>
  z
    .union([z.string(), z.null()])
    .optional()
    .transform((v) => (v === null || v === undefined || v.trim() === '' ? null : v.trim()))
    .pipe(z.string().max(max, `Must be at most ${max} characters.`).nullable());

/**
 * A price: a number of at least 0 with at most 2 decimals; kept as '12.50'. At most a quote line's
 * largest total (LINE_TOTAL_MAX, 999,999,999.99), so an item picked into a line at quantity 1 is
 * always a line the quote accepts (numeric(12,2) would hold ten times more).
 */
const price = (field: string) => {
  const message = `The ${field} must be a number of at least 0 with at most 2 decimals.`;
  return z
    .union([z.string(), z.number()], { error: message })
    .transform((v) => (typeof v === 'number' ? (Number.isFinite(v) ? new Big(v).toFixed() : 'x') : v.trim()))
    .refine((v) => /^\d{1,10}(\.\d{1,2})?$/.test(v), { error: message, abort: true })
    .refine((v) => new Big(v).lte(LINE_TOTAL_MAX), { error: CATALOGUE_TEXT.priceTooLarge(field) })
    .transform((v) => new Big(v).toFixed(2));
};

export const WorkItemInput = z.object({
  name: z
    .string({ error: CATALOGUE_TEXT.nameRequired })
    .trim()
    .min(1, { error: CATALOGUE_TEXT.nameRequired, abort: true })
    .max(CATALOGUE_LIMITS.name, `Must be at most ${CATALOGUE_LIMITS.name} characters.`),
  item_code: text(CATALOGUE_LIMITS.itemCode),
  supplier_name: text(CATALOGUE_LIMITS.supplierName),
  unit_sell_price: price('unit price'),
  unit_cost: price('unit cost'),
});
export type WorkItemInput = z.input<typeof WorkItemInput>;
export type WorkItemData = z.output<typeof WorkItemInput>;

export const WorkItemView = z.object({
  id: z.number().int(),
  name: z.string(),
  item_code: z.string().nullable(),
  supplier_name: z.string().nullable(),
  unit_sell_price: z.string(),
  unit_cost: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type WorkItemView = z.infer<typeof WorkItemView>;
export const WorkItemPage = pageOf(WorkItemView);
export type WorkItemPage = z.infer<typeof WorkItemPage>;

export const WORK_ITEM_SORTS = ['name', 'unit_sell_price', 'unit_cost', 'created_at'] as const;
export type WorkItemSort = (typeof WORK_ITEM_SORTS)[number];
export const WorkItemListQuery = PageQuery.extend({
  sort: z.enum(WORK_ITEM_SORTS).default('name'),
  order: z.enum(['asc', 'desc']).default('asc'),
});
export type WorkItemListQuery = z.infer<typeof WorkItemListQuery>;

/** The quote line item picker: up to 50 items, by name then item code. */
export const WORK_ITEM_OPTIONS_LIMIT = 50;
export const WorkItemOptionsQuery = z.object({ search: z.string().trim().max(200).default('') });
export const WorkItemOption = z.object({
  id: z.number().int(),
  label: z.string(),
  name: z.string(),
  item_code: z.string().nullable(),
  supplier_name: z.string().nullable(),
  unit_sell_price: z.string(),
  unit_cost: z.string(),
});
export type WorkItemOption = z.infer<typeof WorkItemOption>;
export const WorkItemOptions = z.object({ items: z.array(WorkItemOption) });

/**
 * The picker's label (spec 3 section 5): item code, name and supplier joined by ' | ', 'UNKNOWN'
 * for a missing supplier; a missing item code is left out.
 */
export const workItemLabel = (item: { item_code: string | null; name: string; supplier_name: string | null }) =>
  [item.item_code, item.name, item.supplier_name?.trim() ? item.supplier_name : CATALOGUE_TEXT.unknownSupplier]
    .filter((part): part is string => !!part && part.trim() !== '')
    .join(' | ');

// ---- profit and margin (spec 3 section 3: profit = sell - cost; margin = profit / sell x 100) ----

type Amount = string | number | null | undefined;

/** A decimal as big.js reads it, or null when it is blank or not a number. */
function decimal(v: Amount): Big | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number' && !Number.isFinite(v)) return null;
  const s = typeof v === 'number' ? String(v) : v.trim();
  if (s === '') return null;
  try {
    return new Big(s);
  } catch {
    return null;
  }
}

/** Profit = unit sell price - unit cost, 2 decimals ('7.50'); '-' when either is not a number. */
export function itemProfit(sell: Amount, cost: Amount): string {
  const s = decimal(sell);
  const c = decimal(cost);
  if (!s || !c) return '-';
  return s.minus(c).round(2, Big.roundHalfUp).toFixed(2);
}

/** Margin = profit / sell x 100 with 2 decimals ('25.00'); '-' when the sell price is 0 or not a number. */
export function itemMargin(sell: Amount, cost: Amount): string {
  const s = decimal(sell);
  const c = decimal(cost);
  if (!s || !c || s.eq(0)) return '-';
  return s.minus(c).times(100).div(s).round(2, Big.roundHalfUp).toFixed(2);
}
