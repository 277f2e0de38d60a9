import Big from 'big.js';
import { z } from 'zod';
import { isCalendarDate } from '../common/dates.js';
import { wallClockAt } from '../format/wall-clock.js';
import { isStaffRole, type Role } from '../roles/roles.js';
import { LINE_TOTAL_MAX, lineCost, lineRevenue, type MoneyTotals, type LineTotals, type MoneyLine } from './money.js';

/**
 * A project's quotes (issue 13 section 1; spec 3 sections 2.1, 3, 4, 5, 8, 9): sections of line
 * items, statuses, revisions. The texts below are the spec's verbatim (odd spellings included);
 * the ones it leaves open are ours (docs/decisions.md, "Quotes").
 */
export const QUOTE_TEXT = {
  // Screen (spec 3 section 2.1)
  createOrImport: 'Please Create or Import A Quote',
  selectRevision: 'Please Select A Quote Revision',
  sectionPlaceholder: 'Enter the section name...',
  viewTerms: 'View T&Cs',
  lastUpdated: 'Last Updated',
  revisionConfirm: 'Are you sure you want to create a new quote revision?',
  revisionWarning:
    'Unsaved changes will not appear in the quote revision, so ensure you save before creating a revision to keep your most recent changes',
  createRevision: 'Create Revision',
  reasonForRejection: 'Reason for Rejection:',
  editLineEntry: 'Edit Line Entry',
  editProduct: 'Edit Product',
  addNewProduct: 'Add New Product',
  unknownProduct: 'UNKNOWN',
  // Dialogs and inline messages (spec 3 section 8)
  revisionCreatedTitle: 'Created quote revision!',
  revisionCreated: 'Your quote revision was successfully created!',
  revisionFailedTitle: 'Error creating quote revision!',
  revisionFailed: 'Failed to create quote revision, please try again later.',
  deletedTitle: 'Quote was deleted.',
  deleted: 'The selected quote was successfully deleted!',
  deleteFailedTitle: 'Error deleting quote.',
  deleteFailed: 'There was an error deleting the selected quote, please try again later.',
  statusUpdatedTitle: 'Quote status was updated!',
  statusUpdated: 'The status of your quote was successfully updated!',
  statusFailedTitle: 'Error updating the status of the quote.',
  statusFailed: 'There was an error updating the status of the selected quote, please try again later.',
  saved: 'Saved Quote Successfully',
  saveFailed: 'Failed to save quote, please try again later.',
  // Ours (the spec gives no text for these).
  descriptionRequired: 'The description is required.',
  notDraft: 'Only a Draft quote can be changed. Change its status to Draft or create a revision.',
  versionConflict: 'This quote was changed by someone else. Reload it to see their changes.',
  otherAccepted: 'Another quote of this project is already Accepted.',
  acceptedOnlyVoid: 'An Accepted quote can only be changed to Void.',
  sameStatus: 'The quote already has this status.',
  notDeletable: 'An Accepted quote cannot be deleted. Change its status to Void first.',
  unknownSection: 'This section is not part of the quote.',
  unknownLineItem: 'This line item is not part of the quote.',
  unknownWorkItem: 'Choose a product from the list.',
  lineRevenueTooLarge: 'Quantity x unit sell price may be at most $999,999,999.99. Lower the quantity or the price.',
  lineCostTooLarge: 'Quantity x unit cost may be at most $999,999,999.99. Lower the quantity or the cost.',
  created: 'Quote created.',
} as const;

/** 'Are you sure you want to update the status of this quote from X to Y ?' (spec 3 section 4). */
export const statusConfirmText = (from: string, to: string) =>
  `Are you sure you want to update the status of this quote from ${from} to ${to} ?`;

/** The fixed T&Cs text of the 'View T&Cs' modal (spec 3 section 9), one paragraph a line. */
export const QUOTE_TERMS = [
  'Works are assumed during business hours 8:30am-5:00pm Monday to Friday.',
  'Outside-hours work attracts a surcharge.',
  'Return-to-site visits, when access is denied or goods are faulty, are charged travel and a per-visit fee.',
  'Regional or remote installations are quoted individually.',
  'Timeframes may change for unforeseen reasons.',
] as const;

