import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  companyDay,
  FINANCE_REPORT_TEXT,
  fullName,
  reportFigures,
  reportRangeAt,
  reportTotals,
  STAFF_ROLES,
  type FinanceReportInput,
  type FinanceReportOptions,
  type FinanceReportSums,
  type FinanceReportView,
} from '@siteflow/core';
import { inTenant, type Deps, type TenantContext } from '../../platform/context.js';
import type { Exec } from '../../platform/db/client.js';
import { projectFinances, projects, users } from '../../platform/db/schema.js';

/**
 * The finance report (issue 14 section 3): per project manager, the sums of project_finances'
 * four totals over the projects the period takes. One statement (projects joined to their finance
 * and their manager, filtered by tenant, period, status and manager, grouped by manager); the
 * figures (gross profit, margins, the totals row) are computed in core from the sums.
 *
 * The period takes a project whose span overlaps its days, the project map's rule
 * (project-map/query.ts): the span ends on or after the first day and starts before the day after
 * the last; a project with one date spans that date, one with none is left out. These CASE
 * expressions are the ones the (tenant_id, span end, span start, ...) index is built on.
 */
const spanEnd = sql`(case when ${projects.endDate} is null then ${projects.startDate} else ${projects.endDate} end)`;
const spanStart = sql`(case when ${projects.startDate} is null then ${projects.endDate} else ${projects.startDate} end)`;

type SumRow = {
  id: string;
  first_name: string;
  last_name: string;
  projects: number;
  revenue: string;
  revenue_actual: string;
  expense: string;
  expense_actual: string;
};

/** The per-manager sums of the projects `input` takes in `range` (inside a tenant transaction). */
export async function financeSums(
  tx: Exec,
  input: Pick<FinanceReportInput, 'statuses' | 'project_managers'>,
  range: { start: string; end: string },
): Promise<SumRow[]> {
  const { rows } = await tx.execute<SumRow>(sql`
    select u.id, u.first_name, u.last_name, count(*)::int as projects,
      sum(f.total_revenue)::text as revenue, sum(f.total_revenue_actual)::text as revenue_actual,
      sum(f.total_expense)::text as expense, sum(f.total_expense_actual)::text as expense_actual
    from ${projects}
    join ${projectFinances} f on f.tenant_id = ${projects.tenantId} and f.project_id = ${projects.id}
    join ${users} u on u.tenant_id = ${projects.tenantId} and u.id = ${projects.projectManagerId}
    where ${projects.tenantId} = app_current_tenant()
      and ${spanEnd} >= ${range.start}::timestamp
      and ${spanStart} < (${range.end}::date + 1)::timestamp
      ${input.statuses.length ? sql`and ${inArray(projects.status, input.statuses)}` : sql``}
      ${input.project_managers ? sql`and ${inArray(projects.projectManagerId, input.project_managers)}` : sql``}
    group by u.id, u.first_name, u.last_name
    order by lower(u.first_name), lower(u.last_name), u.id`);
  return rows;
}

const asSums = (r: SumRow): FinanceReportSums => ({
  projects: r.projects,
  revenue: r.revenue,
  revenue_actual: r.revenue_actual,
  expense: r.expense,
  expense_actual: r.expense_actual,
});

async function reportIn(tx: Exec, input: FinanceReportInput, now: Date): Promise<FinanceReportView> {
  const range = reportRangeAt(input, now);
  const sums = await financeSums(tx, input, range);
  return {
    rows: sums.map((r) => ({
      project_manager: { id: r.id, first_name: r.first_name, last_name: r.last_name },
      ...reportFigures(asSums(r)),
    })),
    totals: reportTotals(sums.map(asSums)),
    period: range,
  };
}

/** POST /api/reports/finance/generate: a row per project manager, the totals and the days covered. */
export const financeReport = (
  deps: Pick<Deps, 'db' | 'clock'>,
  tenant: TenantContext,
  input: FinanceReportInput,
): Promise<FinanceReportView> => inTenant(deps, tenant.id, (tx) => reportIn(tx, input, deps.clock.now()));

/**
 * The report for its XLSX, with the chosen managers' names for its filter line ('All' for every
 * manager; ids of no user of this tenant name nobody, as they take no project).
 */
export const financeReportDocument = (
  deps: Pick<Deps, 'db' | 'clock'>,
  tenant: TenantContext,
  input: FinanceReportInput,
): Promise<{ report: FinanceReportView; managers: string }> =>
  inTenant(deps, tenant.id, async (tx) => {
    const report = await reportIn(tx, input, deps.clock.now());
    if (!input.project_managers) return { report, managers: FINANCE_REPORT_TEXT.all };
    const named = await tx
      .select({ firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(inArray(users.id, input.project_managers))
      .orderBy(asc(sql`lower(${users.firstName})`), asc(sql`lower(${users.lastName})`));
    return { report, managers: named.map(fullName).join(', ') };
  });

/** The company's day now ('yyyy-MM-dd'), for the file's name. */
export const reportToday = (deps: Pick<Deps, 'clock'>) => companyDay(deps.clock.now());

/**
 * The managers the screen offers: active staff flagged as project managers, by name; every active
 * staff member when none is flagged (as the project form's options).
 */
export const financeReportOptions = (deps: Pick<Deps, 'db'>, tenant: TenantContext): Promise<FinanceReportOptions> =>
  inTenant(deps, tenant.id, async (tx) => {
    const staff = await tx
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, pm: users.isProjectManager })
      .from(users)
      .where(and(inArray(users.role, [...STAFF_ROLES]), eq(users.active, true)))
      .orderBy(asc(sql`lower(${users.firstName})`), asc(sql`lower(${users.lastName})`), asc(users.id));
    const managers = staff.filter((u) => u.pm);
    return {
      project_managers: (managers.length ? managers : staff).map((u) => ({ id: u.id, full_name: fullName(u) })),
    };
  });
