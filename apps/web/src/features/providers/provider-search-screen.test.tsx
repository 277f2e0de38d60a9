import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PROVIDER_TEXT, type ProviderSearchResponse } from '@siteflow/core';
import { mockFetch, renderScreen, tenantSession, type FetchCall } from '../../test/render';
import { stubMatchMedia } from '../../test/setup';
import { ProviderSearchScreen } from './provider-search-screen';
import { lastProjectText } from './search-result';
import { CATEGORIES, LINKS, PROJECT, result, searchResponse } from './test-fixtures';

// Leaflet needs a real browser: the map chunk is replaced by its markers as buttons.
vi.mock('./search-map', () => ({
  default: ({
    items,
    onSelect,
    distance,
    shown,
  }: {
    items: { id: string; service_provider_name: string }[];
    onSelect: (id: string) => void;
    distance: number;
    shown: { id: string; n: number } | null;
  }) => (
    <div
      role="region"
      aria-label="Service providers map"
      data-distance={distance}
      data-shown={shown ? `${shown.id}#${shown.n}` : ''}
    >
      {items.map((r) => (
        <button key={r.id} type="button" onClick={() => onSelect(r.id)}>
          {`Marker ${r.service_provider_name}`}
        </button>
      ))}
    </div>
  ),
}));

const SESSION = tenantSession(['providers.view', 'providers.search', 'projects.assignProvider', 'reference.view']);

const searchOf = (c: FetchCall) => new URL(c.url, 'http://localhost').searchParams;
const searches = (calls: FetchCall[]) =>
  calls.filter((c) => c.method === 'GET' && c.url.startsWith('/api/service-providers/search'));

/** The standalone search (a `?project=` may preselect one). */
const renderSearch = (route = '/service-providers/search') =>
  renderScreen(<ProviderSearchScreen />, { route, path: '/service-providers/search', session: SESSION });

/** Assignment mode: the search for project 7. */
const renderAssignment = () =>
  renderScreen(<ProviderSearchScreen />, {
    route: '/projects/7/assign-provider',
    path: '/projects/:id/assign-provider',
    session: SESSION,
  });

function serve(
  search: (q: URLSearchParams) => ProviderSearchResponse,
  write: (c: FetchCall) => { status?: number; body?: unknown } = () => ({}),
) {
  return mockFetch((call) => {
    if (call.method !== 'GET') return write(call);
    if (call.url.startsWith('/api/service-providers/search')) return { body: search(searchOf(call)) };
    if (call.url.startsWith('/api/categories')) return { body: { items: CATEGORIES } };
    if (call.url.startsWith('/api/category-services')) return { body: { items: LINKS } };
    if (call.url.startsWith('/api/projects/lookup'))
      return { body: { items: [{ id: 7, project_code: 'PRJ-00007', name: PROJECT.name }] } };
    return { status: 404, body: { message: 'Not found' } };
  });
}

/** The server's answer: automatic with the project when project_id is given, manual otherwise. */
const byProject =
  (canAssign = true) =>
  (q: URLSearchParams) =>
    q.get('project_id') === '7'
      ? searchResponse({
          mode: 'automatic',
          project: PROJECT,
          centre: { lat: -27.47, lng: 153.03, label: '1 Eagle Street, Brisbane City QLD 4000' },
          abilities: { assign: canAssign },
        })
      : searchResponse();

