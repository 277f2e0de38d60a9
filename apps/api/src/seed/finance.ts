// Demo project finance (features/finance): revenue and expense lines on a few demo projects, with
// the totals on project_finances as a save keeps them, so the finance report has figures to show.
import { sql } from 'drizzle-orm';
import { financeTotals, FinanceSaveInput, type FinanceLineInput } from '@siteflow/core';
import type { Db } from '../platform/db/client.js';
import { projectFinanceLines, projectFinances, projects } from '../platform/db/schema.js';
import { seedOnce } from './once.js';

const LOCK = 727012;

const l = (code: string, category: 'product' | 'service', description: string, estimate: string, actual: string) =>
  ({ code, category, description, estimate, actual }) satisfies FinanceLineInput;

/** Three projects' finances, as a project manager would type them (checked against the core contract). */
export const DEMO_FINANCES: { comments: string; revenues: FinanceLineInput[]; expenses: FinanceLineInput[] }[] = [
  {
    comments: 'Variation for the extra switchboard approved by the client.',
    revenues: [
      l('REV-01', 'service', 'Office fit-out works', '48500.00', '51200.00'),
      l('REV-02', 'product', 'Joinery and fixtures supplied', '12400.00', '12400.00'),
    ],
    expenses: [
      l('SUB-EL', 'service', 'Electrical subcontractor', '14200.00', '15350.00'),
      l('SUB-PL', 'service', 'Plastering subcontractor', '9800.00', '9100.00'),
      l('MAT-01', 'product', 'Plasterboard and framing', '6200.00', '6640.50'),
    ],
  },
  {
    comments: 'Estimates only: works start next month.',
    revenues: [l('REV-01', 'service', 'Roof replacement', '23800.00', '0.00')],
    expenses: [
      l('SUB-RF', 'service', 'Roofing crew', '11200.00', '0.00'),
      l('MAT-CB', 'product', 'Colorbond sheets and flashings', '5400.00', '0.00'),
    ],
  },
  {
    comments: '',
    revenues: [
      l('REV-01', 'service', 'Bathroom renovation', '18600.00', '18600.00'),
      l('REV-02', 'service', 'After-hours surcharge', '900.00', '1350.00'),
    ],
    expenses: [
      l('SUB-TL', 'service', 'Tiler', '5200.00', '5450.00'),
      l('MAT-TL', 'product', 'Tiles and waterproofing', '3100.00', '2985.20'),
    ],
  },
];

/** How many demo projects get a finance: the three above in turn, so several managers have figures. */
export const DEMO_FINANCE_PROJECTS = 12;

/**
 * The demo company's finances, once (finances a person has saved are left alone): on projects whose
 * dates overlap the current month (company time, Australia/Brisbane) first, one manager after another,
 * so the finance report's default view (Current Month, every manager) has rows to show; then the
 * oldest projects.
 */
export function seedDemoFinance(db: Db, tenantId: string) {
  return seedOnce(db, tenantId, {
    lock: LOCK,
    table: projectFinances,
    existing: (n) => ({ created: false, finances: n }),
    create: async (tx) => {
      const month = sql`date_trunc('month', now() at time zone 'Australia/Brisbane')`;
      const first = await tx
        .select({ id: projects.id })
        .from(projects)
        .orderBy(
          sql`(${projects.startDate} < ${month} + interval '1 month'
                and coalesce(${projects.endDate}, ${projects.startDate}) >= ${month}) is true desc`,
          sql`row_number() over (partition by ${projects.projectManagerId} order by ${projects.id})`,
          projects.id,
        )
        .limit(DEMO_FINANCE_PROJECTS);
      for (const [i, p] of first.entries()) {
        const f = FinanceSaveInput.parse({ version: 0, ...DEMO_FINANCES[i % DEMO_FINANCES.length] });
        const t = financeTotals(f);
        await tx.insert(projectFinances).values({
          tenantId,
          projectId: p.id,
          comments: f.comments,
          totalRevenue: t.total_revenue,
          totalRevenueActual: t.total_revenue_actual,
          totalExpense: t.total_expense,
          totalExpenseActual: t.total_expense_actual,
        });
        const lines = [
          ...f.revenues.map((x, position) => ({ ...x, kind: 'revenue' as const, position })),
          ...f.expenses.map((x, position) => ({ ...x, kind: 'expense' as const, position })),
        ];
        await tx.insert(projectFinanceLines).values(
          lines.map((x) => ({
            tenantId,
            projectId: p.id,
            kind: x.kind,
            position: x.position,
            code: x.code,
            category: x.category,
            description: x.description,
            estimate: x.estimate,
            actual: x.actual,
            notes: x.notes,
          })),
        );
      }
      return { created: true, finances: first.length };
    },
  });
}
