import { formatQuoteMoney, gstTotals, QUOTE_TERMS } from '@siteflow/core';
import {
  brandHeader,
  contentWidth,
  createPdf,
  ensureSpace,
  heading,
  PDF_MARGIN,
  pageNumbers,
  tableRow,
  trimQty,
  type PdfBranding,
  type PdfColumn,
} from '../../platform/pdf.js';
import type { QuoteDocument } from './export.js';

/**
 * The quote PDF (issue 13 section 2; spec 3 section 2.1 'Print PDF'): what the client receives.
 * The company's name and logo (when it has one), client, site, the quote's code, status and date,
 * each section with its items (description, qty, unit price, total ex. GST) and subtotal, the totals
 * (ex. GST, GST 10 %, incl. GST), the quote notes, the T&Cs and 'Page X of Y' on every page.
 * Never costs, profit or general notes: they are not read here at all. The layout pieces are
 * platform/pdf.ts (shared with the agreements' PDFs).
 */

export type { PdfBranding } from '../../platform/pdf.js';

/** Description, Qty, Unit Price, Total ex. GST. */
const COLS: PdfColumn[] = [
  { x: PDF_MARGIN, width: 272 },
  { x: 330, width: 56, align: 'right' },
  { x: 390, width: 76, align: 'right' },
  { x: 470, width: 75, align: 'right' },
];

export function quotePdf(doc: QuoteDocument, brand: PdfBranding): Promise<Buffer> {
  const { quote } = doc;
  const { pdf, done } = createPdf({ title: `Quote ${quote.code}`, author: brand.companyName });
  const width = contentWidth(pdf);

  brandHeader(pdf, brand);
  pdf.font('Helvetica-Bold').fontSize(14).text(`Quote ${quote.code}`);
  pdf.font('Helvetica').fontSize(10);
  pdf.text(`Status: ${quote.status}`);
  pdf.text(`Date: ${brand.date}`);
  pdf.text(`Project: ${quote.project.code} ${quote.project.title}`);
  pdf.text(`Client: ${doc.client}`);
  if (doc.site) pdf.text(`Site: ${doc.site}`);
  pdf.moveDown();

  const row = (cells: [string, string, string, string], font = 'Helvetica') => tableRow(pdf, COLS, cells, { font });

  for (const s of quote.sections) {
    ensureSpace(pdf, 50);
    pdf
      .font('Helvetica-Bold')
      .fontSize(11)
      .text(s.name || 'Section', PDF_MARGIN, pdf.y, { width });
    if (s.note) pdf.font('Helvetica').fontSize(9).text(s.note, { width });
    pdf.moveDown(0.3);
    row(['Description', 'Qty', 'Unit Price', 'Total ex. GST'], 'Helvetica-Bold');
    for (const l of s.line_items) {
      const text = l.long_description ? `${l.description}\n${l.long_description}` : l.description;
      row([text, trimQty(l.quantity), formatQuoteMoney(l.unit_sell_price), formatQuoteMoney(l.totals.revenue)]);
    }
    row([`${s.name || 'Section'} subtotal`, '', '', formatQuoteMoney(s.totals.revenue)], 'Helvetica-Bold');
    pdf.moveDown(0.5);
  }

  const gst = gstTotals(quote.totals.revenue);
  ensureSpace(pdf, 60);
  row(['Total ex. GST', '', '', formatQuoteMoney(gst.ex_gst)], 'Helvetica-Bold');
  row(['GST (10%)', '', '', formatQuoteMoney(gst.gst)], 'Helvetica-Bold');
  row(['Total incl. GST', '', '', formatQuoteMoney(gst.inc_gst)], 'Helvetica-Bold');

  if (quote.note) {
    pdf.moveDown();
    heading(pdf, 'Notes');
    pdf.font('Helvetica').fontSize(9).text(quote.note, { width });
  }
  pdf.moveDown();
  heading(pdf, 'Terms & Conditions');
  pdf.font('Helvetica').fontSize(9);
  for (const t of QUOTE_TERMS) pdf.text(`- ${t}`, { width });

  pageNumbers(pdf);
  pdf.end();
  return done;
}
