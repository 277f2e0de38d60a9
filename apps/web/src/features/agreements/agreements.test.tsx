import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  AGREEMENT_TEXT,
  agreementFigures,
  type AgreementSectionView,
  type AgreementView,
  type QuoteAgreementsView,
} from '@siteflow/core';
import { mockFetch, renderScreen, tenantSession, type FetchCall } from '../../test/render';
import { stubMatchMedia } from '../../test/setup';
import { AgreementsScreen } from './agreements-screen';

const BASE = '/api/projects/12/quotes/2/agreements';
const ROUTE = { route: '/projects/12/quotes/2/agreements', path: '/projects/:id/quotes/:quoteId/agreements' };
const SESSION = tenantSession(['quotes.view', 'quotes.manage', 'agreements.manage']);

const row = (
  id: number,
  name: string,
  sell: string,
  cost: string,
  owned: { price: string } | null,
  ownedBy: { id: number; name: string } | null = null,
): AgreementSectionView => ({
  id,
  name,
  position: id,
  sell_price: sell,
  estimated_cost: cost,
  owned: owned !== null,
  owned_by: ownedBy,
  contract_price: owned?.price ?? null,
  ...(owned ? agreementFigures(sell, owned.price) : { gross_profit: '0.00', margin: null }),
});

const ACME = '00000000-0000-4000-8000-00000000a001';
const BOLT = '00000000-0000-4000-8000-00000000b002';

const TOTALS = {
  sell_price: '0.00',
  estimated_cost: '0.00',
  contract_price: '0.00',
  gross_profit: '0.00',
  margin: '100.00',
};

function agreement(over: Partial<AgreementView> = {}): AgreementView {
  return {
    id: 7,
    quote_id: 2,
    project_id: 12,
    number: 1,
    name: 'Q-PRJ-00012-1-SPA1',
    status: 'Active',
    service_provider: { id: ACME, name: 'Acme Roofing' },
    notes: null,
    version: 3,
    updated_at: '2026-11-24T04:05:00.000Z',
    updated_by_name: 'Olivia Nguyen',
    response: null,
    voided_at: null,
    sections: [
      row(10, 'Roofing', '1000.00', '600.00', { price: '700.00' }),
      row(11, 'Electrical', '500.00', '200.00', null),
      row(12, 'Plumbing', '300.00', '100.00', null, { id: 8, name: 'Q-PRJ-00012-1-SPA2' }),
    ],
    totals: TOTALS,
    ...over,
  };
}

function view(agreements: AgreementView[]): QuoteAgreementsView {
  return {
    quote: {
      id: 2,
      code: 'Q-PRJ-00012-1',
      status: 'Accepted',
      project_id: 12,
      project_code: 'PRJ-00012',
      project_name: 'Kitchen refit',
    },
    agreements,
    providers: [
      { id: ACME, name: 'Acme Roofing', used_by: 7 },
      { id: BOLT, name: 'Bolt Electrical', used_by: 8 },
      { id: '00000000-0000-4000-8000-00000000c003', name: 'Cove Plumbing', used_by: null },
    ],
  };
}

/** The server: GET the view (as `current` holds it), PUT answers the saved agreement from `onPut`. */
function serve(initial: QuoteAgreementsView, onPut?: (call: FetchCall) => AgreementView) {
  let current = initial;
  return mockFetch((call) => {
    if (call.url.startsWith('/api/projects/12/quotes?') || call.url === '/api/projects/12/quotes')
      return { body: { items: [{ id: 2, code: 'Q-PRJ-00012-1', status: 'Accepted' }] } };
    if (call.method === 'GET' && call.url === BASE) return { body: current };
    if (call.method === 'PUT' && onPut) {
      const saved = onPut(call);
      current = { ...current, agreements: current.agreements.map((a) => (a.id === saved.id ? saved : a)) };
      return { body: saved };
    }
    return { status: 404, body: { message: 'Not found' } };
  });
}

const sectionRow = (name: string) =>
  screen.getAllByTestId('agreement-section').find((r) => within(r).queryByText(name, { exact: true }))!;

