import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PROVIDER_TEXT } from '@siteflow/core';
import { mockFetch, renderScreen, tenantSession, type FetchCall } from '../../test/render';
import { stubMatchMedia } from '../../test/setup';
import { providerList } from './api';
import { ProviderListScreen } from './provider-list-screen';
import { ProviderSetupScreen } from './provider-setup-screen';
import { ProviderShowScreen } from './provider-show-screen';
import { CAT_ELEC, CAT_PLUMB, CATEGORIES, LINKS, LIST_ITEM, PROVIDER, SVC_PIPES, SVC_WIRING } from './test-fixtures';

vi.mock('./provider-map', () => ({
  default: ({ name }: { name: string }) => <div role="region" aria-label={`Map of ${name}’s business address`} />,
}));

const MANAGER = tenantSession([
  'providers.view',
  'providers.manage',
  'providers.search',
  'reference.view',
  'certificates.view',
]);
const PROVIDER_USER = tenantSession(['providers.view', 'certificates.view']);

/** Paste a long text at once (typing it key by key re-renders the whole form each time). */
async function fill(input: HTMLElement, text: string) {
  await userEvent.click(input);
  await userEvent.paste(text);
}

const reference = (call: FetchCall) => {
  if (call.url.startsWith('/api/categories')) return { body: { items: CATEGORIES } };
  if (call.url.startsWith('/api/category-services')) return { body: { items: LINKS } };
  return null;
};

