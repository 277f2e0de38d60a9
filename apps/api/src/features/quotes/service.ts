import { and, eq, sql } from 'drizzle-orm';
import {
  isDeletableStatus,
  QUOTE_TEXT,
  statusChangeProblem,
  type QuoteList,
  type QuoteSaveData,
  type QuoteStatus,
  type QuoteView,
} from '@siteflow/core';
import { inTenant, type Actor, type Deps, type TenantContext } from '../../platform/context.js';
import type { Tx } from '../../platform/db/client.js';
import { projects, quotes } from '../../platform/db/schema.js';
import { HttpError, invalid, isUniqueViolation, notFound, type FieldErrors } from '../../platform/errors.js';
import { lockVisibleProject, visibleProjects } from '../../platform/project-scope.js';
import { LINE_COLUMNS, lineRecord, newDraft } from './writes.js';
import { quoteList, quoteNotFound, quoteView } from './view.js';

/**
 * A project's quotes (issue 13 section 1; spec 3 sections 2.1, 4, 5): create, read, save the
 * whole quote (sections and items keep their ids), change the status, make a revision, delete.
 * Every write locks the quote row; a new quote or revision locks the project row first (numbers
 * and revisions are given out one at a time).
 */

type D = Pick<Deps, 'db'>;
type QuoteRow = typeof quotes.$inferSelect;

const conflict = (message: string) => new HttpError(409, message);

/** The quote, when the actor sees its project (404 otherwise), locked for update. */
async function lockQuote(tx: Tx, actor: Actor, projectId: number, quoteId: number): Promise<QuoteRow> {
  const [row] = await tx
    .select({ quote: quotes })
    .from(quotes)
    .innerJoin(projects, and(eq(projects.tenantId, quotes.tenantId), eq(projects.id, quotes.projectId)))
    .where(and(eq(quotes.id, quoteId), eq(quotes.projectId, projectId), visibleProjects(actor)))
    .for('update', { of: quotes });
  if (!row) throw quoteNotFound();
  return row.quote;
}

// ---- reads ----

/** GET /api/projects/:id/quotes: the revision dropdown's quotes. */
export const listQuotes = (deps: D, tenant: TenantContext, actor: Actor, projectId: number) =>
  inTenant(deps, tenant.id, async (tx): Promise<QuoteList> => {
    const list = await quoteList(tx, actor, projectId);
    if (!list) throw notFound('The project');
    return list;
  });

export const getQuote = (deps: D, tenant: TenantContext, actor: Actor, projectId: number, quoteId: number) =>
  inTenant(deps, tenant.id, (tx) => quoteView(tx, actor, projectId, quoteId));

// ---- writes ----

/** POST /api/projects/:id/quotes: a new empty Draft, `Q-{project code}-{next number}`, revision 1. */
export const createQuote = (deps: D, tenant: TenantContext, actor: Actor, projectId: number) =>
  inTenant(deps, tenant.id, async (tx): Promise<QuoteView> => {
    const id = await newDraft(tx, tenant, actor, projectId, null);
    return quoteView(tx, actor, projectId, id);
  });

/** The ids a saved quote's body names: each stored row of this quote at most once (422 per path). */
async function checkIds(tx: Tx, quoteId: number, input: QuoteSaveData) {
  const { rows } = await tx.execute<{ sections: number[]; items: number[] }>(sql`
    select (select coalesce(array_agg(id), '{}') from quote_sections where quote_id = ${quoteId}) as sections,
      (select coalesce(array_agg(id), '{}') from quote_line_items where quote_id = ${quoteId}) as items`);
  const storedSections = new Set(rows[0]!.sections.map(Number));
  const storedItems = new Set(rows[0]!.items.map(Number));
  const errors: FieldErrors = {};
  const seenSections = new Set<number>();
  const seenItems = new Set<number>();
  input.sections.forEach((s, i) => {
    if (s.id !== null) {
      if (!storedSections.has(s.id) || seenSections.has(s.id)) errors[`sections.${i}.id`] = [QUOTE_TEXT.unknownSection];
      seenSections.add(s.id);
    }
    s.line_items.forEach((l, j) => {
      if (l.id === null) return;
      if (!storedItems.has(l.id) || seenItems.has(l.id))
        errors[`sections.${i}.line_items.${j}.id`] = [QUOTE_TEXT.unknownLineItem];
      seenItems.add(l.id);
    });
  });
  if (Object.keys(errors).length) throw invalid(errors);
  return { keptItems: [...seenItems] };
}

