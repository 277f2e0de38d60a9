import { sql } from 'drizzle-orm';
import {
  agreementFigures,
  agreementTotals,
  cents,
  dec,
  quoteCode,
  sectionServiceSums,
  toWallClock,
  type AgreementSectionView,
  type AgreementStatus,
  type AgreementView,
  type ProviderAgreementView,
  type QuoteAgreementsView,
} from '@siteflow/core';
import Big from 'big.js';
import type { Tx } from '../../platform/db/client.js';
import { notFound } from '../../platform/errors.js';

/**
 * How agreements are read (issue 14 section 1). The staff screen's whole state (the quote, every
 * section with its service and other lines, every agreement with its section rows, the Approved
 * providers) is one statement, JSON built in SQL; the figures are core's (sectionServiceSums,
 * agreementFigures, agreementTotals), worked here from the stored amounts. A provider user's
 * agreement is one statement too, without any company price but the contract prices.
 */

export const agreementNotFound = () => notFound('The agreement');
export const quoteNotFound = () => notFound('The quote');

type Response = { response: 'Accepted' | 'Declined'; reason: string | null; at: string; by_name: string | null };

type StoredAgreement = {
  id: number;
  number: number;
  name: string;
  status: AgreementStatus;
  service_provider: { id: string; name: string } | null;
  notes: string | null;
  version: number;
  updated_at: string;
  updated_by_name: string | null;
  response: Response | null;
  voided_at: string | null;
  rows: { section_id: number; contract_price: string; active: boolean }[] | null;
};

type StoredQuote = {
  quote: { id: number; code: string; revision: number; status: string; project_id: number };
  project: { code: string; name: string; service_provider_id: string | null };
  sections: {
    id: number;
    name: string;
    position: number;
    lines: { category: string; quantity: string; unit_sell_price: string; unit_cost: string }[];
  }[];
  agreements: StoredAgreement[];
  providers: { id: string; name: string }[];
};

const RESPONSE = sql`case when a.response is null then null else json_build_object('response', a.response,
    'reason', a.response_reason, 'at', a.response_at,
    'by_name', (select trim(u.first_name || ' ' || u.last_name) from users u where u.id = a.response_by)) end`;

const AGREEMENT_ROW = sql`json_build_object('id', a.id, 'number', a.number, 'name', a.name, 'status', a.status,
    'service_provider', (select json_build_object('id', sp.id, 'name', sp.name) from service_providers sp
      where sp.tenant_id = a.tenant_id and sp.id = a.service_provider_id),
    'notes', a.notes, 'version', a.version, 'updated_at', a.updated_at,
    'updated_by_name', (select trim(u.first_name || ' ' || u.last_name) from users u where u.id = a.updated_by),
    'response', ${RESPONSE}, 'voided_at', a.voided_at,
    'rows', (select json_agg(json_build_object('section_id', x.section_id, 'contract_price', x.contract_price::text,
        'active', x.active)) from service_provider_agreement_sections x
      where x.tenant_id = a.tenant_id and x.agreement_id = a.id))`;

/** The quote `q` of project `p` with its sections, agreements and the Approved providers. */
const QUOTE_STATE = sql`json_build_object(
  'quote', json_build_object('id', q.id, 'code', q.code, 'revision', q.revision, 'status', q.status, 'project_id', q.project_id),
  'project', json_build_object('code', p.code, 'name', p.name, 'service_provider_id', p.service_provider_id),
  'sections', (select coalesce(json_agg(json_build_object('id', s.id, 'name', s.name, 'position', s.position,
      'lines', (select coalesce(json_agg(json_build_object('category', l.category, 'quantity', l.quantity::text,
          'unit_sell_price', l.unit_sell_price::text, 'unit_cost', l.unit_cost::text)), '[]'::json)
        from quote_line_items l where l.tenant_id = s.tenant_id and l.section_id = s.id and l.category <> 'Product'))
      order by s.position, s.id), '[]'::json)
    from quote_sections s where s.tenant_id = q.tenant_id and s.quote_id = q.id),
  'agreements', (select coalesce(json_agg(${AGREEMENT_ROW} order by a.number, a.id), '[]'::json)
    from service_provider_agreements a where a.tenant_id = q.tenant_id and a.quote_id = q.id),
  'providers', (select coalesce(json_agg(json_build_object('id', sp.id, 'name', sp.name) order by sp.name, sp.id), '[]'::json)
    from service_providers sp where sp.status_code = 'approved'))`;

