import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  QUOTE_TEXT,
  statusConfirmText,
  type LineItemView,
  type QuoteSummary,
  type QuoteView,
  type SectionView,
} from '@siteflow/core';
import { mockFetch, renderScreen, tenantSession } from '../../test/render';
import { stubMatchMedia } from '../../test/setup';
import { UNSAVED_CHANGES_TEXT } from '../../ui/unsaved-changes';
import { defaultQuoteId } from './draft';
import { QuotesScreen } from './quotes-screen';

const summary = (id: number, status: QuoteSummary['status'], updated_at: string): QuoteSummary => ({
  id,
  code: `Q-PRJ-00012-${id}`,
  revision: 1,
  status,
  updated_at,
});

describe('the quote shown after loading (spec 3 section 4)', () => {
  it('is the Accepted quote when there is one', () => {
    expect(
      defaultQuoteId([
        summary(1, 'Draft', '2026-11-20T00:00:00Z'),
        summary(2, 'Accepted', '2026-01-01T00:00:00Z'),
        summary(3, 'Rejected', '2026-11-21T00:00:00Z'),
      ]),
    ).toBe(2);
  });

  it('else the most recently updated one that is not Void', () => {
    expect(
      defaultQuoteId([
        summary(1, 'Draft', '2026-11-20T00:00:00Z'),
        summary(2, 'Void', '2026-11-23T00:00:00Z'),
        summary(3, 'Rejected', '2026-11-21T00:00:00Z'),
      ]),
    ).toBe(3);
  });

  it('else none', () => {
    expect(defaultQuoteId([summary(1, 'Void', '2026-11-20T00:00:00Z')])).toBeNull();
    expect(defaultQuoteId([])).toBeNull();
  });
});

const line = (id: number, over: Partial<LineItemView>): LineItemView => ({
  id,
  position: id,
  category: 'Service',
  description: `Line ${id}`,
  long_description: null,
  general_notes: null,
  supplied_by: 'Company',
  quantity: '1.000',
  unit_sell_price: '1.00',
  unit_cost: '0.00',
  product: null,
  totals: { revenue: '0', cost: '0', profit: '0', profit_percent: '0' },
  ...over,
});
const TOTALS = { revenue: '0', cost: '0', gross_profit: '0', profit_percent: null, margin_percent: null };
const section = (id: number, name: string, line_items: LineItemView[]): SectionView => ({
  id,
  name,
  note: null,
  position: id,
  line_items,
  totals: TOTALS,
});

function quoteView(over: Partial<QuoteView> = {}): QuoteView {
  // Cast: the view grows fields this screen does not read (e.g. the client's answer).
  return {
    id: 2,
    code: 'Q-PRJ-00012-2',
    revision: 1,
    status: 'Draft',
    reason: null,
    note: null,
    version: 3,
    updated_at: '2026-11-24T04:05:00.000Z',
    project: { id: 12, code: 'PRJ-00012', title: 'Kitchen refit' },
    other_accepted: false,
    sections: [
      section(10, 'Roofing', [
        line(100, { description: 'Roof labour', quantity: '2.000', unit_sell_price: '100.50', unit_cost: '60.25' }),
        line(101, { description: 'Screws', quantity: '3.000', unit_sell_price: '33.33', unit_cost: '20.00' }),
      ]),
      section(11, 'Electrical', [
        line(102, { description: 'Cable', quantity: '1.500', unit_sell_price: '0.10', unit_cost: '0.03' }),
      ]),
    ],
    totals: TOTALS,
    abilities: { edit: true, change_status: true, delete: true, revise: true },
    ...over,
  } as QuoteView;
}

const PROJECT = { id: 12, code: 'PRJ-00012', title: 'Kitchen refit' };

/** A column's width as each section's line table sets it (each section is its own table). */
const columnWidths = (name: string) =>
  screen.getAllByRole('table').map((t) => within(t).getByRole('columnheader', { name }).style.width);

type Handler = (method: string, url: string, body: unknown) => { status?: number; body?: unknown } | undefined;

function render(
  list: QuoteSummary[],
  view: QuoteView | null,
  handle: Handler = () => undefined,
  route = '/projects/12/quotes',
) {
  const fetch = mockFetch((call) => {
    const answer = handle(call.method, call.url, call.body);
    if (answer) return answer;
    if (call.url === '/api/projects/12/quotes') return { body: { project: PROJECT, items: list } };
    if (view && call.url === `/api/projects/12/quotes/${view.id}`) return { body: view };
    return { status: 404, body: { message: 'Not found' } };
  });
  renderScreen(<QuotesScreen />, {
    route,
    path: '/projects/:id/quotes',
    session: tenantSession(['quotes.view', 'quotes.manage', 'catalogue.view', 'catalogue.manage']),
  });
  return fetch;
}

