import { sql } from 'drizzle-orm';
import pg from 'pg';
import {
  AGREEMENT_TEXT,
  cents,
  dec,
  quoteCode,
  type AgreementResponseInput,
  type AgreementSaveData,
  type AgreementStatus,
  type AgreementView,
  type ProviderAgreementList,
  type ProviderAgreementListQuery,
  type ProviderAgreementSummary,
  type ProviderAgreementView,
  type QuoteAgreementsView,
} from '@siteflow/core';
import type { z } from 'zod';
import { inTenant, type Actor, type Deps, type TenantContext } from '../../platform/context.js';
import type { Tx } from '../../platform/db/client.js';
import { HttpError, invalid, type FieldErrors } from '../../platform/errors.js';
import { loadAgreementDocument, type AgreementDocument } from './document.js';
import { agreementNotFound, agreementView, providerAgreementView, quoteAgreementsView, quoteNotFound } from './view.js';

/**
 * Service provider agreements (issue 14 section 1; spec 3 sections 2.2, 4, 5, 9). Staff
 * (agreements.manage) create, save, void and delete the agreements of an Accepted quote; the
 * provider's users (agreements.respond) read theirs and accept or decline them. Every write locks
 * the agreement row (a new agreement: the quote row, numbers are given out one at a time). A
 * section belongs to at most one non-void agreement and a provider to at most one per quote: the
 * partial unique indexes decide a race, and their 23505 becomes a 409 with the spec's wording.
 * Decisions: docs/decisions.md, "Agreements".
 */

type D = Pick<Deps, 'db'>;
const conflict = (message: string) => new HttpError(409, message);

