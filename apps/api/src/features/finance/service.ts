import { and, eq, ne, sql } from 'drizzle-orm';
import {
  expensesFromAgreements,
  FINANCE_TEXT,
  financeTotals,
  quoteCode,
  revenueFromQuote,
  type FinanceLineData,
  type FinancePullQuery,
  type FinancePullView,
  type FinanceSaveData,
  type FinanceView,
  type PullQuoteSection,
} from '@siteflow/core';
import { inTenant, type Actor, type Deps, type TenantContext } from '../../platform/context.js';
import type { Tx } from '../../platform/db/client.js';
import { projectFinances, quotes, serviceProviderAgreements, serviceProviders } from '../../platform/db/schema.js';
import { HttpError } from '../../platform/errors.js';
import { findVisibleProject } from '../../platform/project-scope.js';
import { financeView } from './view.js';

/**
 * A project's finance (issue 14 section 2; spec 3 sections 2.6, 5, 9): read it, save it whole
 * (the lines replaced and the four totals worked out from them in the same transaction, so the
 * finance report, which reads only project_finances, always agrees with the lines), and propose
 * lines pulled from the project's Accepted quote and its agreements. Staff only (finance.view /
 * finance.manage): costs and margins are internal.
 */

type D = Pick<Deps, 'db'>;

const conflict = () => new HttpError(409, FINANCE_TEXT.versionConflict);

/** GET /api/projects/:id/finances. */
export const getFinance = (deps: D, tenant: TenantContext, actor: Actor, projectId: number) =>
  inTenant(deps, tenant.id, (tx) => financeView(tx, actor, projectId));

const json = (v: unknown) => sql`${JSON.stringify(v)}::json`;

const lineRows = (kind: 'revenue' | 'expense', lines: readonly FinanceLineData[]) =>
  lines.map((l, position) => ({
    kind,
    position,
    code: l.code,
    category: l.category,
    description: l.description,
    estimate: l.estimate,
    actual: l.actual,
    notes: l.notes,
    source: l.source,
    source_id: l.source_id,
  }));

/**
 * PUT /api/projects/:id/finances: the whole finance. `version` must be the stored one (0 before
 * the first save, which creates the row; 409 otherwise). The body's totals, if any, are ignored:
 * they are the sums of the lines. The lines are replaced (new ids), in the body's order.
 */
export const saveFinance = (deps: D, tenant: TenantContext, actor: Actor, projectId: number, input: FinanceSaveData) =>
  inTenant(deps, tenant.id, async (tx): Promise<FinanceView> => {
    await findVisibleProject(tx, actor, projectId);
    const totals = financeTotals(input);
    const values = {
      comments: input.comments,
      totalRevenue: totals.total_revenue,
      totalRevenueActual: totals.total_revenue_actual,
      totalExpense: totals.total_expense,
      totalExpenseActual: totals.total_expense_actual,
      updatedBy: actor.userId,
    };
    if (input.version === 0) {
      // The first save creates the row; of two first saves at once the second finds it there (409).
      const created = await tx
        .insert(projectFinances)
        .values({ tenantId: tenant.id, projectId, ...values })
        .onConflictDoNothing()
        .returning({ version: projectFinances.version });
      if (!created.length) throw conflict();
    } else {
      // The row lock serialises saves: the second of two at the same version changes nothing (409).
      const updated = await tx
        .update(projectFinances)
        .set({ ...values, version: sql`${projectFinances.version} + 1`, updatedAt: sql`now()` })
        .where(and(eq(projectFinances.projectId, projectId), eq(projectFinances.version, input.version)))
        .returning({ version: projectFinances.version });
      if (!updated.length) throw conflict();
      await tx.execute(sql`delete from project_finance_lines where project_id = ${projectId}`);
    }
    const rows = [...lineRows('revenue', input.revenues), ...lineRows('expense', input.expenses)];
    if (rows.length)
      await tx.execute(sql`insert into project_finance_lines (tenant_id, project_id, kind, position, code, category,
          description, estimate, actual, notes, source, source_id)
        select ${tenant.id}::uuid, ${projectId}::bigint, v.kind, v.position, v.code, v.category, v.description,
          v.estimate, v.actual, v.notes, v.source, v.source_id
        from json_to_recordset(${json(rows)}) as v(kind text, position int, code text, category text,
          description text, estimate numeric, actual numeric, notes text, source text, source_id bigint)`);
    return financeView(tx, actor, projectId);
  });

/** The project's Accepted quote with its sections and items (404 for the project, 409 when there is none). */
async function acceptedQuote(tx: Tx, actor: Actor, projectId: number) {
  await findVisibleProject(tx, actor, projectId);
  const [quote] = await tx
    .select({
      id: quotes.id,
      code: quotes.code,
      revision: quotes.revision,
      sections: sql<PullQuoteSection[]>`(select coalesce(json_agg(json_build_object('id', s.id, 'name', s.name,
          'line_items', (select coalesce(json_agg(json_build_object('category', l.category,
              'quantity', l.quantity::text, 'unit_sell_price', l.unit_sell_price::text, 'unit_cost', l.unit_cost::text)
            order by l.position, l.id), '[]'::json)
            from quote_line_items l where l.tenant_id = s.tenant_id and l.section_id = s.id))
          order by s.position, s.id), '[]'::json)
        from quote_sections s where s.tenant_id = quotes.tenant_id and s.quote_id = quotes.id)`,
    })
    .from(quotes)
    .where(and(eq(quotes.projectId, projectId), eq(quotes.status, 'Accepted')));
  if (!quote) throw new HttpError(409, FINANCE_TEXT.noAcceptedQuote);
  return {
    id: quote.id,
    code: quoteCode(quote.code, quote.revision),
    sections: quote.sections.map((s) => ({ ...s, id: Number(s.id) })),
  };
}

/**
 * GET /api/projects/:id/finances/pull?source=quote|agreements: the lines proposed from the
 * Accepted quote (revenue: core's revenueFromQuote) or from its non-void agreements and its
 * products' cost (expenses: expensesFromAgreements). Nothing is written: the screen merges them
 * into the form (core's mergePulledLines) and the user saves.
 */
export const pullFinance = (deps: D, tenant: TenantContext, actor: Actor, projectId: number, query: FinancePullQuery) =>
  inTenant(deps, tenant.id, async (tx): Promise<FinancePullView> => {
    const quote = await acceptedQuote(tx, actor, projectId);
    const head = { id: quote.id, code: quote.code };
    if (query.source === 'quote') return { kind: 'revenue', quote: head, lines: revenueFromQuote(quote) };
    const agreements = await tx
      .select({
        id: serviceProviderAgreements.id,
        name: serviceProviderAgreements.name,
        provider_name: serviceProviders.name,
        contract_price: sql<string>`coalesce((select sum(a.contract_price) from service_provider_agreement_sections a
          where a.tenant_id = service_provider_agreements.tenant_id and a.agreement_id = service_provider_agreements.id
            and a.active), 0)::text`,
      })
      .from(serviceProviderAgreements)
      .leftJoin(
        serviceProviders,
        and(
          eq(serviceProviders.tenantId, serviceProviderAgreements.tenantId),
          eq(serviceProviders.id, serviceProviderAgreements.serviceProviderId),
        ),
      )
      .where(and(eq(serviceProviderAgreements.quoteId, quote.id), ne(serviceProviderAgreements.status, 'VOID')))
      .orderBy(serviceProviderAgreements.number, serviceProviderAgreements.id);
    return { kind: 'expense', quote: head, lines: expensesFromAgreements(quote, agreements) };
  });