const iso = (v: string) => new Date(v).toISOString();
const isoOrNull = (v: string | null | undefined) => (v ? iso(v) : null);

/** The stored state of a quote's agreements, or null when the quote is not the project's (or not the tenant's). */
async function loadQuoteState(tx: Tx, projectId: number, quoteId: number): Promise<StoredQuote | null> {
  const { rows } = await tx.execute<{ state: StoredQuote }>(sql`
    select ${QUOTE_STATE} as state from quotes q
      join projects p on p.tenant_id = q.tenant_id and p.id = q.project_id
    where q.id = ${quoteId} and q.project_id = ${projectId}`);
  return rows[0]?.state ?? null;
}

/** Present the stored state: every agreement with a row per section of the quote, and the providers. */
export function presentQuoteState(state: StoredQuote): QuoteAgreementsView {
  const sums = state.sections.map((s) => ({ ...s, ...sectionServiceSums(s.lines) }));
  // Which non-void agreement owns each section (the active rows), and which one holds each provider.
  const owner = new Map<number, { id: number; name: string }>();
  const providerUsedBy = new Map<string, number>();
  for (const a of state.agreements) {
    if (a.status === 'VOID') continue;
    for (const r of a.rows ?? []) if (r.active) owner.set(Number(r.section_id), { id: Number(a.id), name: a.name });
    if (a.service_provider) providerUsedBy.set(a.service_provider.id, Number(a.id));
  }
  const agreements = state.agreements.map((a): AgreementView => {
    const id = Number(a.id);
    const mine = new Map((a.rows ?? []).map((r) => [Number(r.section_id), r.contract_price]));
    const sections = sums.map((s): AgreementSectionView => {
      const price = mine.get(Number(s.id));
      const owned = price !== undefined;
      const by = owner.get(Number(s.id));
      return {
        id: Number(s.id),
        name: s.name,
        position: s.position,
        sell_price: s.sell_price,
        estimated_cost: s.estimated_cost,
        owned,
        owned_by: by && by.id !== id ? by : null,
        contract_price: owned ? cents(dec(price)) : null,
        // A section the agreement does not own shows what it would be claimed at 0 (Select All's price).
        ...agreementFigures(s.sell_price, owned ? price : '0'),
      };
    });
    return {
      id,
      quote_id: Number(state.quote.id),
      project_id: Number(state.quote.project_id),
      number: a.number,
      name: a.name,
      status: a.status,
      service_provider: a.service_provider,
      notes: a.notes,
      version: a.version,
      updated_at: iso(a.updated_at),
      updated_by_name: a.updated_by_name || null,
      response: a.response
        ? {
            response: a.response.response,
            reason: a.response.reason,
            at: iso(a.response.at),
            by_name: a.response.by_name || null,
          }
        : null,
      voided_at: isoOrNull(a.voided_at),
      sections,
      totals: agreementTotals(
        sections.map((s) => ({
          owned: s.owned,
          sell_price: s.sell_price,
          estimated_cost: s.estimated_cost,
          contract_price: s.contract_price,
        })),
      ),
    };
  });
  return {
    quote: {
      id: Number(state.quote.id),
      code: quoteCode(state.quote.code, state.quote.revision),
      status: state.quote.status,
      project_id: Number(state.quote.project_id),
      project_code: state.project.code,
      project_name: state.project.name,
    },
    agreements,
    providers: state.providers.map((p) => ({ ...p, used_by: providerUsedBy.get(p.id) ?? null })),
  };
}

/** The quote's agreements as the staff screen shows them (one statement); 404 when the quote is not the project's. */
export async function quoteAgreementsView(tx: Tx, projectId: number, quoteId: number): Promise<QuoteAgreementsView> {
  const state = await loadQuoteState(tx, projectId, quoteId);
  if (!state) throw quoteNotFound();
  return presentQuoteState(state);
}

