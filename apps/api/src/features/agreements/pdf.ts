import {
  formatDate,
  formatDateTime,
  formatQuoteMoney,
  gstTotals,
  QUOTE_TERMS,
  wallClockAt,
  type AgreementPdfType,
} from '@siteflow/core';
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
  type TableRowData,
} from '../../platform/pdf.js';
import type { AgreementDocument, AgreementDocumentSection } from './document.js';

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

// ---- shared pieces ----

const NO_SECTIONS = 'No sections are allocated to this agreement.';
const sectionName = (s: AgreementDocumentSection) => s.name || 'Section';

/** A site wall-clock time ('2026-11-21 08:00') as '21/11/2026 8:00 am', the date alone at midnight. */
const siteTime = (v: string | null) =>
  !v ? '' : v.endsWith(' 00:00') ? formatDate(v.slice(0, 10)) : formatDateTime(v);
const instant = (v: string) => formatDateTime(wallClockAt(new Date(v)));
const joined = (...parts: (string | null | undefined)[]) => parts.filter((p) => p && p.trim()).join(', ');
const gap = (pdf: Pdf, lines = 0.6) => pdf.moveDown(lines);

function contractTotals(pdf: Pdf, doc: AgreementDocument) {
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

function notes(pdf: Pdf, doc: AgreementDocument) {
  if (!doc.agreement.notes) return;
  gap(pdf);
  heading(pdf, 'Notes');
  paragraph(pdf, doc.agreement.notes);
}

/** The items a work step lists: services and other work (products are supplied, not a step). */
const workItems = (s: AgreementDocumentSection) => s.items.filter((i) => i.category !== 'Product');

// ---- SWMS ----

const LIKELIHOOD = ['Rare', 'Unlikely', 'Possible', 'Likely', 'Almost certain'] as const;
const CONSEQUENCE = ['Insignificant', 'Minor', 'Moderate', 'Major', 'Catastrophic'] as const;
type Rating = 'Low' | 'Medium' | 'High' | 'Extreme';
/** The 5 x 5 risk matrix: RISK_MATRIX[likelihood][consequence], likelihood from Rare (0) up. */
const RISK_MATRIX: Rating[][] = [
  ['Low', 'Low', 'Medium', 'High', 'High'],
  ['Low', 'Low', 'Medium', 'High', 'Extreme'],
  ['Low', 'Medium', 'High', 'High', 'Extreme'],
  ['Medium', 'High', 'High', 'Extreme', 'Extreme'],
  ['High', 'High', 'Extreme', 'Extreme', 'Extreme'],
];
const RATING_MEANING: Record<Rating, string> = {
  Extreme: 'Do not start. Eliminate the hazard or reduce the risk before any work.',
  High: 'Work starts only with the control measures in place and checked by the supervisor.',
  Medium: 'Manage with the control measures and the supervisor’s checks during the work.',
  Low: 'Manage with routine procedures.',
};
/** The ratings' colours in the matrix and the work steps (red, orange, yellow, green). */
const RATING_FILL: Record<Rating, string> = {
  Extreme: '#f2a7a7',
  High: '#f7cc9c',
  Medium: '#f9eaa2',
  Low: '#c4e5b8',
};
/** [likelihood, consequence] as indexes 1..5 (Rare..Almost certain, Insignificant..Catastrophic). */
type Score = [number, number];
const rating = ([l, c]: Score) => RISK_MATRIX[l - 1]![c - 1]!;
const ratingCell = (s: Score) => `${rating(s)}\n(${LIKELIHOOD[s[0] - 1]} / ${CONSEQUENCE[s[1] - 1]})`;

/** The WHS Regulation 2011 (r 291) categories of high risk construction work. */
export const HIGH_RISK_WORK = [
  'Risk of a person falling more than 2 metres',
  'Work on a telecommunication tower',
  'Demolition of an element of a structure that is load-bearing or related to its physical integrity',
  'Work likely to involve disturbing asbestos',
  'Structural alterations or repairs that need temporary support to prevent collapse',
  'Work in or near a confined space',
  'Work in or near a shaft or trench deeper than 1.5 metres, or a tunnel',
  'Work involving the use of explosives',
  'Work on or near pressurised gas distribution mains or piping',
  'Work on or near chemical, fuel or refrigerant lines',
  'Work on or near energised electrical installations or services',
  'Work in an area that may have a contaminated or flammable atmosphere',
  'Work on tilt-up or precast concrete elements',
  'Work on, in or next to a road, railway or other traffic corridor in use',
  'Work in an area with movement of powered mobile plant',
  'Work in an area with artificial extremes of temperature',
  'Work in or near water or other liquid with a risk of drowning',
  'Diving work',
] as const;

type Hazard = {
  hazard: string;
  initial: Score;
  controls: string[];
  residual: Score;
  ppe: string[];
};
type HazardRule = Hazard & { match: RegExp; highRisk: number[] };

/**
 * Hazards recognised from the words of a section and its items. Controls follow the hierarchy of
 * controls: elimination, substitution, isolation and engineering, administration, then PPE.
 */
const HAZARD_RULES: HazardRule[] = [
  {
    match: /\b(roof|height|ladder|scaffold|mezzanine|ceiling|gutter|elevated|ewp|boom lift|scissor lift|awning)/i,
    highRisk: [0],
    hazard: 'Falls from height; falling tools and materials',
    initial: [4, 4],
    controls: [
      'Eliminate: do the work from the ground or a fixed floor where possible.',
      'Engineering: edge protection or guardrails, scaffold erected and tagged by a competent person, EWP with a current inspection.',
      'Administration: exclusion zone below the work, ladder use limited to short tasks with three points of contact, rescue plan.',
      'PPE: harness and lanyard where a fall-arrest system is used, hard hat.',
    ],
    residual: [2, 3],
    ppe: ['Fall-arrest harness (where required)', 'Hard hat'],
  },
  {
    match: /\b(electric|power|cabl|wiring|rewir|switchboard|circuit|lighting|gpo|socket|outlet|solar)/i,
    highRisk: [10],
    hazard: 'Electric shock or burns from live parts, arc flash',
    initial: [3, 5],
    controls: [
      'Eliminate: isolate the supply, lock out and tag out before work; test before touching.',
      'Engineering: RCD protection on all portable tools and leads.',
      'Administration: electrical work by a licensed electrician only; leads and tools tested and tagged.',
      'PPE: insulated gloves and tools for testing.',
    ],
    residual: [1, 5],
    ppe: ['Insulated gloves (electrical testing)'],
  },
  {
    match: /\b(excavat|trench|dig\b|digging|footing|pier hole|bore|boring|underground)/i,
    highRisk: [6],
    hazard: 'Trench collapse; striking underground services',
    initial: [3, 5],
    controls: [
      'Eliminate: locate services first (Before You Dig Australia enquiry, service locator); hand dig near services.',
      'Engineering: batter, bench or shore trenches deeper than 1.5 m; barricade open excavations.',
      'Administration: spotter for plant near services, spoil kept back from the edge.',
      'PPE: hard hat, safety boots, hi-vis.',
    ],
    residual: [1, 4],
    ppe: ['Hard hat'],
  },
  {
    match: /\b(asbestos|fibro|acm\b)/i,
    highRisk: [3],
    hazard: 'Exposure to asbestos fibres',
    initial: [3, 5],
    controls: [
      'Eliminate: check the asbestos register; stop work and report any suspected asbestos.',
      'Isolation: removal by a licensed asbestos removalist with an enclosed, signed work area.',
      'Administration: asbestos awareness training, air monitoring where required.',
      'PPE: P2 respirator (or better) and disposable coveralls.',
    ],
    residual: [1, 4],
    ppe: ['P2 respirator', 'Disposable coveralls'],
  },
  {
    match: /\b(demoli|strip out|cut|grind|saw|drill|chas|jackhammer|core drill|sand)/i,
    highRisk: [],
    hazard: 'Flying particles, noise and dust (including silica)',
    initial: [4, 3],
    controls: [
      'Substitute: use tools with on-tool dust extraction or wet cutting.',
      'Engineering: guards in place on all tools; screens between the work and others.',
      'Administration: clean up with an H-class vacuum, never by dry sweeping; limit time on noisy tools.',
      'PPE: safety glasses or face shield, hearing protection, P2 respirator for silica dust.',
    ],
    residual: [2, 2],
    ppe: ['Safety glasses or face shield', 'Hearing protection', 'P2 respirator'],
  },
  {
    match: /\b(demoli)/i,
    highRisk: [2],
    hazard: 'Unplanned collapse of structure during demolition',
    initial: [2, 5],
    controls: [
      'Eliminate: confirm with the engineer what is load-bearing before removing it.',
      'Engineering: temporary propping where required.',
      'Administration: demolition sequence agreed with the project manager; exclusion zone.',
      'PPE: hard hat, safety boots.',
    ],
    residual: [1, 4],
    ppe: ['Hard hat'],
  },
  {
    match: /\b(weld|solder|braz|torch|hot work|oxy)/i,
    highRisk: [],
    hazard: 'Burns and fire from hot work',
    initial: [3, 4],
    controls: [
      'Eliminate: use cold methods (mechanical joints) where possible.',
      'Engineering: remove or cover combustibles; fire extinguisher at the work.',
      'Administration: hot work permit from the site; fire watch for 30 minutes after.',
      'PPE: welding helmet, leather gloves, fire-resistant clothing.',
    ],
    residual: [1, 3],
    ppe: ['Welding helmet and leather gloves'],
  },
  {
    match: /\b(paint|solvent|adhesive|glue|sealant|silicone|chemical|epoxy|resin|acid)/i,
    highRisk: [],
    hazard: 'Hazardous chemicals: skin, eye and breathing exposure',
    initial: [3, 3],
    controls: [
      'Substitute: use low-VOC or water-based products.',
      'Engineering: ventilate the work area.',
      'Administration: Safety Data Sheets on site and followed; containers labelled.',
      'PPE: chemical-resistant gloves and eye protection.',
    ],
    residual: [2, 2],
    ppe: ['Chemical-resistant gloves'],
  },
  {
    match: /\b(confined|tank|manhole|pit\b|crawl space)/i,
    highRisk: [5],
    hazard: 'Confined space: oxygen deficiency, fumes, entrapment',
    initial: [2, 5],
    controls: [
      'Eliminate: do the work from outside the space where possible.',
      'Engineering: ventilation and gas testing before and during entry.',
      'Administration: confined space entry permit, trained workers, a standby person and rescue plan.',
      'PPE: as the entry permit requires.',
    ],
    residual: [1, 4],
    ppe: [],
  },
  {
    match: /\b(traffic|road|driveway|car ?park|footpath|kerb|excavator|forklift|crane|bobcat|truck|mobile plant)/i,
    highRisk: [13, 14],
    hazard: 'Being struck by vehicles or mobile plant',
    initial: [3, 5],
    controls: [
      'Eliminate: keep people and plant apart; schedule deliveries outside busy times.',
      'Engineering: barriers between the work and traffic.',
      'Administration: traffic management plan and traffic controllers where required; spotter for reversing plant.',
      'PPE: hi-vis clothing.',
    ],
    residual: [1, 4],
    ppe: [],
  },
  {
    match: /\b(lift|carry|install|instal|move|deliver|unload|mount|hang|fit|lay|replace|remove)/i,
    highRisk: [],
    hazard: 'Manual handling: strains and sprains; crush injuries',
    initial: [4, 2],
    controls: [
      'Eliminate: deliver materials to where they are used.',
      'Engineering: trolleys, lifting aids and mechanical lifting for heavy or awkward loads.',
      'Administration: team lift for loads over 20 kg, plan the route and clear it first, rotate tasks.',
      'PPE: gloves, safety boots.',
    ],
    residual: [2, 2],
    ppe: ['Work gloves'],
  },
];

/** For a work step with no recognised hazard: hand tools and general work. */
const GENERAL_HAZARD: Hazard = {
  hazard: 'Cuts, abrasions and strains from hand tools and materials',
  initial: [3, 2],
  controls: [
    'Engineering: the right tool for the task, in good condition, with guards fitted.',
    'Administration: tools inspected before use; work area kept clear.',
    'PPE: work gloves, safety glasses.',
  ],
  residual: [2, 1],
  ppe: ['Work gloves'],
};

/** Always part of the work: site access, housekeeping and the people around the work. */
const ALWAYS_HAZARDS: Hazard[] = [
  {
    hazard: 'Slips, trips and falls on the same level',
    initial: [4, 2],
    controls: [
      'Eliminate: clear access ways; materials stored off walkways.',
      'Engineering: leads run overhead or covered; adequate lighting.',
      'Administration: clean as you go; spills cleaned up at once.',
      'PPE: safety boots with slip-resistant soles.',
    ],
    residual: [2, 1],
    ppe: [],
  },
  {
    hazard: 'Working near the public, the client’s occupants or other trades',
    initial: [3, 3],
    controls: [
      'Isolation: barricade the work area with signage; keep doors and exits clear.',
      'Administration: site induction and signing in; coordinate with the site contact and other trades; work outside busy times where possible.',
      'PPE: hi-vis clothing.',
    ],
    residual: [1, 2],
    ppe: [],
  },
];

const BASE_PPE = ['Safety boots', 'High-visibility clothing', 'Safety glasses', 'Sun protection (outdoors)'];

type Step = { step: string; hazards: Hazard[] };

/** The items a work step lists before '- and N more (see the Scope of Work)'. */
const STEP_ITEMS = 12;

/** The hazards of a section: the rules its name and items match, or the general hazard. */
function sectionHazards(s: AgreementDocumentSection): { hazards: Hazard[]; highRisk: Set<number> } {
  const text = [s.name, ...s.items.flatMap((i) => [i.description, i.long_description ?? ''])].join('\n');
  const rules = HAZARD_RULES.filter((r) => r.match.test(text));
  return {
    hazards: rules.length ? rules : [GENERAL_HAZARD],
    highRisk: new Set(rules.flatMap((r) => r.highRisk)),
  };
}

/** The SWMS work steps (site set-up, one per owned section, clean-up) and the high risk work ticked. */
export function swmsSteps(doc: AgreementDocument): { steps: Step[]; highRisk: Set<number>; ppe: string[] } {
  const highRisk = new Set<number>();
  const steps: Step[] = [
    {
      step: 'Arrive on site: sign in, site induction, set up and barricade the work area',
      hazards: ALWAYS_HAZARDS,
    },
  ];
  for (const s of doc.sections) {
    const found = sectionHazards(s);
    found.highRisk.forEach((i) => highRisk.add(i));
    const work = workItems(s);
    const items = work.slice(0, STEP_ITEMS).map((i) => `- ${i.description} (${trimQty(i.quantity)})`);
    if (work.length > STEP_ITEMS) items.push(`- and ${work.length - STEP_ITEMS} more (see the Scope of Work)`);
    steps.push({ step: [sectionName(s), ...items].join('\n'), hazards: found.hazards });
  }
  steps.push({
    step: 'Clean up, remove waste and leave the site safe',
    hazards: [ALWAYS_HAZARDS[0]!, HAZARD_RULES.find((r) => r.hazard.startsWith('Manual handling'))!],
  });
  const ppe = [...new Set([...BASE_PPE, ...steps.flatMap((s) => s.hazards.flatMap((h) => h.ppe))])];
  return { steps, highRisk, ppe };
}

function swms(pdf: Pdf, doc: AgreementDocument, brand: PdfBranding) {
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