/** Catalogue items a body links must be the company's (422 per path). */
async function checkWorkItems(tx: Tx, input: QuoteSaveData) {
  const wanted = new Set<number>();
  for (const s of input.sections)
    for (const l of s.line_items) if (l.product?.work_item_id) wanted.add(l.product.work_item_id);
  if (!wanted.size) return;
  const { rows } = await tx.execute<{ id: string | number }>(
    sql`select id from work_items where id = any(${`{${[...wanted].join(',')}}`}::bigint[])`,
  );
  const found = new Set(rows.map((r) => Number(r.id)));
  const errors: FieldErrors = {};
  input.sections.forEach((s, i) =>
    s.line_items.forEach((l, j) => {
      const id = l.product?.work_item_id;
      if (id && !found.has(id))
        errors[`sections.${i}.line_items.${j}.product.work_item_id`] = [QUOTE_TEXT.unknownWorkItem];
    }),
  );
  if (Object.keys(errors).length) throw invalid(errors);
}

const json = (v: unknown) => sql`${JSON.stringify(v)}::json`;

/**
 * PUT /api/projects/:id/quotes/:quoteId: the whole quote as the editor holds it. Draft only (409);
 * `version` must be the stored one (409: someone saved in between). Sections and items the body
 * names by id are updated in place (an item may move to another section), new ones inserted, the
 * others deleted; positions follow the body's order. The version goes up by one.
 */
