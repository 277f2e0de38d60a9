import { useEffect } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { ProjectMapItem, ProjectMapMarker, ProjectMapResponse, Role, SessionView } from '@siteflow/core';
import { mockFetch, renderScreen, tenantSession, type FetchCall } from '../../test/render';
import { boxOf } from './fit';
import type { ProjectMapCanvasProps } from './project-map-canvas';
import { ProjectPopupContent } from './project-popup';
import { ProjectMapScreen } from './project-map-screen';

// Leaflet does not run in the test DOM: the canvas stand-in reports a view and lists the markers it was given.
vi.mock('./project-map-canvas', () => ({
  default: function FakeCanvas({ markers, centre, onViewport, fit }: ProjectMapCanvasProps) {
    useEffect(() => onViewport({ bbox: '-44,112,-10,154', zoom: 5 }), [onViewport]);
    // The box the real canvas fits: the server's bounds (a search), else the whole answer's markers.
    const b = fit.whole ? (fit.whole.bounds ?? boxOf(fit.whole.markers)) : null;
    return (
      <div
        data-testid="map"
        data-centre={centre ? `${centre.lat},${centre.lng}` : ''}
        data-fit={b ? `${b.south},${b.west},${b.north},${b.east}` : ''}
        data-view={fit.view?.bbox ?? ''}
      >
        {markers.map((m, i) => (
          <span key={i} data-testid={m.project ? 'marker' : 'cluster'}>
            {m.project ? m.project.name : m.count}
          </span>
        ))}
      </div>
    );
  },
}));

const CLIENT_ID = '00000000-0000-4000-8000-0000000000c1';
const PM_ID = '00000000-0000-4000-8000-0000000000d1';
const AM_ID = '00000000-0000-4000-8000-0000000000e1';
const CAT_ID = '00000000-0000-4000-8000-0000000000f1';
const CAT2_ID = '00000000-0000-4000-8000-0000000000f2';
const SVC_ID = '00000000-0000-4000-8000-0000000000a1';
const SVC2_ID = '00000000-0000-4000-8000-0000000000a2';

function item(id: number, over: Partial<ProjectMapItem> = {}): ProjectMapItem {
  return {
    id,
    id_code: `DEM-${String(id).padStart(5, '0')}`,
    name: `Project ${id}`,
    order_reference: `PO-${id}`,
    status: 'scheduled',
    status_label: 'Scheduled',
    status_colour: 'indigo',
    client_name: 'Harbourside Property Group',
    client_id: CLIENT_ID,
    client_am_id: AM_ID,
    project_manager: 'Jack Wilson',
    project_manager_id: PM_ID,
    location_first: {
      street: '1 George St',
      suburb: 'Sydney',
      state: 'NSW',
      postcode: '2000',
      lat: -33.86,
      lng: 151.2,
    },
    start_date: '2026-11-21T08:00',
    end_date: '2026-11-23T17:00',
    completed_on: null,
    categories_list: [{ name: 'Electrical' }],
    services_list: [{ name: 'Switchboard upgrade' }],
    performance_rating: 4,
    customer_rating: 3.5,
    km: null,
    ...over,
  };
}

const single: ProjectMapMarker = {
  lat: -33.86,
  lng: 151.2,
  count: 1,
  project: {
    id: 7,
    name: 'Harbour lights',
    status: 'scheduled',
    status_label: 'Scheduled',
    status_colour: 'indigo',
    end_date: '2026-11-23T17:00',
    completed_on: null,
    performance_rating: 4,
    customer_rating: 3.5,
  },
};

function answer(url: URL, over: Partial<ProjectMapResponse> = {}): ProjectMapResponse {
  const page = Number(url.searchParams.get('page') ?? 1);
  return {
    centre: null,
    total: 45,
    markers: [{ lat: -27.4, lng: 153, count: 12, project: null }, single],
    items: [item(page * 100 + 1), item(page * 100 + 2)],
    page,
    pageSize: 20,
    bounds: null,
    ...over,
  };
}

function sessionAs(role: Role, abilities: SessionView['abilities']) {
  const session = tenantSession(abilities);
  session.user = { ...session.user!, role };
  return session;
}
const STAFF = sessionAs('company_admin', [
  'projects.view',
  'projectMap.view',
  'clients.view',
  'staff.view',
  'reference.view',
]);
const CLIENT = sessionAs('client_admin', ['projects.view', 'projectMap.view', 'projects.rateCustomer']);
const PROVIDER = sessionAs('sp_admin', ['projects.view', 'projectMap.view', 'providers.view']);