/** The driver's error behind drizzle's wrapper (constraint, detail), or null. */
function pgError(error: unknown): pg.DatabaseError | null {
  let e: unknown = error;
  for (let depth = 0; e && depth < 5; depth++) {
    if (e instanceof pg.DatabaseError) return e;
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}

type QuoteRow = { id: number; code: string; revision: number; status: string };

/** The quote when it is the project's (404 otherwise), locked when `lock`. */
async function findQuote(tx: Tx, projectId: number, quoteId: number, lock: boolean): Promise<QuoteRow> {
  const { rows } = await tx.execute<QuoteRow>(sql`
    select q.id, q.code, q.revision, q.status from quotes q
    where q.id = ${quoteId} and q.project_id = ${projectId} ${lock ? sql`for update` : sql``}`);
  const [row] = rows;
  if (!row) throw quoteNotFound();
  return row;
}

type AgreementRow = {
  id: number;
  status: AgreementStatus;
  version: number;
  service_provider_id: string | null;
  quote_status: string;
};

/** The agreement of the project's quote (404 otherwise), locked for update, with its quote's status. */
async function lockAgreement(tx: Tx, projectId: number, quoteId: number, agreementId: number): Promise<AgreementRow> {
  const { rows } = await tx.execute<AgreementRow>(sql`
    select a.id, a.status, a.version, a.service_provider_id, q.status as quote_status
    from service_provider_agreements a join quotes q on q.tenant_id = a.tenant_id and q.id = a.quote_id
    where a.id = ${agreementId} and a.quote_id = ${quoteId} and q.project_id = ${projectId}
    for update of a`);
  const [row] = rows;
  if (!row) throw agreementNotFound();
  return row;
}

/** Writes need an Accepted quote (a quote voided after acceptance keeps its agreements read-only). */
function writable(row: Pick<AgreementRow, 'quote_status' | 'status'>, allowVoid = false) {
  if (row.quote_status !== 'Accepted') throw conflict(AGREEMENT_TEXT.notAccepted);
  if (!allowVoid && row.status === 'VOID') throw conflict(AGREEMENT_TEXT.voidReadOnly);
}

// ---- staff ----

/**
 * GET /api/projects/:id/quotes/:quoteId/agreements: the quote, its agreements and the Approved
 * providers, one statement. A quote that is not Accepted answers 409, unless it has agreements
 * already (Accepted once, then voided: they stay readable).
 */
export const getQuoteAgreements = (deps: D, tenant: TenantContext, _actor: Actor, projectId: number, quoteId: number) =>
  inTenant(deps, tenant.id, async (tx): Promise<QuoteAgreementsView> => {
    const view = await quoteAgreementsView(tx, projectId, quoteId);
    if (view.quote.status !== 'Accepted' && view.agreements.length === 0) throw conflict(AGREEMENT_TEXT.notAccepted);
    return view;
  });

/**
 * POST /api/projects/:id/quotes/:quoteId/agreements: a new empty agreement, number = the quote's
 * next, named '{quote code}-SPA{number}', its provider the project's when that one is Approved and
 * no other non-void agreement of the quote has it.
 */
export const createAgreement = (deps: D, tenant: TenantContext, actor: Actor, projectId: number, quoteId: number) =>
  inTenant(deps, tenant.id, async (tx): Promise<AgreementView> => {
    const quote = await findQuote(tx, projectId, quoteId, true);
    if (quote.status !== 'Accepted') throw conflict(AGREEMENT_TEXT.notAccepted);
    const prefix = `${quoteCode(quote.code, quote.revision)}-SPA`;
    const { rows } = await tx.execute<{ id: number }>(sql`
      insert into service_provider_agreements (tenant_id, quote_id, project_id, number, name, service_provider_id,
        created_by, updated_by)
      select ${tenant.id}::uuid, q.id, q.project_id, n.next, ${prefix} || n.next,
        (select sp.id from service_providers sp where sp.tenant_id = p.tenant_id and sp.id = p.service_provider_id
          and sp.status_code = 'approved'
          and not exists (select 1 from service_provider_agreements o where o.tenant_id = q.tenant_id
            and o.quote_id = q.id and o.status <> 'VOID' and o.service_provider_id = sp.id)),
        ${actor.userId}::uuid, ${actor.userId}::uuid
      from quotes q join projects p on p.tenant_id = q.tenant_id and p.id = q.project_id,
        (select coalesce(max(number), 0) + 1 as next from service_provider_agreements
          where tenant_id = ${tenant.id}::uuid and quote_id = ${quoteId}) n
      where q.id = ${quoteId}
      returning id`);
    return agreementView(tx, projectId, quoteId, Number(rows[0]!.id));
  });

type SaveState = {
  sections: { id: number; name: string }[] | null;
  mine: { section_id: number; price: string }[] | null;
  taken: number[] | null;
  provider_ok: boolean | null;
  provider_used: boolean;
};

/**
 * PUT .../agreements/:agreementId: provider, notes and the sections map in one transaction (owned:
 * the row upserted at its price and active; not owned: the row deleted; sections the map leaves
 * out: unchanged). 404 for another quote's or tenant's agreement; 409 for a void agreement, a quote
 * that is not Accepted, a stale `version`, a section another non-void agreement owns and a
 * provider another one has (a race ends in the unique indexes' 23505: the same 409); 422 per field
 * for a section that is not the quote's or a provider that is not Approved. A save that changes
 * the provider, a section or a price clears the provider's answer (they answer the new terms).
 */
export const saveAgreement = async (
  deps: D,
  tenant: TenantContext,
  actor: Actor,
  projectId: number,
  quoteId: number,
  agreementId: number,
  input: AgreementSaveData,
): Promise<AgreementView> => {
  const names = new Map<number, string>();
  try {
    return await inTenant(deps, tenant.id, async (tx) => {
      const row = await lockAgreement(tx, projectId, quoteId, agreementId);
      writable(row);
      if (row.version !== input.version) throw conflict(AGREEMENT_TEXT.versionConflict);
      const entries = Object.entries(input.sections);
      const owned = entries.filter(([, s]) => s.owned).map(([, s]) => s);
      const released = entries.filter(([, s]) => !s.owned).map(([, s]) => s.id);
      const providerId = input.service_provider_id;
      const { rows } = await tx.execute<SaveState>(sql`
        select (select json_agg(json_build_object('id', s.id, 'name', s.name)) from quote_sections s
            where s.quote_id = ${quoteId}) as sections,
          (select json_agg(json_build_object('section_id', x.section_id, 'price', x.contract_price::text))
            from service_provider_agreement_sections x where x.agreement_id = ${agreementId}) as mine,
          (select json_agg(x.section_id) from service_provider_agreement_sections x
            join quote_sections s on s.tenant_id = x.tenant_id and s.id = x.section_id and s.quote_id = ${quoteId}
            where x.active and x.agreement_id <> ${agreementId}) as taken,
          (select sp.status_code = 'approved' from service_providers sp where sp.id = ${providerId}::uuid) as provider_ok,
          exists (select 1 from service_provider_agreements o where o.quote_id = ${quoteId} and o.id <> ${agreementId}
            and o.status <> 'VOID' and o.service_provider_id = ${providerId}::uuid) as provider_used`);
      const state = rows[0]!;
      for (const s of state.sections ?? []) names.set(Number(s.id), s.name);

      const errors: FieldErrors = {};
      for (const [key, s] of entries)
        if (Number(key) !== s.id || !names.has(s.id)) errors[`sections.${key}.id`] = [AGREEMENT_TEXT.unknownSection];
      const providerChanged = providerId !== row.service_provider_id;
      if (providerId && providerChanged && !state.provider_ok)
        errors.service_provider_id = [AGREEMENT_TEXT.unknownProvider];
      if (Object.keys(errors).length) throw invalid(errors);
      const taken = new Set((state.taken ?? []).map(Number));
      const clash = owned.find((s) => taken.has(s.id));
      if (clash) throw conflict(AGREEMENT_TEXT.sectionTaken(names.get(clash.id) ?? ''));
      if (providerId && state.provider_used) throw conflict(AGREEMENT_TEXT.providerTaken);

      const before = new Map((state.mine ?? []).map((m) => [Number(m.section_id), m.price]));
      const termsChanged =
        providerChanged ||
        owned.some((s) => before.get(s.id) === undefined || Number(before.get(s.id)) !== Number(s.price)) ||
        released.some((id) => before.has(id));

      if (released.length)
        await tx.execute(sql`delete from service_provider_agreement_sections
          where agreement_id = ${agreementId} and section_id = any(${`{${released.join(',')}}`}::bigint[])`);
      if (owned.length)
        await tx.execute(sql`insert into service_provider_agreement_sections as x
            (tenant_id, agreement_id, section_id, contract_price, active)
          select ${tenant.id}::uuid, ${agreementId}::bigint, v.id, v.price, true
          from json_to_recordset(${JSON.stringify(owned.map((s) => ({ id: s.id, price: s.price })))}::json)
            as v(id bigint, price numeric)
          on conflict (tenant_id, agreement_id, section_id) do update
            set contract_price = excluded.contract_price, active = true
            where (x.contract_price, x.active) is distinct from (excluded.contract_price, true)`);
      await tx.execute(sql`update service_provider_agreements set service_provider_id = ${providerId}::uuid,
          notes = ${input.notes}, version = version + 1, updated_at = now(), updated_by = ${actor.userId}::uuid
          ${termsChanged ? sql`, response = null, response_reason = null, response_at = null, response_by = null` : sql``}
        where id = ${agreementId}`);
      return agreementView(tx, projectId, quoteId, agreementId);
    });
  } catch (e) {
    const db = pgError(e);
    if (db?.code === '23505' && db.constraint === 'service_provider_agreement_sections_owner_key') {
      // PostgreSQL leaves the key out of the detail on a table with row security: ask which one it was.
      const claimed = Object.values(input.sections)
        .filter((s) => s.owned)
        .map((s) => s.id);
      const name = await inTenant(deps, tenant.id, async (tx) => {
        const { rows } = await tx.execute<{ id: string | number }>(sql`
          select x.section_id as id from service_provider_agreement_sections x
          where x.active and x.agreement_id <> ${agreementId} and x.section_id = any(${`{${claimed.join(',')}}`}::bigint[])
          limit 1`);
        return rows[0] ? names.get(Number(rows[0].id)) : undefined;
      });
      throw conflict(AGREEMENT_TEXT.sectionTaken(name ?? names.get(claimed[0]!) ?? ''));
    }
    if (db?.code === '23505' && db.constraint === 'service_provider_agreements_tenant_quote_provider_key')
      throw conflict(AGREEMENT_TEXT.providerTaken);
    throw e;
  }
};

/**
 * PATCH .../agreements/:agreementId/void: status VOID, who and when; its section rows become
 * inactive (the sections are free for another agreement, the rows stay for the record).
 */
export const voidAgreement = (
  deps: D,
  tenant: TenantContext,
  actor: Actor,
  projectId: number,
  quoteId: number,
  agreementId: number,
) =>
  inTenant(deps, tenant.id, async (tx): Promise<AgreementView> => {
    writable(await lockAgreement(tx, projectId, quoteId, agreementId));
    await tx.execute(sql`update service_provider_agreements set status = 'VOID', voided_at = now(),
        voided_by = ${actor.userId}::uuid, version = version + 1, updated_at = now(), updated_by = ${actor.userId}::uuid
      where id = ${agreementId}`);
    await tx.execute(
      sql`update service_provider_agreement_sections set active = false where agreement_id = ${agreementId} and active`,
    );
    return agreementView(tx, projectId, quoteId, agreementId);
  });

/** DELETE .../agreements/:agreementId: gone with its section rows (the sections are free); void ones too. */
export const deleteAgreement = (
  deps: D,
  tenant: TenantContext,
  _actor: Actor,
  projectId: number,
  quoteId: number,
  agreementId: number,
) =>
  inTenant(deps, tenant.id, async (tx) => {
    writable(await lockAgreement(tx, projectId, quoteId, agreementId), true);
    await tx.execute(sql`delete from service_provider_agreements where id = ${agreementId}`);
  });

// ---- provider users ----

/** GET /api/agreements: the provider's agreements, newest first, a page and the total (one statement). */
export const listProviderAgreements = (
  deps: D,
  tenant: TenantContext,
  actor: Actor,
  query: ProviderAgreementListQuery,
) =>
  inTenant(deps, tenant.id, async (tx): Promise<ProviderAgreementList> => {
    const { page, pageSize } = query;
    if (!actor.providerId) return { items: [], total: 0, page, pageSize };
    type Row = Omit<ProviderAgreementSummary, 'quote_code'> & { quote: { code: string; revision: number } };
    const { rows } = await tx.execute<{ total: number; items: Row[] }>(sql`
      select (select count(*)::int from service_provider_agreements where service_provider_id = ${actor.providerId}::uuid) as total,
        (select coalesce(json_agg(r order by r.updated_at desc, r.id desc), '[]'::json) from (
          select a.id, a.name, a.status, a.response, a.updated_at,
            json_build_object('id', p.id, 'code', p.code, 'name', p.name) as project,
            json_build_object('code', q.code, 'revision', q.revision) as quote,
            (select coalesce(sum(x.contract_price), 0)::text from service_provider_agreement_sections x
              where x.tenant_id = a.tenant_id and x.agreement_id = a.id) as contract_price
          from service_provider_agreements a
            join quotes q on q.tenant_id = a.tenant_id and q.id = a.quote_id
            join projects p on p.tenant_id = a.tenant_id and p.id = a.project_id
          where a.service_provider_id = ${actor.providerId}::uuid
          order by a.updated_at desc, a.id desc
          limit ${pageSize} offset ${(page - 1) * pageSize}) r) as items`);
    const row = rows[0]!;
    return {
      items: row.items.map(({ quote, ...r }) => ({
        ...r,
        id: Number(r.id),
        project: { ...r.project, id: Number(r.project.id) },
        quote_code: quoteCode(quote.code, quote.revision),
        contract_price: cents(dec(r.contract_price)),
        updated_at: new Date(r.updated_at).toISOString(),
      })),
      total: row.total,
      page,
      pageSize,
    };
  });

/** GET /api/agreements/:agreementId: the provider's own agreement (404 for any other). */
export const getProviderAgreement = (deps: D, tenant: TenantContext, actor: Actor, agreementId: number) =>
  inTenant(deps, tenant.id, (tx) => providerAgreementView(tx, actor.providerId, agreementId));

/**
 * POST /api/agreements/:agreementId/response: Accepted, or Declined with a reason; who and when.
 * Answering again replaces the answer. A void agreement, or one of a quote that is no longer
 * Accepted, cannot be answered (409). The version goes up (an open staff editor reloads to see it).
 */
export const respondToAgreement = (
  deps: D,
  tenant: TenantContext,
  actor: Actor,
  agreementId: number,
  input: z.output<typeof AgreementResponseInput>,
) =>
  inTenant(deps, tenant.id, async (tx): Promise<ProviderAgreementView> => {
    if (!actor.providerId) throw agreementNotFound();
    const { rows } = await tx.execute<AgreementRow>(sql`
      select a.id, a.status, a.version, a.service_provider_id, q.status as quote_status
      from service_provider_agreements a join quotes q on q.tenant_id = a.tenant_id and q.id = a.quote_id
      where a.id = ${agreementId} and a.service_provider_id = ${actor.providerId}::uuid
      for update of a`);
    const [row] = rows;
    if (!row) throw agreementNotFound();
    writable(row);
    await tx.execute(sql`update service_provider_agreements set response = ${input.response},
        response_reason = ${input.response === 'Declined' ? input.reason : null}, response_at = now(),
        response_by = ${actor.userId}::uuid, version = version + 1
      where id = ${agreementId}`);
    return providerAgreementView(tx, actor.providerId, agreementId);
  });

// ---- documents ----

/**
 * The agreement's document for its PDFs (document.ts), for staff through its quote (404 when it
 * is not the project's quote's) or for the provider's own users (404 for any other agreement);
 * 409 while it has no provider (the screen hides Generate until a provider is saved).
 */
export const agreementDocument = (
  deps: D,
  tenant: TenantContext,
  actor: Actor,
  where: { projectId: number; quoteId: number; agreementId: number } | { agreementId: number },
) =>
  inTenant(deps, tenant.id, async (tx): Promise<AgreementDocument> => {
    const { rows } = await tx.execute<{ id: number }>(
      'quoteId' in where
        ? sql`select a.id from service_provider_agreements a join quotes q on q.tenant_id = a.tenant_id and q.id = a.quote_id
            where a.id = ${where.agreementId} and a.quote_id = ${where.quoteId} and q.project_id = ${where.projectId}`
        : sql`select a.id from service_provider_agreements a
            where a.id = ${where.agreementId} and a.service_provider_id = ${actor.providerId}::uuid`,
    );
    if (!rows[0]) throw agreementNotFound();
    const doc = await loadAgreementDocument(tx, where.agreementId);
    if (!doc.provider) throw conflict(AGREEMENT_TEXT.noProvider);
    return doc;
  });
