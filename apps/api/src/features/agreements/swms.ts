import {
  columns,
  contentWidth,
  heading,
  paragraph,
  table,
  tableRow,
  type Pdf,
  type PdfBranding,
  type TableRowData,
} from '../../platform/pdf.js';
import type { AgreementDocument } from './document.js';
import { gap, joined, NO_SECTIONS, sectionName } from './pdf-parts.js';
import {
  CONSEQUENCE,
  HIGH_RISK_WORK,
  LIKELIHOOD,
  rating,
  RATING_FILL,
  RATING_MEANING,
  ratingCell,
  RISK_MATRIX,
  swmsSteps,
} from './swms-hazards.js';

/** The SWMS (Safe Work Method Statement) body of an agreement PDF (pdf.ts). */
export function swms(pdf: Pdf, doc: AgreementDocument, brand: PdfBranding) {
  const width = contentWidth(pdf);
  const provider = doc.provider;
  const responsible = provider
    ? `${provider.director || provider.name} (subcontractor supervisor)`
    : 'Subcontractor supervisor';
  const details = columns([170, width - 170]);
  const detailRows: [string, string][] = [
    ['Project', `${doc.project.code} ${doc.project.name}`],
    ['Site address', doc.project.site],
    ['Principal contractor', joined(brand.companyName, doc.company.address, doc.company.phone, doc.company.email)],
    ['Subcontractor (service provider)', provider?.name ?? 'Not selected'],
    ['Subcontractor contact', provider ? joined(provider.director, provider.phone, provider.email) : ''],
    ['Agreement', `${doc.agreement.name} (quote ${doc.quote.code})`],
    ['Date prepared', brand.date],
    ['Work activity', doc.sections.map(sectionName).join('; ') || NO_SECTIONS],
  ];
  for (const [label, value] of detailRows)
    tableRow(pdf, details, [label, value || '-'], { border: true, font: 'Helvetica', size: 9 });

  const { steps, highRisk, ppe } = swmsSteps(doc);

  gap(pdf);
  heading(pdf, 'High risk construction work (WHS Regulation 2011, r 291)');
  paragraph(
    pdf,
    'Ticked where this work involves it; no such work starts until this SWMS is in place and followed.',
    8,
  );
  gap(pdf, 0.2);
  const half = Math.ceil(HIGH_RISK_WORK.length / 2);
  const hrcw = columns([width / 2 - 5, width / 2 - 5], 10);
  for (let i = 0; i < half; i++) {
    const cell = (j: number) => (HIGH_RISK_WORK[j] ? `${highRisk.has(j) ? '[X]' : '[ ]'} ${HIGH_RISK_WORK[j]}` : '');
    tableRow(pdf, hrcw, [cell(i), cell(i + half)], { size: 8 });
  }

  gap(pdf);
  heading(pdf, 'Personal protective equipment (PPE) required');
  paragraph(pdf, ppe.join(', '));

  gap(pdf);
  heading(pdf, 'Risk rating matrix (likelihood x consequence)', 11, 150);
  const matrix = columns([110, ...CONSEQUENCE.map(() => (width - 110) / 2 / 5)]);
  tableRow(pdf, matrix, ['Likelihood \\ Consequence', ...CONSEQUENCE], {
    border: true,
    font: 'Helvetica-Bold',
    size: 8,
    fill: '#e6e6e6',
  });
  for (let l = LIKELIHOOD.length - 1; l >= 0; l--)
    tableRow(pdf, matrix, [LIKELIHOOD[l]!, ...RISK_MATRIX[l]!], {
      border: true,
      size: 8,
      fills: [undefined, ...RISK_MATRIX[l]!.map((r) => RATING_FILL[r])],
    });
  gap(pdf, 0.3);
  for (const r of ['Extreme', 'High', 'Medium', 'Low'] as const) paragraph(pdf, `${r}: ${RATING_MEANING[r]}`, 8);

  gap(pdf);
  heading(pdf, 'Work steps, hazards and control measures', 11, 80);
  paragraph(
    pdf,
    'Controls follow the hierarchy of controls: eliminate, substitute, isolate, engineering, administration, then PPE.',
    8,
  );
  gap(pdf, 0.2);
  const stepCols = columns([140, 110, 70, width - 140 - 110 - 70 - 70 - 80, 70, 80]);
  const rows: TableRowData[] = [];
  steps.forEach((s, i) => {
    s.hazards.forEach((h, j) => {
      rows.push({
        cells: [
          j === 0 ? `${i + 1}. ${s.step}` : `${i + 1}. (continued)`,
          h.hazard,
          ratingCell(h.initial),
          h.controls.join('\n'),
          ratingCell(h.residual),
          responsible,
        ],
        fills: [undefined, undefined, RATING_FILL[rating(h.initial)], undefined, RATING_FILL[rating(h.residual)]],
      });
    });
  });
  table(
    pdf,
    stepCols,
    ['Work step', 'Potential hazards', 'Initial risk', 'Control measures', 'Residual risk', 'Person responsible'],
    rows,
    { border: true, size: 8 },
  );

  gap(pdf);
  heading(pdf, 'Emergency procedures');
  const contact = doc.site_contacts[0];
  const pm = doc.project_manager;
  paragraph(
    pdf,
    [
      'In an emergency call 000 (police, fire, ambulance). Stop work, make the area safe if it is safe to do so, give first aid and follow the site’s evacuation plan to its assembly point.',
      `Then tell the site contact${contact ? ` (${joined(contact.name, contact.phone)})` : ''} and the project manager${pm ? ` (${joined(pm.name, pm.phone)})` : ''}.`,
      'Any worker may stop work they believe is unsafe. Report every incident and near miss to the project manager the same day; notifiable incidents are reported to the WHS regulator and the site is left undisturbed.',
      'This SWMS is reviewed when the work or its hazards change, after an incident, or when a control measure does not work.',
    ].join('\n'),
  );

  gap(pdf);
  heading(pdf, 'Prepared and reviewed', 11, 80);
  const who = columns([190, 190, 190, width - 570]);
  table(
    pdf,
    who,
    ['', 'Name', 'Signature', 'Date'],
    [
      [`Prepared by (subcontractor)`, provider?.director ?? '', '', ''],
      [`Reviewed by (principal contractor)`, pm?.name ?? '', '', ''],
    ],
    { border: true, size: 9, minHeight: 16 },
  );

  gap(pdf);
  heading(pdf, 'Worker sign-off', 11, 120);
  paragraph(
    pdf,
    'I have read this SWMS, or had it explained to me, I understand it and I will follow it. I will tell my supervisor if the work or its hazards change.',
    8,
  );
  gap(pdf, 0.2);
  const sign = columns([260, width - 260 - 150, 150]);
  table(
    pdf,
    sign,
    ['Name', 'Signature', 'Date'],
    Array.from({ length: 10 }, () => ['', '', '']),
    { border: true, size: 9, minHeight: 18 },
  );
}
