import { sql, type SQL } from 'drizzle-orm';
import {
  isStaffRole,
  lineTotals,
  quoteAbilities,
  quoteCode,
  sectionTotals,
  sumTotals,
  type LineItemView,
  type MoneyTotals,
  type QuoteList,
  type QuoteProject,
  type QuoteStatus,
  type QuoteSummary,
  type QuoteView,
  type Role,
  type SectionView,
  type TotalsView,
} from '@siteflow/core';
import type { Actor } from '../../platform/context.js';
import type { Tx } from '../../platform/db/client.js';
import { notFound } from '../../platform/errors.js';
import { visibleProjects } from '../../platform/project-scope.js';

/**
 * How a quote is read: the quote `q` joined to `projects` (unaliased, so that visibleProjects'
 * condition applies to it as written), its sections and line items as JSON built in SQL (one
 * statement whatever their number), amounts as decimal text. The totals are worked in core
 * (quotes/money.ts) from the stored amounts, and what a viewer who is not staff may not see
 * (general notes, costs, profit) is stripped here (presentQuote).
 */

export const quoteNotFound = () => notFound('The quote');

/** The actor's project visibility as an extra `and ...` (nothing for staff). */
export const andVisible = (actor: Pick<Actor, 'role' | 'clientId' | 'providerId'>): SQL => {
  const visible = visibleProjects(actor);
  return visible ? sql` and ${visible}` : sql``;
};

export const JOIN_PROJECT = sql`join projects on projects.tenant_id = q.tenant_id and projects.id = q.project_id`;

/** The joined (or selected) project as the quote screens name it: id, code and title (QuoteProject). */
export const PROJECT_REF = sql`json_build_object('id', projects.id, 'code', projects.code, 'title', projects.name)`;

const PRODUCT = sql`case when l.category = 'Product' then json_build_object(
    'work_item_id', l.work_item_id,
    'work_item', (select json_build_object('id', w.id, 'name', w.name, 'item_code', w.item_code,
        'supplier_name', w.supplier_name) from work_items w where w.tenant_id = l.tenant_id and w.id = l.work_item_id),
    'product_code', l.product_code, 'supplier_name', l.supplier_name,
    'order_status', coalesce(l.order_status, 'Unknown'),
    'company_purchase_order_reference', l.company_purchase_order_reference,
    'eta', to_char(l.eta, 'YYYY-MM-DD'), 'consignment_tracking_link', l.consignment_tracking_link) end`;

const LINE_ITEMS = sql`(select coalesce(json_agg(json_build_object(
    'id', l.id, 'position', l.position, 'category', l.category, 'description', l.description,
    'long_description', l.long_description, 'general_notes', l.general_notes, 'supplied_by', l.supplied_by,
    'quantity', l.quantity::text, 'unit_sell_price', l.unit_sell_price::text, 'unit_cost', l.unit_cost::text,
    'product', ${PRODUCT}) order by l.position, l.id), '[]'::json)
  from quote_line_items l where l.tenant_id = s.tenant_id and l.section_id = s.id)`;

const SECTIONS = sql`(select coalesce(json_agg(json_build_object('id', s.id, 'name', s.name, 'note', s.note,
    'position', s.position, 'line_items', ${LINE_ITEMS}) order by s.position, s.id), '[]'::json)
  from quote_sections s where s.tenant_id = q.tenant_id and s.quote_id = q.id)`;

/** Quote `q` as stored, with its project, sections and items. */
const QUOTE_ROW = sql`json_build_object('id', q.id, 'code', q.code, 'revision', q.revision, 'status', q.status,
  'reason', q.reason, 'note', q.note, 'version', q.version, 'updated_at', q.updated_at,
  'project', ${PROJECT_REF},
  'other_accepted', exists (select 1 from quotes o where o.tenant_id = q.tenant_id and o.project_id = q.project_id
    and o.status = 'Accepted' and o.id <> q.id),
  'sent_at', q.sent_at,
  'sent_by_name', (select trim(u.first_name || ' ' || u.last_name) from users u where u.id = q.sent_by),
  'client_decision', q.client_decision, 'client_decision_name', q.client_decision_name,
  'client_decision_at', q.client_decision_at,
  'sections', ${SECTIONS})`;

