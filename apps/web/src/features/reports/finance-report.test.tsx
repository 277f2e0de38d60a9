import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FINANCE_REPORT_TEXT as T, type FinanceReportView } from '@siteflow/core';
import { mockFetch, renderScreen, tenantSession } from '../../test/render';
import { stubMatchMedia } from '../../test/setup';
import { FinanceReportScreen } from './finance-report-screen';

vi.mock('./finance-report-chart', () => ({ default: () => <div>Chart stub</div> }));

const ANN = '0b7c4a5e-3f1d-4c2a-9e8b-1a2b3c4d5e6f';
const BOB = '1b7c4a5e-3f1d-4c2a-9e8b-1a2b3c4d5e6f';
const figures = {
  projects: 2,
  total_revenues: '1500.00',
  total_expenses: '700.00',
  gross_profit: '800.00',
  gross_profit_margin: '53.33',
  total_revenues_actuals: '1400.00',
  total_expenses_actuals: '700.00',
  gross_profit_actuals: '700.00',
  gross_profit_margin_actuals: '50.00',
};
const REPORT: FinanceReportView = {
  rows: [{ project_manager: { id: ANN, first_name: 'Ann', last_name: 'Able' }, ...figures }],
  totals: figures,
  period: { start: '2026-11-01', end: '2026-11-30' },
};
const EMPTY: FinanceReportView = { ...REPORT, rows: [], totals: { ...figures, projects: 0 } };

function render(report: () => Promise<{ body: unknown }> | { body: unknown } = () => ({ body: REPORT })) {
  const fetch = mockFetch((call) => {
    if (call.url.startsWith('/api/reports/finance/options'))
      return {
        body: {
          project_managers: [
            { id: ANN, full_name: 'Ann Able' },
            { id: BOB, full_name: 'Bob Baker' },
          ],
        },
      };
    return report();
  });
  renderScreen(<FinanceReportScreen />, {
    route: '/reports/finance',
    path: '/reports/finance',
    session: tenantSession(['reports.view']),
  });
  return { ...fetch, user: userEvent.setup({ delay: null }) };
}

async function choose(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
  await user.keyboard('{Escape}');
}
const generateCalls = (calls: { url: string; body: unknown }[]) =>
  calls.filter((c) => c.url === '/api/reports/finance/generate');

describe('the finance report screen', () => {
  beforeEach(() => stubMatchMedia(true));

  it('shows the date pickers only for Custom, and needs both dates before generating', async () => {
    const { calls, user } = render();
    expect(screen.getByRole('combobox', { name: T.period })).toHaveValue('Current Month');
    expect(screen.queryByText(T.startDate)).not.toBeInTheDocument();
    await choose(user, T.period, 'Custom');
    expect(screen.getByText(T.startDate)).toBeInTheDocument();
    expect(screen.getByText(T.endDate)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: T.generate }));
    expect(await screen.findByText(T.startRequired)).toBeInTheDocument();
    expect(screen.getByText(T.endRequired)).toBeInTheDocument();
    expect(generateCalls(calls)).toHaveLength(0);
    await choose(user, T.period, 'Last Month');
    expect(screen.queryByText(T.startDate)).not.toBeInTheDocument();
  });

  it('reduces All chosen with other managers to All only', async () => {
    const { calls, user } = render();
    const managers = () =>
      screen.getByRole('combobox', { name: T.manager }).closest('.mantine-MultiSelect-root') as HTMLElement;
    // All is chosen at first; choosing Ann as well keeps All only.
    await choose(user, T.manager, 'Ann Able');
    expect(within(managers()).queryByText('Ann Able')).not.toBeInTheDocument();
    expect(within(managers()).getByText(T.all)).toBeInTheDocument();
    // Without All: Ann and Bob; then All again: All only.
    const allPill = within(managers()).getByText(T.all).closest('.mantine-Pill-root') as HTMLElement;
    await user.click(within(allPill).getByRole('button', { hidden: true }));
    await choose(user, T.manager, 'Ann Able');
    await choose(user, T.manager, 'Bob Baker');
    expect(within(managers()).getByText('Bob Baker')).toBeInTheDocument();
    await choose(user, T.manager, T.all);
    expect(within(managers()).queryByText('Ann Able')).not.toBeInTheDocument();
    expect(within(managers()).queryByText('Bob Baker')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: T.generate }));
    await waitFor(() => expect(generateCalls(calls)).toHaveLength(1));
    expect(generateCalls(calls)[0]!.body).toMatchObject({ period: 'current_month', project_managers: ['all'] });
  });

  it('shows Loading... while generating, then No results found for an empty report', async () => {
    let answer!: (v: { body: unknown }) => void;
    const { user } = render(() => new Promise((resolve) => (answer = resolve)));
    await user.click(screen.getByRole('button', { name: T.generate }));
    expect(await screen.findByText(T.loading)).toBeInTheDocument();
    answer({ body: EMPTY });
    expect(await screen.findByText(T.noResults)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows a row per manager with the totals, and Reset clears the form and the report', async () => {
    const { calls, user } = render();
    await choose(user, T.status, 'Order');
    await user.click(screen.getByRole('button', { name: T.generate }));
    const table = await screen.findByRole('table', { name: T.table });
    const ann = within(table).getByRole('row', { name: /Ann Able/ });
    expect(within(ann).getByText('$1,500.00')).toBeInTheDocument();
    expect(within(ann).getByText('53.33%')).toBeInTheDocument();
    expect(within(ann).getByText('50.00%')).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /Totals/ })).toBeInTheDocument();
    // The period shows once, above the table, and describes it.
    expect(screen.getAllByText('01/11/2026 to 30/11/2026')).toHaveLength(1);
    expect(table).toHaveAccessibleDescription('01/11/2026 to 30/11/2026');
    expect(screen.getByRole('button', { name: T.download })).toBeInTheDocument();
    expect(generateCalls(calls)[0]!.body).toMatchObject({ statuses: ['order'] });

    await user.click(screen.getByRole('button', { name: T.reset }));
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const statuses = screen
      .getByRole('combobox', { name: T.status })
      .closest('.mantine-MultiSelect-root') as HTMLElement;
    expect(within(statuses).queryByText('Order')).not.toBeInTheDocument();
  });
});
