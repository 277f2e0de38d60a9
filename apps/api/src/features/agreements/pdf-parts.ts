import { formatDate, formatDateTime, formatQuoteMoney, gstTotals, wallClockAt } from '@siteflow/core';
import { columns, contentWidth, heading, paragraph, tableRow, type Pdf } from '../../platform/pdf.js';
import type { AgreementDocument, AgreementDocumentSection } from './document.js';

/** The pieces the three agreement PDFs (pdf.ts, swms.ts) share. */

export const NO_SECTIONS = 'No sections are allocated to this agreement.';
export const sectionName = (s: AgreementDocumentSection) => s.name || 'Section';

/** A site wall-clock time ('2026-11-21 08:00') as '21/11/2026 8:00 am', the date alone at midnight. */
export const siteTime = (v: string | null) =>
  !v ? '' : v.endsWith(' 00:00') ? formatDate(v.slice(0, 10)) : formatDateTime(v);
export const instant = (v: string) => formatDateTime(wallClockAt(new Date(v)));
export const joined = (...parts: (string | null | undefined)[]) => parts.filter((p) => p && p.trim()).join(', ');
export const gap = (pdf: Pdf, lines = 0.6) => pdf.moveDown(lines);

export function contractTotals(pdf: Pdf, doc: AgreementDocument) {
  const gst = gstTotals(doc.total);
  const width = contentWidth(pdf);
  const cols = columns([width - 120, [120, 'right']]);
  for (const [label, value] of [
    ['Total contract price ex. GST', gst.ex_gst],
    ['GST (10%)', gst.gst],
    ['Total contract price incl. GST', gst.inc_gst],
  ] as const)
    tableRow(pdf, cols, [label, formatQuoteMoney(value)], { font: 'Helvetica-Bold', size: 10 });
}

export function notes(pdf: Pdf, doc: AgreementDocument) {
  if (!doc.agreement.notes) return;
  gap(pdf);
  heading(pdf, 'Notes');
  paragraph(pdf, doc.agreement.notes);
}

/** The items a work step lists: services and other work (products are supplied, not a step). */
export const workItems = (s: AgreementDocumentSection) => s.items.filter((i) => i.category !== 'Product');