function Probe() {
  const location = useLocation();
  return <output data-testid="url">{location.pathname + location.search}</output>;
}

function setup(
  route = '/project-map',
  session = STAFF,
  reply: (url: URL) => { status?: number; body?: unknown } = (url) => ({ body: answer(url) }),
) {
  const fetch = mockFetch((call) => {
    const url = new URL(call.url, 'http://x');
    if (url.pathname === '/api/project-map') return reply(url);
    if (url.pathname === '/api/project-map/options')
      return {
        body: {
          categories: [
            { id: CAT_ID, name: 'Electrical', services: [{ id: SVC_ID, name: 'Switchboard upgrade' }] },
            { id: CAT2_ID, name: 'Plumbing', services: [{ id: SVC2_ID, name: 'Hot water' }] },
          ],
          // Client and provider users get their own account managers here; staff choose a client.
          account_managers: session === STAFF ? [] : [{ id: AM_ID, full_name: 'Own Manager' }],
          home: { lat: -27.4698, lng: 153.0251, label: 'Brisbane City QLD 4000' },
        },
      };
    if (url.pathname === '/api/clients')
      return { body: { items: [{ id: CLIENT_ID, trading_name: 'Harbourside Property Group' }], total: 1 } };
    if (url.pathname === `/api/clients/${CLIENT_ID}/account-managers`)
      return {
        body: {
          items: [
            {
              id: AM_ID,
              first_name: 'Amy',
              last_name: 'Lee',
              name: 'Amy Lee',
              email: 'a@x.test',
              mobile: null,
              phone: null,
              active: true,
            },
          ],
        },
      };
    if (url.pathname === '/api/staff')
      return {
        body: { items: [{ id: PM_ID, full_name: 'Jack Wilson', is_project_manager: '1', active: true }], total: 1 },
      };
    return { status: 404, body: { message: 'Not found.' } };
  });
  renderScreen(
    <>
      <ProjectMapScreen />
      <Probe />
    </>,
    { route, path: '/project-map', session },
  );
  return fetch;
}

const projectMapCalls = (calls: FetchCall[]) =>
  calls.filter((c) => c.url.startsWith('/api/project-map?')).map((c) => new URL(c.url, 'http://x').searchParams);
/** The questions about the map's view (those about every match, for the fit, have no bbox). */
const mapCalls = (calls: FetchCall[]) => projectMapCalls(calls).filter((q) => q.has('bbox'));
const wholeCalls = (calls: FetchCall[]) => projectMapCalls(calls).filter((q) => !q.has('bbox'));
const lastMapCall = (calls: FetchCall[]) => mapCalls(calls).at(-1)!;
const url = () => screen.getByTestId('url').textContent ?? '';
/** Whether a field with that label is on screen. */
const field = (label: string) => screen.queryAllByLabelText(label).length > 0;
const labels = () => ({
  pm: field('Project Manager'),
  client: field('Client'),
  am: field('Account Manager'),
  orderRef: field('Order Reference'),
  performance: field('Minimum Performance Rating'),
  customer: field('Minimum Customer Rating'),
});

/** The first answer on screen (the lazy map and Mantine render slowly in the test DOM). */
const firstLoad = (name: string) => screen.findByRole('link', { name }, { timeout: 5000 });

async function openFilters() {
  await userEvent.click(screen.getByRole('button', { name: 'Show More Filters' }));
  await screen.findByRole('button', { name: 'Reset' });
}