/** 'Keep editing' in the 'Discard changes?' dialog: it closes, and what was typed in the notes stays. */
async function keepEditing(dialog: HTMLElement) {
  await userEvent.click(within(dialog).getByRole('button', { name: UNSAVED_CHANGES_TEXT.keepEditing }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(screen.getByLabelText(/Quote Notes/)).toHaveValue('Gate code 1234');
}

const LIST = [summary(1, 'Draft', '2026-11-24T04:05:00Z'), summary(2, 'Accepted', '2026-11-20T00:00:00Z')];

describe('Quotes screen', () => {
  beforeEach(() => {
    stubMatchMedia(true);
  });

  it('shows the empty states', async () => {
    render([], null);
    expect(await screen.findByText(QUOTE_TEXT.createOrImport)).toBeInTheDocument();
  });

  it('names the project in the breadcrumb and the header while it has no quote', async () => {
    render([], null);
    const trail = await screen.findByLabelText('Breadcrumb');
    expect(await within(trail).findByRole('link', { name: 'PRJ-00012' })).toHaveAttribute('href', '/projects/12/show');
    expect(within(trail).queryByText('Project')).not.toBeInTheDocument();
    expect(screen.getByText('PRJ-00012 · Kitchen refit')).toBeInTheDocument();
  });

  it('asks to select a revision when every quote is Void', async () => {
    render([summary(1, 'Void', '2026-11-24T04:05:00Z')], null);
    expect(await screen.findByTestId('quotes-empty')).toHaveTextContent(QUOTE_TEXT.selectRevision);
  });

  it('opens the quote named by ?quote= (Back from its agreements) instead of the Accepted one', async () => {
    render(LIST, quoteView({ id: 1, code: 'Q-PRJ-00012-1' }), undefined, '/projects/12/quotes?quote=1');
    expect(await screen.findByTestId('quote-code')).toHaveTextContent('Q-PRJ-00012-1');
  });

  it("opens the Accepted quote and shows every line's, section's and the quote's figures to the cent", async () => {
    render(
      LIST,
      quoteView({ status: 'Accepted', abilities: { edit: false, change_status: true, delete: false, revise: true } }),
    );
    expect(await screen.findByTestId('quote-code')).toHaveTextContent('Q-PRJ-00012-2');

    const [roofing, electrical] = screen.getAllByTestId('quote-section');
    const rows = within(roofing!).getAllByTestId('line-item');
    expect(rows[0]).toHaveTextContent(/Roof labour.*Company.*2.*\$100\.50.*\$201\.00.*\$80\.50.*40\.05%/);
    expect(rows[1]).toHaveTextContent(/Screws.*3.*\$33\.33.*\$99\.99.*\$39\.99.*39\.99%/);
    expect(within(roofing!).getByTestId('section-cost')).toHaveTextContent('$180.50');
    expect(within(roofing!).getByTestId('section-profit')).toHaveTextContent('$120.49');
    expect(within(roofing!).getByTestId('section-percent')).toHaveTextContent('66.75%');
    expect(within(roofing!).getByTestId('section-total')).toHaveTextContent('$300.99');
    // 1.5 x 0.03 = 0.045 rounds half up to 0.05 at the line.
    expect(within(electrical!).getByTestId('section-cost')).toHaveTextContent('$0.05');
    expect(within(electrical!).getByTestId('section-total')).toHaveTextContent('$0.15');

    expect(screen.getByTestId('quote-revenue')).toHaveTextContent('$301.14');
    expect(screen.getByTestId('quote-cost')).toHaveTextContent('$180.55');
    expect(screen.getByTestId('quote-profit')).toHaveTextContent('$120.59');
    expect(screen.getByTestId('quote-percent')).toHaveTextContent('66.79%');
    expect(screen.getByTestId('quote-margin')).toHaveTextContent('40.04%');
    // 04:05 UTC is 2:05pm in Brisbane.
    expect(screen.getByTestId('quote-updated')).toHaveTextContent('Last Updated: 2:05pm - 24/11/26');

    // Not a Draft: nothing can be changed, yet it reads as text (read-only, not greyed-out disabled).
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    const name = screen.getByLabelText('Section 1 name');
    expect(name).toHaveValue('Roofing');
    expect(name).toHaveAttribute('readonly');
    expect(name).toBeEnabled();
    const notes = screen.getByLabelText(/Quote Notes/);
    expect(notes).toHaveAttribute('readonly');
    expect(notes).toBeEnabled();
    await userEvent.type(name, 'x');
    await userEvent.type(notes, 'x');
    expect(name).toHaveValue('Roofing');
    expect(notes).toHaveValue('');
    // A line opened with View: its fields read-only too.
    await userEvent.click(within(roofing!).getByRole('button', { name: 'View line 1: Roof labour' }));
    const dialog = await screen.findByRole('dialog');
    const description = within(dialog).getByLabelText(/^Description/);
    expect(description).toHaveAttribute('readonly');
    expect(description).toBeEnabled();
    expect(description).toHaveValue('Roof labour');
    expect(within(dialog).queryByRole('button', { name: 'Done' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('button', { name: 'Add Section' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it("lines the sections' columns up: every section's table has the same fixed column widths", async () => {
    render(LIST, quoteView());
    await screen.findAllByTestId('quote-section');
    const tables = screen.getAllByRole('table');
    expect(tables).toHaveLength(2);
    for (const t of tables) expect(t.style.getPropertyValue('--table-layout')).toBe('fixed');
    for (const column of ['Qty', 'Unit Sell Price', 'Total (ex. GST)', 'Profit $', 'Profit %']) {
      const [first, second] = columnWidths(column);
      expect(first, column).toMatch(/\d/);
      expect(second, column).toBe(first);
    }
  });

  /** A Draft (shown first, id 2) and a Rejected revision (id 1) to switch to. */
  const twoRevisions = () => {
    const rejected = quoteView({
      id: 1,
      code: 'Q-PRJ-00012-1',
      status: 'Rejected',
      note: 'Signed off.',
      abilities: { edit: false, change_status: true, delete: false, revise: true },
    });
    return render(
      [summary(2, 'Draft', '2026-11-24T04:05:00Z'), summary(1, 'Rejected', '2026-11-20T00:00:00Z')],
      quoteView(),
      (method, url) => (method === 'GET' && url === '/api/projects/12/quotes/1' ? { body: rejected } : undefined),
    );
  };
  const pickRejected = async () => {
    await userEvent.click(screen.getByRole('combobox', { name: 'Quote revision' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Q-PRJ-00012-1 - Rejected' }));
  };

  it("asks before another revision or a new quote drops the shown quote's unsaved edits", async () => {
    const { calls } = twoRevisions();
    await userEvent.type(await screen.findByLabelText(/Quote Notes/), 'Gate code 1234');
    const pick = async () => {
      await pickRejected();
      return screen.findByRole('dialog', { name: UNSAVED_CHANGES_TEXT.dialogTitle });
    };
    // Keep editing: the same quote, with what was typed.
    const dialog = await pick();
    expect(within(dialog).getByText(UNSAVED_CHANGES_TEXT.quoteMessage)).toBeInTheDocument();
    await keepEditing(dialog);
    expect(screen.getByRole('combobox', { name: 'Quote revision' })).toHaveValue('Q-PRJ-00012-2 - Draft');
    expect(calls.some((c) => c.url === '/api/projects/12/quotes/1')).toBe(false);

    // New asks the same, and creates nothing until the answer.
    await userEvent.click(screen.getByRole('button', { name: 'New' }));
    await keepEditing(await screen.findByRole('dialog', { name: UNSAVED_CHANGES_TEXT.dialogTitle }));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    // Discard: the other revision.
    await userEvent.click(within(await pick()).getByRole('button', { name: UNSAVED_CHANGES_TEXT.discard }));
    expect(await screen.findByDisplayValue('Signed off.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Quote revision' })).toHaveValue('Q-PRJ-00012-1 - Rejected');
  });

  it('switches revisions without asking while nothing is edited', async () => {
    twoRevisions();
    await screen.findByLabelText(/Quote Notes/);
    await pickRejected();
    expect(await screen.findByDisplayValue('Signed off.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('adds a line item, copies a section, and saves the whole quote with its version', async () => {
    const view = quoteView();
    const { calls } = render([summary(2, 'Draft', '2026-11-24T04:05:00Z')], view, (method, url, body) =>
      method === 'PUT' ? { body: { ...view, version: 4, note: (body as { note: string }).note } } : undefined,
    );
    const roofing = (await screen.findAllByTestId('quote-section'))[0]!;
    await userEvent.click(within(roofing).getByRole('button', { name: 'Add a line item to Section 1: Roofing' }));
    const dialog = await screen.findByRole('dialog', { name: `${QUOTE_TEXT.editLineEntry} - Roofing` });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(within(dialog).getByText(QUOTE_TEXT.descriptionRequired)).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/^Description/), 'Gutter guard');
    const qty = within(dialog).getByLabelText(/^Qty/);
    await userEvent.clear(qty);
    await userEvent.type(qty, '4');
    const sell = within(dialog).getByLabelText(/^Unit Sell Price/);
    await userEvent.clear(sell);
    await userEvent.type(sell, '12.25');
    expect(within(dialog).getByTestId('line-revenue')).toHaveTextContent('$49.00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(roofing).getByTestId('section-total')).toHaveTextContent('$349.99');
    expect(screen.getByTestId('quote-revenue')).toHaveTextContent('$350.14');

    await userEvent.click(screen.getByRole('button', { name: 'Copy Section 2: Electrical' }));
    expect(screen.getByLabelText('Section 3 name')).toHaveValue('Electrical [CLONE]');
    await userEvent.type(screen.getByLabelText(/Quote Notes/), 'Access via the side gate.');

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(QUOTE_TEXT.saved)).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.url).toBe('/api/projects/12/quotes/2');
    const body = put?.body as {
      version: number;
      note: string;
      sections: { id: number | null; name: string; line_items: { id: number | null; description: string }[] }[];
    };
    expect(body.version).toBe(3);
    expect(body.note).toBe('Access via the side gate.');
    expect(body.sections.map((s) => [s.id, s.name])).toEqual([
      [10, 'Roofing'],
      [11, 'Electrical'],
      [null, 'Electrical [CLONE]'],
    ]);
    expect(body.sections[0]!.line_items.map((l) => [l.id, l.description])).toEqual([
      [100, 'Roof labour'],
      [101, 'Screws'],
      [null, 'Gutter guard'],
    ]);
    expect(body.sections[2]!.line_items).toMatchObject([{ id: null, description: 'Cable' }]);
  });

  it('offers Reload after a version conflict, and lists field errors of a refused save', async () => {
    let answer: { status: number; body: { message: string; errors: Record<string, string[]> } } = {
      status: 409,
      body: { message: QUOTE_TEXT.versionConflict, errors: {} },
    };
    render([summary(2, 'Draft', '2026-11-24T04:05:00Z')], quoteView(), (method) =>
      method === 'PUT' ? answer : undefined,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(QUOTE_TEXT.versionConflict);
    expect(within(alert).getByRole('button', { name: 'Reload' })).toBeInTheDocument();

    answer = {
      status: 422,
      body: { message: 'Check the fields.', errors: { 'sections.1.line_items.0.quantity': ['Too big.'] } },
    };
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Section 2, line 1, quantity: Too big.'));
    expect(within(screen.getByRole('alert')).queryByRole('button', { name: 'Reload' })).not.toBeInTheDocument();
  });

  it('asks before a new status drops unsaved edits: Keep editing changes nothing, Discard goes on to the status', async () => {
    const view = quoteView();
    const { calls } = render([summary(2, 'Draft', '2026-11-24T04:05:00Z')], view);
    await userEvent.type(await screen.findByLabelText(/Quote Notes/), 'Gate code 1234');
    const choose = async () => {
      await userEvent.click(screen.getByRole('combobox', { name: 'Quote status' }));
      await userEvent.click(await screen.findByRole('option', { name: 'Rejected' }));
      return screen.findByRole('dialog', { name: UNSAVED_CHANGES_TEXT.dialogTitle });
    };
    const dialog = await choose();
    expect(within(dialog).getByText(UNSAVED_CHANGES_TEXT.quoteMessage)).toBeInTheDocument();
    await keepEditing(dialog);
    expect(screen.getByRole('combobox', { name: 'Quote status' })).toHaveValue('Draft');

    await userEvent.click(within(await choose()).getByRole('button', { name: UNSAVED_CHANGES_TEXT.discard }));
    const status = await screen.findByRole('dialog', { name: 'Update quote status' });
    expect(status).toHaveTextContent(statusConfirmText('Draft', 'Rejected'));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('asks before changing the status, with a reason only for Rejected', async () => {
    const view = quoteView();
    const { calls } = render([summary(2, 'Draft', '2026-11-24T04:05:00Z')], view, (method) =>
      method === 'POST' ? { body: { ...view, status: 'Rejected', reason: 'Too dear', version: 4 } } : undefined,
    );
    await userEvent.click(await screen.findByRole('combobox', { name: 'Quote status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Rejected' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(statusConfirmText('Draft', 'Rejected'));
    await userEvent.type(within(dialog).getByLabelText(QUOTE_TEXT.reasonForRejection), 'Too dear');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(QUOTE_TEXT.statusUpdated)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      url: '/api/projects/12/quotes/2/status',
      body: { status: 'Rejected', reason: 'Too dear' },
    });
    expect(await screen.findByTestId('quote-reason')).toHaveTextContent('Too dear');
  });
});