describe('Service provider list', () => {
  beforeEach(() => stubMatchMedia(true));

  it('fits every column at 1440 wide: rating titles and a long status wrap rather than widen the table', async () => {
    const long = { ...LIST_ITEM, status_label: 'License Restricted - Expired Missing', status_colour: 'yellow' };
    mockFetch((call) => reference(call) ?? { body: { items: [long], total: 1, page: 1, pageSize: 20 } });
    renderScreen(<ProviderListScreen />, { route: '/service-providers', path: '/service-providers', session: MANAGER });
    await screen.findByRole('link', { name: 'Brightline Electrical' }, { timeout: 5000 });
    // The table's own header text never wraps ('Performance Rati…'): the rating titles may.
    for (const title of [PROVIDER_TEXT.performanceRating, PROVIDER_TEXT.customerRating]) {
      const header = screen.getByText(title);
      expect(header.closest('th')).toBeInTheDocument();
      expect(header.style.whiteSpace).toBe('normal'); // its own, over the header's nowrap
    }
    const badge = screen.getByText('License Restricted - Expired Missing').closest<HTMLElement>('.mantine-Badge-root')!;
    expect(badge.style.maxWidth).toBe('190px');
    expect(badge.querySelector<HTMLElement>('.mantine-Badge-label')!.style.whiteSpace).toBe('normal');
    // Smaller stars than elsewhere.
    expect(screen.getByRole('img', { name: 'Performance Rating: 4.5 out of 5' })).toHaveStyle({ fontSize: '14px' });
  });

  it('lists providers with status, ratings and links, and keeps filters in the URL', async () => {
    const { calls } = mockFetch(
      (call) => reference(call) ?? { body: { items: [LIST_ITEM], total: 1, page: 1, pageSize: 20 } },
    );
    renderScreen(<ProviderListScreen />, {
      route: '/service-providers?status=approved',
      path: '/service-providers',
      session: MANAGER,
    });
    const link = await screen.findByRole('link', { name: 'Brightline Electrical' }, { timeout: 5000 });
    expect(link).toHaveAttribute('href', `/service-providers/show/${LIST_ITEM.id}`);
    const row = link.closest('tr')!;
    expect(within(row).getByText('Approved')).toBeInTheDocument();
    expect(within(row).getByRole('img', { name: 'Performance Rating: 4.5 out of 5' })).toBeInTheDocument();
    expect(within(row).getByRole('img', { name: 'Customer Rating: not rated' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New service provider' })).toHaveAttribute(
      'href',
      '/service-providers/new',
    );
    expect(screen.getByText('1 service provider')).toBeInTheDocument();

    const list = () => calls.filter((c) => c.url.startsWith('/api/service-providers'));
    expect(new URL(list()[0]!.url, 'http://x').searchParams.get('status')).toBe('approved');

    // A state filter goes to the request and the URL (and back to page 1).
    await userEvent.click(screen.getByRole('combobox', { name: 'State' }));
    await userEvent.click(await screen.findByRole('option', { name: 'QLD' }));
    await waitFor(() => expect(new URL(list().at(-1)!.url, 'http://x').searchParams.get('state')).toBe('QLD'));
    expect(new URL(list().at(-1)!.url, 'http://x').searchParams.get('status')).toBe('approved');
  });

  it('reads only known filter values from the URL', () => {
    const [, , p] = providerList.fromSearch(
      '?status=bogus&state=QLD&category_id=nope&sort=performance&order=desc&page=3',
    ).queryKey;
    expect(p).toMatchObject({
      status: undefined,
      state: 'QLD',
      category_id: undefined,
      sort: 'performance',
      order: 'desc',
      page: 3,
      pageSize: 20,
    });
  });

  it('shows the empty state, and no New button without providers.manage', async () => {
    mockFetch(() => ({ body: { items: [], total: 0, page: 1, pageSize: 20 } }));
    renderScreen(<ProviderListScreen />, {
      route: '/service-providers',
      path: '/service-providers',
      session: PROVIDER_USER,
    });
    expect(await screen.findByText('No service providers yet.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New service provider' })).not.toBeInTheDocument();
  });
});

describe('Service provider show page', () => {
  beforeEach(() => stubMatchMedia(true));

  it('shows the record, ratings, projects, users and the links', async () => {
    mockFetch(() => ({ body: PROVIDER }));
    renderScreen(<ProviderShowScreen />, {
      route: `/service-providers/show/${PROVIDER.id}`,
      path: '/service-providers/show/:id',
      session: MANAGER,
    });
    expect(await screen.findByRole('heading', { name: 'Brightline Electrical', level: 1 })).toBeInTheDocument();
    expect(screen.getAllByText(PROVIDER_TEXT.preferred).length).toBeGreaterThan(0);
    expect(screen.getByText(PROVIDER.location)).toBeInTheDocument();
    expect(
      await screen.findByRole('region', { name: 'Map of Brightline Electrical’s business address' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Performance Rating: 4.5 out of 5' })).toBeInTheDocument();
    expect(screen.getByText('4.5 from 4 ratings')).toBeInTheDocument();
    expect(screen.getByText(PROVIDER_TEXT.scheduledProjects).previousSibling).toHaveTextContent('3');
    expect(screen.getByText(PROVIDER_TEXT.completedProjects).previousSibling).toHaveTextContent('7');
    expect(screen.getByRole('link', { name: 'PRJ-00042 Office fit-out' })).toHaveAttribute('href', '/projects/42/show');
    expect(screen.getByRole('link', { name: 'Certifications' })).toHaveAttribute(
      'href',
      `/service-providers/${PROVIDER.id}/certifications`,
    );
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      `/service-providers/setup/${PROVIDER.id}/edit`,
    );
    expect(screen.getByText('Holidays')).toBeInTheDocument();
    expect(screen.getByText('Mia Lee')).toBeInTheDocument();
    expect(screen.getByText('Service Provider Admin')).toBeInTheDocument();
  });

  it('offers Assign a location when the provider has none', async () => {
    mockFetch(() => ({
      body: { ...PROVIDER, business_address: { ...PROVIDER.business_address, lat: null, lng: null }, locations: [] },
    }));
    renderScreen(<ProviderShowScreen />, {
      route: `/service-providers/show/${PROVIDER.id}`,
      path: '/service-providers/show/:id',
      session: MANAGER,
    });
    expect(await screen.findByRole('link', { name: PROVIDER_TEXT.assignLocation })).toHaveAttribute(
      'href',
      `/service-providers/setup/${PROVIDER.id}/edit`,
    );
    expect(screen.queryByRole('region', { name: /^Map of/ })).not.toBeInTheDocument();
  });

  it('adds a user in a modal and deactivates one after confirming', async () => {
    const { calls } = mockFetch((call) => ({ body: call.method === 'GET' ? PROVIDER : PROVIDER }));
    renderScreen(<ProviderShowScreen />, {
      route: `/service-providers/show/${PROVIDER.id}`,
      path: '/service-providers/show/:id',
      session: MANAGER,
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Add user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add user' });
    await userEvent.type(within(dialog).getByLabelText('First Name'), 'Tom');
    await userEvent.type(within(dialog).getByLabelText('Last Name'), 'Hart');
    await userEvent.type(within(dialog).getByLabelText('Email'), 'tom@brightline.test');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Role' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Service Provider Employee' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add user' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')).toMatchObject({
        url: `/api/service-providers/${PROVIDER.id}/users`,
        body: { first_name: 'Tom', last_name: 'Hart', email: 'tom@brightline.test', role: 'sp_employee' },
      }),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Deactivate Mia Lee' }));
    const confirm = await screen.findByRole('dialog', { name: 'Deactivate Mia Lee?' });
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
        url: `/api/service-providers/${PROVIDER.id}/users/${PROVIDER.users[0]!.id}/active`,
        body: { active: false },
      }),
    );
  });
});

