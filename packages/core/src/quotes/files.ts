import Big from 'big.js';
import { z } from 'zod';
import { cents, dec, type Amount } from './money.js';
import { IMPORT_PERIODS, DEFAULT_IMPORT_PERIOD } from './quotes.js';

/**
 * A quote's files (issue 13 section 2; spec 3 sections 2.1, 7, 8, 9): the System Friendly CSV
 * (export and re-import), the Client Friendly XLSX, the PDF, and importing by cloning another
 * quote. Texts are the spec's verbatim; the ones it leaves open are ours (docs/decisions.md, "Quotes").
 */
export const QUOTE_FILE_TEXT = {
  // Export modal (spec 3 section 2.1)
  exportTitle: 'Export Quote',
  systemFriendly: 'System Friendly',
  clientFriendly: 'Client Friendly',
  export: 'Export',
  // Import modal (spec 3 section 2.1)
  importTitle: 'Import Quote',
  cloneExisting: 'Clone Existing Quotation',
  chooseFile: 'Choose A File To Import',
  sectionsHint: 'If no sections are selected, all sections will be imported.',
  importAttach: 'Import & Attach',
  importCreate: 'Import & Create New Quote',
  import: 'Import',
  cancel: 'Cancel',
  dropzone: 'Click to choose a .csv file',
  // Dialogs (spec 3 section 8)
  importedTitle: 'Imported Quote!',
  importedFile: 'Your quote was successfully imported!',
  attachedTitle: 'Sections Attached!',
  attached: 'Your section/s were successfully attached to the bottom of your current quote!',
  /** The spec gives both spellings: the file import's title, and the clone's (cloneFailedTitle). */
  importFailedTitle: 'Import Quote Failed!',
  cloneFailedTitle: 'Import Quote failed!',
  importFailed: 'Failed to import quote, please try again later',
  // Ours (the spec gives no text for these).
  onlyCsv: 'Only .csv files can be imported.',
  badFile: 'The file could not be read as a System Friendly CSV export.',
  missingColumns: 'The file is missing these columns:',
  emptyFile: 'The file has no sections.',
  badRows: 'Some rows of the file are not valid.',
  unknownSection: 'This section is not part of the chosen quote.',
  tooLarge: 'The file is too large (at most 16 MB).',
} as const;

/** 'Your quote: {code} was successfully imported!' (spec 3 section 8, clone). */
export const importedCloneText = (code: string) => `Your quote: ${code} was successfully imported!`;

/** The files' names (spec 3 section 7). */
export const systemCsvName = (code: string) => `${code}_SYSTEM.csv`;
export const clientXlsxName = (code: string) => `${code}_CLIENT.xlsx`;

/**
 * The System Friendly CSV's columns, in order: one row per line item (a section without items is
 * one row with the item columns empty). Positions are 1-based; the quote note is on the first row
 * only. Everything a save takes is here, general notes and costs included: the file is for staff.
 */
export const SYSTEM_CSV_COLUMNS = [
  'section_position',
  'section_name',
  'section_note',
  'item_position',
  'category',
  'description',
  'long_description',
  'general_notes',
  'supplied_by',
  'quantity',
  'unit_sell_price',
  'unit_cost',
  'work_item_id',
  'product_code',
  'supplier_name',
  'order_status',
  'company_purchase_order_reference',
  'eta',
  'consignment_tracking_link',
  'quote_note',
] as const;
export type SystemCsvColumn = (typeof SYSTEM_CSV_COLUMNS)[number];

/** What a spreadsheet would run as a formula (or a DDE payload) when a cell starts with it. */
const DANGEROUS_START = /^[=+\-@\t\r]/;

/**
 * A text cell made safe for a spreadsheet: one starting with = + - @ tab or CR gets a single quote
 * in front, so that Excel, LibreOffice and Sheets show it as text instead of running it. A text
 * that already starts with a single quote gets one more, so that restoreCell gives back exactly
 * what was written (export then import is identical).
 */
export const neutraliseCell = (value: string): string =>
  DANGEROUS_START.test(value) || value.startsWith("'") ? `'${value}` : value;

/** The inverse of neutraliseCell (the CSV import): one leading single quote is removed. */
export const restoreCell = (value: string): string => (value.startsWith("'") ? value.slice(1) : value);

/** GST (Australia): 10 % of the quote total ex. GST, to the cent (half up). */
export const GST_RATE = '0.1';
export function gstTotals(exGst: Amount): { ex_gst: string; gst: string; inc_gst: string } {
  const ex = new Big(cents(dec(exGst)));
  const gst = new Big(cents(ex.times(GST_RATE)));
  return { ex_gst: ex.toFixed(2), gst: gst.toFixed(2), inc_gst: ex.plus(gst).toFixed(2) };
}

const idList = z
  .array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER), { error: 'Choose sections from the list.' })
  .max(1000)
  .optional()
  .transform((v) => [...new Set(v ?? [])]);

/**
 * POST .../quotes/import-clone and .../quotes/:quoteId/attach-sections: the quote to copy from
 * and which of its sections (none = all of them).
 */
export const QuoteCloneInput = z.object({
  quote_id: z.number({ error: 'Choose a quote to import.' }).int().positive().max(Number.MAX_SAFE_INTEGER),
  sections: idList,
});
export type QuoteCloneInput = z.input<typeof QuoteCloneInput>;

const PERIOD_IDS = IMPORT_PERIODS.map((p) => p.id) as [string, ...string[]];

/** GET /api/quotes/importable: the import modal's filters (spec 3 sections 2.1, 7, 9). */
export const ImportableQuery = z.object({
  client: z
    .uuid({ error: 'Choose a client from the list.' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  project: z.coerce
    .number()
    .int()
    .positive()
    .max(Number.MAX_SAFE_INTEGER)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Tag ids, comma separated (a quote's project has any of them). */
  tags: z
    .string()
    .optional()
    .transform((v) =>
      v
        ? v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : [],
    )
    .pipe(z.array(z.uuid({ error: 'Choose tags from the list.' })).max(100)),
  period: z
    .enum(PERIOD_IDS, { error: 'Choose a period from the list.' })
    .optional()
    .transform((v) => v ?? DEFAULT_IMPORT_PERIOD),
});
export type ImportableQuery = z.input<typeof ImportableQuery>;

/** How many quotes the picker lists (the newest first). */
export const IMPORTABLE_LIMIT = 50;

export const ImportableQuote = z.object({
  id: z.number().int(),
  code: z.string(),
  project: z.object({ id: z.number().int(), code: z.string(), title: z.string() }),
  client: z.object({ id: z.string(), trading_name: z.string() }),
  /** ISO 8601 instant. */
  updated_at: z.string(),
  sections: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type ImportableQuote = z.infer<typeof ImportableQuote>;
export const ImportableQuotes = z.object({ items: z.array(ImportableQuote) });
export type ImportableQuotes = z.infer<typeof ImportableQuotes>;

/** GET /api/quotes/importable/options: the filters' choices. */
export const ImportableOptions = z.object({
  clients: z.array(z.object({ id: z.string(), trading_name: z.string() })),
  projects: z.array(z.object({ id: z.number().int(), code: z.string(), title: z.string() })),
  tags: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type ImportableOptions = z.infer<typeof ImportableOptions>;

/** The quote picker's label: code, project code and title, client. */
export const importableLabel = (q: Pick<ImportableQuote, 'code' | 'project' | 'client'>) =>
  `${q.code} | ${q.project.code} ${q.project.title} | ${q.client.trading_name}`;