describe('the service provider agreement screen (issue 14 section 1)', () => {
  beforeEach(() => {
    stubMatchMedia(true);
  });

  it('shows the figures of the owned sections, works them out again as a price is typed, and sums the Totals', async () => {
    serve(view([agreement({ service_provider: { id: ACME, name: 'Acme Roofing' } })]));
    renderScreen(<AgreementsScreen />, { ...ROUTE, session: SESSION });
    expect(await screen.findByTestId('agreement-name')).toHaveTextContent('Q-PRJ-00012-1-SPA1');

    const roofing = sectionRow('Roofing');
    expect(within(roofing).getByText('$1,000.00')).toBeInTheDocument();
    expect(within(roofing).getByText('$600.00')).toBeInTheDocument();
    expect(within(roofing).getByTestId('section-profit')).toHaveTextContent('$300.00');
    expect(within(roofing).getByTestId('section-margin')).toHaveTextContent('30.00%');
    // Not owned: no price input, '-' figures.
    const electrical = sectionRow('Electrical');
    expect(within(electrical).queryByRole('textbox')).toBeNull();
    expect(within(electrical).getByTestId('section-margin')).toHaveTextContent('-');
    expect(screen.getByTestId('total-sell')).toHaveTextContent('$1,000.00');
    expect(screen.getByTestId('total-contract')).toHaveTextContent('$700.00');

    // Typing a price: the row and the Totals follow.
    const price = screen.getByRole('textbox', { name: 'Contract price for Roofing' });
    await userEvent.clear(price);
    await userEvent.type(price, '850.50');
    expect(within(roofing).getByTestId('section-profit')).toHaveTextContent('$149.50');
    expect(within(roofing).getByTestId('section-margin')).toHaveTextContent('14.95%');

    // Owning Electrical too (it starts at 0): Totals over both.
    await userEvent.click(screen.getByRole('checkbox', { name: 'Assign Electrical to this agreement' }));
    const electricalPrice = screen.getByRole('textbox', { name: 'Contract price for Electrical' });
    expect(electricalPrice).toHaveValue('0.00');
    expect(within(electrical).getByTestId('section-margin')).toHaveTextContent('100.00%');
    await userEvent.clear(electricalPrice);
    await userEvent.type(electricalPrice, '250');
    expect(screen.getByTestId('total-sell')).toHaveTextContent('$1,500.00');
    expect(screen.getByTestId('total-cost')).toHaveTextContent('$800.00');
    expect(screen.getByTestId('total-contract')).toHaveTextContent('$1,100.50');
    expect(screen.getByTestId('total-profit')).toHaveTextContent('$399.50');
    expect(screen.getByTestId('total-margin')).toHaveTextContent('26.63%');

    // A price that is not a number: '-' for the row and the Totals.
    await userEvent.type(electricalPrice, 'x');
    expect(within(electrical).getByTestId('section-profit')).toHaveTextContent('-');
    expect(screen.getByTestId('total-margin')).toHaveTextContent('-');
  });

  it('greys out and disables a section another agreement owns, says who has it, and disables a provider another agreement uses', async () => {
    serve(view([agreement()]));
    renderScreen(<AgreementsScreen />, { ...ROUTE, session: SESSION });
    await screen.findByTestId('agreement-name');
    const plumbing = sectionRow('Plumbing');
    expect(plumbing).toHaveAttribute('data-taken', 'true');
    expect(within(plumbing).getByRole('checkbox', { name: 'Assign Plumbing to this agreement' })).toBeDisabled();
    expect(within(plumbing).getByTestId('section-owner')).toHaveTextContent('Owned by Q-PRJ-00012-1-SPA2');
    expect(within(plumbing).queryByRole('textbox')).toBeNull();

    await userEvent.click(screen.getByRole('combobox', { name: 'Service Provider' }));
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).getByRole('option', { name: 'Bolt Electrical' })).toHaveAttribute(
      'data-combobox-disabled',
      'true',
    );
    expect(within(listbox).getByRole('option', { name: 'Cove Plumbing' })).not.toHaveAttribute(
      'data-combobox-disabled',
    );
    // Its own provider stays available to it.
    expect(within(listbox).getByRole('option', { name: 'Acme Roofing' })).not.toHaveAttribute('data-combobox-disabled');
  });

  it('Select All claims every unassigned section at a price of 0 (margin 100%), and Save sends them', async () => {
    const { calls } = serve(view([agreement()]), (call) => {
      const body = call.body as { version: number };
      return agreement({
        version: body.version + 1,
        sections: [
          row(10, 'Roofing', '1000.00', '600.00', { price: '700.00' }),
          row(11, 'Electrical', '500.00', '200.00', { price: '0.00' }),
          row(12, 'Plumbing', '300.00', '100.00', null, { id: 8, name: 'Q-PRJ-00012-1-SPA2' }),
        ],
      });
    });
    renderScreen(<AgreementsScreen />, { ...ROUTE, session: SESSION });
    await screen.findByTestId('agreement-name');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select All' }));
    expect(screen.getByRole('checkbox', { name: 'Assign Electrical to this agreement' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Contract price for Electrical' })).toHaveValue('0.00');
    expect(within(sectionRow('Electrical')).getByTestId('section-margin')).toHaveTextContent('100.00%');
    // The one already owned keeps its price; the one another agreement owns is left alone.
    expect(screen.getByRole('textbox', { name: 'Contract price for Roofing' })).toHaveValue('700.00');
    expect(screen.getByRole('checkbox', { name: 'Assign Plumbing to this agreement' })).not.toBeChecked();

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(AGREEMENT_TEXT.saved)).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url).toBe(`${BASE}/7`);
    expect(put.body).toEqual({
      version: 3,
      service_provider_id: agreement().service_provider!.id,
      notes: '',
      sections: {
        '10': { id: 10, price: '700.00', owned: true },
        '11': { id: 11, price: '0.00', owned: true },
      },
    });

    // Cleared, it releases them all.
    expect(screen.getByRole('checkbox', { name: 'Select All' })).toBeChecked();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select All' }));
    expect(screen.getByRole('checkbox', { name: 'Assign Roofing to this agreement' })).not.toBeChecked();
    expect(screen.getByTestId('total-contract')).toHaveTextContent('$0.00');
    expect(screen.getByTestId('total-margin')).toHaveTextContent('-');
  });

  it('a void agreement is read-only: no checkbox, price, provider or notes can change, no Void, no Save', async () => {
    serve(view([agreement({ status: 'VOID', voided_at: '2026-11-24T05:00:00.000Z' })]));
    renderScreen(<AgreementsScreen />, { ...ROUTE, session: SESSION });
    expect(await screen.findByTestId('agreement-status')).toHaveTextContent('VOID');
    expect(screen.getByTestId('agreement-void')).toHaveTextContent(AGREEMENT_TEXT.voidReadOnly);
    for (const box of screen.getAllByRole('checkbox')) expect(box).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Contract price for Roofing' })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Service Provider' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: AGREEMENT_TEXT.notesTitle })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Void' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(screen.getByRole('option', { name: 'Q-PRJ-00012-1-SPA1 (VOID)', hidden: true })).toBeInTheDocument();
  });

  it('hides the Generate group until a provider is saved, then links the three PDFs', async () => {
    serve(view([agreement({ service_provider: null })]), (call) => {
      const body = call.body as { version: number; service_provider_id: string };
      return agreement({
        version: body.version + 1,
        service_provider: { id: body.service_provider_id, name: 'Cove Plumbing' },
      });
    });
    renderScreen(<AgreementsScreen />, { ...ROUTE, session: SESSION });
    await screen.findByTestId('agreement-name');
    expect(screen.queryByRole('group', { name: 'Generate' })).toBeNull();

    await userEvent.click(screen.getByRole('combobox', { name: 'Service Provider' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Cove Plumbing' }));
    // Chosen but not saved: still hidden.
    expect(screen.queryByRole('group', { name: 'Generate' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const generate = await screen.findByRole('group', { name: 'Generate' });
    const links = within(generate).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['SWMS PDF', 'SOW PDF', 'JA PDF']);
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      `${BASE}/7/pdf?type=swms`,
      `${BASE}/7/pdf?type=sow`,
      `${BASE}/7/pdf?type=ja`,
    ]);
    expect(links[0]).toHaveAttribute('target', '_blank');
  });

  it("shows the server's message when a save is refused, and the provider's answer", async () => {
    // The PUT loses a race for a section: 409 with the section's name.
    const { fn } = mockFetch((call) => {
      if (call.method === 'PUT') return { status: 409, body: { message: AGREEMENT_TEXT.sectionTaken('Electrical') } };
      if (call.url === BASE)
        return {
          body: view([
            agreement({
              response: {
                response: 'Declined',
                reason: 'Too far away',
                at: '2026-11-24T04:05:00.000Z',
                by_name: 'Sam Lee',
              },
            }),
          ]),
        };
      return { body: { items: [] } };
    });
    renderScreen(<AgreementsScreen />, { ...ROUTE, session: SESSION });
    expect(await screen.findByTestId('agreement-response')).toHaveTextContent(
      /^Declined by Sam Lee on \d\d\/\d\d\/\d{4}: Too far away$/,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(AGREEMENT_TEXT.sectionTaken('Electrical'));
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(fn).toHaveBeenCalled();
  });

  it('says when the quote has no agreements yet, and New creates one and selects it', async () => {
    let agreements: AgreementView[] = [];
    mockFetch((call) => {
      if (call.method === 'POST') {
        agreements = [agreement({ service_provider: null })];
        return { status: 201, body: agreements[0] };
      }
      if (call.url === BASE) return { body: view(agreements) };
      return { body: { items: [] } };
    });
    renderScreen(<AgreementsScreen />, { ...ROUTE, session: SESSION });
    expect(await screen.findByText(AGREEMENT_TEXT.empty)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/projects/12/quotes?quote=2');
    await userEvent.click(screen.getByRole('button', { name: 'New' }));
    expect(await screen.findByText(AGREEMENT_TEXT.created)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('agreement-name')).toHaveTextContent('Q-PRJ-00012-1-SPA1'));
  });
});
