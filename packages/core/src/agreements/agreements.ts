import Big from 'big.js';
import { z } from 'zod';
import { cents, dec, percentOf, priceField, type Amount, type MoneyLine } from '../quotes/index.js';

/**
 * Service provider agreements (issue 14 section 1; spec 3 sections 2.2, 4, 5, 8, 9): the sections
 * of an Accepted quote contracted to one service provider, each at a contract price. The API
 * (apps/api/src/features/agreements) and the screens (apps/web/src/features/agreements) share this.
 */

/** The texts of spec 3, verbatim. */
export const AGREEMENT_TEXT = {
  title: 'Service Provider Agreement',
  loading: (code: string) => `Loading Service Provider Agreements For Quote: ${code}`,
  empty: 'No agreements currently exist, please create one to continue.',
  selectAgreement: 'Please Select An Agreement',
  selectProvider: 'Please Select A Service Provider',
  notesTitle: 'Notes (Shared with Service Provider):',
  notesTooltip: 'Max character limit of 5000',
  saved: 'Saved Agreement.',
  created: 'New agreement created.',
  saveFailed: 'Failed to save, please try again later.',
  deletedTitle: 'Deleted Agreement!',
  deleted: 'Agreement has been successfully deleted.',
  deleteFailedTitle: 'Failed to delete agreement.',
  deleteFailed: 'There was an error when trying to delete agreement. Please try again later.',
  voidedTitle: 'Successfully Voided!',
  voided: 'Agreement has been successfully voided',
  voidFailedTitle: 'Failed to void agreement',
  voidFailed: 'There was an error when trying to void the agreement. Please try again later.',
  /** Beyond the spec (docs/decisions.md, "Agreements"): the loser of two saves claiming one section. */
  sectionTaken: (section: string) =>
    `The section '${section}' already belongs to another agreement. Reload to see who has it.`,
  providerTaken: 'This service provider already has an agreement for this quote.',
  /** Beyond the spec (docs/decisions.md, "Agreements"): the API's refusals. */
  notAccepted: 'Agreements are available for an Accepted quote only.',
  voidReadOnly: 'This agreement is void and can no longer be changed.',
  versionConflict: 'This agreement was changed by someone else. Reload to see the latest version.',
  unknownSection: 'This section is not part of the quote.',
  unknownProvider: 'The service provider was not found or is not Approved.',
  noProvider: 'Please select a service provider and save the agreement before generating its documents.',
  pdfType: 'Choose one of swms, sow or ja.',
} as const;

export const AGREEMENT_STATUSES = ['Active', 'VOID'] as const;
export type AgreementStatus = (typeof AGREEMENT_STATUSES)[number];

/** The agreement PDFs (spec 3 section 9: types swms, sow, ja) and the Generate group's labels. */
export const AGREEMENT_PDF_TYPES = ['swms', 'sow', 'ja'] as const;
export type AgreementPdfType = (typeof AGREEMENT_PDF_TYPES)[number];
export const AGREEMENT_PDF_LABELS: Record<AgreementPdfType, string> = {
  swms: 'SWMS PDF',
  sow: 'SOW PDF',
  ja: 'JA PDF',
};

export const AGREEMENT_LIMITS = { notes: 5000, declineReason: 500 } as const;

// ---- figures (spec 3 section 9) ----

/**
 * A section as an agreement prices it: its service sell price and estimated cost are the sums of
 * its lines' revenue and cost, product lines excluded (spec 3 section 9).
 */
export function sectionServiceSums(lines: readonly (MoneyLine & { category: string })[]): {
  sell_price: string;
  estimated_cost: string;
} {
  let sell = new Big(0);
  let cost = new Big(0);
  for (const l of lines) {
    if (l.category === 'Product') continue;
    const quantity = dec(l.quantity);
    sell = sell.plus(quantity.times(dec(l.unit_sell_price)).round(2, Big.roundHalfUp));
    cost = cost.plus(quantity.times(dec(l.unit_cost)).round(2, Big.roundHalfUp));
  }
  return { sell_price: cents(sell), estimated_cost: cents(cost) };
}

export type AgreementFigures = { gross_profit: string; margin: string | null };

/**
 * Agreement gross profit = sell price - contract price; margin = gross profit / sell price x 100
 * with 2 decimals, '100.00' when the contract price is 0 (spec 3 section 9), null ('-') when the
 * sell price is 0 and the contract price is not.
 */
export function agreementFigures(sellPrice: Amount, contractPrice: Amount): AgreementFigures {
  const sell = dec(sellPrice);
  const contract = dec(contractPrice);
  const gross = sell.minus(contract);
  return {
    gross_profit: cents(gross),
    margin: contract.eq(0) ? '100.00' : percentOf(gross, sell),
  };
}

export type AgreementTotals = {
  sell_price: string;
  estimated_cost: string;
  contract_price: string;
} & AgreementFigures;

/** The Totals row: the sums over the sections the agreement owns, and their figures. */
export function agreementTotals(
  rows: readonly { owned: boolean; sell_price: Amount; estimated_cost: Amount; contract_price: Amount | null }[],
): AgreementTotals {
  let sell = new Big(0);
  let cost = new Big(0);
  let contract = new Big(0);
  for (const r of rows) {
    if (!r.owned) continue;
    sell = sell.plus(dec(r.sell_price));
    cost = cost.plus(dec(r.estimated_cost));
    contract = contract.plus(dec(r.contract_price));
  }
  return {
    sell_price: cents(sell),
    estimated_cost: cents(cost),
    contract_price: cents(contract),
    ...agreementFigures(sell.toFixed(2), contract.toFixed(2)),
  };
}