/** One agreement of the quote as the staff screen shows it (the quote's state is one statement). */
export async function agreementView(
  tx: Tx,
  projectId: number,
  quoteId: number,
  agreementId: number,
): Promise<AgreementView> {
  const view = await quoteAgreementsView(tx, projectId, quoteId);
  const found = view.agreements.find((a) => a.id === agreementId);
  if (!found) throw agreementNotFound();
  return found;
}

type StoredProviderAgreement = Omit<ProviderAgreementView, 'contract_price' | 'abilities' | 'quote_code'> & {
  quote: { code: string; revision: number };
};

/**
 * One agreement as the provider's users see it, or 404 when it is not their provider's (another
 * provider's, another tenant's through RLS): one statement. Only the owned sections, and of their
 * lines the service and other ones with description, long description and quantity.
 */
export async function providerAgreementView(
  tx: Tx,
  providerId: string | null,
  agreementId: number,
): Promise<ProviderAgreementView> {
  if (!providerId) throw agreementNotFound();
  const { rows } = await tx.execute<{ a: StoredProviderAgreement }>(sql`
    select json_build_object('id', a.id, 'name', a.name, 'status', a.status,
      'project', json_build_object('id', p.id, 'code', p.code, 'name', p.name,
        'site_address', concat_ws(', ', nullif(p.street, ''), nullif(concat_ws(' ', nullif(p.suburb, ''),
          nullif(p.state, ''), nullif(p.postcode, '')), '')),
        'start_date', p.start_date, 'end_date', p.end_date),
      'quote', json_build_object('code', q.code, 'revision', q.revision),
      'service_provider', (select json_build_object('id', sp.id, 'name', sp.name) from service_providers sp
        where sp.tenant_id = a.tenant_id and sp.id = a.service_provider_id),
      'sections', (select coalesce(json_agg(json_build_object('id', s.id, 'name', s.name, 'position', s.position,
          'contract_price', x.contract_price::text,
          'line_items', (select coalesce(json_agg(json_build_object('id', l.id, 'category', l.category,
              'description', l.description, 'long_description', l.long_description, 'quantity', l.quantity::text)
              order by l.position, l.id), '[]'::json)
            from quote_line_items l where l.tenant_id = s.tenant_id and l.section_id = s.id and l.category <> 'Product'))
          order by s.position, s.id), '[]'::json)
        from service_provider_agreement_sections x
          join quote_sections s on s.tenant_id = x.tenant_id and s.id = x.section_id
        where x.tenant_id = a.tenant_id and x.agreement_id = a.id),
      'notes', a.notes, 'response', ${RESPONSE}, 'updated_at', a.updated_at) as a
    from service_provider_agreements a
      join quotes q on q.tenant_id = a.tenant_id and q.id = a.quote_id
      join projects p on p.tenant_id = a.tenant_id and p.id = a.project_id
    where a.id = ${agreementId} and a.service_provider_id = ${providerId}`);
  const a = rows[0]?.a;
  if (!a) throw agreementNotFound();
  const total = a.sections.reduce((sum, s) => sum.plus(dec(s.contract_price)), new Big(0));
  return {
    id: Number(a.id),
    name: a.name,
    status: a.status,
    project: {
      ...a.project,
      id: Number(a.project.id),
      start_date: toWallClock(a.project.start_date),
      end_date: toWallClock(a.project.end_date),
    },
    quote_code: quoteCode(a.quote.code, a.quote.revision),
    service_provider: a.service_provider,
    sections: a.sections.map((s) => ({
      ...s,
      id: Number(s.id),
      contract_price: cents(dec(s.contract_price)),
      line_items: s.line_items.map((l) => ({ ...l, id: Number(l.id) })),
    })),
    contract_price: cents(total),
    notes: a.notes,
    response: a.response ? { ...a.response, at: iso(a.response.at), by_name: a.response.by_name || null } : null,
    updated_at: iso(a.updated_at),
    abilities: { respond: a.status !== 'VOID' },
  };
}