export const saveQuote = (
  deps: D,
  tenant: TenantContext,
  actor: Actor,
  projectId: number,
  quoteId: number,
  input: QuoteSaveData,
) =>
  inTenant(deps, tenant.id, async (tx): Promise<QuoteView> => {
    const quote = await lockQuote(tx, actor, projectId, quoteId);
    if (quote.status !== 'Draft') throw conflict(QUOTE_TEXT.notDraft);
    if (quote.version !== input.version) throw conflict(QUOTE_TEXT.versionConflict);
    const { keptItems } = await checkIds(tx, quoteId, input);
    await checkWorkItems(tx, input);

    const bigints = (ids: number[]) => `{${ids.join(',')}}`;
    // Items the body no longer has.
    await tx.execute(
      sql`delete from quote_line_items where quote_id = ${quoteId} and not (id = any(${bigints(keptItems)}::bigint[]))`,
    );
    const sectionRows = input.sections.map((s, position) => ({ id: s.id, position, name: s.name, note: s.note }));
    // Sections: the kept ones updated in place, the new ones inserted (their ids for their items).
    const kept = sectionRows.filter((s) => s.id !== null);
    if (kept.length)
      await tx.execute(sql`update quote_sections s set position = v.position, name = v.name, note = v.note
        from json_to_recordset(${json(kept)}) as v(id bigint, position int, name text, note text)
        where s.quote_id = ${quoteId} and s.id = v.id
          and (s.position, s.name, s.note) is distinct from (v.position, v.name, v.note)`);
    const fresh = sectionRows.filter((s) => s.id === null);
    const sectionIds = new Map<number, number>(kept.map((s) => [s.position, s.id!]));
    if (fresh.length) {
      const { rows } = await tx.execute<{ id: string | number; position: number }>(sql`
        insert into quote_sections (tenant_id, quote_id, position, name, note)
        select ${tenant.id}::uuid, ${quoteId}::bigint, v.position, v.name, v.note
        from json_to_recordset(${json(fresh)}) as v(position int, name text, note text)
        returning id, position`);
      for (const r of rows) sectionIds.set(r.position, Number(r.id));
    }
    // Items: each with its section's id (new sections' from the insert above) and its place.
    const lines = input.sections.flatMap((s, si) =>
      s.line_items.map((l, position) => lineRecord(l, sectionIds.get(si) ?? null, si, position)),
    );
    const keptLines = lines.filter((l) => l.id !== null);
    const freshLines = lines.filter((l) => l.id === null);
    if (keptLines.length)
      await tx.execute(sql`update quote_line_items l set section_id = v.section_id, position = v.position,
          category = v.category, description = v.description, long_description = v.long_description,
          general_notes = v.general_notes, supplied_by = v.supplied_by, quantity = v.quantity,
          unit_sell_price = v.unit_sell_price, unit_cost = v.unit_cost, work_item_id = v.work_item_id,
          product_code = v.product_code, supplier_name = v.supplier_name, order_status = v.order_status,
          company_purchase_order_reference = v.company_purchase_order_reference, eta = v.eta,
          consignment_tracking_link = v.consignment_tracking_link
        from json_to_recordset(${json(keptLines)}) as v(${LINE_COLUMNS})
        where l.quote_id = ${quoteId} and l.id = v.id
          -- Only the rows that changed are written (an editor's save usually changes a few of them).
          and (l.section_id, l.position, l.category, l.description, l.long_description, l.general_notes,
            l.supplied_by, l.quantity, l.unit_sell_price, l.unit_cost, l.work_item_id, l.product_code,
            l.supplier_name, l.order_status, l.company_purchase_order_reference, l.eta, l.consignment_tracking_link)
          is distinct from (v.section_id, v.position, v.category, v.description, v.long_description, v.general_notes,
            v.supplied_by, v.quantity, v.unit_sell_price, v.unit_cost, v.work_item_id, v.product_code,
            v.supplier_name, v.order_status, v.company_purchase_order_reference, v.eta, v.consignment_tracking_link)`);
    if (freshLines.length)
      await tx.execute(sql`insert into quote_line_items (tenant_id, quote_id, section_id, position, category,
          description, long_description, general_notes, supplied_by, quantity, unit_sell_price, unit_cost,
          work_item_id, product_code, supplier_name, order_status, company_purchase_order_reference, eta,
          consignment_tracking_link)
        select ${tenant.id}::uuid, ${quoteId}::bigint, v.section_id, v.position, v.category, v.description, v.long_description,
          v.general_notes, v.supplied_by, v.quantity, v.unit_sell_price, v.unit_cost, v.work_item_id, v.product_code,
          v.supplier_name, v.order_status, v.company_purchase_order_reference, v.eta, v.consignment_tracking_link
        from json_to_recordset(${json(freshLines)}) as v(${LINE_COLUMNS})`);
    // Sections the body no longer has, last: an item may have moved out of one of them.
    await tx.execute(
      sql`delete from quote_sections where quote_id = ${quoteId} and not (id = any(${bigints([...sectionIds.values()])}::bigint[]))`,
    );
    await tx
      .update(quotes)
      .set({ note: input.note, version: sql`${quotes.version} + 1`, updatedAt: sql`now()`, updatedBy: actor.userId })
      .where(eq(quotes.id, quoteId));
    return quoteView(tx, actor, projectId, quoteId);
  });

/**
 * POST /api/projects/:id/quotes/:quoteId/status: the rules of spec 3 section 4 (core's
 * statusChangeProblem): from Accepted only Void; Accepted only while no other quote of the project
 * is (the partial unique index backs it: a race ends in the same 409). Rejected keeps the reason,
 * any other status clears it. The version goes up (an open editor must reload).
 */
