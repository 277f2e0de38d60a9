import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CATALOGUE_TEXT, type WorkItemView } from '@siteflow/core';
import { mockFetch, renderScreen, tenantSession } from '../../test/render';
import { stubMatchMedia } from '../../test/setup';
import { WorksAndMaterialsScreen } from './works-and-materials-screen';

const ITEM: WorkItemView = {
  id: 7,
  name: 'Colorbond roof sheet 0.42 BMT',
  item_code: 'CB-042',
  supplier_name: 'Lysaght',
  unit_sell_price: '38.50',
  unit_cost: '27.10',
  created_at: '2026-03-02T01:00:00.000Z',
  updated_at: '2026-03-02T01:00:00.000Z',
};

const MANAGER = tenantSession(['catalogue.view', 'catalogue.manage']);
const PAGE = { items: [ITEM], total: 1, page: 1, pageSize: 20 };

function render(
  write: (method: string, url: string) => { status?: number; body?: unknown } = () => ({}),
  item = () => ({ body: ITEM }) as { status?: number; body?: unknown },
) {
  const fetch = mockFetch((call) => {
    if (call.method !== 'GET') return write(call.method, call.url);
    if (call.url.startsWith('/api/catalogue?')) return { body: PAGE };
    return item();
  });
  renderScreen(<WorksAndMaterialsScreen />, {
    route: '/works-and-materials',
    path: '/works-and-materials',
    session: MANAGER,
  });
  return fetch;
}

describe('Works & Materials', () => {
  beforeEach(() => stubMatchMedia(true));
  afterEach(() => vi.useRealTimers());

  it('lists items with prices and date, and shows profit and margin live while typing', async () => {
    render();
    const table = await screen.findByRole('table', { name: 'Works and materials' });
    expect(await within(table).findByText(ITEM.name)).toBeInTheDocument();
    expect(within(table).getByText('$38.50')).toBeInTheDocument();
    expect(within(table).getByText('02/03/2026')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Search Materials ...')).toBeInTheDocument();

    expect(screen.getByRole('heading', { name: 'Create New Item' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/Unit Price/), '0');
    await userEvent.type(screen.getByLabelText(/Unit Cost/), '5');
    expect(screen.getByTestId('item-margin')).toHaveTextContent('-');
    await userEvent.clear(screen.getByLabelText(/Unit Price/));
    await userEvent.type(screen.getByLabelText(/Unit Price/), '20');
    expect(screen.getByTestId('item-profit')).toHaveTextContent('$15.00');
    expect(screen.getByTestId('item-margin')).toHaveTextContent('75.00%');
  });

  it('creates an item, then resets and stays editable with a message that goes after 4 seconds', async () => {
    const { calls } = render(() => ({
      status: 201,
      body: { message: CATALOGUE_TEXT.created, work: { ...ITEM, id: 8 } },
    }));
    await userEvent.click(screen.getByRole('button', { name: 'Create Item' }));
    expect(await screen.findByText(CATALOGUE_TEXT.nameRequired)).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText(/Name/), 'Cement 20kg');
    await userEvent.type(screen.getByLabelText(/Unit Price/), '14.5');
    await userEvent.type(screen.getByLabelText(/Unit Cost/), '9.80');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await userEvent.click(screen.getByRole('button', { name: 'Create Item' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')).toBeTruthy());
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      url: '/api/catalogue',
      body: { name: 'Cement 20kg', item_code: '', supplier_name: '', unit_sell_price: '14.5', unit_cost: '9.80' },
    });
    expect(await screen.findByText(CATALOGUE_TEXT.created)).toBeInTheDocument();
    expect(screen.getByLabelText(/Name/)).toHaveValue('');
    expect(screen.getByLabelText(/Name/)).toBeEnabled();
    act(() => {
      vi.advanceTimersByTime(4000);
    });
    await waitFor(() => expect(screen.queryByText(CATALOGUE_TEXT.created)).not.toBeInTheDocument());
  });

  it('edits an item: after saving the form is disabled until Edit is pressed', async () => {
    const { calls } = render(() => ({ body: { message: CATALOGUE_TEXT.saved, work: { ...ITEM, name: 'Renamed' } } }));
    await userEvent.click(await screen.findByRole('button', { name: `Edit ${ITEM.name}` }));
    expect(await screen.findByRole('heading', { name: 'Edit Item' })).toBeInTheDocument();
    const name = await screen.findByLabelText(/Name/);
    expect(name).toHaveValue(ITEM.name);
    // The keyboard goes to the form the user opened.
    expect(name).toHaveFocus();
    expect(screen.getByTestId('item-profit')).toHaveTextContent('$11.40');
    expect(screen.getByTestId('item-margin')).toHaveTextContent('29.61%');
    await userEvent.clear(name);
    await userEvent.type(name, 'Renamed');
    await userEvent.click(screen.getByRole('button', { name: 'Save Item' }));
    expect(await screen.findByText(CATALOGUE_TEXT.saved)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({ url: `/api/catalogue/${ITEM.id}` });
    expect(screen.getByLabelText(/Name/)).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.getByLabelText(/Name/)).toBeEnabled();
  });

  it('shows the spec text when an item fails to load', async () => {
    render(
      () => ({ status: 500, body: {} }),
      () => ({ status: 500, body: {} }),
    );
    await userEvent.click(await screen.findByRole('button', { name: `Edit ${ITEM.name}` }));
    expect(await screen.findByText(CATALOGUE_TEXT.loadFailed)).toBeInTheDocument();
  });

  it('shows the spec fallback when a save fails without a server message', async () => {
    render(() => ({ status: 500, body: {} }));
    await userEvent.type(screen.getByLabelText(/Name/), 'Cement');
    await userEvent.type(screen.getByLabelText(/Unit Price/), '1');
    await userEvent.type(screen.getByLabelText(/Unit Cost/), '1');
    await userEvent.click(screen.getByRole('button', { name: 'Create Item' }));
    expect(await screen.findByText(CATALOGUE_TEXT.saveFailed)).toBeInTheDocument();
  });
});
