import { parse } from 'csv-parse/sync';
import { and, eq, sql } from 'drizzle-orm';
import {
  IMPORTABLE_LIMIT,
  LineItemInput,
  QUOTE_FILE_TEXT,
  QUOTE_LIMITS,
  QUOTE_TEXT,
  restoreCell,
  SYSTEM_CSV_COLUMNS,
  type ImportableOptions,
  type ImportableQuote,
  type LineItemData,
  type QuoteView,
  type SectionData,
  type SystemCsvColumn,
} from '@siteflow/core';
import { inTenant, type Actor, type Deps, type TenantContext } from '../../platform/context.js';
import type { Tx } from '../../platform/db/client.js';
import { projects, quotes } from '../../platform/db/schema.js';
import { HttpError, invalid, type FieldErrors } from '../../platform/errors.js';
import { visibleProjects } from '../../platform/project-scope.js';
import { LINE_COLUMNS, lineRecord, newDraft } from './writes.js';
import { andVisible, JOIN_PROJECT, quoteNotFound, quoteView } from './view.js';

/**
 * Importing into a project's quotes (issue 13 section 2; spec 3 sections 2.1, 7, 9): a System
 * Friendly CSV (export.ts writes it) as a new Draft, another quote's sections cloned as a new
 * Draft or attached to the bottom of a Draft, and the picker's list of importable quotes.
 */

type D = Pick<Deps, 'db'>;
type ParsedQuote = { note: string | null; sections: SectionData[] };

// ---- the CSV ----

const onlyCsv = () => invalid({ file: [QUOTE_FILE_TEXT.onlyCsv] }, QUOTE_FILE_TEXT.onlyCsv);
const zodPath = (path: PropertyKey[]) => path.map(String).join('.') || 'row';

/**
 * A System Friendly CSV read back (every cell restored: restoreCell), or a 422: not CSV text
 * ({ file }), missing columns ({ file }), or per row ({ 'row 3': ['quantity: ...'] }, row 1 being
 * the header). Rows are grouped into sections by section_position and ordered by item_position.
 */
