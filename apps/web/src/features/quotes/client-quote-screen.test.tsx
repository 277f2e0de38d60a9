import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CLIENT_QUOTE_TEXT, QUOTE_TERMS, type LineItemView, type QuoteView } from '@siteflow/core';
import { mockFetch, renderScreen, tenantSession } from '../../test/render';
import { stubMatchMedia } from '../../test/setup';
import { ClientQuoteScreen } from './client-quote-screen';
import { ClientDecisionLine, SendToClientButton } from './send-to-client';

// The client's view of a sent quote (issue 13 section 6): sell figures only, and the answer.
const hidden = { cost: null, profit: null, profit_percent: null };
const line = (id: number, description: string, quantity: string, unit_sell_price: string, revenue: string) =>
  ({
    id,
    position: id,
    category: 'Service',
    description,
    long_description: null,
    general_notes: null,
    supplied_by: 'Company',
    quantity,
    unit_sell_price,
    unit_cost: null,
    product: null,
    totals: { revenue, ...hidden },
  }) satisfies LineItemView;
const TOTALS = { revenue: '300.99', cost: null, gross_profit: null, profit_percent: null, margin_percent: null };

const sent = (over: Partial<QuoteView> = {}): QuoteView => ({
  id: 7,
  code: 'Q-PRJ-00012-1',
  revision: 1,
  status: 'Draft',
  reason: null,
  note: 'Thanks for the opportunity.',
  version: 2,
  updated_at: '2026-11-24T04:05:00.000Z',
  project: { id: 12, code: 'PRJ-00012', title: 'Kitchen refit' },
  other_accepted: false,
  sent_at: '2026-11-24T04:05:00.000Z',
  sent_by_name: 'Olivia Nguyen',
  client_decision: null,
  client_decision_name: null,
  client_decision_at: null,
  sections: [
    {
      id: 10,
      name: 'Roofing',
      note: null,
      position: 0,
      line_items: [
        line(100, 'Roof labour', '2.000', '100.50', '201.00'),
        line(101, 'Screws', '3.000', '33.33', '99.99'),
      ],
      totals: TOTALS,
    },
  ],
  totals: TOTALS,
  abilities: { edit: false, change_status: false, delete: false, revise: false },
  ...over,
});

const PROJECT = { id: 12, code: 'PRJ-00012', title: 'Kitchen refit' };

/** The project 12's answer: the project and its sent quote (null while nothing was sent), or a refusal. */
function render(
  view: QuoteView | null | { refused: number; message: string },
  answer?: (body: Record<string, unknown>) => QuoteView,
) {
  const fetch = mockFetch((call) => {
    if (call.url === '/api/projects/12/client-quote')
      return view && 'refused' in view
        ? { status: view.refused, body: { message: view.message } }
        : { body: { project: PROJECT, quote: view } };
    if (call.url === '/api/projects/12/client-quote/respond' && answer)
      return { body: answer(call.body as Record<string, unknown>) };
    return { status: 404, body: { message: 'Not found' } };
  });
  renderScreen(<ClientQuoteScreen />, {
    route: '/projects/12/quote',
    path: '/projects/:id/quote',
    session: tenantSession(['projects.view', 'quotes.respond']),
  });
  return fetch;
}

