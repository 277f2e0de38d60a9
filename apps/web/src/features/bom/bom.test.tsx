import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { BOM_TEXT, QUOTE_TEXT, type BomItemView, type BomPage } from '@siteflow/core';
import { mockFetch, renderScreen, tenantSession } from '../../test/render';
import { stubMatchMedia } from '../../test/setup';
import { UNSAVED_CHANGES_TEXT } from '../../ui/unsaved-changes';
import { BomScreen } from './bom-screen';

const ROW = {
  id: 41,
  section_name: 'Switchboard',
  product: 'Clipsal RCBO 20A',
  status: 'Pending' as const,
  supplied_by: 'Company' as const,
  supplier: 'Middys',
  qty: '4.000',
  unit_sell_price: '89.00',
  product_code: 'RCBO20',
  eta: null,
};
const quote = (locked: boolean) => ({
  id: 9,
  code: 'Q-PRJ-00001-1',
  status: locked ? ('Accepted' as const) : ('Draft' as const),
  locked,
});
const page = (locked: boolean): BomPage => ({ items: [ROW], total: 1, page: 1, pageSize: 25, quote: quote(locked) });
const item = (locked: boolean): BomItemView => ({
  ...ROW,
  quote: quote(locked),
  description: ROW.product,
  unit_cost: '61.20',
  work_item: null,
  company_purchase_order_reference: null,
  consignment_tracking_link: null,
});

const PROJECT = { id: 5, code: 'PRJ-00005', title: 'Kitchen refit' };

function render(locked: boolean, patch: () => { status?: number; body?: unknown } = () => ({ body: item(locked) })) {
  const fetch = mockFetch((call) => {
    if (call.method === 'PATCH') return patch();
    if (call.url.startsWith('/api/projects/5/bill-of-materials?')) return { body: page(locked) };
    if (call.url === '/api/projects/5/quotes') return { body: { project: PROJECT, items: [] } };
    return { body: item(locked) };
  });
  renderScreen(<BomScreen />, {
    route: '/projects/5/bill-of-materials',
    path: '/projects/:id/bill-of-materials',
    session: tenantSession(['quotes.view', 'quotes.manage']),
  });
  return fetch;
}

