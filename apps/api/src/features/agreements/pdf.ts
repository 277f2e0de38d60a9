import { formatQuoteMoney, QUOTE_TERMS, type AgreementPdfType } from '@siteflow/core';
import {
  brandHeader,
  columns,
  contentWidth,
  createPdf,
  ensureSpace,
  fields,
  heading,
  pageNumbers,
  paragraph,
  PDF_MARGIN,
  table,
  tableRow,
  trimQty,
  type Pdf,
  type PdfBranding,
} from '../../platform/pdf.js';
import type { AgreementDocument } from './document.js';
import { contractTotals, gap, instant, joined, notes, NO_SECTIONS, sectionName, siteTime } from './pdf-parts.js';
import { swms } from './swms.js';

/**
 * The agreement PDFs (issue 14 section 1; spec 3 section 9: types swms, sow, ja), what the service
 * provider receives: the SWMS (Safe Work Method Statement), the SOW (Scope of Work) and the JA (Job
 * Allocation, the work order). Their content follows Australian practice (docs/decisions.md,
 * "Agreement PDFs"). They show the contract prices agreed with the provider and never the
 * company's sell prices, costs or general notes (document.ts does not read them).
 */

export const AGREEMENT_PDF_TITLES: Record<AgreementPdfType, string> = {
  swms: 'Safe Work Method Statement',
  sow: 'Scope of Work',
  ja: 'Job Allocation',
};

/** The subcontract conditions the SOW adds after the T&Cs (QUOTE_TERMS, the 'View T&Cs' text). */
export const AGREEMENT_CONDITIONS = [
  'The work is carried out as described in this Scope of Work, to the relevant Australian Standards, the National Construction Code and the manufacturers’ instructions.',
  'The subcontractor holds and keeps current the licences, registrations and insurances the work needs (public liability and workers’ compensation at least) and shows them on request.',
  'The subcontractor complies with the Work Health and Safety Act and Regulations, the site’s induction and rules, and the Safe Work Method Statement for this work; high risk construction work does not start without it.',
  'Variations are carried out only with the project manager’s written approval given before the work; unapproved work is not paid.',
  'Claims for payment quote the agreement name and are made against the contract prices above; amounts are in Australian dollars, excluding GST unless stated.',
  'Defects in the work are made good at the subcontractor’s cost. The site is left clean and safe at the end of each day.',
] as const;

export function agreementPdf(type: AgreementPdfType, doc: AgreementDocument, brand: PdfBranding): Promise<Buffer> {
  const title = AGREEMENT_PDF_TITLES[type];
  const { pdf, done } = createPdf({
    title: `${title} ${doc.agreement.name}`,
    author: brand.companyName,
    landscape: type === 'swms',
  });
  brandHeader(pdf, brand);
  pdf
    .font('Helvetica-Bold')
    .fontSize(16)
    .text(title, PDF_MARGIN, pdf.y, { width: contentWidth(pdf) });
  pdf.moveDown(0.3);
  if (doc.agreement.status === 'VOID')
    paragraph(pdf, 'VOID: this agreement has been voided and is not in force.', 11, 'Helvetica-Bold');
  if (type === 'swms') swms(pdf, doc, brand);
  else if (type === 'sow') sow(pdf, doc, brand);
  else ja(pdf, doc, brand);
  pageNumbers(pdf, `${doc.agreement.name} - ${title}`);
  pdf.end();
  return done;
}

// ---- SOW ----