/** The import modal's period filter (spec 3 section 9): days, or all time; 365 by default. */
export const IMPORT_PERIODS = [
  { id: '7', name: 'Last 7 Days' },
  { id: '30', name: 'Last 30 Days' },
  { id: '90', name: 'Last 90 Days' },
  { id: '180', name: 'Last 180 Days' },
  { id: '365', name: 'Last 365 Days' },
  { id: '730', name: 'Last 2 Years' },
  { id: '1825', name: 'Last 5 Years' },
  { id: 'all_time', name: 'All Time' },
] as const;
export type ImportPeriod = (typeof IMPORT_PERIODS)[number]['id'];
export const DEFAULT_IMPORT_PERIOD: ImportPeriod = '365';

// ---- lists (spec 3 section 4) ----

export const QUOTE_STATUSES = ['Draft', 'Accepted', 'Rejected', 'Void'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];
export const LINE_CATEGORIES = ['Service', 'Product', 'Other'] as const;
export type LineCategory = (typeof LINE_CATEGORIES)[number];
export const SUPPLIED_BY = ['Client', 'Company', 'Other'] as const;
export type SuppliedBy = (typeof SUPPLIED_BY)[number];
export const ORDER_STATUSES = ['Unknown', 'Pending', 'Ordered', 'Delivered'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** The 'Add New Product' choice of the product picker (spec 3 section 9). */
export const ADD_NEW_PRODUCT = -1;

/** Field limits (spec 3 section 5), by category where they differ. */
export const QUOTE_LIMITS = {
  note: 5000,
  sectionName: 255,
  sectionNote: 5000,
  description: 255,
  longDescription: { Product: 5000, other: 2000 },
  generalNotes: { Product: 5000, other: 500 },
  productText: 255,
  link: 2000,
  reason: 5000,
  sections: 200,
  lineItems: 500,
  /** Line items of a whole quote (the editor and a save stay quick: 50 sections of 40 is 2000). */
  quoteLineItems: 5000,
} as const;
export const longDescriptionMax = (c: LineCategory) =>
  c === 'Product' ? QUOTE_LIMITS.longDescription.Product : QUOTE_LIMITS.longDescription.other;
export const generalNotesMax = (c: LineCategory) =>
  c === 'Product' ? QUOTE_LIMITS.generalNotes.Product : QUOTE_LIMITS.generalNotes.other;

/**
 * The status dropdown (spec 3 section 4): an Accepted quote offers only Void; otherwise, when
 * another quote of the project is Accepted, Accepted is disabled; every other option is allowed.
 * The current status is listed (selected) and never 'disabled', but choosing it changes nothing.
 */
export function statusOptions(
  current: QuoteStatus,
  anyOtherAccepted: boolean,
): { value: QuoteStatus; label: QuoteStatus; disabled: boolean }[] {
  return QUOTE_STATUSES.map((value) => ({
    value,
    label: value,
    disabled:
      value === current ? false : current === 'Accepted' ? value !== 'Void' : value === 'Accepted' && anyOtherAccepted,
  }));
}

/**
 * Why a status change is refused (the server's rule, the same as the dropdown's), or null when it
 * is allowed: 422 for the same status, 409 for the rules of section 4.
 */
export function statusChangeProblem(
  current: QuoteStatus,
  target: QuoteStatus,
  anyOtherAccepted: boolean,
): { status: 409 | 422; message: string } | null {
  if (current === target) return { status: 422, message: QUOTE_TEXT.sameStatus };
  if (current === 'Accepted' && target !== 'Void') return { status: 409, message: QUOTE_TEXT.acceptedOnlyVoid };
  if (target === 'Accepted' && anyOtherAccepted) return { status: 409, message: QUOTE_TEXT.otherAccepted };
  return null;
}

/** Which statuses may be deleted: all but Accepted (void it first; agreements hang off it). */
export const isDeletableStatus = (s: QuoteStatus) => s !== 'Accepted';

/**
 * A quote's code as shown: `Q-{project code}-{n}` for the first revision, with ' R{revision}'
 * after it from the second on (e.g. 'Q-PRJ-00012-1', 'Q-PRJ-00012-1 R2').
 */
export const quoteBaseCode = (projectCode: string, number: number) => `Q-${projectCode}-${number}`;
export const quoteCode = (baseCode: string, revision: number) => (revision > 1 ? `${baseCode} R${revision}` : baseCode);

// ---- amounts as inputs ----

const amountText = (field: string, scale: number, maxWhole: number) => {
  const message = `The ${field} must be a number of at least 0 with at most ${scale} decimals.`;
  const pattern = new RegExp(`^\\d{1,${maxWhole}}(\\.\\d{1,${scale}})?$`);
  return z
    .union([z.string(), z.number()], { error: message })
    .transform((v) => (typeof v === 'number' ? (Number.isFinite(v) ? new Big(v).toFixed() : 'x') : v.trim()))
    .refine((v) => pattern.test(v), { error: message })
    .transform((v) => new Big(v).toFixed(scale));
};
/** Quantity: at least 0 (the spec's min-0 reading), up to 3 decimals, numeric(12,3). */
export const quantityField = () => amountText('quantity', 3, 9);
/** A unit price or cost: at least 0, up to 2 decimals, numeric(12,2). */
export const priceField = (field: string) => amountText(field, 2, 10);

const isAmount = (v: unknown) => typeof v === 'string' && /^\d+(\.\d+)?$/.test(v);

/**
 * The line total problems of a line, by the field the form shows them under: the revenue's on the
 * unit sell price, the cost's on the unit cost (the BOM's unit cost patch checks it too).
 */
export function lineTotalProblems(l: MoneyLine): { path: 'unit_sell_price' | 'unit_cost'; message: string }[] {
  const problems: { path: 'unit_sell_price' | 'unit_cost'; message: string }[] = [];
  // A factor that is not a number yet has its own message (the contract checks each first).
  if (![l.quantity, l.unit_sell_price, l.unit_cost].every(isAmount)) return problems;
  if (new Big(lineRevenue(l)).gt(LINE_TOTAL_MAX))
    problems.push({ path: 'unit_sell_price', message: QUOTE_TEXT.lineRevenueTooLarge });
  if (new Big(lineCost(l)).gt(LINE_TOTAL_MAX))
    problems.push({ path: 'unit_cost', message: QUOTE_TEXT.lineCostTooLarge });
  return problems;
}

/** Optional text: missing, null or blank is null; else trimmed, at most `max` characters. */
const optText = (max: number) =>
  z
    .union([z.string(), z.null()])
    .optional()
    .transform((v) => (v === null || v === undefined || v.trim() === '' ? null : v.trim()))
    .pipe(z.string().max(max, `Must be at most ${max} characters.`).nullable());

/** A note kept as typed (line breaks and spacing), blank as null. */
const optNote = (max: number) =>
  z
    .union([z.string(), z.null()])
    .optional()
    .transform((v) => (v === null || v === undefined || v.trim() === '' ? null : v))
    .pipe(z.string().max(max, `Must be at most ${max} characters.`).nullable());

const rowId = z
  .union([z.number().int().positive().max(Number.MAX_SAFE_INTEGER), z.null()])
  .optional()
  .transform((v) => v ?? null);

/** A Product line's product (spec 3 section 3). */
export const ProductInput = z.object({
  /** The catalogue item (work_items.id); null while none is chosen. */
  work_item_id: rowId,
  product_code: optText(QUOTE_LIMITS.productText),
  supplier_name: optText(QUOTE_LIMITS.productText),
  order_status: z
    .enum(ORDER_STATUSES, { error: 'Choose an order status from the list.' })
    .optional()
    .transform((v) => v ?? 'Unknown'),
  company_purchase_order_reference: optText(QUOTE_LIMITS.productText),
  eta: z
    .union([z.string(), z.null()])
    .optional()
    .transform((v) => (v ? v.trim() : null))
    .refine((v) => v === null || isCalendarDate(v), { error: 'The ETA must be a date (YYYY-MM-DD).' }),
  consignment_tracking_link: z
    .union([z.string(), z.null()])
    .optional()
    .transform((v) => (v && v.trim() ? v.trim() : null))
    .pipe(
      z
        .url({ protocol: /^https?$/, error: 'The tracking link must be a web address (http or https).' })
        .max(QUOTE_LIMITS.link, `Must be at most ${QUOTE_LIMITS.link} characters.`)
        .nullable(),
    ),
});
export type ProductInput = z.input<typeof ProductInput>;
export type ProductData = z.output<typeof ProductInput>;

/**
 * A line item as saved (spec 3 sections 3 and 5). `id` is the stored line's id (kept on save),
 * null for a new line. A Product line always has a product (an empty one when none is sent);
 * other categories have none.
 */
export const LineItemInput = z
  .object({
    id: rowId,
    category: z.enum(LINE_CATEGORIES, { error: 'Choose a category from the list.' }),
    description: z
      .string({ error: QUOTE_TEXT.descriptionRequired })
      .trim()
      .min(1, { error: QUOTE_TEXT.descriptionRequired, abort: true })
      .max(QUOTE_LIMITS.description, `Must be at most ${QUOTE_LIMITS.description} characters.`),
    long_description: optNote(QUOTE_LIMITS.longDescription.Product),
    general_notes: optNote(QUOTE_LIMITS.generalNotes.Product),
    supplied_by: z.enum(SUPPLIED_BY, { error: 'Choose who supplies it from the list.' }),
    quantity: quantityField(),
    unit_sell_price: priceField('unit sell price'),
    unit_cost: priceField('unit cost'),
    product: ProductInput.nullable().optional(),
  })
  .superRefine((v, ctx) => {
    const longMax = longDescriptionMax(v.category);
    if (v.long_description && v.long_description.length > longMax)
      ctx.addIssue({ code: 'custom', path: ['long_description'], message: `Must be at most ${longMax} characters.` });
    const notesMax = generalNotesMax(v.category);
    if (v.general_notes && v.general_notes.length > notesMax)
      ctx.addIssue({ code: 'custom', path: ['general_notes'], message: `Must be at most ${notesMax} characters.` });
    for (const { path, message } of lineTotalProblems(v)) ctx.addIssue({ code: 'custom', path: [path], message });
  })
  .transform((v) => ({
    ...v,
    product: v.category === 'Product' ? (v.product ?? ProductInput.parse({})) : null,
  }));
export type LineItemInput = z.input<typeof LineItemInput>;
export type LineItemData = z.output<typeof LineItemInput>;

export const SectionInput = z.object({
  id: rowId,
  name: z
    .union([z.string(), z.null()])
    .optional()
    .transform((v) => (v ?? '').trim())
    .pipe(z.string().max(QUOTE_LIMITS.sectionName, `Must be at most ${QUOTE_LIMITS.sectionName} characters.`)),
  note: optNote(QUOTE_LIMITS.sectionNote),
  line_items: z
    .array(LineItemInput)
    .max(QUOTE_LIMITS.lineItems, `A section may have at most ${QUOTE_LIMITS.lineItems} line items.`),
});
export type SectionInput = z.input<typeof SectionInput>;
export type SectionData = z.output<typeof SectionInput>;

/**
 * PUT .../quotes/:quoteId: the whole quote as the editor holds it, sections and their items in
 * order; `version` is the version the editor loaded (a different stored one is a 409).
 */
export const QuoteSaveInput = z.object({
  version: z.number({ error: 'The version is required.' }).int().min(1),
  note: optNote(QUOTE_LIMITS.note),
  sections: z
    .array(SectionInput)
    .max(QUOTE_LIMITS.sections, `A quote may have at most ${QUOTE_LIMITS.sections} sections.`)
    .refine((sections) => sections.reduce((n, s) => n + s.line_items.length, 0) <= QUOTE_LIMITS.quoteLineItems, {
      error: `A quote may have at most ${QUOTE_LIMITS.quoteLineItems} line items.`,
    }),
});
export type QuoteSaveInput = z.input<typeof QuoteSaveInput>;
export type QuoteSaveData = z.output<typeof QuoteSaveInput>;

/** POST .../quotes/:quoteId/status: the new status; a Rejected one keeps the reason. */
export const QuoteStatusInput = z.object({
  status: z.enum(QUOTE_STATUSES, { error: 'Choose a status from the list.' }),
  reason: optNote(QUOTE_LIMITS.reason),
});
export type QuoteStatusInput = z.input<typeof QuoteStatusInput>;

// ---- the editor's rules (spec 3 sections 3 and 4) ----

/** An empty product object (choosing Product as the category). */
export const emptyProduct = (): ProductData => ({
  work_item_id: null,
  product_code: null,
  supplier_name: null,
  order_status: 'Unknown',
  company_purchase_order_reference: null,
  eta: null,
  consignment_tracking_link: null,
});

/** A line item in the editor (the input's shape, amounts as strings). */
export type LineItemDraft = {
  id?: number | null;
  category: LineCategory;
  description: string;
  long_description: string | null;
  general_notes: string | null;
  supplied_by: SuppliedBy;
  quantity: string;
  unit_sell_price: string;
  unit_cost: string;
  product: ProductData | null;
};
export type SectionDraft<L extends { id?: number | null } = LineItemDraft> = {
  id?: number | null;
  name: string;
  note: string | null;
  line_items: L[];
};

/** A new line item (spec 3 section 3): Service, Company, quantity 1, sell 1, cost 0. */
export const newLineItem = (): LineItemDraft => ({
  id: null,
  category: 'Service',
  description: '',
  long_description: null,
  general_notes: null,
  supplied_by: 'Company',
  quantity: '1',
  unit_sell_price: '1.00',
  unit_cost: '0.00',
  product: null,
});

/** A line added after `prev`: its supplied_by, and its category unless that was Product (then Service). */
export function newLineItemAfter(prev: Pick<LineItemDraft, 'category' | 'supplied_by'> | null | undefined) {
  const item = newLineItem();
  if (!prev) return item;
  return { ...item, supplied_by: prev.supplied_by, category: prev.category === 'Product' ? 'Service' : prev.category };
}

/** A new section: empty name, no items, empty note. */
export const newSection = (): SectionDraft => ({ id: null, name: '', note: null, line_items: [] });

export const CLONE_SUFFIX = ' [CLONE]';

/** Copying a section: the same content with ' [CLONE]' after the name, and no ids (new rows when saved). */
export function cloneSection<L extends { id?: number | null }>(section: SectionDraft<L>): SectionDraft<L> {
  return {
    id: null,
    name: `${section.name}${CLONE_SUFFIX}`,
    note: section.note,
    line_items: section.line_items.map((l) => ({ ...(JSON.parse(JSON.stringify(l)) as L), id: null })),
  };
}

/**
 * Changing a line's category: Product gets an (empty) product object, the others lose it
 * (spec 3 section 4).
 */
export const withCategory = <L extends Pick<LineItemDraft, 'category' | 'product'>>(
  line: L,
  category: LineCategory,
) => ({
  ...line,
  category,
  product: category === 'Product' ? (line.product ?? emptyProduct()) : null,
});

/** The product picker's label: item code, name and supplier joined by ' | ' (blanks left out). */
export const productLabel = (
  p: { item_code?: string | null; name?: string | null; supplier_name?: string | null } | null,
) =>
  p
    ? [p.item_code, p.name, p.supplier_name].filter((x) => !!x && x.trim() !== '').join(' | ')
    : QUOTE_TEXT.unknownProduct;

// ---- views ----

/** A quote in the revision dropdown: code (with its revision) and status. */
export const QuoteSummary = z.object({
  id: z.number().int(),
  /** As shown: 'Q-PRJ-00012-1', 'Q-PRJ-00012-1 R2'. */
  code: z.string(),
  revision: z.number().int(),
  status: z.enum(QUOTE_STATUSES),
  /** ISO 8601 instant. */
  updated_at: z.string(),
});
export type QuoteSummary = z.infer<typeof QuoteSummary>;

/** The project a quote screen is about: its code and title name it (breadcrumb, header). */
export const QuoteProject = z.object({ id: z.number().int(), code: z.string(), title: z.string() });
export type QuoteProject = z.infer<typeof QuoteProject>;

/** A project's quotes for the revision dropdown, with the project (named even before it has a quote). */
export const QuoteList = z.object({ project: QuoteProject, items: z.array(QuoteSummary) });
export type QuoteList = z.infer<typeof QuoteList>;

const nullableAmount = z.string().nullable();

export const ProductView = z.object({
  work_item_id: z.number().int().nullable(),
  /** The catalogue item's name, code and supplier (null when none is linked). */
  work_item: z
    .object({
      id: z.number().int(),
      name: z.string(),
      item_code: z.string().nullable(),
      supplier_name: z.string().nullable(),
    })
    .nullable(),
  product_code: z.string().nullable(),
  supplier_name: z.string().nullable(),
  order_status: z.enum(ORDER_STATUSES),
  company_purchase_order_reference: z.string().nullable(),
  /** 'YYYY-MM-DD'. */
  eta: z.string().nullable(),
  consignment_tracking_link: z.string().nullable(),
});
export type ProductView = z.infer<typeof ProductView>;

/**
 * A line item as shown. Amounts are decimal strings (quantity with 3 decimals, money with 2).
 * For a viewer who is not staff, `general_notes`, `unit_cost` and the cost and profit figures
 * are null: internal, never sent.
 */
export const LineItemView = z.object({
  id: z.number().int(),
  position: z.number().int(),
  category: z.enum(LINE_CATEGORIES),
  description: z.string(),
  long_description: z.string().nullable(),
  general_notes: z.string().nullable(),
  supplied_by: z.enum(SUPPLIED_BY),
  quantity: z.string(),
  unit_sell_price: z.string(),
  unit_cost: nullableAmount,
  product: ProductView.nullable(),
  totals: z.object({
    revenue: z.string(),
    cost: nullableAmount,
    profit: nullableAmount,
    profit_percent: nullableAmount,
  }),
});
export type LineItemView = z.infer<typeof LineItemView>;

/** A section's or a quote's figures; cost, profit and percentages null for a viewer who is not staff. */
export const TotalsView = z.object({
  revenue: z.string(),
  cost: nullableAmount,
  gross_profit: nullableAmount,
  /** Gross profit / cost x 100 (markup, the primary reading); null = '-'. */
  profit_percent: nullableAmount,
  /** Gross profit / revenue x 100 (margin); null = '-'. */
  margin_percent: nullableAmount,
});
export type TotalsView = z.infer<typeof TotalsView>;

export const SectionView = z.object({
  id: z.number().int(),
  name: z.string(),
  note: z.string().nullable(),
  position: z.number().int(),
  line_items: z.array(LineItemView),
  totals: TotalsView,
});
export type SectionView = z.infer<typeof SectionView>;

export const QuoteAbilities = z.object({
  /** Save (note, sections, items): staff, Draft only. */
  edit: z.boolean(),
  change_status: z.boolean(),
  delete: z.boolean(),
  revise: z.boolean(),
});
export type QuoteAbilities = z.infer<typeof QuoteAbilities>;

export const QuoteView = z.object({
  id: z.number().int(),
  code: z.string(),
  revision: z.number().int(),
  status: z.enum(QUOTE_STATUSES),
  /** The rejection reason (Rejected only). */
  reason: z.string().nullable(),
  note: z.string().nullable(),
  /** Sent back with a save; a save of an older version is refused (409). */
  version: z.number().int(),
  /** ISO 8601 instant; shown as 'h:mma - DD/MM/YY'. */
  updated_at: z.string(),
  project: QuoteProject,
  /** Whether another quote of the project is Accepted (statusOptions' second argument). */
  other_accepted: z.boolean(),
  /** Sent to the client's users (ISO 8601 instant) and by whom; null until sent (issue 13 section 6). */
  sent_at: z.string().nullable(),
  sent_by_name: z.string().nullable(),
  /** The client's answer online: the decision, the typed name (Accepted) and when; null until answered. */
  client_decision: z.enum(['Accepted', 'Rejected']).nullable(),
  client_decision_name: z.string().nullable(),
  client_decision_at: z.string().nullable(),
  sections: z.array(SectionView),
  totals: TotalsView,
  abilities: QuoteAbilities,
});
export type QuoteView = z.infer<typeof QuoteView>;

/** What a viewer may do with a quote (the server refuses the same). */
export function quoteAbilities(role: Role, status: QuoteStatus): QuoteAbilities {
  const staff = isStaffRole(role);
  return {
    edit: staff && status === 'Draft',
    change_status: staff,
    delete: staff && isDeletableStatus(status),
    revise: staff,
  };
}

/** 'Last Updated' as shown (spec 3 section 2.1): h:mma - DD/MM/YY. */
export const LAST_UPDATED_FORMAT = 'h:mma - DD/MM/YY';

/** An instant (ISO 8601) as 'Last Updated' shows it, on the company's clock: '4:05pm - 24/11/26'. */
export function formatLastUpdated(iso: string | null | undefined): string {
  if (!iso) return '';
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const [day, time] = wallClockAt(at).split(' ') as [string, string];
  const [y, m, d] = day.split('-') as [string, string, string];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const hour = hh % 12 === 0 ? 12 : hh % 12;
  return `${hour}:${String(mm).padStart(2, '0')}${hh < 12 ? 'am' : 'pm'} - ${d}/${m}/${y.slice(2)}`;
}

/**
 * Which quote the screen selects after loading (spec 3 section 4): the Accepted one if there is
 * one, else the most recently updated quote that is not Void; null when there is none.
 */
export function initialQuoteId(items: readonly Pick<QuoteSummary, 'id' | 'status' | 'updated_at'>[]): number | null {
  const accepted = items.find((q) => q.status === 'Accepted');
  if (accepted) return accepted.id;
  const open = items
    .filter((q) => q.status !== 'Void')
    .sort((a, b) => Date.parse(b.updated_at) - Date.parse(a.updated_at) || b.id - a.id);
  return open[0]?.id ?? null;
}

export type { MoneyTotals, LineTotals };