describe('Project map', () => {
  it('asks for the view (bbox, zoom) with the default distance, and lists a page of projects with markers', async () => {
    const { calls } = setup();
    expect(await firstLoad('DEM-00101 · Project 101')).toHaveAttribute('href', '/projects/101/show');
    expect(Object.fromEntries(lastMapCall(calls))).toEqual({
      distance: '50',
      bbox: '-44,112,-10,154',
      zoom: '5',
      page: '1',
      pageSize: '20',
    });
    expect(screen.getByTestId('project-map-count')).toHaveTextContent('45 projects');
    expect(within(screen.getByTestId('map')).getByTestId('cluster')).toHaveTextContent('12');
    expect(within(screen.getByTestId('map')).getByTestId('marker')).toHaveTextContent('Harbour lights');
    const first = screen.getByRole('link', { name: 'DEM-00101 · Project 101' }).closest('li')!;
    expect(within(first).getByText('Harbourside Property Group · PM Jack Wilson')).toBeInTheDocument();
    expect(within(first).getByText('1 George St, Sydney NSW 2000')).toBeInTheDocument();
    expect(within(first).getByText('21/11/2026 – 23/11/2026')).toBeInTheDocument();
    expect(within(first).getByRole('img', { name: 'Performance Rating: 4.0 out of 5' })).toBeInTheDocument();
    expect(within(first).getByRole('img', { name: 'Customer Rating: 3.5 out of 5' })).toBeInTheDocument();
  });

  it('toggles the filters with Show More Filters / Hide Filters', async () => {
    setup();
    const toggle = screen.getByRole('button', { name: 'Show More Filters' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByLabelText('Postcode')).not.toBeInTheDocument();
    await userEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Hide Filters' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByLabelText('Postcode')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Hide Filters' }));
    expect(screen.getByRole('button', { name: 'Show More Filters' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('gives staff every filter: project manager, client, account manager, order reference and both ratings', async () => {
    setup();
    await openFilters();
    expect(labels()).toEqual({ pm: true, client: true, am: true, orderRef: true, performance: true, customer: true });
    expect(screen.getByRole('combobox', { name: 'Categories' })).toBeInTheDocument();
  });

  it('gives client users Account Manager and Order Reference but no Project Manager or Client, and only the customer rating', async () => {
    const { calls } = setup('/project-map', CLIENT, (u) => ({
      body: answer(u, { items: [item(1, { performance_rating: null })] }),
    }));
    await firstLoad('DEM-00001 · Project 1');
    expect(screen.getByRole('img', { name: 'Customer Rating: 3.5 out of 5' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /Performance Rating/ })).not.toBeInTheDocument();
    await openFilters();
    expect(labels()).toEqual({
      pm: false,
      client: false,
      am: true,
      orderRef: true,
      performance: false,
      customer: true,
    });
    // They do not load the staff list nor the client list.
    expect(calls.some((c) => c.url.startsWith('/api/staff') || c.url.startsWith('/api/clients?'))).toBe(false);
    // Their account managers and the categories come from the map's options.
    expect(screen.getByRole('combobox', { name: 'Categories' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Account Manager' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Own Manager' }));
    await waitFor(() => expect(lastMapCall(calls).get('account_manager_id')).toBe(AM_ID));
  });

  it('drops role filters a client may not use from a pasted URL', async () => {
    const { calls } = setup(
      `/project-map?project_manager_id=${PM_ID}&client_id=${CLIENT_ID}&min_performance=4&min_customer=3`,
      CLIENT,
    );
    await firstLoad('DEM-00101 · Project 101');
    const q = lastMapCall(calls);
    expect(q.get('project_manager_id')).toBeNull();
    expect(q.get('client_id')).toBeNull();
    expect(q.get('min_performance')).toBeNull();
    expect(q.get('min_customer')).toBe('3');
  });

  it('gives provider users no Client or Project Manager filter, but account manager, order reference and both ratings', async () => {
    setup('/project-map', PROVIDER);
    await firstLoad('DEM-00101 · Project 101');
    // Provider users do not see the client in the list.
    expect(screen.queryByText(/Harbourside Property Group/)).not.toBeInTheDocument();
    await openFilters();
    expect(labels()).toEqual({ pm: false, client: false, am: true, orderRef: true, performance: true, customer: true });
  });

  it('keeps filters in the URL and sends them; the search is debounced', async () => {
    const { calls } = setup(`/project-map?status=completed,cancelled&categories=${CAT_ID}&distance=100&page=2`);
    await firstLoad('DEM-00201 · Project 201');
    let q = lastMapCall(calls);
    expect(q.get('status')).toBe('completed,cancelled');
    expect(q.get('categories')).toBe(CAT_ID);
    expect(q.get('distance')).toBe('100');
    expect(q.get('page')).toBe('2');

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search projects' }), 'harbour');
    await waitFor(() => expect(lastMapCall(calls).get('search')).toBe('harbour'), { timeout: 3000 });
    expect(mapCalls(calls).filter((p) => p.get('search')?.startsWith('h')).length).toBe(1);
    q = lastMapCall(calls);
    expect(q.get('page')).toBe('1');
    expect(url()).toContain('search=harbour');
  });

  it('asks where every match is (no bbox), so the first view shows them all, and again when the filters change', async () => {
    const PERTH = { lat: -31.95, lng: 115.86, count: 7, project: null };
    const DARWIN = { lat: -12.46, lng: 130.84, count: 2, project: null };
    const { calls } = setup('/project-map', STAFF, (u) =>
      u.searchParams.get('bbox')
        ? { body: answer(u) }
        : u.searchParams.get('status')
          ? { body: answer(u, { markers: [DARWIN] }) }
          : { body: answer(u, { markers: [PERTH, ...answer(u).markers, DARWIN] }) },
    );
    await firstLoad('DEM-00101 · Project 101');
    const whole = () => wholeCalls(calls);
    expect(Object.fromEntries(whole()[0]!)).toEqual({ distance: '50', zoom: '5', page: '1', pageSize: '1' });
    // The box of every marker, Perth and Darwin too, not the view the map happens to start at.
    await waitFor(() => expect(screen.getByTestId('map')).toHaveAttribute('data-fit', '-33.86,115.86,-12.46,153'));
    expect(screen.getByTestId('map')).toHaveAttribute('data-view', '-44,112,-10,154');

    await openFilters();
    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Completed' }));
    await waitFor(() => expect(screen.getByTestId('map')).toHaveAttribute('data-fit', '-12.46,130.84,-12.46,130.84'));
    expect(whole().at(-1)!.get('status')).toBe('completed');

    // Paging the list does not move the map: no new question about the whole.
    const asked = whole().length;
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(lastMapCall(calls).get('page')).toBe('2'));
    expect(whole()).toHaveLength(asked);
  });

  it('a search asks the map to show all its matches (the box the server gives), not to stay where it was', async () => {
    const PERTH = { south: -31.96, west: 115.85, north: -31.95, east: 115.87 };
    setup('/project-map', STAFF, (u) =>
      u.searchParams.get('search')
        ? {
            body: answer(u, {
              total: 1,
              items: [item(9, { id_code: 'DEM-00009', name: 'Perth depot' })],
              markers: [],
              bounds: PERTH,
            }),
          }
        : { body: answer(u) },
    );
    await firstLoad('DEM-00101 · Project 101');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search projects' }), 'DEM-00009');
    await screen.findByRole('link', { name: 'DEM-00009 · Perth depot' }, { timeout: 5000 });
    await waitFor(() => expect(screen.getByTestId('map')).toHaveAttribute('data-fit', '-31.96,115.85,-31.95,115.87'));
  });

  it('keeps the postcode to digits and sends it once typing pauses', async () => {
    const { calls } = setup('/project-map?status=completed');
    await firstLoad('DEM-00101 · Project 101');
    // Filters set in the URL open the panel.
    expect(screen.getByRole('button', { name: 'Hide Filters' })).toHaveAttribute('aria-expanded', 'true');
    const postcode = screen.getByLabelText('Postcode');
    await userEvent.type(postcode, '4a00x0');
    expect(postcode).toHaveValue('4000');
    await waitFor(() => expect(lastMapCall(calls).get('postcode')).toBe('4000'), { timeout: 3000 });
    expect(mapCalls(calls).filter((p) => p.get('postcode')).length).toBe(1);
  });

  it('offers only the services of the chosen categories', async () => {
    setup();
    await openFilters();
    await userEvent.click(screen.getByRole('combobox', { name: 'Services' }));
    expect(await screen.findByRole('option', { name: 'Hot water' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Categories' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Electrical' }));
    await waitFor(() => expect(url()).toContain(`categories=${CAT_ID}`));
    await userEvent.click(screen.getByRole('combobox', { name: 'Services' }));
    expect(await screen.findByRole('option', { name: 'Switchboard upgrade' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Hot water' })).not.toBeInTheDocument();
  });

  it('offers the chosen client’s account managers and Reset restores the defaults', async () => {
    const { calls } = setup(`/project-map?client_id=${CLIENT_ID}&distance=120`);
    await screen.findByRole('button', { name: 'Reset' });
    await userEvent.click(screen.getByRole('combobox', { name: 'Account Manager' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Amy Lee' }));
    await waitFor(() => expect(lastMapCall(calls).get('account_manager_id')).toBe(AM_ID));
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(url()).toBe('/project-map'));
    await waitFor(() => expect(lastMapCall(calls).get('distance')).toBe('50'));
    expect(lastMapCall(calls).get('client_id')).toBeNull();
  });

  it('pages the list with Previous and Next', async () => {
    const { calls } = setup();
    await firstLoad('DEM-00101 · Project 101');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await firstLoad('DEM-00201 · Project 201')).toBeInTheDocument();
    expect(lastMapCall(calls).get('page')).toBe('2');
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
  });

  it('says there are no projects yet when nothing is filtered and nothing matches', async () => {
    setup('/project-map', STAFF, (u) => ({ body: answer(u, { total: 0, items: [], markers: [] }) }));
    expect(await screen.findByText('No projects yet.')).toBeInTheDocument();
    expect(screen.queryByText('No projects match these filters.')).not.toBeInTheDocument();
  });

  it('says no project matches when a filter is set and nothing matches', async () => {
    setup('/project-map?search=nowhere', STAFF, (u) => ({ body: answer(u, { total: 0, items: [], markers: [] }) }));
    expect(await screen.findByText('No projects match these filters.')).toBeInTheDocument();
  });

  it('says the matches are elsewhere when none is in the view', async () => {
    // The whole answer (no bbox, one row) finds 45; the view's finds none.
    setup('/project-map', STAFF, (u) => ({
      body: u.searchParams.has('bbox') ? answer(u, { total: 0, items: [], markers: [] }) : answer(u),
    }));
    expect(
      await screen.findByText('No projects in this part of the map. Zoom out or move the map to see them.'),
    ).toBeInTheDocument();
  });

  it('shows an error when the map cannot be loaded', async () => {
    setup('/project-map', STAFF, () => ({ status: 500, body: { message: 'Database unavailable.' } }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the project map');
  });

  it('centres on the browser location, and says so when the location is refused', async () => {
    const getCurrentPosition = vi.fn((ok: PositionCallback) =>
      ok({ coords: { latitude: -33.868822, longitude: 151.209312 } } as GeolocationPosition),
    );
    vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition } });
    const { calls } = setup('/project-map', STAFF, (u) => ({
      body: answer(
        u,
        u.searchParams.get('lat') ? { centre: { lat: -33.86882, lng: 151.20931, label: 'your location' } } : {},
      ),
    }));
    await firstLoad('DEM-00101 · Project 101');
    await userEvent.click(screen.getByRole('button', { name: 'Use my location' }));
    await waitFor(() => expect(lastMapCall(calls).get('lat')).toBe('-33.86882'));
    expect(lastMapCall(calls).get('lng')).toBe('151.20931');
    expect(await screen.findByText('Centred on your location: projects under 50 km')).toBeInTheDocument();
    expect(screen.getByTestId('map')).toHaveAttribute('data-centre', '-33.86882,151.20931');

    getCurrentPosition.mockImplementation((_ok: PositionCallback, fail?: PositionErrorCallback | null) =>
      fail?.({ code: 1, message: 'denied' } as GeolocationPositionError),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Clear my location' }));
    // Back to the first answer (cached): no centre.
    await waitFor(() => expect(url()).toBe('/project-map'));
    await waitFor(() => expect(screen.queryByText(/Centred on/)).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Use my location' }));
    // Refused: the map falls back to the user's own address (spec 1 section 8).
    expect(
      await screen.findByText(
        'Your location is not available, so the map is centred on Brisbane City QLD 4000, the address we hold for you.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(lastMapCall(calls).get('lat')).toBe('-27.4698'));
  });
});

describe('Project map popup', () => {
  const popup = single.project!;
  const show = (project: typeof popup, role: Role = 'company_admin') =>
    renderScreen(<ProjectPopupContent project={project} role={role} />, { session: STAFF });

  it("says 'Scheduled: end date' for open projects, with a link to the project", () => {
    show(popup);
    expect(screen.getByRole('link', { name: 'Harbour lights' })).toHaveAttribute('href', '/projects/7/show');
    expect(screen.getByText('Scheduled')).toBeInTheDocument();
    expect(screen.getByText('Scheduled: 23/11/2026')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Performance Rating: 4.0 out of 5' })).toBeInTheDocument();
  });

  it("says 'Completed: date' for completed projects", () => {
    show({
      ...popup,
      status: 'completed',
      status_label: 'Completed',
      status_colour: 'green',
      completed_on: '2026-03-05T10:00',
    });
    expect(screen.getByText('Completed: 05/03/2026')).toBeInTheDocument();
  });

  it("says 'Cancelled' for cancelled projects, and client roles see only the customer rating", () => {
    show(
      { ...popup, status: 'cancelled', status_label: 'Cancelled', status_colour: 'red', performance_rating: null },
      'client_am',
    );
    expect(screen.getAllByText('Cancelled')).toHaveLength(2);
    expect(screen.getByRole('img', { name: 'Customer Rating: 3.5 out of 5' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /Performance Rating/ })).not.toBeInTheDocument();
  });
});