describe('Service provider setup form', () => {
  beforeEach(() => stubMatchMedia(true));

  it('requires the name, limits services to the chosen categories and creates the provider', async () => {
    const { calls } = mockFetch((call) => reference(call) ?? { status: 201, body: { ...PROVIDER, id: PROVIDER.id } });
    renderScreen(<ProviderSetupScreen />, {
      route: '/service-providers/new',
      path: '/service-providers/new',
      session: MANAGER,
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText(PROVIDER_TEXT.nameRequired)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await fill(screen.getByLabelText('Service Provider Name'), 'Brightline Electrical');
    await fill(screen.getByLabelText('Street'), '12 Ann Street');
    await fill(screen.getByLabelText('Suburb'), 'Brisbane City');
    await fill(screen.getByLabelText('Postcode'), '4000');
    // Services are offered only for the chosen categories.
    await userEvent.click(screen.getByRole('combobox', { name: 'Services' }));
    expect(screen.queryByRole('option', { name: 'Wiring' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Categories' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Electrical' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Services' }));
    expect(await screen.findByRole('option', { name: 'Wiring' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Pipes' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('option', { name: 'Wiring' }));
    await userEvent.type(screen.getByRole('combobox', { name: 'Preferred postcodes' }), '4000{Enter}4001{Enter}');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url).toBe('/api/service-providers');
    expect(post.body).toMatchObject({
      service_provider_name: 'Brightline Electrical',
      status_code: 'evaluating',
      street: '12 Ann Street',
      suburb: 'Brisbane City',
      postcode: '4000',
      categories: [CAT_ELEC],
      services: [SVC_WIRING],
      preferred_postcodes: ['4000', '4001'],
      availabilities: [],
    });
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(`/service-providers/show/${PROVIDER.id}`),
    );
  });

  it('edits a provider and shows the server’s errors beside their fields', async () => {
    const errors = {
      service_provider_name: [PROVIDER_TEXT.nameTaken],
      postcode: ['The postcode must be a number from 0 to 9999.'],
      'availabilities.0.end_date': [PROVIDER_TEXT.availabilityOrder],
      'preferred_postcodes.1': ['The postcode must be a number from 0 to 9999.'],
    };
    const { calls } = mockFetch((call) => {
      const ref = reference(call);
      if (ref) return ref;
      if (call.method === 'PUT') return { status: 422, body: { message: 'The given data was invalid.', errors } };
      return {
        body: {
          ...PROVIDER,
          categories: [{ id: CAT_PLUMB, name: 'Plumbing' }],
          services: [{ id: SVC_PIPES, name: 'Pipes' }],
        },
      };
    });
    renderScreen(<ProviderSetupScreen />, {
      route: `/service-providers/setup/${PROVIDER.id}/edit`,
      path: '/service-providers/setup/:id/edit',
      session: MANAGER,
    });
    const name = await screen.findByLabelText('Service Provider Name');
    expect(name).toHaveValue('Brightline Electrical');
    expect(screen.getByLabelText('Note (period 1)')).toHaveValue('Holidays');
    expect(screen.getByRole('button', { name: 'Unavailable from (period 1)' })).toHaveTextContent('2026-07-01');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url).toBe(`/api/service-providers/${PROVIDER.id}`);
    expect(put.body).toMatchObject({
      categories: [CAT_PLUMB],
      services: [SVC_PIPES],
      availabilities: [
        { id: PROVIDER.availabilities[0]!.id, start_date: '2026-07-01', end_date: '2026-07-14', note: 'Holidays' },
      ],
    });
    await waitFor(() => expect(name).toHaveAccessibleDescription(PROVIDER_TEXT.nameTaken));
    expect(screen.getByLabelText('Postcode')).toHaveAccessibleDescription(
      'The postcode must be a number from 0 to 9999.',
    );
    expect(screen.getByText(PROVIDER_TEXT.availabilityOrder)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Preferred postcodes' })).toHaveAccessibleDescription(
      /The postcode must be a number from 0 to 9999\./,
    );
    // Still on the form.
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });
});
