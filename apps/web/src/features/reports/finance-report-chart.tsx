import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { FINANCE_REPORT_TEXT as T, type FinanceReportView } from '@siteflow/core';

/**
 * A bar chart of the report's rows: revenue, expenses and gross profit per project manager,
 * estimated or actual. Its own chunk (recharts is large), loaded by the screen once a report is
 * shown; the table beside it carries the same figures for screen readers.
 */
export default function FinanceReportChart({
  report,
  kind,
}: {
  report: FinanceReportView;
  kind: 'estimated' | 'actual';
}) {
  const actual = kind === 'actual';
  const data = report.rows.map((r) => ({
    manager: `${r.project_manager.first_name} ${r.project_manager.last_name}`.trim(),
    [T.columns.revenue]: Number(actual ? r.total_revenues_actuals : r.total_revenues),
    [T.columns.expenses]: Number(actual ? r.total_expenses_actuals : r.total_expenses),
    [T.columns.grossProfit]: Number(actual ? r.gross_profit_actuals : r.gross_profit),
  }));
  return (
    <div role="img" aria-label={T.chartLabel(actual ? T.actual : T.estimated)}>
      <BarChart
        h={Math.max(240, 60 * data.length + 80)}
        data={data}
        dataKey="manager"
        withLegend
        valueFormatter={(v) => `$${new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 }).format(v)}`}
        series={[
          { name: T.columns.revenue, color: 'blue.6' },
          { name: T.columns.expenses, color: 'orange.6' },
          { name: T.columns.grossProfit, color: 'teal.6' },
        ]}
      />
    </div>
  );
}
