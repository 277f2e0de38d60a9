import PDFDocument from 'pdfkit';

/**
 * The layout pieces the API's PDFs share (pdfkit; the quote PDF, the agreements' SWMS, SOW and
 * JA): an A4 document buffered to the end, the company header (logo and name), table rows that
 * wrap and break pages, label/value lines and 'Page X of Y' on every page once all pages exist.
 */

/** What a PDF shows of the company: its name, its logo (when it has one) and the document's date. */
export type PdfBranding = { companyName: string; logo: Buffer | null; date: string };

export const PDF_MARGIN = 50;

export type Pdf = PDFKit.PDFDocument;

/** A new A4 document (portrait or landscape) and the promise of its bytes once `pdf.end()` is called. */
export function createPdf(opts: { title: string; author: string; landscape?: boolean }): {
  pdf: Pdf;
  done: Promise<Buffer>;
} {
  const pdf = new PDFDocument({
    size: 'A4',
    layout: opts.landscape ? 'landscape' : 'portrait',
    margins: { top: PDF_MARGIN, bottom: PDF_MARGIN + 20, left: PDF_MARGIN, right: PDF_MARGIN },
    bufferPages: true,
    info: { Title: opts.title, Author: opts.author },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  return { pdf, done };
}

/** The width between the margins. */
export const contentWidth = (pdf: Pdf) => pdf.page.width - pdf.page.margins.left - pdf.page.margins.right;

/** A new page when `height` more points would run into the bottom margin. */
export function ensureSpace(pdf: Pdf, height: number) {
  if (pdf.y + height > pdf.page.height - pdf.page.margins.bottom) pdf.addPage();
}

/** The logo (if any, and readable) and the company's name at the top of the first page. */
export function brandHeader(pdf: Pdf, brand: PdfBranding) {
  let top = pdf.y;
  if (brand.logo) {
    try {
      pdf.image(brand.logo, PDF_MARGIN, top, { fit: [120, 60] });
      top += 70;
    } catch {
      // An image pdfkit cannot read is left out; the name is enough.
    }
  }
  pdf
    .font('Helvetica-Bold')
    .fontSize(18)
    .text(brand.companyName, PDF_MARGIN, top, { width: contentWidth(pdf) });
  pdf.moveDown(0.5);
}

/** A heading at the left margin, kept with at least `keep` points of what follows. */
export function heading(pdf: Pdf, text: string, size = 11, keep = 40) {
  ensureSpace(pdf, keep);
  pdf
    .font('Helvetica-Bold')
    .fontSize(size)
    .text(text, PDF_MARGIN, pdf.y, { width: contentWidth(pdf) });
}

/** 'Label: value' lines (label in bold); lines whose value is empty are left out. */
export function fields(pdf: Pdf, rows: readonly [string, string | null | undefined][], size = 10) {
  for (const [label, value] of rows) {
    if (!value) continue;
    ensureSpace(pdf, size + 4);
    pdf
      .font('Helvetica-Bold')
      .fontSize(size)
      .text(`${label}: `, PDF_MARGIN, pdf.y, {
        continued: true,
        width: contentWidth(pdf),
      });
    pdf.font('Helvetica').text(value);
  }
}

/** Plain paragraph text across the page. */
export function paragraph(pdf: Pdf, text: string, size = 9, font = 'Helvetica') {
  pdf.font(font).fontSize(size);
  ensureSpace(pdf, Math.min(pdf.heightOfString(text, { width: contentWidth(pdf) }), 60));
  pdf.text(text, PDF_MARGIN, pdf.y, { width: contentWidth(pdf) });
}

export type PdfColumn = { x: number; width: number; align?: 'left' | 'right' | 'center' };

export type RowOptions = {
  font?: string;
  size?: number;
  /** Draw each cell's box (a grid), with this fill behind the row when given. */
  border?: boolean;
  fill?: string;
  /** A fill per cell (a bordered row), over `fill`: a risk rating's colour. */
  fills?: readonly (string | undefined)[];
  /** A row at least this tall (a blank row to write in by hand). */
  minHeight?: number;
  /** Drawn again at the top of a new page when this row does not fit (a table's column headings). */
  repeat?: () => void;
};

const PAD = 3;

/**
 * One table row: each cell wraps in its column, the row is as tall as its tallest cell and moves
 * to a new page whole when it does not fit (drawing `repeat`, the header row, there first). A row
 * taller than a whole page (a long description) is split by lines across pages instead.
 */
export function tableRow(pdf: Pdf, cols: readonly PdfColumn[], cells: readonly string[], opts: RowOptions = {}) {
  const { font = 'Helvetica', size = 9, border = false } = opts;
  const pad = border ? PAD : 0;
  pdf.font(font).fontSize(size);
  const h = rowHeight(pdf, cols, cells, pad, opts.minHeight ?? 0, size);
  const bottom = () => pdf.page.height - pdf.page.margins.bottom;
  const newPage = () => {
    pdf.addPage();
    opts.repeat?.();
    pdf.font(font).fontSize(size);
  };
  if (pdf.y + h + 4 > bottom()) {
    const fullPage = bottom() - pdf.page.margins.top - 40;
    if (h <= fullPage) newPage();
    else return splitRow(pdf, cols, cells, opts, pad, newPage, bottom);
  }
  drawRow(pdf, cols, cells, opts, pad, h);
}

function rowHeight(
  pdf: Pdf,
  cols: readonly PdfColumn[],
  cells: readonly string[],
  pad: number,
  min: number,
  size: number,
) {
  const heights = cols.map((c, i) => pdf.heightOfString(cells[i] || ' ', { width: c.width - 2 * pad }));
  return Math.max(...heights, min, size + 2) + 2 * pad;
}

function drawRow(
  pdf: Pdf,
  cols: readonly PdfColumn[],
  cells: readonly string[],
  opts: RowOptions,
  pad: number,
  h: number,
) {
  const y = pdf.y;
  if (opts.border) {
    pdf.save().lineWidth(0.5);
    cols.forEach((c, i) => {
      const fill = opts.fills?.[i] ?? opts.fill;
      if (fill) pdf.rect(c.x, y, c.width, h).fillAndStroke(fill, '#444444');
      else pdf.rect(c.x, y, c.width, h).stroke('#444444');
    });
    pdf.restore();
    pdf.fillColor('black');
  }
  cols.forEach((c, i) => {
    pdf.text(cells[i] ?? '', c.x + pad, y + pad, { width: c.width - 2 * pad, align: c.align ?? 'left' });
  });
  pdf.x = PDF_MARGIN;
  pdf.y = y + h + (opts.border ? 0 : 4);
}

/** A row taller than a page: each cell's lines, as many as fit, on this page and the next ones. */
function splitRow(
  pdf: Pdf,
  cols: readonly PdfColumn[],
  cells: readonly string[],
  opts: RowOptions,
  pad: number,
  newPage: () => void,
  bottom: () => number,
) {
  const lines = cols.map((c, i) => wrapLines(pdf, cells[i] ?? '', c.width - 2 * pad));
  const lineHeight = pdf.heightOfString('X', { width: 1000 });
  let at = 0;
  const total = Math.max(...lines.map((l) => l.length));
  while (at < total) {
    // Room for this many lines here, one kept spare as pdfkit may wrap a little differently.
    const fit = Math.floor((bottom() - pdf.y - 2 * pad - 4) / lineHeight) - 1;
    if (fit < 3) {
      newPage();
      continue;
    }
    const piece = lines.map((l) => l.slice(at, at + fit).join('\n'));
    const size = opts.size ?? 9;
    drawRow(pdf, cols, piece, opts, pad, rowHeight(pdf, cols, piece, pad, 0, size));
    at += fit;
    if (at < total) newPage();
  }
}

/** The lines a text wraps to in `width` at the current font: words kept whole unless longer than a line. */
export function wrapLines(pdf: Pdf, text: string, width: number): string[] {
  const out: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = '';
    for (const word of paragraph.split(/(?<=\s)/)) {
      if (pdf.widthOfString(line + word) <= width) {
        line += word;
        continue;
      }
      if (line) out.push(line.trimEnd());
      line = '';
      let rest = word;
      while (pdf.widthOfString(rest) > width && rest.length > 1) {
        let n = rest.length - 1;
        while (n > 1 && pdf.widthOfString(rest.slice(0, n)) > width) n--;
        out.push(rest.slice(0, n));
        rest = rest.slice(n);
      }
      line = rest;
    }
    out.push(line.trimEnd());
  }
  return out;
}

/** A table row's cells, with a fill per cell when it has one. */
export type TableRowData = readonly string[] | { cells: readonly string[]; fills: readonly (string | undefined)[] };

/** A table: its heading row (repeated on every page it runs onto) and its rows. */
export function table(
  pdf: Pdf,
  cols: readonly PdfColumn[],
  head: readonly string[],
  rows: readonly TableRowData[],
  opts: Omit<RowOptions, 'repeat' | 'font' | 'fills'> = {},
) {
  const header = () =>
    tableRow(pdf, cols, head, { ...opts, font: 'Helvetica-Bold', fill: opts.border ? '#e6e6e6' : undefined });
  // The heading and the first row stay together.
  ensureSpace(pdf, 40);
  header();
  for (const r of rows)
    if ('cells' in r) tableRow(pdf, cols, r.cells, { ...opts, fills: r.fills, repeat: header });
    else tableRow(pdf, cols, r, { ...opts, repeat: header });
}

/** Columns from widths, left to right from the margin with `gap` points between them. */
export function columns(widths: readonly (number | [number, PdfColumn['align']])[], gap = 0): PdfColumn[] {
  let x = PDF_MARGIN;
  return widths.map((w) => {
    const [width, align] = Array.isArray(w) ? w : [w, undefined];
    const col = { x, width, align };
    x += width + gap;
    return col;
  });
}

/** 'Page X of Y' centred at the foot of every page (and an optional line above it), once all pages exist. */
export function pageNumbers(pdf: Pdf, footer?: string) {
  const range = pdf.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    pdf.switchToPage(i);
    const width = contentWidth(pdf);
    const y = pdf.page.height - PDF_MARGIN;
    pdf.page.margins.bottom = 0;
    pdf.font('Helvetica').fontSize(8);
    if (footer) pdf.text(footer, PDF_MARGIN, y - 11, { width, align: 'center' });
    pdf.text(`Page ${i + 1} of ${range.count}`, PDF_MARGIN, y, { width, align: 'center' });
  }
}

/** A quantity without trailing zeros ('12.125', '1.5', '3'). */
export const trimQty = (q: string) => (q.includes('.') ? q.replace(/\.?0+$/, '') : q);