export const changeStatus = async (
  deps: D,
  tenant: TenantContext,
  actor: Actor,
  projectId: number,
  quoteId: number,
  input: { status: QuoteStatus; reason: string | null },
) => {
  try {
    return await inTenant(deps, tenant.id, async (tx): Promise<QuoteView> => {
      const quote = await lockQuote(tx, actor, projectId, quoteId);
      const [other] = await tx
        .select({ id: quotes.id })
        .from(quotes)
        .where(and(eq(quotes.projectId, projectId), eq(quotes.status, 'Accepted'), sql`${quotes.id} <> ${quoteId}`))
        .limit(1);
      const problem = statusChangeProblem(quote.status, input.status, !!other);
      if (problem?.status === 422) throw invalid({ status: [problem.message] });
      if (problem) throw conflict(problem.message);
      await tx
        .update(quotes)
        .set({
          status: input.status,
          reason: input.status === 'Rejected' ? input.reason : null,
          version: sql`${quotes.version} + 1`,
          updatedAt: sql`now()`,
          updatedBy: actor.userId,
        })
        .where(eq(quotes.id, quoteId));
      return quoteView(tx, actor, projectId, quoteId);
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(QUOTE_TEXT.otherAccepted);
    throw e;
  }
};

/**
 * POST /api/projects/:id/quotes/:quoteId/revisions: a copy of the quote as saved (unsaved edits
 * in an editor are not in it), a Draft with the same base code and revision = the highest
 * revision of that code + 1; sections and items are new rows in the same order.
 */
export const reviseQuote = (deps: D, tenant: TenantContext, actor: Actor, projectId: number, quoteId: number) =>
  inTenant(deps, tenant.id, async (tx): Promise<QuoteView> => {
    await lockVisibleProject(tx, actor, projectId);
    const source = await lockQuote(tx, actor, projectId, quoteId);
    const [last] = await tx
      .select({ max: sql<number>`max(${quotes.revision})` })
      .from(quotes)
      .where(and(eq(quotes.projectId, projectId), eq(quotes.number, source.number)));
    const [row] = await tx
      .insert(quotes)
      .values({
        tenantId: tenant.id,
        projectId,
        number: source.number,
        code: source.code,
        revision: (last?.max ?? source.revision) + 1,
        note: source.note,
        createdBy: actor.userId,
        updatedBy: actor.userId,
      })
      .returning({ id: quotes.id });
    const id = row!.id;
    // Sections, then their items, matched by the section's position (unique within a saved quote).
    await tx.execute(sql`
      with src as (select id, position from quote_sections where quote_id = ${quoteId}),
      ins as (
        insert into quote_sections (tenant_id, quote_id, position, name, note)
        select ${tenant.id}::uuid, ${id}::bigint, s.position, s.name, s.note from quote_sections s where s.quote_id = ${quoteId}
        returning id, position)
      insert into quote_line_items (tenant_id, quote_id, section_id, position, category, description,
        long_description, general_notes, supplied_by, quantity, unit_sell_price, unit_cost, work_item_id,
        product_code, supplier_name, order_status, company_purchase_order_reference, eta, consignment_tracking_link)
      select ${tenant.id}::uuid, ${id}::bigint, ins.id, l.position, l.category, l.description, l.long_description, l.general_notes,
        l.supplied_by, l.quantity, l.unit_sell_price, l.unit_cost, l.work_item_id, l.product_code, l.supplier_name,
        l.order_status, l.company_purchase_order_reference, l.eta, l.consignment_tracking_link
      from quote_line_items l join src on src.id = l.section_id join ins on ins.position = src.position
      where l.quote_id = ${quoteId}`);
    return quoteView(tx, actor, projectId, id);
  });

/** DELETE /api/projects/:id/quotes/:quoteId: any status but Accepted (409: void it first). */
export const deleteQuote = (deps: D, tenant: TenantContext, actor: Actor, projectId: number, quoteId: number) =>
  inTenant(deps, tenant.id, async (tx) => {
    const quote = await lockQuote(tx, actor, projectId, quoteId);
    if (!isDeletableStatus(quote.status)) throw conflict(QUOTE_TEXT.notDeletable);
    await tx.delete(quotes).where(eq(quotes.id, quoteId));
    return { message: QUOTE_TEXT.deleted };
  });
