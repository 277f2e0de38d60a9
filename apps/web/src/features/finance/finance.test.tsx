import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FINANCE_TEXT, type FinanceLineView, type FinanceView } from '@siteflow/core';
import { mockFetch, renderScreen, tenantSession } from '../../test/render';
import { stubMatchMedia } from '../../test/setup';
import { UNSAVED_CHANGES_TEXT } from '../../ui/unsaved-changes';
import { FinanceScreen } from './finance-screen';

const line = (over: Partial<FinanceLineView>): FinanceLineView => ({
  id: 1,
  position: 0,
  code: 'L1',
  category: 'service',
  description: 'Labour',
  estimate: '1000.00',
  actual: '1200.00',
  variation: '200.00',
  notes: null,
  source: null,
  source_id: null,
  ...over,
});

const VIEW: FinanceView = {
  project: { id: 5, code: 'PRJ-00005', name: 'Fit-out' },
  comments: 'On track',
  revenues: [line({})],
  expenses: [
    line({ id: 2, code: 'E1', description: 'Sparky', estimate: '600.00', actual: '900.00', variation: '300.00' }),
  ],
  totals: {
    total_revenue: '1000.00',
    total_revenue_actual: '1200.00',
    total_expense: '600.00',
    total_expense_actual: '900.00',
  },
  version: 3,
  updated_at: '2026-11-24T10:00:00Z',
  updated_by_name: 'Olivia Nguyen',
};

function render(
  put: (body: unknown) => { status?: number; body?: unknown } = () => ({ body: { ...VIEW, version: 4 } }),
) {
  const fetch = mockFetch((call) => {
    if (call.method === 'PUT') return put(call.body);
    if (call.url.startsWith('/api/projects/5/finances/pull'))
      return {
        body: {
          kind: 'revenue',
          quote: { id: 9, code: 'Q-PRJ-00005-1' },
          lines: [
            {
              id: null,
              code: 'Q-PRJ-00005-1',
              category: 'service',
              description: 'Electrical',
              estimate: '500.00',
              actual: '0.00',
              notes: '',
              source: 'quote',
              source_id: 11,
            },
          ],
        },
      };
    return { body: VIEW };
  });
  renderScreen(<FinanceScreen />, {
    route: '/projects/5/finances',
    path: '/projects/:id/finances',
    session: tenantSession(['finance.view', 'finance.manage']),
  });
  return fetch;
}