export function parseSystemCsv(data: Buffer): ParsedQuote {
  // Text only: a NUL byte or invalid UTF-8 is not a CSV export.
  const text = new TextDecoder('utf-8', { fatal: false }).decode(data);
  if (!text.trim() || text.includes('\u0000') || text.includes('\ufffd')) throw onlyCsv();
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text.replace(/^\ufeff/, ''), {
      bom: true,
      info: true,
      relax_column_count: false,
      skip_empty_lines: true,
      max_record_size: 1_000_000,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch {
    throw onlyCsv();
  }
  const [head, ...body] = records;
  const header = head!.record.map((h) => h.trim());
  const missing = SYSTEM_CSV_COLUMNS.filter((c) => !header.includes(c));
  if (missing.length)
    throw invalid({ file: [`${QUOTE_FILE_TEXT.missingColumns} ${missing.join(', ')}`] }, QUOTE_FILE_TEXT.badFile);
  const col = Object.fromEntries(SYSTEM_CSV_COLUMNS.map((c) => [c, header.indexOf(c)])) as Record<
    SystemCsvColumn,
    number
  >;

  const errors: FieldErrors = {};
  const sections = new Map<
    number,
    { name: string; note: string | null; items: { at: number; line: LineItemData }[] }
  >();
  let note: string | null = null;
  const position = (v: string) => (/^\d{1,6}$/.test(v) ? Number(v) : null);
  for (const { record, info } of body) {
    const row = `row ${info.lines}`;
    const cell = (c: SystemCsvColumn) => restoreCell(record[col[c]] ?? '');
    const problems: string[] = [];
    if (note === null && cell('quote_note')) note = cell('quote_note');
    const sp = position(cell('section_position'));
    if (!sp) problems.push('section_position: Must be a whole number of at least 1.');
    const section = sp ? sections.get(sp) : undefined;
    const sectionName = cell('section_name').trim();
    if (sectionName.length > QUOTE_LIMITS.sectionName)
      problems.push(`section_name: Must be at most ${QUOTE_LIMITS.sectionName} characters.`);
    if (cell('section_note').length > QUOTE_LIMITS.sectionNote)
      problems.push(`section_note: Must be at most ${QUOTE_LIMITS.sectionNote} characters.`);
    const target = section ?? { name: sectionName, note: cell('section_note') || null, items: [] };
    if (sp && !section) sections.set(sp, target);
    if (cell('item_position') !== '') {
      const at = position(cell('item_position'));
      if (!at) problems.push('item_position: Must be a whole number of at least 1.');
      const category = cell('category');
      const parsed = LineItemInput.safeParse({
        category,
        description: cell('description'),
        long_description: cell('long_description'),
        general_notes: cell('general_notes'),
        supplied_by: cell('supplied_by'),
        quantity: cell('quantity'),
        unit_sell_price: cell('unit_sell_price'),
        unit_cost: cell('unit_cost'),
        product:
          category === 'Product'
            ? {
                work_item_id: /^\d{1,15}$/.test(cell('work_item_id')) ? Number(cell('work_item_id')) : null,
                product_code: cell('product_code'),
                supplier_name: cell('supplier_name'),
                order_status: cell('order_status') || undefined,
                company_purchase_order_reference: cell('company_purchase_order_reference'),
                eta: cell('eta'),
                consignment_tracking_link: cell('consignment_tracking_link'),
              }
            : null,
      });
      if (!parsed.success)
        for (const issue of parsed.error.issues) problems.push(`${zodPath(issue.path)}: ${issue.message}`);
      else if (at) target.items.push({ at, line: { ...parsed.data, id: null } });
    }
    if (problems.length) errors[row] = problems;
    if (Object.keys(errors).length >= 50) break;
  }
  if (Object.keys(errors).length) throw invalid(errors, QUOTE_FILE_TEXT.badRows);
  if (!sections.size) throw invalid({ file: [QUOTE_FILE_TEXT.emptyFile] }, QUOTE_FILE_TEXT.emptyFile);
  if (sections.size > QUOTE_LIMITS.sections)
    throw invalid({ file: [`A quote may have at most ${QUOTE_LIMITS.sections} sections.`] });
  const ordered = [...sections.entries()].sort((a, b) => a[0] - b[0]).map(([, s]) => s);
  const lines = ordered.reduce((n, s) => n + s.items.length, 0);
  if (lines > QUOTE_LIMITS.quoteLineItems || ordered.some((s) => s.items.length > QUOTE_LIMITS.lineItems))
    throw invalid({ file: [`A quote may have at most ${QUOTE_LIMITS.quoteLineItems} line items.`] });
  if (note && note.length > QUOTE_LIMITS.note)
    throw invalid({ file: [`quote_note: Must be at most ${QUOTE_LIMITS.note} characters.`] });
  return {
    note,
    sections: ordered.map((s) => ({
      id: null,
      name: s.name,
      note: s.note,
      line_items: s.items.sort((a, b) => a.at - b.at).map((i) => i.line),
    })),
  };
}

// ---- writing ----

const json = (v: unknown) => sql`${JSON.stringify(v)}::jsonb`;

/** Sections (with their items) inserted at positions `from`, `from + 1`...: two statements. */
async function insertSections(tx: Tx, tenantId: string, quoteId: number, from: number, sections: SectionData[]) {
  if (!sections.length) return;
  const { rows } = await tx.execute<{ id: string | number; position: number }>(sql`
    insert into quote_sections (tenant_id, quote_id, position, name, note)
    select ${tenantId}::uuid, ${quoteId}::bigint, v.position, v.name, v.note
    from jsonb_to_recordset(${json(sections.map((s, i) => ({ position: from + i, name: s.name, note: s.note })))})
      as v(position int, name text, note text)
    returning id, position`);
  const ids = new Map(rows.map((r) => [r.position, Number(r.id)]));
  const lines = sections.flatMap((s, i) =>
    s.line_items.map((l, position) => lineRecord(l, ids.get(from + i) ?? null, from + i, position)),
  );
  if (!lines.length) return;
  // A catalogue item that is not the company's (a file from elsewhere) is dropped: the line keeps its texts.
  await tx.execute(sql`insert into quote_line_items (tenant_id, quote_id, section_id, position, category,
      description, long_description, general_notes, supplied_by, quantity, unit_sell_price, unit_cost,
      work_item_id, product_code, supplier_name, order_status, company_purchase_order_reference, eta,
      consignment_tracking_link)
    select ${tenantId}::uuid, ${quoteId}::bigint, v.section_id, v.position, v.category, v.description, v.long_description,
      v.general_notes, v.supplied_by, v.quantity, v.unit_sell_price, v.unit_cost,
      (select w.id from work_items w where w.id = v.work_item_id), v.product_code,
      v.supplier_name, v.order_status, v.company_purchase_order_reference, v.eta, v.consignment_tracking_link
    from jsonb_to_recordset(${json(lines)}) as v(${LINE_COLUMNS})`);
}

/** POST /api/projects/:id/quotes/import: a System Friendly CSV as a new Draft of the project. */
export const importCsv = (
  deps: D,
  tenant: TenantContext,
  actor: Actor,
  projectId: number,
  file: { name: string; data: Buffer },
) => {
  if (!/\.csv$/i.test(file.name)) throw onlyCsv();
  const parsed = parseSystemCsv(file.data);
  return inTenant(deps, tenant.id, async (tx): Promise<QuoteView> => {
    const id = await newDraft(tx, tenant, actor, projectId, parsed.note);
    await insertSections(tx, tenant.id, id, 0, parsed.sections);
    return quoteView(tx, actor, projectId, id);
  });
};

/**
 * Copy `sections` (all when empty) of quote `sourceId` (any quote of a project the actor sees;
 * 404 otherwise; 422 for a section of another quote) into quote `targetId` after its sections.
 */
async function copySections(
  tx: Tx,
  tenantId: string,
  actor: Actor,
  sourceId: number,
  sectionIds: number[],
  targetId: number,
) {
  const { rows } = await tx.execute<{ found: boolean; sections: number[] }>(sql`
    select true as found, coalesce((select array_agg(s.id) from quote_sections s where s.quote_id = q.id), '{}') as sections
    from quotes q ${JOIN_PROJECT} where q.id = ${sourceId}${andVisible(actor)}`);
  if (!rows[0]) throw quoteNotFound();
  const available = new Set(rows[0].sections.map(Number));
  const errors: FieldErrors = {};
  sectionIds.forEach((id, i) => {
    if (!available.has(id)) errors[`sections.${i}`] = [QUOTE_FILE_TEXT.unknownSection];
  });
  if (Object.keys(errors).length) throw invalid(errors);
  const wanted = `{${(sectionIds.length ? sectionIds : [...available]).join(',')}}`;
  await tx.execute(sql`
    with base as (select coalesce(max(position) + 1, 0) as start from quote_sections where quote_id = ${targetId}),
    src as (
      select s.id, s.name, s.note, (select start from base) + row_number() over (order by s.position, s.id) - 1 as position
      from quote_sections s where s.quote_id = ${sourceId} and s.id = any(${wanted}::bigint[])),
    ins as (
      insert into quote_sections (tenant_id, quote_id, position, name, note)
      select ${tenantId}::uuid, ${targetId}::bigint, src.position, src.name, src.note from src
      returning id, position)
    insert into quote_line_items (tenant_id, quote_id, section_id, position, category, description,
      long_description, general_notes, supplied_by, quantity, unit_sell_price, unit_cost, work_item_id,
      product_code, supplier_name, order_status, company_purchase_order_reference, eta, consignment_tracking_link)
    select ${tenantId}::uuid, ${targetId}::bigint, ins.id, l.position, l.category, l.description, l.long_description,
      l.general_notes, l.supplied_by, l.quantity, l.unit_sell_price, l.unit_cost, l.work_item_id, l.product_code,
      l.supplier_name, l.order_status, l.company_purchase_order_reference, l.eta, l.consignment_tracking_link
    from quote_line_items l join src on src.id = l.section_id join ins on ins.position = src.position`);
}

/** POST /api/projects/:id/quotes/import-clone: a new Draft of the project with the chosen sections. */
export const importClone = (
  deps: D,
  tenant: TenantContext,
  actor: Actor,
  projectId: number,
  input: { quote_id: number; sections: number[] },
) =>
  inTenant(deps, tenant.id, async (tx): Promise<QuoteView> => {
    const id = await newDraft(tx, tenant, actor, projectId, null);
    await copySections(tx, tenant.id, actor, input.quote_id, input.sections, id);
    return quoteView(tx, actor, projectId, id);
  });

/**
 * POST /api/projects/:id/quotes/:quoteId/attach-sections: the chosen sections appended to this
 * quote, Draft only (409); the version goes up (an open editor reloads).
 */
export const attachSections = (
  deps: D,
  tenant: TenantContext,
  actor: Actor,
  projectId: number,
  quoteId: number,
  input: { quote_id: number; sections: number[] },
) =>
  inTenant(deps, tenant.id, async (tx): Promise<QuoteView> => {
    const [row] = await tx
      .select({ status: quotes.status })
      .from(quotes)
      .innerJoin(projects, and(eq(projects.tenantId, quotes.tenantId), eq(projects.id, quotes.projectId)))
      .where(and(eq(quotes.id, quoteId), eq(quotes.projectId, projectId), visibleProjects(actor)))
      .for('update', { of: quotes });
    if (!row) throw quoteNotFound();
    if (row.status !== 'Draft') throw new HttpError(409, QUOTE_TEXT.notDraft);
    await copySections(tx, tenant.id, actor, input.quote_id, input.sections, quoteId);
    await tx
      .update(quotes)
      .set({ version: sql`${quotes.version} + 1`, updatedAt: sql`now()`, updatedBy: actor.userId })
      .where(eq(quotes.id, quoteId));
    return quoteView(tx, actor, projectId, quoteId);
  });

// ---- the picker ----

/**
 * GET /api/quotes/importable: the newest IMPORTABLE_LIMIT quotes of projects the actor sees,
 * updated within the period (days; all_time = no limit), of the client, the project and with
 * any of the tags when given; each with its project, client and sections. One statement.
 */
export const importableQuotes = (
  deps: D,
  tenant: TenantContext,
  actor: Actor,
  query: { client?: string | undefined; project?: number | undefined; tags: string[]; period: string },
) =>
  inTenant(deps, tenant.id, async (tx): Promise<{ items: ImportableQuote[] }> => {
    const since =
      query.period === 'all_time' ? sql`` : sql` and q.updated_at >= now() - ${`${query.period} days`}::interval`;
    const client = query.client ? sql` and projects.client_id = ${query.client}::uuid` : sql``;
    const project = query.project ? sql` and projects.id = ${query.project}` : sql``;
    const tags = query.tags.length
      ? sql` and exists (select 1 from project_tags pt where pt.project_id = projects.id
          and pt.tag_id = any(${`{${query.tags.join(',')}}`}::uuid[]))`
      : sql``;
    const { rows } = await tx.execute<ImportableQuote & { base: string; revision: number }>(sql`
      select q.id, q.code as base, q.revision, q.updated_at,
        json_build_object('id', projects.id, 'code', projects.code, 'title', projects.name) as project,
        json_build_object('id', projects.client_id, 'trading_name', projects.client_name) as client,
        (select coalesce(json_agg(json_build_object('id', s.id, 'name', s.name) order by s.position, s.id), '[]'::json)
          from quote_sections s where s.tenant_id = q.tenant_id and s.quote_id = q.id) as sections
      from quotes q ${JOIN_PROJECT}
      where true${since}${client}${project}${tags}${andVisible(actor)}
      order by q.updated_at desc, q.id desc limit ${IMPORTABLE_LIMIT}`);
    return {
      items: rows.map(({ base, revision, ...q }) => ({
        ...q,
        id: Number(q.id),
        code: revision > 1 ? `${base} R${revision}` : base,
        updated_at: new Date(q.updated_at).toISOString(),
      })),
    };
  });

/** The newest projects (with quotes) the filters offer. */
const OPTION_PROJECTS = 500;

/**
 * GET /api/quotes/importable/options: the filters' choices: clients (by trading name) and projects
 * (newest first, at most 500) that have quotes the actor sees, and the company's tags. One statement.
 */
export const importableOptions = (deps: D, tenant: TenantContext, actor: Actor) =>
  inTenant(deps, tenant.id, async (tx): Promise<ImportableOptions> => {
    const { rows } = await tx.execute<ImportableOptions>(sql`
      with quoted as (
        select distinct projects.id, projects.code, projects.name, projects.client_id, projects.client_name,
          projects.created_at
        from quotes q ${JOIN_PROJECT} where true${andVisible(actor)})
      select
        (select coalesce(json_agg(json_build_object('id', c.client_id, 'trading_name', c.client_name)
            order by lower(c.client_name)), '[]'::json)
          from (select distinct client_id, client_name from quoted) c) as clients,
        (select coalesce(json_agg(json_build_object('id', p.id, 'code', p.code, 'title', p.name)), '[]'::json)
          from (select * from quoted order by created_at desc, id desc limit ${OPTION_PROJECTS}) p) as projects,
        (select coalesce(json_agg(json_build_object('id', t.id, 'name', t.name) order by lower(t.name)), '[]'::json)
          from tags t) as tags`);
    return rows[0]!;
  });
