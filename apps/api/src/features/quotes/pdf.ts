import PDFDocument from 'pdfkit';
import { formatQuoteMoney, gstTotals, QUOTE_TERMS } from '@siteflow/core';
import type { QuoteDocument } from './export.js';

/**
 * The quote PDF (issue 13 section 2; spec 3 section 2.1 'Print PDF'): what the client receives.
 * The company's name and logo (when it has one), client, site, the quote's code, status and date,
 * each section with its items (description, qty, unit price, total ex. GST) and subtotal, the totals
 * (ex. GST, GST 10 %, incl. GST), the quote notes, the T&Cs and 'Page X of Y' on every page.
 * Never costs, profit or general notes: they are not read here at all.
 */

export type PdfBranding = { companyName: string; logo: Buffer | null; date: string };

const MARGIN = 50;
const COLS = { description: MARGIN, qty: 330, unit: 390, total: 470, end: 545 };

export function quotePdf(doc: QuoteDocument, brand: PdfBranding): Promise<Buffer> {
  const { quote } = doc;
  const pdf = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN + 20, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: { Title: `Quote ${quote.code}`, Author: brand.companyName },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  const bottom = () => pdf.page.height - pdf.page.margins.bottom;
  const ensure = (height: number) => {
    if (pdf.y + height > bottom()) pdf.addPage();
  };
  const width = COLS.end - MARGIN;

  // Header: logo (if any) and the company's name.
  let top = pdf.y;
  if (brand.logo) {
    try {
      pdf.image(brand.logo, MARGIN, top, { fit: [120, 60] });
      top += 70;
    } catch {
      // An image pdfkit cannot read is left out; the name is enough.
    }
  }
  pdf.font('Helvetica-Bold').fontSize(18).text(brand.companyName, MARGIN, top, { width });
  pdf.moveDown(0.5);
  pdf.font('Helvetica-Bold').fontSize(14).text(`Quote ${quote.code}`);
  pdf.font('Helvetica').fontSize(10);
  pdf.text(`Status: ${quote.status}`);
  pdf.text(`Date: ${brand.date}`);
  pdf.text(`Project: ${quote.project.code} ${quote.project.title}`);
  pdf.text(`Client: ${doc.client}`);
  if (doc.site) pdf.text(`Site: ${doc.site}`);
  pdf.moveDown();

  const row = (cells: [string, string, string, string], font = 'Helvetica') => {
    pdf.font(font).fontSize(9);
    const h = Math.max(pdf.heightOfString(cells[0], { width: COLS.qty - COLS.description - 8 }), 11);
    ensure(h + 4);
    const y = pdf.y;
    pdf.text(cells[0], COLS.description, y, { width: COLS.qty - COLS.description - 8 });
    pdf.text(cells[1], COLS.qty, y, { width: COLS.unit - COLS.qty - 4, align: 'right' });
    pdf.text(cells[2], COLS.unit, y, { width: COLS.total - COLS.unit - 4, align: 'right' });
    pdf.text(cells[3], COLS.total, y, { width: COLS.end - COLS.total, align: 'right' });
    pdf.x = MARGIN;
    pdf.y = y + h + 4;
  };

  for (const s of quote.sections) {
    ensure(50);
    pdf
      .font('Helvetica-Bold')
      .fontSize(11)
      .text(s.name || 'Section', MARGIN, pdf.y, { width });
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
  ensure(60);
  row(['Total ex. GST', '', '', formatQuoteMoney(gst.ex_gst)], 'Helvetica-Bold');
  row(['GST (10%)', '', '', formatQuoteMoney(gst.gst)], 'Helvetica-Bold');
  row(['Total incl. GST', '', '', formatQuoteMoney(gst.inc_gst)], 'Helvetica-Bold');

  if (quote.note) {
    pdf.moveDown();
    ensure(40);
    pdf.font('Helvetica-Bold').fontSize(11).text('Notes', MARGIN, pdf.y, { width });
    pdf.font('Helvetica').fontSize(9).text(quote.note, { width });
  }
  pdf.moveDown();
  ensure(40);
  pdf.font('Helvetica-Bold').fontSize(11).text('Terms & Conditions', MARGIN, pdf.y, { width });
  pdf.font('Helvetica').fontSize(9);
  for (const t of QUOTE_TERMS) pdf.text(`- ${t}`, { width });

  // Page numbers, once every page exists.
  const range = pdf.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    pdf.switchToPage(i);
    const y = pdf.page.height - MARGIN;
    pdf.page.margins.bottom = 0;
    pdf
      .font('Helvetica')
      .fontSize(8)
      .text(`Page ${i + 1} of ${range.count}`, MARGIN, y, { width, align: 'center' });
  }
  pdf.end();
  return done;
}

/** A quantity without trailing zeros ('12.125', '1.5', '3'). */
const trimQty = (q: string) => (q.includes('.') ? q.replace(/\.?0+$/, '') : q);