function sow(pdf: Pdf, doc: AgreementDocument, brand: PdfBranding) {
  const width = contentWidth(pdf);
  fields(pdf, [
    ['Agreement', doc.agreement.name],
    ['Quote', doc.quote.code],
    ['Date', brand.date],
  ]);

  gap(pdf);
  heading(pdf, 'Parties');
  const provider = doc.provider;
  const parties = columns([width / 2 - 5, width / 2 - 5], 10);
  tableRow(pdf, parties, ['Principal contractor', 'Subcontractor (service provider)'], {
    border: true,
    font: 'Helvetica-Bold',
    fill: '#e6e6e6',
  });
  tableRow(
    pdf,
    parties,
    [
      [brand.companyName, doc.company.address, doc.company.phone, doc.company.email].filter(Boolean).join('\n'),
      provider
        ? [
            provider.name,
            provider.director ? `Contact: ${provider.director}` : '',
            provider.address,
            provider.phone,
            provider.email,
          ]
            .filter(Boolean)
            .join('\n')
        : 'Not selected',
    ],
    { border: true },
  );

  gap(pdf);
  heading(pdf, 'Project and site');
  fields(pdf, [
    ['Project', `${doc.project.code} ${doc.project.name}`],
    ['Client', doc.client],
    ['Site address', doc.project.site],
    ['Start', siteTime(doc.project.start_date)],
    ['Finish', siteTime(doc.project.end_date)],
    [
      'Project manager',
      doc.project_manager ? joined(doc.project_manager.name, doc.project_manager.phone, doc.project_manager.email) : '',
    ],
  ]);

  gap(pdf);
  heading(pdf, 'Scope of work', 13);
  if (!doc.sections.length) paragraph(pdf, NO_SECTIONS, 10);
  const itemCols = columns([width - 200, 70, 80, [50, 'right']]);
  doc.sections.forEach((s, i) => {
    gap(pdf, 0.4);
    heading(pdf, `${i + 1}. ${sectionName(s)}`, 11, 70);
    if (s.items.length)
      table(
        pdf,
        itemCols,
        ['Description', 'Category', 'Supplied by', 'Qty'],
        s.items.map((item) => [
          item.long_description ? `${item.description}\n${item.long_description}` : item.description,
          item.category,
          item.supplied_by,
          trimQty(item.quantity),
        ]),
      );
    else paragraph(pdf, 'No items listed.');
    tableRow(
      pdf,
      columns([width - 120, [120, 'right']]),
      [`Contract price (ex. GST)`, formatQuoteMoney(s.contract_price)],
      {
        font: 'Helvetica-Bold',
      },
    );
  });

  gap(pdf);
  heading(pdf, 'Contract price', 11, 100);
  const priceCols = columns([width - 120, [120, 'right']]);
  table(
    pdf,
    priceCols,
    ['Section', 'Contract price ex. GST'],
    doc.sections.map((s) => [sectionName(s), formatQuoteMoney(s.contract_price)]),
  );
  contractTotals(pdf, doc);

  notes(pdf, doc);

  gap(pdf);
  heading(pdf, 'Terms & Conditions');
  for (const t of QUOTE_TERMS) paragraph(pdf, `- ${t}`);
  gap(pdf, 0.4);
  heading(pdf, 'Subcontract conditions', 10);
  for (const t of AGREEMENT_CONDITIONS) paragraph(pdf, `- ${t}`);

  gap(pdf);
  heading(pdf, 'Acceptance', 11, 170);
  paragraph(pdf, 'Signed for and on behalf of each party, who accept this Scope of Work at the contract price above.');
  gap(pdf, 0.3);
  const sign = columns([95, (width - 95) / 2, (width - 95) / 2]);
  table(
    pdf,
    sign,
    ['', 'Principal contractor', 'Subcontractor'],
    [
      ['Company', brand.companyName, provider?.name ?? ''],
      ['Name', '', ''],
      ['Position', '', ''],
      ['Signature', '', ''],
      ['Date', '', ''],
    ],
    { border: true, minHeight: 16 },
  );
  const r = doc.agreement.response;
  if (r) {
    gap(pdf, 0.4);
    paragraph(
      pdf,
      `${r.response} online by ${r.by_name ?? 'the service provider'} on ${instant(r.at)}${r.reason ? `: ${r.reason}` : '.'}`,
    );
  }
}

// ---- JA ----

function ja(pdf: Pdf, doc: AgreementDocument, brand: PdfBranding) {
  const width = contentWidth(pdf);
  fields(pdf, [
    ['Work order number', doc.agreement.name],
    ['Date issued', brand.date],
    ['Quote', doc.quote.code],
  ]);

  gap(pdf);
  heading(pdf, 'Allocated to');
  const provider = doc.provider;
  if (provider)
    fields(pdf, [
      ['Service provider', provider.name],
      ['Contact', provider.director],
      ['Phone', provider.phone],
      ['Email', provider.email],
      ['Address', provider.address],
    ]);
  else paragraph(pdf, 'No service provider selected.', 10);

  gap(pdf);
  heading(pdf, 'Site');
  fields(pdf, [
    ['Project', `${doc.project.code} ${doc.project.name}`],
    ['Client', doc.client],
    ['Site address', doc.project.site || '-'],
    ['Start', siteTime(doc.project.start_date) || 'To be confirmed'],
    ['Finish', siteTime(doc.project.end_date) || 'To be confirmed'],
  ]);

  gap(pdf);
  heading(pdf, 'Contacts');
  const contactCols = columns([125, 150, 90, width - 365]);
  const pm = doc.project_manager;
  table(
    pdf,
    contactCols,
    ['Name', 'Role', 'Phone', 'Email'],
    [
      ...doc.site_contacts.map((c) => [
        c.name,
        c.role ? `Site contact (${c.role})` : 'Site contact',
        c.phone ?? '',
        c.email ?? '',
      ]),
      ...(pm ? [[pm.name, 'Project manager', pm.phone ?? '', pm.email ?? '']] : []),
    ],
  );
  if (!doc.site_contacts.length) paragraph(pdf, 'No site contact recorded: contact the project manager.', 8);

  gap(pdf);
  heading(pdf, 'Scope summary', 11, 80);
  if (!doc.sections.length) paragraph(pdf, NO_SECTIONS, 10);
  else
    table(
      pdf,
      columns([30, width - 150, [120, 'right']]),
      ['#', 'Section', 'Contract price ex. GST'],
      doc.sections.map((s, i) => [String(i + 1), sectionName(s), formatQuoteMoney(s.contract_price)]),
    );
  ensureSpace(pdf, 50);
  contractTotals(pdf, doc);

  notes(pdf, doc);

  gap(pdf);
  heading(pdf, 'Before starting');
  for (const line of [
    'Confirm this job allocation with the project manager before starting work.',
    'Do the work to the Scope of Work (SOW) and the Safe Work Method Statement (SWMS) of this agreement.',
    'Sign in on site and contact the site contact on arrival.',
    'Quote the work order number on every invoice and message about this work.',
  ])
    paragraph(pdf, `- ${line}`);
}
