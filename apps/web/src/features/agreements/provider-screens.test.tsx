import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ProviderAgreementView } from '@siteflow/core';
import { mockFetch, renderScreen, tenantSession } from '../../test/render';
import { stubMatchMedia } from '../../test/setup';
import { ProviderAgreementListScreen, ProviderAgreementScreen } from './provider-screens';

const SESSION = tenantSession(['agreements.respond']);

const AGREEMENT: ProviderAgreementView = {
  id: 7,
  name: 'Q-PRJ-00012-1-SPA1',
  status: 'Active',
  project: {
    id: 12,
    code: 'PRJ-00012',
    name: 'Kitchen refit',
    site_address: '1 George St, Sydney NSW 2000',
    start_date: null,
    end_date: null,
  },
  quote_code: 'Q-PRJ-00012-1',
  service_provider: { id: '00000000-0000-4000-8000-00000000a001', name: 'Acme Roofing' },
  sections: [
    {
      id: 10,
      name: 'Roofing',
      position: 1,
      contract_price: '700.00',
      line_items: [
        { id: 1, category: 'Service', description: 'Roof labour', long_description: 'Two days', quantity: '2.000' },
      ],
    },
  ],
  contract_price: '700.00',
  notes: 'Gate code 1234',
  response: null,
  updated_at: '2026-11-24T04:05:00.000Z',
  abilities: { respond: true },
};

describe("a provider user's agreements (issue 14 section 1)", () => {
  beforeEach(() => {
    stubMatchMedia(true);
  });

  it('lists them with their contract price and answer', async () => {
    mockFetch(() => ({
      body: {
        items: [
          {
            id: 7,
            name: 'Q-PRJ-00012-1-SPA1',
            status: 'Active',
            project: { id: 12, code: 'PRJ-00012', name: 'Kitchen refit' },
            quote_code: 'Q-PRJ-00012-1',
            contract_price: '1234.5',
            response: 'Accepted',
            updated_at: '2026-11-24T04:05:00.000Z',
          },
        ],
        total: 1,
        page: 1,
        pageSize: 20,
      },
    }));
    renderScreen(<ProviderAgreementListScreen />, { session: SESSION });
    const link = await screen.findByRole('link', { name: 'Q-PRJ-00012-1-SPA1' });
    expect(link).toHaveAttribute('href', '/agreements/7');
    const row = link.closest('tr')!;
    expect(within(row).getByText('$1,234.50')).toBeInTheDocument();
    expect(within(row).getByText('Accepted')).toBeInTheDocument();
  });

  it('says when no agreement was sent', async () => {
    mockFetch(() => ({ body: { items: [], total: 0, page: 1, pageSize: 20 } }));
    renderScreen(<ProviderAgreementListScreen />, { session: SESSION });
    expect(await screen.findByText('No agreements have been sent to your company yet.')).toBeInTheDocument();
  });

  it('shows the sections, contract prices and notes, and declines with a reason', async () => {
    const { calls } = mockFetch((call) => {
      if (call.method === 'POST') {
        const body = call.body as { response: string; reason?: string };
        if (!body.reason)
          return {
            status: 422,
            body: { message: 'Invalid', errors: { reason: ['Please give a reason for declining.'] } },
          };
        return {
          body: {
            ...AGREEMENT,
            response: { response: 'Declined', reason: body.reason, at: '2026-11-24T05:00:00.000Z', by_name: 'Sam Lee' },
          },
        };
      }
      return { body: AGREEMENT };
    });
    renderScreen(<ProviderAgreementScreen />, {
      session: SESSION,
      route: '/agreements/7',
      path: '/agreements/:agreementId',
    });
    expect(await screen.findByTestId('agreement-name')).toHaveTextContent('Q-PRJ-00012-1-SPA1');
    expect(screen.getByText('1 George St, Sydney NSW 2000')).toBeInTheDocument();
    const section = screen.getByTestId('agreement-section');
    expect(within(section).getByText('Roof labour')).toBeInTheDocument();
    expect(within(section).getByTestId('section-contract-price')).toHaveTextContent('$700.00');
    expect(screen.getByTestId('agreement-total')).toHaveTextContent('$700.00');
    expect(screen.getByTestId('agreement-notes')).toHaveTextContent('Gate code 1234');
    expect(screen.getByRole('link', { name: 'SOW PDF' })).toHaveAttribute('href', '/api/agreements/7/pdf?type=sow');

    await userEvent.click(screen.getByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline agreement' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(within(dialog).getByText('Please give a reason for declining.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason for declining' }), 'Too far away');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(await screen.findByTestId('agreement-response')).toHaveTextContent(
      /^Declined by Sam Lee on \d\d\/\d\d\/\d{4}: Too far away$/,
    );
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ response: 'Declined', reason: 'Too far away' });
  });

  it('accepts only once the provider confirms the agreement and its price', async () => {
    const { calls } = mockFetch((call) =>
      call.method === 'POST'
        ? {
            body: {
              ...AGREEMENT,
              response: { response: 'Accepted', reason: null, at: '2026-11-24T05:00:00.000Z', by_name: 'Sam Lee' },
            },
          }
        : { body: AGREEMENT },
    );
    renderScreen(<ProviderAgreementScreen />, {
      session: SESSION,
      route: '/agreements/7',
      path: '/agreements/:agreementId',
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Accept' }));
    let dialog = await screen.findByRole('dialog', { name: 'Accept agreement' });
    expect(dialog).toHaveTextContent('Accept Q-PRJ-00012-1-SPA1 at a contract price of $700.00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Accept agreement' })).toBeNull());
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
    dialog = await screen.findByRole('dialog', { name: 'Accept agreement' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByTestId('agreement-response')).toHaveTextContent(/^Accepted by Sam Lee on /);
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ response: 'Accepted' }]);
  });
});
