import { and, eq, sql } from 'drizzle-orm';
import { variation, type FinanceLineView, type FinanceView } from '@siteflow/core';
import type { Actor } from '../../platform/context.js';
import type { Tx } from '../../platform/db/client.js';
import { projectFinances, projects } from '../../platform/db/schema.js';
import { notFound } from '../../platform/errors.js';
import { visibleProjects } from '../../platform/project-scope.js';

/** A stored line as the view's SQL builds it (amounts as text, so no cent is lost to JSON numbers). */
type StoredLine = Omit<FinanceLineView, 'variation'> & { kind: 'revenue' | 'expense' };

const LINES = sql`(select coalesce(json_agg(json_build_object('id', l.id, 'kind', l.kind, 'position', l.position,
    'code', l.code, 'category', l.category, 'description', l.description, 'estimate', l.estimate::text,
    'actual', l.actual::text, 'notes', l.notes, 'source', l.source, 'source_id', l.source_id)
    order by l.kind desc, l.position, l.id), '[]'::json)
  from project_finance_lines l where l.tenant_id = projects.tenant_id and l.project_id = projects.id)`;

/**
 * GET /api/projects/:id/finances as one statement: the project (404 when the actor does not see
 * it) with its finance row (none before the first save: version 0, totals 0) and its lines.
 */
export async function financeView(tx: Tx, actor: Actor, projectId: number): Promise<FinanceView> {
  const [row] = await tx
    .select({
      id: projects.id,
      code: projects.code,
      name: projects.name,
      comments: projectFinances.comments,
      total_revenue: sql<string>`coalesce(${projectFinances.totalRevenue}, 0)::numeric(17,2)::text`,
      total_revenue_actual: sql<string>`coalesce(${projectFinances.totalRevenueActual}, 0)::numeric(17,2)::text`,
      total_expense: sql<string>`coalesce(${projectFinances.totalExpense}, 0)::numeric(17,2)::text`,
      total_expense_actual: sql<string>`coalesce(${projectFinances.totalExpenseActual}, 0)::numeric(17,2)::text`,
      version: sql<number>`coalesce(${projectFinances.version}, 0)`.mapWith(Number),
      updated_at: sql<string | null>`to_json(${projectFinances.updatedAt}) #>> '{}'`,
      updated_by_name: sql<
        string | null
      >`(select trim(u.first_name || ' ' || u.last_name) from users u where u.id = ${projectFinances.updatedBy})`,
      lines: sql<StoredLine[]>`${LINES}`,
    })
    .from(projects)
    .leftJoin(
      projectFinances,
      and(eq(projectFinances.tenantId, projects.tenantId), eq(projectFinances.projectId, projects.id)),
    )
    .where(and(eq(projects.id, projectId), visibleProjects(actor)));
  if (!row) throw notFound('The project');
  const present = ({ kind: _, ...l }: StoredLine): FinanceLineView => ({
    ...l,
    id: Number(l.id),
    source_id: l.source_id === null ? null : Number(l.source_id),
    variation: variation(l.estimate, l.actual),
  });
  return {
    project: { id: row.id, code: row.code, name: row.name },
    comments: row.comments,
    revenues: row.lines.filter((l) => l.kind === 'revenue').map(present),
    expenses: row.lines.filter((l) => l.kind === 'expense').map(present),
    totals: {
      total_revenue: row.total_revenue,
      total_revenue_actual: row.total_revenue_actual,
      total_expense: row.total_expense,
      total_expense_actual: row.total_expense_actual,
    },
    version: row.version,
    updated_at: row.updated_at,
    updated_by_name: row.updated_by_name,
  };
}