describe('Service provider search', () => {
  beforeEach(() => stubMatchMedia(true));

  it('fills and locks the fields from a preselected project; clearing it returns to manual', async () => {
    const { calls } = serve(byProject(false));
    renderSearch('/service-providers/search?project=7');

    // Automatic mode: the project's values, read-only.
    await waitFor(() => expect(screen.getByLabelText('Street')).toHaveValue('1 Eagle Street'), { timeout: 5000 });
    expect(screen.getByLabelText('Street')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Suburb')).toHaveValue('Brisbane City');
    expect(screen.getByLabelText('Postcode')).toHaveValue('4000');
    expect(screen.getByLabelText('Postcode')).toHaveAttribute('readonly');
    expect(
      screen.getByText('Automatic: the project’s address, dates, categories and services are used.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start Date' })).toHaveTextContent('2026-06-01');
    expect(screen.getByRole('button', { name: 'End Date' })).toHaveTextContent('2026-06-05');
    const filters = screen.getByRole('region', { name: 'Filters' });
    // The project's categories and services show as chosen (pills).
    const pills = [...filters.querySelectorAll('.mantine-Pill-label')].map((el) => el.textContent);
    expect(pills).toEqual(['Electrical', 'Alarms']);
    const first = searchOf(searches(calls)[0]!);
    expect(first.get('project_id')).toBe('7');
    // A project chosen (automatic mode, where assigning is offered) starts at the assignment 50 km (spec 1 section 9).
    expect(first.get('distance')).toBe('50');
    expect(first.get('street')).toBeNull();
    // Not assignable here: no Assign button.
    expect(await screen.findByRole('link', { name: 'Brightline Electrical' })).toHaveAttribute(
      'href',
      `/service-providers/show/${result().id}`,
    );
    expect(screen.queryByRole('button', { name: /Assign Project/ })).not.toBeInTheDocument();

    // Clearing the project: manual mode, editable and empty fields, no project in the request.
    await userEvent.clear(screen.getByRole('combobox', { name: 'Project' }));
    await waitFor(() => expect(screen.getByLabelText('Street')).not.toHaveAttribute('readonly'));
    expect(screen.getByLabelText('Street')).toHaveValue('');
    expect(screen.getByText('Manual: search by the fields below.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Suburb'), 'Milton');
    await waitFor(() => expect(searchOf(searches(calls).at(-1)!).get('suburb')).toBe('Milton'));
    expect(searchOf(searches(calls).at(-1)!).get('project_id')).toBeNull();
    // Typing is debounced: one request for the whole word, not one per letter.
    expect(searches(calls).filter((c) => searchOf(c).get('suburb')?.startsWith('Mil'))).toHaveLength(1);
  });

  it('switches to automatic mode when a project is chosen in the picker, and Reset returns to manual', async () => {
    const { calls } = serve(byProject(false));
    renderSearch();
    await waitFor(() => expect(searches(calls)).toHaveLength(1), { timeout: 5000 });
    expect(screen.getByLabelText('Street')).not.toHaveAttribute('readonly');
    // Standalone search starts without a distance limit.
    expect(searchOf(searches(calls)[0]!).get('distance')).toBe('0');
    expect(screen.getByText('Any distance')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Project' }));
    await userEvent.click(await screen.findByRole('option', { name: 'PRJ-00007 Harbour lighting upgrade' }));
    await waitFor(() => expect(screen.getByLabelText('Street')).toHaveValue('1 Eagle Street'));
    expect(screen.getByLabelText('Street')).toHaveAttribute('readonly');
    expect(searchOf(searches(calls).at(-1)!).get('project_id')).toBe('7');
    // Choosing a project is assignment mode: the distance moves to 50 km (spec 1 section 9).
    expect(screen.getByText('Within 50 km')).toBeInTheDocument();
    expect(screen.getByRole('slider', { name: 'Distance in km' })).toHaveAttribute('aria-valuenow', '50');
    await waitFor(() => expect(searchOf(searches(calls).at(-1)!).get('distance')).toBe('50'));
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(screen.getByLabelText('Street')).not.toHaveAttribute('readonly'));
    expect(screen.getByLabelText('Suburb')).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Project' })).toHaveValue('');
    expect(screen.getByText('Manual: search by the fields below.')).toBeInTheDocument();
    expect(screen.getByText('Any distance')).toBeInTheDocument();
  });

  it('keeps a distance the user set when a project is chosen or cleared', async () => {
    const { calls } = serve(byProject(false));
    renderSearch();
    await waitFor(() => expect(searches(calls)).toHaveLength(1), { timeout: 5000 });
    const slider = screen.getByRole('slider', { name: 'Distance in km' });
    slider.focus();
    // Five steps of 5 km.
    for (let i = 0; i < 5; i++) await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByText('Within 25 km')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Project' }));
    await userEvent.click(await screen.findByRole('option', { name: 'PRJ-00007 Harbour lighting upgrade' }));
    await waitFor(() => expect(screen.getByLabelText('Street')).toHaveValue('1 Eagle Street'));
    expect(screen.getByText('Within 25 km')).toBeInTheDocument();
    await userEvent.clear(screen.getByRole('combobox', { name: 'Project' }));
    await waitFor(() => expect(screen.getByLabelText('Street')).not.toHaveAttribute('readonly'));
    expect(screen.getByText('Within 25 km')).toBeInTheDocument();
  });

  it('shows each result with its distance, status, flags, counts and ratings', async () => {
    serve(() =>
      searchResponse({
        total: 2,
        items: [
          result(),
          result({
            id: '00000000-0000-4000-8000-0000000005a2',
            service_provider_name: 'Coastal Plumbing',
            km: 12.5,
            status_code: 'evaluating',
            preferred: false,
            unavailable: true,
            lastProject: '2020-01-01T00:00:00.000Z',
          }),
        ],
      }),
    );
    renderSearch();
    const list = await screen.findByRole('list', { name: 'Service providers found' }, { timeout: 5000 });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first!).getByText('3.4 km')).toBeInTheDocument();
    // The search map's label set: 'Licence Restricted – Expired Missing' in red.
    expect(within(first!).getByText('Licence Restricted – Expired Missing')).toBeInTheDocument();
    expect(within(first!).getByText(PROVIDER_TEXT.preferred)).toBeInTheDocument();
    expect(within(first!).queryByText(PROVIDER_TEXT.unavailable)).not.toBeInTheDocument();
    expect(within(first!).getByText('Last Project: None')).toBeInTheDocument();
    expect(within(first!).getByText('Electrical')).toBeInTheDocument();
    expect(within(first!).getByText('Wiring')).toBeInTheDocument();
    expect(within(first!).getByText('12 Ann Street, Brisbane City QLD 4000')).toBeInTheDocument();
    expect(within(first!).getByRole('link', { name: '07 3000 1111' })).toHaveAttribute('href', 'tel:0730001111');
    expect(within(first!).getByRole('link', { name: 'brightline.test' })).toHaveAttribute(
      'href',
      'https://brightline.test',
    );
    expect(within(first!).getByRole('img', { name: 'Performance Rating: 4.0 out of 5' })).toBeInTheDocument();
    expect(within(first!).getByRole('img', { name: 'Customer Rating: 3.5 out of 5' })).toBeInTheDocument();
    expect(first).toHaveTextContent('Scheduled Projects: 2');
    expect(first).toHaveTextContent('Completed Projects: 5');

    expect(within(second!).getByText('12.5 km')).toBeInTheDocument();
    expect(within(second!).getByText('Evaluating')).toBeInTheDocument();
    expect(within(second!).getByText(PROVIDER_TEXT.unavailable)).toBeInTheDocument();
    expect(within(second!).queryByText(PROVIDER_TEXT.preferred)).not.toBeInTheDocument();
    expect(within(second!).getByText(/^Last Project: \d+ years ago$/)).toBeInTheDocument();

    // A marker click highlights its result; the map stays where the user put it.
    const map = screen.getByRole('region', { name: 'Service providers map' });
    await userEvent.click(screen.getByRole('button', { name: 'Marker Coastal Plumbing' }));
    expect(second!.querySelector('[data-selected]')).not.toBeNull();
    expect(first!.querySelector('[data-selected]')).toBeNull();
    expect(map).toHaveAttribute('data-shown', '');

    // 'Show on map' highlights its result and asks the map to go to it, again each time it is pressed.
    const showFirst = within(first!).getByRole('button', { name: /^Show on map/ });
    await userEvent.click(showFirst);
    expect(first!.querySelector('[data-selected]')).not.toBeNull();
    expect(map).toHaveAttribute('data-shown', `${result().id}#1`);
    await userEvent.click(showFirst);
    expect(map).toHaveAttribute('data-shown', `${result().id}#2`);
  });

  it('says so when nothing matches', async () => {
    serve(() => searchResponse({ total: 0, items: [] }));
    renderSearch();
    expect(await screen.findByText('No service providers yet.', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('in assignment mode starts at 50 km and assigns after a confirmation, with the staff and the e-mail flag', async () => {
    const { calls } = serve(byProject(true), () => ({ body: { id: 7 } }));
    renderAssignment();
    const button = await screen.findByRole(
      'button',
      { name: 'Assign Project: Brightline Electrical' },
      { timeout: 5000 },
    );
    const first = searchOf(searches(calls)[0]!);
    expect(first.get('project_id')).toBe('7');
    expect(first.get('distance')).toBe('50');
    expect(screen.getByRole('textbox', { name: 'Project' })).toHaveValue('PRJ-00007 Harbour lighting upgrade');
    expect(screen.getByRole('textbox', { name: 'Project' })).toHaveAttribute('readonly');

    // The flag starts as the server suggests (send_email) and can be changed.
    const email = screen.getByRole('checkbox', { name: 'Send e-mail to Brightline Electrical' });
    expect(email).toBeChecked();
    await userEvent.click(email);
    await userEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Assign Brightline Electrical?' });
    expect(dialog).toHaveTextContent('PRJ-00007 Harbour lighting upgrade');
    expect(dialog).toHaveTextContent('This replaces the project’s current service provider.');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: PROVIDER_TEXT.assignProject }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/projects/7/show'));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url).toBe('/api/projects/7/service-provider');
    expect(post.headers['x-siteflow-csrf']).toBe('1');
    expect(post.body).toEqual({
      service_provider: result().id,
      send_email_sp: false,
      service_provider_staff: ['00000000-0000-4000-8000-0000000000b1', '00000000-0000-4000-8000-0000000000b2'],
    });
    expect(
      await screen.findByText('Brightline Electrical is assigned to PRJ-00007 Harbour lighting upgrade.'),
    ).toBeInTheDocument();
  });

  it('Reset in assignment mode keeps the project and goes back to 50 km', async () => {
    const { calls } = serve(byProject(true));
    renderAssignment();
    await screen.findByRole('button', { name: 'Assign Project: Brightline Electrical' }, { timeout: 5000 });
    const slider = screen.getByRole('slider', { name: 'Distance in km' });
    slider.focus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    await waitFor(() => expect(searchOf(searches(calls).at(-1)!).get('distance')).toBe('60'));
    expect(screen.getByText('Within 60 km')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(await screen.findByText('Within 50 km')).toBeInTheDocument();
    expect(screen.getByRole('slider', { name: 'Distance in km' })).toHaveAttribute('aria-valuenow', '50');
    // Still the project's search (answered from the cache: the same request as at the start).
    expect(screen.getByLabelText('Street')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Street')).toHaveValue('1 Eagle Street');
    expect(screen.getByRole('button', { name: 'Assign Project: Brightline Electrical' })).toBeInTheDocument();
  });

  it('offers no assignment for a completed or cancelled project', async () => {
    serve(byProject(false));
    renderAssignment();
    expect(await screen.findByText(PROVIDER_TEXT.notAssignable, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Assign Project/ })).not.toBeInTheDocument();
  });
});

describe('lastProjectText', () => {
  it('is relative to now, or None', () => {
    const now = new Date('2026-07-01T00:00:00.000Z');
    expect(lastProjectText(null, now)).toBe('Last Project: None');
    expect(lastProjectText('2026-01-01T00:00:00.000Z', now)).toBe('Last Project: 6 months ago');
  });
});
