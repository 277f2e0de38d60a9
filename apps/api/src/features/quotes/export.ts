import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { gstTotals, neutraliseCell, SYSTEM_CSV_COLUMNS, type QuoteView, type SystemCsvColumn } from '@siteflow/core';
import type { Actor } from '../../platform/context.js';
import type { Tx } from '../../platform/db/client.js';
import { quoteView } from './view.js';

/**
 * A quote's exports (issue 13 section 2; spec 3 section 7): the System Friendly CSV (staff only,
 * every field, re-imported by import.ts) and the Client Friendly XLSX (what a client may see:
 * descriptions, quantities, sell prices and totals; never costs, profit or general notes).
 * Both neutralise text cells a spreadsheet would run as a formula (core's neutraliseCell).
 */

/** A quote with what its documents show about the project: client, site address. */
export type QuoteDocument = { quote: QuoteView; client: string; site: string };

/** The quote as the actor sees it (404 when not), with its project's client and site address. */
export async function quoteDocument(tx: Tx, actor: Actor, projectId: number, quoteId: number): Promise<QuoteDocument> {
  const quote = await quoteView(tx, actor, projectId, quoteId);
  const { rows } = await tx.execute<{ client: string; site: string }>(sql`
    select p.client_name as client, concat_ws(', ', nullif(p.street, ''), nullif(concat_ws(' ', nullif(p.suburb, ''),
      nullif(p.state, ''), nullif(p.postcode, '')), '')) as site
    from projects p where p.id = ${projectId}`);
  return { quote, client: rows[0]?.client ?? '', site: rows[0]?.site ?? '' };
}

// ---- System Friendly CSV ----

/** The rows of the System Friendly CSV (before neutralising): one per line item, an empty section one row. */
export function systemCsvRows(quote: QuoteView): Record<SystemCsvColumn, string>[] {
  const rows: Record<SystemCsvColumn, string>[] = [];
  const blank = Object.fromEntries(SYSTEM_CSV_COLUMNS.map((c) => [c, ''])) as Record<SystemCsvColumn, string>;
  quote.sections.forEach((s, si) => {
    const section = { ...blank, section_position: String(si + 1), section_name: s.name, section_note: s.note ?? '' };
    if (!s.line_items.length) rows.push(section);
    s.line_items.forEach((l, li) => {
      const p = l.product;
      rows.push({
        ...section,
        item_position: String(li + 1),
        category: l.category,
        description: l.description,
        long_description: l.long_description ?? '',
        general_notes: l.general_notes ?? '',
        supplied_by: l.supplied_by,
        quantity: l.quantity,
        unit_sell_price: l.unit_sell_price,
        unit_cost: l.unit_cost ?? '',
        work_item_id: p?.work_item_id ? String(p.work_item_id) : '',
        product_code: p?.product_code ?? '',
        supplier_name: p?.supplier_name ?? '',
        order_status: p ? p.order_status : '',
        company_purchase_order_reference: p?.company_purchase_order_reference ?? '',
        eta: p?.eta ?? '',
        consignment_tracking_link: p?.consignment_tracking_link ?? '',
      });
    });
  });
  if (rows.length) rows[0]!.quote_note = quote.note ?? '';
  return rows;
}

/** The System Friendly CSV: a header row, then systemCsvRows with every cell neutralised; UTF-8, CRLF. */
export function systemCsv(quote: QuoteView): Buffer {
  const rows = systemCsvRows(quote).map((r) => SYSTEM_CSV_COLUMNS.map((c) => neutraliseCell(r[c])));
  return Buffer.from(
    stringify([[...SYSTEM_CSV_COLUMNS], ...rows], { record_delimiter: 'windows', quoted_match: /[\s\S]/ }),
    'utf8',
  );
}

// ---- Client Friendly XLSX ----

export const CURRENCY_FORMAT = '$#,##0.00';
const QUANTITY_FORMAT = '#,##0.###';

/**
 * The Client Friendly XLSX: the title, code, client and site; then per section a header row, its
 * items (Item / Description, Qty, Unit Sell Price, Total ex. GST) and a subtotal row; then the
 * quote total ex. GST, GST (10 %) and the total incl. GST. Amounts are number cells with the
 * currency format; the column header row is frozen. Costs, profit and general notes are never in it.
 */
export async function clientXlsx(doc: QuoteDocument, companyName: string): Promise<Buffer> {
  const { quote } = doc;
  const book = new ExcelJS.Workbook();
  book.creator = companyName;
  const sheet = book.addWorksheet('Quote');
  sheet.columns = [{ width: 60 }, { width: 12 }, { width: 18 }, { width: 20 }];
  const text = (v: string) => neutraliseCell(v);
  const money = (v: string) => Number(v);

  sheet.addRow([text(`${companyName} - Quote`)]).font = { bold: true, size: 14 };
  sheet.addRow(['Quote', text(quote.code)]);
  sheet.addRow(['Client', text(doc.client)]);
  sheet.addRow(['Site', text(doc.site)]);
  sheet.addRow([]);
  const header = sheet.addRow(['Item / Description', 'Qty', 'Unit Sell Price', 'Total ex. GST']);
  header.font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: header.number }];

  const moneyCells = (row: ExcelJS.Row, ...cols: number[]) => {
    for (const c of cols) row.getCell(c).numFmt = CURRENCY_FORMAT;
  };
  for (const s of quote.sections) {
    const title = sheet.addRow([text(s.name || 'Section')]);
    title.font = { bold: true };
    for (const l of s.line_items) {
      const row = sheet.addRow([
        text(l.long_description ? `${l.description}\n${l.long_description}` : l.description),
        Number(l.quantity),
        money(l.unit_sell_price),
        money(l.totals.revenue),
      ]);
      row.getCell(1).alignment = { wrapText: true, vertical: 'top' };
      row.getCell(2).numFmt = QUANTITY_FORMAT;
      moneyCells(row, 3, 4);
    }
    const subtotal = sheet.addRow([text(`${s.name || 'Section'} subtotal`), null, null, money(s.totals.revenue)]);
    subtotal.font = { italic: true };
    moneyCells(subtotal, 4);
  }
  sheet.addRow([]);
  const gst = gstTotals(quote.totals.revenue);
  const total = (label: string, v: string) => {
    const row = sheet.addRow([label, null, null, money(v)]);
    row.font = { bold: true };
    moneyCells(row, 4);
  };
  total('Total ex. GST', gst.ex_gst);
  total('GST (10%)', gst.gst);
  total('Total incl. GST', gst.inc_gst);
  return Buffer.from(await book.xlsx.writeBuffer());
}