describe('Bill of materials', () => {
  beforeEach(() => stubMatchMedia(true));

  it('lists the products 25 a page with the column filters, and sends a filter once typing pauses', async () => {
    const fetch = render(false);
    const table = await screen.findByRole('table', { name: 'Bill of materials' });
    expect(await within(table).findByText('Clipsal RCBO 20A')).toBeInTheDocument();
    expect(within(table).getByText('$89.00')).toBeInTheDocument();
    expect(screen.getByPlaceholderText(BOM_TEXT.searchPlaceholder)).toBeInTheDocument();
    expect(fetch.calls[0]!.url).toContain('pageSize=25');
    await userEvent.type(screen.getByLabelText('Supplier'), 'mid');
    await waitFor(() => expect(fetch.calls.some((c) => c.url.includes('supplier=mid'))).toBe(true));
    expect(screen.getByRole('button', { name: BOM_TEXT.resetFilters })).toBeEnabled();
  });

  it('names the project in the breadcrumb and the header', async () => {
    render(true);
    const trail = await screen.findByLabelText('Breadcrumb');
    expect(await within(trail).findByRole('link', { name: 'PRJ-00005' })).toHaveAttribute('href', '/projects/5/show');
    expect(within(trail).queryByText('Project')).not.toBeInTheDocument();
    expect(screen.getByTestId('bom-project')).toHaveTextContent('PRJ-00005 · Kitchen refit');
    expect(await screen.findByText(/The products of quote Q-PRJ-00001-1 \(Accepted\)/)).toBeInTheDocument();
  });

  it("a locked product's modal leaves only the ETA and the order status editable", async () => {
    render(true);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Clipsal RCBO 20A' }));
    const dialog = await screen.findByRole('dialog', { name: BOM_TEXT.editTitle });
    expect(await within(dialog).findByText(BOM_TEXT.locked)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('ETA')).toBeEnabled();
    expect(within(dialog).getAllByLabelText('Order Status')[0]).toBeEnabled();
    for (const label of ['Unit Cost', 'Supplier']) {
      const input = within(dialog).getByLabelText(label);
      expect(input).toHaveAttribute('readonly');
      await userEvent.type(input, '9');
      expect(input).toHaveValue(label === 'Unit Cost' ? '61.20' : 'Middys');
    }
    expect(within(dialog).getByLabelText('ETA')).not.toHaveAttribute('readonly');
  });

  it('Escape with a changed ETA asks before discarding: Keep editing keeps it, Discard closes; unchanged closes at once', async () => {
    const fetch = render(true);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Clipsal RCBO 20A' }));
    let dialog = await screen.findByRole('dialog', { name: BOM_TEXT.editTitle });
    const eta = await within(dialog).findByLabelText('ETA');
    await userEvent.type(eta, '2027-01-15');
    await userEvent.keyboard('{Escape}');
    const ask = await screen.findByRole('dialog', { name: UNSAVED_CHANGES_TEXT.dialogTitle });
    await userEvent.click(within(ask).getByRole('button', { name: UNSAVED_CHANGES_TEXT.keepEditing }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: UNSAVED_CHANGES_TEXT.dialogTitle })).toBeNull());
    expect(within(dialog).getByLabelText('ETA')).toHaveValue('2027-01-15');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Close dialog' }));
    const again = await screen.findByRole('dialog', { name: UNSAVED_CHANGES_TEXT.dialogTitle });
    await userEvent.click(within(again).getByRole('button', { name: UNSAVED_CHANGES_TEXT.discard }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: BOM_TEXT.editTitle })).toBeNull());
    expect(fetch.calls.some((c) => c.method === 'PATCH')).toBe(false);

    // Unchanged: Escape closes at once.
    await userEvent.click(screen.getByRole('button', { name: 'Edit Clipsal RCBO 20A' }));
    dialog = await screen.findByRole('dialog', { name: BOM_TEXT.editTitle });
    await within(dialog).findByLabelText('ETA');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: BOM_TEXT.editTitle })).toBeNull());
    expect(screen.queryByRole('dialog', { name: UNSAVED_CHANGES_TEXT.dialogTitle })).toBeNull();
  });

  it("a Draft product saves its order details and says 'Updated Product!'; a failure says the spec's text", async () => {
    let status = 200;
    const fetch = render(false, () => (status === 200 ? { body: item(false) } : { status, body: { message: 'x' } }));
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Clipsal RCBO 20A' }));
    const dialog = await screen.findByRole('dialog', { name: BOM_TEXT.editTitle });
    const cost = await within(dialog).findByLabelText('Unit Cost');
    await userEvent.clear(cost);
    await userEvent.type(cost, '58.90');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(BOM_TEXT.updatedText)).toBeInTheDocument();
    expect(fetch.calls.find((c) => c.method === 'PATCH')!.body).toMatchObject({
      unit_cost: '58.90',
      order_status: 'Pending',
    });

    status = 500;
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Clipsal RCBO 20A' }));
    const again = await screen.findByRole('dialog', { name: BOM_TEXT.editTitle });
    await userEvent.click(await within(again).findByRole('button', { name: 'Save' }));
    expect(await screen.findByText(BOM_TEXT.failedText)).toBeInTheDocument();
  });

  it("refuses a unit cost that takes the line's cost past $999,999,999.99, under the field, without sending", async () => {
    const fetch = render(false);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Clipsal RCBO 20A' }));
    const dialog = await screen.findByRole('dialog', { name: BOM_TEXT.editTitle });
    const cost = await within(dialog).findByLabelText('Unit Cost');
    await userEvent.clear(cost);
    // Qty 4 x 250,000,000.00 = 1,000,000,000.00.
    await userEvent.type(cost, '250000000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(QUOTE_TEXT.lineCostTooLarge)).toBeInTheDocument();
    expect(cost).toHaveAttribute('aria-invalid', 'true');
    expect(fetch.calls.some((c) => c.method === 'PATCH')).toBe(false);
  });

  it("says 'Failed to get product, please try again later' when the product cannot be loaded", async () => {
    mockFetch((call) =>
      call.url.includes('?') ? { body: page(false) } : { status: 500, body: { message: 'Server error' } },
    );
    renderScreen(<BomScreen />, {
      route: '/projects/5/bill-of-materials',
      path: '/projects/:id/bill-of-materials',
      session: tenantSession(['quotes.view', 'quotes.manage']),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Clipsal RCBO 20A' }));
    expect(await screen.findByText(BOM_TEXT.loadFailed)).toBeInTheDocument();
  });
});