type StoredLine = Omit<LineItemView, 'totals'> & { unit_cost: string };
type StoredSection = Omit<SectionView, 'line_items' | 'totals'> & { line_items: StoredLine[] };
type ClientFields = 'sent_at' | 'sent_by_name' | 'client_decision' | 'client_decision_name' | 'client_decision_at';
export type StoredQuote = Omit<QuoteView, 'sections' | 'totals' | 'abilities' | 'code' | ClientFields> &
  Partial<Pick<QuoteView, ClientFields>> & {
    /** The base code, without the revision. */
    code: string;
    sections: StoredSection[];
  };

const isoOrNull = (v: string | null | undefined) => (v ? new Date(v).toISOString() : null);

const hiddenTotals = (t: MoneyTotals): TotalsView => ({
  revenue: t.revenue,
  cost: null,
  gross_profit: null,
  profit_percent: null,
  margin_percent: null,
});

/**
 * A stored quote as `role` sees it: the code with its revision, every total (core's formulas), the
 * abilities; for a viewer who is not staff, general notes, unit costs, cost, profit and the
 * percentages are null (internal: never sent to client or provider users).
 */
export function presentQuote(stored: StoredQuote, role: Role): QuoteView {
  const staff = isStaffRole(role);
  const totalsFor = (t: MoneyTotals): TotalsView => (staff ? t : hiddenTotals(t));
  const sectionFigures = stored.sections.map((s) => sectionTotals(s));
  const sections = stored.sections.map((s, i) => ({
    ...s,
    line_items: s.line_items.map((l) => {
      const t = lineTotals(l);
      return staff
        ? { ...l, totals: t }
        : {
            ...l,
            general_notes: null,
            unit_cost: null,
            totals: { revenue: t.revenue, cost: null, profit: null, profit_percent: null },
          };
    }),
    totals: totalsFor(sectionFigures[i]!),
  }));
  return {
    ...stored,
    code: quoteCode(stored.code, stored.revision),
    updated_at: new Date(stored.updated_at).toISOString(),
    sent_at: isoOrNull(stored.sent_at),
    sent_by_name: stored.sent_by_name ?? null,
    client_decision: stored.client_decision ?? null,
    client_decision_name: stored.client_decision_name ?? null,
    client_decision_at: isoOrNull(stored.client_decision_at),
    sections,
    // The quote's totals from its sections' (each line worked out once).
    totals: totalsFor(sumTotals(sectionFigures)),
    abilities: quoteAbilities(role, stored.status as QuoteStatus),
  };
}

/** The quote as the actor sees it, when the actor sees its project (404 otherwise): one statement. */
export async function quoteView(tx: Tx, actor: Actor, projectId: number, quoteId: number): Promise<QuoteView> {
  const { rows } = await tx.execute<{ quote: StoredQuote }>(sql`
    select ${QUOTE_ROW} as quote from quotes q ${JOIN_PROJECT}
    where q.id = ${quoteId} and q.project_id = ${projectId}${andVisible(actor)}`);
  const [row] = rows;
  if (!row) throw quoteNotFound();
  return presentQuote(row.quote, actor.role);
}

/**
 * A project's quotes for the revision dropdown (by number, then revision) with the project (its
 * code and title), or null when the actor does not see the project: one statement.
 */
export async function quoteList(tx: Tx, actor: Actor, projectId: number): Promise<QuoteList | null> {
  const { rows } = await tx.execute<{ project: QuoteProject | null; items: QuoteSummary[] }>(sql`
    select (select ${PROJECT_REF} from projects where projects.id = ${projectId}${andVisible(actor)}) as project,
      (select coalesce(json_agg(json_build_object('id', q.id, 'code', q.code, 'revision', q.revision,
          'status', q.status, 'updated_at', q.updated_at) order by q.number, q.revision, q.id), '[]'::json)
        from quotes q where q.project_id = ${projectId}) as items`);
  const [row] = rows;
  if (!row?.project) return null;
  return {
    project: row.project,
    items: row.items.map((q) => ({
      ...q,
      code: quoteCode(q.code, q.revision),
      updated_at: new Date(q.updated_at).toISOString(),
    })),
  };
}
