import { trimQty } from '../../platform/pdf.js';
import type { AgreementDocument, AgreementDocumentSection } from './document.js';
import { sectionName, workItems } from './pdf-parts.js';

/**
 * What the SWMS (swms.ts) says of the work: the 5 x 5 risk matrix, the hazards a keyword table finds
 * in the owned sections and their items, their controls and PPE, and the work steps
 * (docs/decisions.md, "Agreement PDFs").
 */

export const LIKELIHOOD = ['Rare', 'Unlikely', 'Possible', 'Likely', 'Almost certain'] as const;
export const CONSEQUENCE = ['Insignificant', 'Minor', 'Moderate', 'Major', 'Catastrophic'] as const;
export type Rating = 'Low' | 'Medium' | 'High' | 'Extreme';
/** The 5 x 5 risk matrix: RISK_MATRIX[likelihood][consequence], likelihood from Rare (0) up. */
export const RISK_MATRIX: Rating[][] = [
  ['Low', 'Low', 'Medium', 'High', 'High'],
  ['Low', 'Low', 'Medium', 'High', 'Extreme'],
  ['Low', 'Medium', 'High', 'High', 'Extreme'],
  ['Medium', 'High', 'High', 'Extreme', 'Extreme'],
  ['High', 'High', 'Extreme', 'Extreme', 'Extreme'],
];
export const RATING_MEANING: Record<Rating, string> = {
  Extreme: 'Do not start. Eliminate the hazard or reduce the risk before any work.',
  High: 'Work starts only with the control measures in place and checked by the supervisor.',
  Medium: 'Manage with the control measures and the supervisor’s checks during the work.',
  Low: 'Manage with routine procedures.',
};
/** The ratings' colours in the matrix and the work steps (red, orange, yellow, green). */
export const RATING_FILL: Record<Rating, string> = {
  Extreme: '#f2a7a7',
  High: '#f7cc9c',
  Medium: '#f9eaa2',
  Low: '#c4e5b8',
};
/** [likelihood, consequence] as indexes 1..5 (Rare..Almost certain, Insignificant..Catastrophic). */
export type Score = [number, number];
export const rating = ([l, c]: Score) => RISK_MATRIX[l - 1]![c - 1]!;
export const ratingCell = (s: Score) => `${rating(s)}\n(${LIKELIHOOD[s[0] - 1]} / ${CONSEQUENCE[s[1] - 1]})`;

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

export type Hazard = {
  hazard: string;
  initial: Score;
  controls: string[];
  residual: Score;
  ppe: string[];
};
export type HazardRule = Hazard & { match: RegExp; highRisk: number[] };

/**
 * Hazards recognised from the words of a section and its items. Controls follow the hierarchy of
 * controls: elimination, substitution, isolation and engineering, administration, then PPE.
 */
export const HAZARD_RULES: HazardRule[] = [
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
export const GENERAL_HAZARD: Hazard = {
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
export const ALWAYS_HAZARDS: Hazard[] = [
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

export const BASE_PPE = ['Safety boots', 'High-visibility clothing', 'Safety glasses', 'Sun protection (outdoors)'];

export type Step = { step: string; hazards: Hazard[] };

/** The items a work step lists before '- and N more (see the Scope of Work)'. */
export const STEP_ITEMS = 12;

/** The hazards of a section: the rules its name and items match, or the general hazard. */
export function sectionHazards(s: AgreementDocumentSection): { hazards: Hazard[]; highRisk: Set<number> } {
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
