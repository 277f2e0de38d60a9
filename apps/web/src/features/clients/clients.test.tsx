import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { CLIENT_TEXT, type ClientUserView, type ClientView } from '@siteflow/core';
import { mockFetch, renderScreen, tenantSession } from '../../test/render';
import { stubMatchMedia } from '../../test/setup';
import { ClientListScreen } from './client-list-screen';
import { ClientCreateScreen, ClientEditScreen } from './client-screens';

const CLIENT: ClientView = {
  id: '00000000-0000-4000-8000-0000000000c1',
  trading_name: 'Harbourside Property Group',
  email: 'facilities@harbourside.test',
  phone: '02 9251 4400',
  street: 'Level 12, 1 Macquarie Place',
  suburb: 'Sydney',
  state: 'NSW',
  postcode: '2000',
  active: true,
  user_count: 1,
  project_count: 9,
  created_at: '2026-01-01T00:00:00.000Z',
};

const USER: ClientUserView = {
  id: '00000000-0000-4000-8000-0000000000e1',
  client_id: CLIENT.id,
  first_name: 'Grace',
  last_name: 'Howard',
  full_name: 'Grace Howard',
  email: 'grace.howard@harbourside.test',
  phone: null,
  mobile: '0412 330 118',
  role: 'client_admin',
  active: true,
};

const MANAGER = tenantSession(['clients.view', 'clients.manage']);
const VIEWER = tenantSession(['clients.view']);

function renderEdit(
  session = MANAGER,
  write: (method: string, url: string) => { status?: number; body?: unknown } = () => ({}),
) {
  const fetch = mockFetch((call) => {
    if (call.method !== 'GET') return write(call.method, call.url);
    if (call.url.endsWith('/users')) return { body: { items: [USER] } };
    return { body: CLIENT };
  });
  renderScreen(<ClientEditScreen />, { route: `/clients/${CLIENT.id}/edit`, path: '/clients/:id/edit', session });
  return fetch;
}