// ---- inputs ----

/** One section in a save (spec 3 section 7: a map of section id to { id, price, owned }). */
export const AgreementSectionInput = z.object({
  id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  price: priceField('price').optional().default('0.00'),
  owned: z.boolean(),
});
export type AgreementSectionInput = z.input<typeof AgreementSectionInput>;

/** PUT an agreement: its sections (owned or released), the provider and the notes; `version` is the conflict check. */
export const AgreementSaveInput = z.object({
  version: z.number().int().positive(),
  service_provider_id: z.uuid({ error: 'Please Select A Service Provider' }).nullable().optional().default(null),
  notes: z
    .union([z.string(), z.null()])
    .optional()
    .transform((v) => (v === null || v === undefined || v.trim() === '' ? null : v))
    .pipe(
      z
        .string()
        .max(AGREEMENT_LIMITS.notes, `The notes may not be greater than ${AGREEMENT_LIMITS.notes} characters.`)
        .nullable(),
    ),
  sections: z.record(z.string().regex(/^\d+$/), AgreementSectionInput).default({}),
});
export type AgreementSaveInput = z.input<typeof AgreementSaveInput>;
export type AgreementSaveData = z.output<typeof AgreementSaveInput>;

/** A provider user's answer: Accepted, or Declined with a reason. */
export const AgreementResponseInput = z
  .object({
    response: z.enum(['Accepted', 'Declined'], { error: 'Choose Accepted or Declined.' }),
    reason: z
      .string()
      .trim()
      .max(
        AGREEMENT_LIMITS.declineReason,
        `The reason may not be greater than ${AGREEMENT_LIMITS.declineReason} characters.`,
      )
      .optional()
      .transform((v) => (v ? v : null)),
  })
  .refine((v) => v.response !== 'Declined' || v.reason !== null, {
    path: ['reason'],
    error: 'Please give a reason for declining.',
  });
export type AgreementResponseInput = z.input<typeof AgreementResponseInput>;

/** GET .../agreements/:agreementId/pdf?type=swms|sow|ja (422 for another type). */
export const AgreementPdfQuery = z.object({
  type: z.enum(AGREEMENT_PDF_TYPES, { error: AGREEMENT_TEXT.pdfType }),
});
export type AgreementPdfQuery = z.infer<typeof AgreementPdfQuery>;

/** A provider user's list: GET /api/agreements?page=&pageSize= (newest first). */
export const ProviderAgreementListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100000).catch(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).catch(20).default(20),
});
export type ProviderAgreementListQuery = z.infer<typeof ProviderAgreementListQuery>;

// ---- views ----

/** A row of the section grid: every section of the quote, whether this agreement owns it, and who else does. */
export type AgreementSectionView = {
  id: number;
  name: string;
  position: number;
  sell_price: string;
  estimated_cost: string;
  owned: boolean;
  /** The other non-void agreement that owns it (greyed out and disabled), or null. */
  owned_by: { id: number; name: string } | null;
  /** The contract price when owned, else null. */
  contract_price: string | null;
} & AgreementFigures;

export type AgreementView = {
  id: number;
  quote_id: number;
  project_id: number;
  number: number;
  name: string;
  status: AgreementStatus;
  service_provider: { id: string; name: string } | null;
  notes: string | null;
  version: number;
  updated_at: string;
  updated_by_name: string | null;
  response: {
    response: 'Accepted' | 'Declined';
    reason: string | null;
    at: string;
    by_name: string | null;
  } | null;
  voided_at: string | null;
  sections: AgreementSectionView[];
  totals: AgreementTotals;
};

/** What the staff screen loads for a quote: the quote, its agreements, and the Approved providers. */
export type QuoteAgreementsView = {
  quote: { id: number; code: string; status: string; project_id: number; project_code: string; project_name: string };
  agreements: AgreementView[];
  /** Approved providers sorted by name; `used_by` is the other non-void agreement holding it (disabled). */
  providers: { id: string; name: string; used_by: number | null }[];
};

/** A provider user's list row. */
export type ProviderAgreementSummary = {
  id: number;
  name: string;
  status: AgreementStatus;
  project: { id: number; code: string; name: string };
  quote_code: string;
  contract_price: string;
  response: 'Accepted' | 'Declined' | null;
  updated_at: string;
};

/** A provider user's list page. */
export type ProviderAgreementList = {
  items: ProviderAgreementSummary[];
  total: number;
  page: number;
  pageSize: number;
};

/**
 * One agreement as its provider's users see it (GET /api/agreements/:id): the sections it owns with
 * their service and other lines (description, long description and quantity only: never the
 * company's unit sell prices, costs, margins nor general notes), the contract prices and the
 * shared notes, and their answer.
 */
export type ProviderAgreementView = {
  id: number;
  name: string;
  status: AgreementStatus;
  project: {
    id: number;
    code: string;
    name: string;
    /** Street, suburb, state and postcode on one line ('' when the project has none). */
    site_address: string;
    /** Wall-clock 'YYYY-MM-DDTHH:mm', or null. */
    start_date: string | null;
    end_date: string | null;
  };
  quote_code: string;
  service_provider: { id: string; name: string };
  sections: {
    id: number;
    name: string;
    position: number;
    contract_price: string;
    line_items: {
      id: number;
      category: string;
      description: string;
      long_description: string | null;
      quantity: string;
    }[];
  }[];
  /** The sum of the sections' contract prices. */
  contract_price: string;
  notes: string | null;
  response: AgreementView['response'];
  updated_at: string;
  /** Whether the user may answer now (an Active agreement). */
  abilities: { respond: boolean };
};