describe('Project finance', () => {
  beforeEach(() => stubMatchMedia(true));
  afterEach(() => vi.useRealTimers());

  it("shows 'Loading...', then the Summary with estimated and actual side by side", async () => {
    render();
    expect(screen.getByText(FINANCE_TEXT.loading)).toBeInTheDocument();
    const summary = await screen.findByRole('table', { name: 'Finance summary' });
    expect(within(summary).getByTestId('summary-revenue-estimated')).toHaveTextContent('$1,000.00');
    expect(within(summary).getByTestId('summary-gross-profit-actual')).toHaveTextContent('$300.00');
    expect(within(summary).getByTestId('summary-margin-estimated')).toHaveTextContent('40.00%');
    expect(within(summary).getByTestId('summary-margin-actual')).toHaveTextContent('25.00%');
    expect(screen.getByRole('tab', { name: 'Revenue' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Expenses' })).toBeInTheDocument();
  });

  it('works out the variation as the user types, and flags a line with the same code and category', async () => {
    render();
    await userEvent.click(await screen.findByRole('tab', { name: 'Revenue' }));
    const actual = screen.getByLabelText('Revenue line 1 actual');
    await userEvent.clear(actual);
    await userEvent.type(actual, '750.5');
    expect(screen.getByLabelText('Revenue line 1 variation')).toHaveValue('-$249.50');
    expect(screen.getByTestId('revenue-total-actual')).toHaveTextContent('$750.50');

    await userEvent.click(screen.getByRole('button', { name: FINANCE_TEXT.addRevenue }));
    const code = screen.getByLabelText('Revenue line 2 code');
    expect(code).toHaveFocus();
    expect(screen.queryByText(FINANCE_TEXT.duplicate)).not.toBeInTheDocument();
    await userEvent.type(code, 'l1');
    expect(screen.getAllByText(FINANCE_TEXT.duplicate)).toHaveLength(2);
    expect(screen.getByLabelText('Revenue line 2 code')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Revenue line 2 code')).toHaveAccessibleDescription(FINANCE_TEXT.duplicate);
    await userEvent.selectOptions(screen.getByLabelText('Revenue line 2 category'), 'product');
    expect(screen.queryByText(FINANCE_TEXT.duplicate)).not.toBeInTheDocument();
  });

  it("saves the whole finance, shows 'Saving...' then the green tick for 3 seconds", async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { calls } = render(() => ({ body: { ...VIEW, version: 4 } }));
    await screen.findByRole('table', { name: 'Finance summary' });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    // Hold the answer to see 'Saving...'.
    const fetchFn = globalThis.fetch;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (...args: Parameters<typeof fetch>) => {
        await gate;
        return fetchFn(...args);
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(FINANCE_TEXT.saving)).toBeInTheDocument();
    release();
    expect(await screen.findByTestId('saved-tick')).toBeInTheDocument();
    expect(screen.queryByText(FINANCE_TEXT.saving)).not.toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put).toMatchObject({
      url: '/api/projects/5/finances',
      body: {
        version: 3,
        comments: 'On track',
        revenues: [{ id: 1, code: 'L1', category: 'service', estimate: '1000.00', actual: '1200.00' }],
        expenses: [{ id: 2, code: 'E1' }],
      },
    });
    act(() => {
      vi.advanceTimersByTime(2900);
    });
    expect(screen.getByTestId('saved-tick')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(200);
    });
    await waitFor(() => expect(screen.queryByTestId('saved-tick')).not.toBeInTheDocument());
  });

  it('shows a 422 beside the cell it names, on its tab', async () => {
    render(() => ({
      status: 422,
      body: { message: 'The given data was invalid.', errors: { 'expenses.0.estimate': ['Too many decimals.'] } },
    }));
    await screen.findByRole('table', { name: 'Finance summary' });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Too many decimals.')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Expenses' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('The given data was invalid.');
  });

  it("refuses an amount that is not one ('5e') beside its cell, sending nothing; the arrow keys step by 100", async () => {
    const { calls } = render();
    await userEvent.click(await screen.findByRole('tab', { name: 'Revenue' }));
    const actual = screen.getByLabelText('Revenue line 1 actual');
    await userEvent.clear(actual);
    await userEvent.type(actual, '5e');
    expect(actual).toHaveValue('5e');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('The actual must be a number of at least 0 with at most 2 decimals.'),
    ).toBeInTheDocument();
    expect(actual).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('Some fields are not valid');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await userEvent.clear(actual);
    await userEvent.type(actual, '150{ArrowUp}');
    expect(actual).toHaveValue('200');
    await userEvent.type(actual, '{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(actual).toHaveValue('0');
  });

  it('asks before removing a saved line, and pulls revenue lines from the accepted quote', async () => {
    render();
    await userEvent.click(await screen.findByRole('tab', { name: 'Revenue' }));
    await userEvent.click(screen.getByRole('button', { name: FINANCE_TEXT.pullQuote }));
    expect(await screen.findByDisplayValue('Electrical')).toBeInTheDocument();
    expect(screen.getByLabelText('Revenue line 2 estimate')).toHaveValue('500.00');

    await userEvent.click(screen.getByRole('button', { name: 'Remove revenue line 1' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(FINANCE_TEXT.removeTitle)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: FINANCE_TEXT.removeLine }));
    await waitFor(() => expect(screen.queryByDisplayValue('Labour')).not.toBeInTheDocument());
    // A line never saved goes at once.
    await userEvent.click(screen.getByRole('button', { name: 'Remove revenue line 1' }));
    await waitFor(() => expect(screen.queryByDisplayValue('Electrical')).not.toBeInTheDocument());
  });

  it('Cancel goes back to the project', async () => {
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/projects/5/show');
  });

  it('asks before leaving unsaved changes; Stay keeps them, and after Save Cancel asks nothing', async () => {
    // The server answers with what it saved.
    render((body) => ({ body: { ...VIEW, comments: (body as { comments: string }).comments, version: 4 } }));
    const comments = await screen.findByLabelText(FINANCE_TEXT.comments);
    await userEvent.type(comments, ', on budget');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: UNSAVED_CHANGES_TEXT.title });
    await userEvent.click(within(dialog).getByRole('button', { name: UNSAVED_CHANGES_TEXT.stay }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByLabelText(FINANCE_TEXT.comments)).toHaveValue('On track, on budget');

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByTestId('saved-tick')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/projects/5/show');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