describe('Client form', () => {
  beforeEach(() => stubMatchMedia(true));

  it('requires the trading name and checks email and postcode before sending', async () => {
    const { calls } = mockFetch(() => ({ status: 201, body: { message: CLIENT_TEXT.created, client: CLIENT } }));
    renderScreen(<ClientCreateScreen />, { route: '/clients/new', path: '/clients/new', session: MANAGER });
    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    await userEvent.type(screen.getByLabelText('Postcode'), '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Create Client' }));
    expect(await screen.findByText(CLIENT_TEXT.tradingNameRequired)).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('The email must be a valid email address.');
    // The postcode input keeps four digits at most.
    expect(screen.getByLabelText('Postcode')).toHaveValue('1234');
    // Nothing saved (the postcode's state lookup aside).
    expect(calls.filter((c) => !c.url.startsWith('/api/geo/'))).toHaveLength(0);

    await userEvent.type(screen.getByLabelText('Trading Name'), 'Harbourside Property Group');
    await userEvent.clear(screen.getByLabelText('Email'));
    await userEvent.click(screen.getByRole('button', { name: 'Create Client' }));
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/clients')).toHaveLength(1));
    expect(calls.find((c) => c.url === '/api/clients')).toMatchObject({
      url: '/api/clients',
      method: 'POST',
      body: { trading_name: 'Harbourside Property Group', email: null, postcode: '1234', state: '' },
    });
    // On to the new client's page, to add its users.
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/clients/${CLIENT.id}/edit`));
  });

  it('a typed postcode fills an empty state, and the address search is offered, as on the provider form', async () => {
    const { calls } = mockFetch((call) =>
      call.url.startsWith('/api/geo/postcode-state') ? { body: { state: 'QLD' } } : { body: { items: [] } },
    );
    renderScreen(<ClientCreateScreen />, { route: '/clients/new', path: '/clients/new', session: MANAGER });
    expect(screen.getByRole('combobox', { name: 'State' })).toHaveValue('');
    await userEvent.type(screen.getByLabelText('Postcode'), '4000');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'State' })).toHaveValue('QLD'));
    expect(calls.some((c) => c.url.startsWith('/api/geo/postcode-state?postcode=4000'))).toBe(true);
    expect(screen.getAllByLabelText('Search address')[0]).toBeInstanceOf(HTMLInputElement);
  });

  it('shows a taken trading name beside the field', async () => {
    mockFetch(() => ({
      status: 422,
      body: { message: 'The given data was invalid.', errors: { trading_name: [CLIENT_TEXT.tradingNameTaken] } },
    }));
    renderScreen(<ClientCreateScreen />, { route: '/clients/new', path: '/clients/new', session: MANAGER });
    await userEvent.type(screen.getByLabelText('Trading Name'), 'Harbourside Property Group');
    await userEvent.click(screen.getByRole('button', { name: 'Create Client' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Trading Name')).toHaveAccessibleDescription(CLIENT_TEXT.tradingNameTaken),
    );
  });

  it('is read-only for users who may only view clients', async () => {
    renderEdit(VIEWER);
    const name = await screen.findByLabelText('Trading Name');
    expect(name).toHaveValue(CLIENT.trading_name);
    expect(name).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Save Changes' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Deactivate' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add user' })).not.toBeInTheDocument();
    expect(await screen.findByText('Grace Howard')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Grace Howard' })).not.toBeInTheDocument();
  });

  it('deactivates after confirming', async () => {
    const { calls } = renderEdit(MANAGER, () => ({
      body: { message: CLIENT_TEXT.deactivated, client: { ...CLIENT, active: false } },
    }));
    await userEvent.click(await screen.findByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog', { name: `Deactivate ${CLIENT.trading_name}?` });
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')).toMatchObject({
        url: `/api/clients/${CLIENT.id}/deactivate`,
        headers: { 'x-siteflow-csrf': '1' },
      }),
    );
    expect(await screen.findByRole('button', { name: 'Activate' })).toBeInTheDocument();
  });
});

describe('Client users', () => {
  beforeEach(() => stubMatchMedia(true));

  it('lists users with their role label, and validates the user form', async () => {
    const { calls } = renderEdit(MANAGER, () => ({
      status: 201,
      body: { message: CLIENT_TEXT.userCreated, user: { ...USER, id: '00000000-0000-4000-8000-0000000000e2' } },
    }));
    const table = await screen.findByRole('table', { name: 'Client users' });
    expect(await within(table).findByText('Client Admin')).toBeInTheDocument();
    expect(within(table).getByText('Active')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Add user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add user' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add user' }));
    expect(await within(dialog).findByText(CLIENT_TEXT.firstNameRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(CLIENT_TEXT.lastNameRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(CLIENT_TEXT.emailRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(CLIENT_TEXT.roleRequired)).toBeInTheDocument();
    expect(within(dialog).getByRole('switch', { name: 'Active' })).toBeChecked();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await userEvent.type(within(dialog).getByLabelText('First Name'), 'Daniel');
    await userEvent.type(within(dialog).getByLabelText('Last Name'), 'Brooks');
    await userEvent.type(within(dialog).getByLabelText('Email'), 'daniel.brooks@harbourside.test');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Role' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Account Manager' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add user' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')).toMatchObject({
        url: `/api/clients/${CLIENT.id}/users`,
        body: {
          first_name: 'Daniel',
          last_name: 'Brooks',
          email: 'daniel.brooks@harbourside.test',
          role: 'client_am',
          active: true,
        },
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add user' })).not.toBeInTheDocument());
  });

  it('edits a user with PUT', async () => {
    const { calls } = renderEdit(MANAGER, () => ({
      body: { message: CLIENT_TEXT.userSaved, user: { ...USER, active: false } },
    }));
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Grace Howard' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Grace Howard' });
    expect(within(dialog).getByLabelText('Email')).toHaveValue(USER.email);
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Active' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
        url: `/api/clients/${CLIENT.id}/users/${USER.id}`,
        body: { role: 'client_admin', active: false },
      }),
    );
  });
});

describe('Client list', () => {
  beforeEach(() => stubMatchMedia(true));

  it('shows the counts and sends search and status', async () => {
    const { calls } = mockFetch(() => ({ body: { items: [CLIENT], total: 1, page: 1, pageSize: 20 } }));
    renderScreen(<ClientListScreen />, { route: '/clients', path: '/clients', session: VIEWER });
    const row = (await screen.findByText(CLIENT.trading_name)).closest('tr')!;
    expect(within(row).getByText('9')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: `View ${CLIENT.trading_name}` })).toHaveAttribute(
      'href',
      `/clients/${CLIENT.id}/edit`,
    );
    expect(screen.queryByRole('link', { name: 'New client' })).not.toBeInTheDocument();
    expect(calls[0]!.url).toBe('/api/clients?page=1&pageSize=20&status=all');

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search clients' }), 'harbour');
    await waitFor(() => expect(calls.at(-1)!.url).toBe('/api/clients?page=1&pageSize=20&search=harbour&status=all'));
  });
});