describe('the client quote screen', () => {
  beforeEach(() => {
    stubMatchMedia(true);
  });

  it('shows the items with quantities, sell prices and totals, and no cost, profit or margin', async () => {
    render(sent());
    expect(await screen.findByTestId('quote-code')).toHaveTextContent('Q-PRJ-00012-1');
    expect(screen.getByTestId('quote-status')).toHaveTextContent('Draft');
    const rows = screen.getAllByTestId('line-item');
    expect(rows[0]).toHaveTextContent(/Roof labour\s*2\s*\$100\.50\s*\$201\.00/);
    expect(rows[1]).toHaveTextContent(/Screws\s*3\s*\$33\.33\s*\$99\.99/);
    expect(screen.getByTestId('section-total')).toHaveTextContent('$300.99');
    expect(screen.getByTestId('quote-total')).toHaveTextContent('$300.99');
    expect(screen.getByTestId('client-decision')).toHaveTextContent(
      'Sent to the client on 24/11/2026 by Olivia Nguyen',
    );
    expect(document.body).not.toHaveTextContent(/cost|profit|margin|%/i);
  });

  it('says when nothing was sent yet (a normal answer, not an error), naming the project', async () => {
    render(null);
    expect(await screen.findByTestId('client-quote-empty')).toHaveTextContent(CLIENT_QUOTE_TEXT.notSent);
    expect(screen.queryByRole('button', { name: CLIENT_QUOTE_TEXT.accept })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    const trail = screen.getByLabelText('Breadcrumb');
    expect(within(trail).getByRole('link', { name: 'PRJ-00012' })).toHaveAttribute('href', '/projects/12/show');
    expect(within(trail).queryByText('Project')).not.toBeInTheDocument();
    expect(screen.getByText('PRJ-00012 · Kitchen refit')).toBeInTheDocument();
  });

  it('reports a project the user may not see as a load failure, not as nothing sent', async () => {
    render({ refused: 404, message: 'The project was not found.' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(CLIENT_QUOTE_TEXT.loadFailed);
    expect(alert).toHaveTextContent('The project was not found.');
    expect(screen.queryByTestId('client-quote-empty')).not.toBeInTheDocument();
  });

  it("lines the sections' Qty, Unit Price and Total columns up (fixed widths, one table a section)", async () => {
    const roofing = sent().sections[0]!;
    render(sent({ sections: [roofing, { ...roofing, id: 11, name: 'Electrical', position: 1 }] }));
    await screen.findByTestId('quote-code');
    const tables = screen.getAllByRole('table');
    expect(tables).toHaveLength(2);
    for (const t of tables) expect(t.style.getPropertyValue('--table-layout')).toBe('fixed');
    for (const column of ['Qty', 'Unit Price', 'Total (ex. GST)']) {
      const [first, second] = tables.map((t) => within(t).getByRole('columnheader', { name: column }).style.width);
      expect(first, column).toMatch(/\d/);
      expect(second, column).toBe(first);
    }
  });

  it('accepts only with a typed name, with the T&Cs shown, then shows who accepted it and when', async () => {
    const { calls } = render(sent(), (body) =>
      sent({
        status: 'Accepted',
        client_decision: 'Accepted',
        client_decision_name: body.name as string,
        client_decision_at: '2026-11-25T01:00:00.000Z',
      }),
    );
    await userEvent.click(await screen.findByRole('button', { name: CLIENT_QUOTE_TEXT.accept }));
    const dialog = await screen.findByRole('dialog', { name: CLIENT_QUOTE_TEXT.accept });
    expect(dialog).toHaveTextContent(QUOTE_TERMS[0]);
    await userEvent.click(within(dialog).getByRole('button', { name: CLIENT_QUOTE_TEXT.iAccept }));
    expect(within(dialog).getByText(CLIENT_QUOTE_TEXT.nameRequired)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.type(within(dialog).getByLabelText(CLIENT_QUOTE_TEXT.signLabel), 'Grace Howard');
    await userEvent.click(within(dialog).getByRole('button', { name: CLIENT_QUOTE_TEXT.iAccept }));
    await waitFor(() => expect(screen.getByTestId('quote-status')).toHaveTextContent('Accepted'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      quote_id: 7,
      decision: 'Accepted',
      name: 'Grace Howard',
    });
    expect(screen.getByTestId('client-decision')).toHaveTextContent('Accepted by Grace Howard on 25/11/2026');
    expect(screen.queryByRole('button', { name: CLIENT_QUOTE_TEXT.accept })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: CLIENT_QUOTE_TEXT.reject })).not.toBeInTheDocument();
  });

  it('rejects with a reason and shows it', async () => {
    const { calls } = render(sent(), (body) =>
      sent({
        status: 'Rejected',
        reason: body.reason as string,
        client_decision: 'Rejected',
        client_decision_at: '2026-11-25T01:00:00.000Z',
      }),
    );
    await userEvent.click(await screen.findByRole('button', { name: CLIENT_QUOTE_TEXT.reject }));
    const dialog = await screen.findByRole('dialog', { name: CLIENT_QUOTE_TEXT.reject });
    await userEvent.click(within(dialog).getByRole('button', { name: CLIENT_QUOTE_TEXT.rejectSubmit }));
    expect(within(dialog).getByText(CLIENT_QUOTE_TEXT.reasonRequired)).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(CLIENT_QUOTE_TEXT.reasonLabel), 'Over budget');
    await userEvent.click(within(dialog).getByRole('button', { name: CLIENT_QUOTE_TEXT.rejectSubmit }));
    await waitFor(() =>
      expect(screen.getByTestId('client-decision')).toHaveTextContent('Rejected on 25/11/2026: Over budget'),
    );
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ decision: 'Rejected', reason: 'Over budget' });
  });
});

describe('sending a quote to the client (staff)', () => {
  beforeEach(() => stubMatchMedia(true));

  it('asks first, then sends the Draft and hands back the quote as sent', async () => {
    const draft = sent({ sent_at: null, sent_by_name: null });
    const { calls } = mockFetch((call) =>
      call.url === '/api/projects/12/quotes/7/send'
        ? { body: sent() }
        : { status: 404, body: { message: 'Not found' } },
    );
    const onSent = vi.fn();
    renderScreen(
      <>
        <SendToClientButton projectId={12} quote={draft} onSent={onSent} />
        <ClientDecisionLine quote={draft} />
      </>,
      { session: tenantSession(['quotes.view', 'quotes.manage']) },
    );
    expect(screen.queryByTestId('client-decision')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: CLIENT_QUOTE_TEXT.sendButton }));
    const dialog = await screen.findByRole('dialog', { name: CLIENT_QUOTE_TEXT.sendTitle });
    expect(dialog).toHaveTextContent(CLIENT_QUOTE_TEXT.sendConfirm);
    expect(calls).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: CLIENT_QUOTE_TEXT.send }));
    await waitFor(() =>
      expect(onSent).toHaveBeenCalledWith(expect.objectContaining({ sent_by_name: 'Olivia Nguyen' })),
    );
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['POST /api/projects/12/quotes/7/send']);
  });

  it('is disabled once the quote is not a Draft', () => {
    renderScreen(<SendToClientButton projectId={12} quote={sent({ status: 'Accepted' })} />, {
      session: tenantSession(['quotes.view', 'quotes.manage']),
    });
    expect(screen.getByRole('button', { name: CLIENT_QUOTE_TEXT.sendButton })).toBeDisabled();
  });
});
