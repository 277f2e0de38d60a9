// A project's finance (features/finance; issue 14 section 2, spec 3 sections 2.6, 3, 9): revenue and
// expense lines with an estimate and an actual, and the totals the finance report reads
// (features/reports), kept in step by the finance save in the same transaction.
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, numeric, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { projectId, tenantFk, tenantId, timestamps } from './columns.js';
import { projects } from './projects.js';

/** A line's amount: at most 12 whole digits (core FINANCE_LIMITS). */
const money = (name: string) => numeric(name, { precision: 14, scale: 2 }).notNull().default('0');
/**
 * A total of up to 500 lines at a line's largest amount (999,999,999,999.99 x 500 has 15 whole
 * digits); numeric(14,2) overflowed with two such lines (migration 0040).
 */
const total = (name: string) => numeric(name, { precision: 17, scale: 2 }).notNull().default('0');

/**
 * One row per project that has finance: the comments and the four totals (sums of its lines), so
 * the finance report adds up projects without reading their lines. `version` is the save's conflict check.
 */
export const projectFinances = pgTable(
  'project_finances',
  {
    tenantId: tenantId(),
    projectId: projectId(),
    comments: text('comments'),
    totalRevenue: total('total_revenue'),
    totalRevenueActual: total('total_revenue_actual'),
    totalExpense: total('total_expense'),
    totalExpenseActual: total('total_expense_actual'),
    version: integer('version').notNull().default(1),
    updatedBy: uuid('updated_by'),
    ...timestamps(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.projectId] }), tenantFk(t, t.projectId, projects).onDelete('cascade')],
);

/**
 * A revenue or expense line of a project's finance, ordered by `position` within its kind.
 * `source`/`source_id` say where a pulled line came from (the accepted quote's section, an
 * agreement), so pulling again updates it instead of adding it twice.
 */
export const projectFinanceLines = pgTable(
  'project_finance_lines',
  {
    tenantId: tenantId(),
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    projectId: projectId(),
    kind: text('kind', { enum: ['revenue', 'expense'] }).notNull(),
    position: integer('position').notNull(),
    code: text('code').notNull().default(''),
    category: text('category', { enum: ['product', 'service'] })
      .notNull()
      .default('service'),
    description: text('description').notNull().default(''),
    estimate: money('estimate'),
    actual: money('actual'),
    notes: text('notes'),
    source: text('source', { enum: ['quote', 'agreement'] }),
    sourceId: bigint('source_id', { mode: 'number' }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    check(
      'project_finance_lines_values_check',
      sql`${t.kind} in ('revenue', 'expense') and ${t.category} in ('product', 'service')
        and ${t.estimate} >= 0 and ${t.actual} >= 0
        and (${t.source} is null or ${t.source} in ('quote', 'agreement'))`,
    ),
    index('project_finance_lines_tenant_project_idx').on(t.tenantId, t.projectId, t.kind, t.position),
    tenantFk(t, t.projectId, { tenantId: projectFinances.tenantId, id: projectFinances.projectId }).onDelete('cascade'),
  ],
);
