import type { ReactNode } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DIRECTIONS_ERRORS,
  PROVIDER_TEXT,
  type Action,
  type DirectionsView,
  type NearbyProviders,
  type ProjectProviderView,
  type ProjectRatings,
  type ProjectView,
  type ProviderOption,
  type Role,
  type SessionView,
} from '@siteflow/core';
import { mockFetch, renderScreen, tenantSession, type FetchCall } from '../../test/render';
import { project as baseProject } from '../projects/test-fixtures';
import { NOTIFICATION_SENT } from './current-provider-card';
import { ASSIGN_LABEL, PICKER_LABEL, SEND_EMAIL_LABEL, STAFF_LABEL } from './provider-picker';
import { ProjectDirectionMap } from './direction-map';
import { ProjectProviderPart } from './provider-part';

// Leaflet draws nothing useful in the test DOM: stand-ins keep what a user would read (labels, pins, popups).
vi.mock('../../ui/map/map-view', () => ({
  MapView: ({
    label,
    zoom,
    height,
    children,
  }: {
    label: string;
    zoom: number;
    height: number;
    children?: ReactNode;
  }) => (
    <div role="region" aria-label={label} data-zoom={zoom} data-height={height}>
      {children}
    </div>
  ),
  PinMarker: ({ text, title, children }: { text: string; title: string; children?: ReactNode }) => (
    <div data-testid="pin" data-text={text} title={title}>
      {children}
    </div>
  ),
  Popup: ({ children }: { children?: ReactNode }) => <div>{children}</div>,
  Polyline: () => <div data-testid="route-line" />,
  Circle: ({ radius }: { radius: number }) => <div data-testid="radius" data-radius={radius} />,
  useMap: () => ({ getBoundsZoom: () => 12, setView: () => undefined }),
}));

afterEach(() => notifications.clean());

const SPARK = '00000000-0000-4000-8000-0000000005a1';
const COOL = '00000000-0000-4000-8000-0000000005a2';
const SAM = '00000000-0000-4000-8000-0000000005b1';
const KIM = '00000000-0000-4000-8000-0000000005b2';
const NOTE = '00000000-0000-4000-8000-0000000005c1';

const STAFF: Action[] = [
  'projects.view',
  'projects.edit',
  'providers.view',
  'providers.search',
  'projects.assignProvider',
  'projects.notifyProvider',
  'projects.ratePerformance',
];
const session = (role: Role, abilities: Action[]): SessionView => {
  const s = tenantSession(abilities);
  return { ...s, user: { ...s.user!, role } };
};
const staffSession = () => session('company_admin', STAFF);
const clientSession = () => session('client_admin', ['projects.view', 'projectMap.view', 'projects.rateCustomer']);
const spSession = () => session('sp_admin', ['projects.view', 'projectMap.view', 'providers.view']);

const options: ProviderOption[] = [
  {
    id: SPARK,
    service_provider_name: 'Sparkright Electrical',
    status_code: 'approved',
    status_label: 'Approved',
    status_colour: 'green',
    has_location: true,
    sp_users: [
      { id: SAM, full_name: 'Sam Sparks' },
      { id: KIM, full_name: 'Kim Volt' },
    ],
  },
  {
    id: COOL,
    service_provider_name: 'Coolair Services',
    status_code: 'evaluating',
    status_label: 'Evaluating',
    status_colour: 'orange',
    has_location: false,
    sp_users: [],
  },
];

const provider = (over: Partial<ProjectProviderView> = {}): ProjectProviderView => ({
  id: SPARK,
  name: 'Sparkright Electrical',
  sp_users: 'Sam Sparks',
  staff: [{ id: SAM, full_name: 'Sam Sparks' }],
  status_code: 'approved',
  status_label: 'Approved',
  status_colour: 'green',
  phone: '07 3111 2222',
  email: 'jobs@sparkright.test',
  has_location: true,
  sp_location: { lat: -27.47, lng: 153.02, address: '1 Queen St, Brisbane QLD 4000' },
  notification: null,
  ...over,
});

/** The project view once the API gives the full provider card. */
const withProvider = (p: ProjectProviderView | null, over: Partial<ProjectView> = {}): ProjectView =>
  baseProject({ service_provider: p as ProjectView['service_provider'], ...over });

const point = (street: string, lat: number | null, lng: number | null) => ({
  lat,
  lng,
  street,
  suburb: 'Brisbane',
  state: 'QLD',
  postcode: '4000',
});
const directions = (over: Partial<DirectionsView> = {}): DirectionsView => ({
  status: 'OK',
  message: null,
  project: {
    id: 61,
    title: 'Kitchen fit-out',
    order_number: 'PO-7788',
    status: 'order',
    location: point('12 Ann St', -27.45621, 153.03568),
  },
  provider: { id: SPARK, name: 'Sparkright Electrical', location: point('1 Queen St', -27.47, 153.02) },
  route: {
    distance_m: 3400,
    duration_s: 540,
    approximate: true,
    source: 'estimate',
    geometry: [
      [-27.47, 153.02],
      [-27.45621, 153.03568],
    ],
  },
  ...over,
});
const nearby: NearbyProviders = {
  origin: { lat: -27.45621, lng: 153.03568 },
  failed: 1,
  items: [
    {
      id: COOL,
      service_provider_name: 'Coolair Services',
      status_code: 'evaluating',
      status_label: 'Evaluating',
      status_colour: 'orange',
      lat: -27.5,
      lng: 153.0,
      address: '5 Logan Rd, Woolloongabba QLD 4102',
      distance_m: 8200,
      duration_s: 900,
      approximate: true,
      performance_ratings: 4.5,
      customer_ratings: 3,
    },
  ],
};

type Reply = { status?: number; body?: unknown };
type Handlers = {
  directions?: DirectionsView;
  onCall?: (call: FetchCall) => Reply | undefined;
  ratings?: ProjectRatings;
};

function renderPart(view: ProjectView, who: SessionView = staffSession(), handlers: Handlers = {}) {
  const fetch = mockFetch((call) => {
    const custom = handlers.onCall?.(call);
    if (custom) return custom;
    if (call.url.startsWith('/api/service-providers/options')) {
      const q = new URL(call.url, 'http://x').searchParams.get('q') ?? '';
      return {
        body: { items: options.filter((o) => o.service_provider_name.toLowerCase().includes(q.toLowerCase())) },
      };
    }
    if (call.url.startsWith(`/api/projects/${view.id}/nearby-providers`)) return { body: nearby };
    if (call.url === `/api/projects/${view.id}/directions`) return { body: handlers.directions ?? directions() };
    if (call.url === `/api/projects/${view.id}/ratings`) return { body: handlers.ratings };
    return { status: 404, body: { message: 'Not found.' } };
  });
  const rendered = renderScreen(<ProjectProviderPart project={view} />, { session: who });
  return { fetch, ...rendered };
}

const posts = (calls: FetchCall[]) => calls.filter((c) => c.method !== 'GET');

describe('Project details: service provider part', () => {
  it('assigning with no provider chosen shows the message under the picker and sends nothing', async () => {
    const { fetch } = renderPart(withProvider(null));
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: ASSIGN_LABEL }));
    expect(await screen.findByText(PROVIDER_TEXT.noProviderChosen)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: PICKER_LABEL })).toHaveAttribute('aria-invalid', 'true');
    expect(posts(fetch.calls)).toHaveLength(0);
  });

  it('assigns the chosen provider with its staff and the send e-mail flag', async () => {
    const assigned = withProvider(provider({ sp_users: 'Kim Volt', staff: [{ id: KIM, full_name: 'Kim Volt' }] }));
    const { fetch } = renderPart(withProvider(null), staffSession(), {
      onCall: (call) =>
        call.method === 'POST' && call.url === '/api/projects/61/service-provider' ? { body: assigned } : undefined,
    });
    const user = userEvent.setup({ delay: null });
    const picker = await screen.findByRole('combobox', { name: PICKER_LABEL });
    await user.click(picker);
    await user.type(picker, 'Spark');
    await user.click(await screen.findByRole('option', { name: 'Sparkright Electrical' }));

    const card = await screen.findByTestId('selected-provider');
    expect(within(card).getByText('Approved')).toBeInTheDocument();
    expect(within(card).queryByRole('link', { name: PROVIDER_TEXT.assignLocation })).not.toBeInTheDocument();
    await user.click(within(card).getByRole('combobox', { name: STAFF_LABEL }));
    await user.click(await screen.findByRole('option', { name: 'Kim Volt' }));
    await user.keyboard('{Escape}');
    await user.click(within(card).getByRole('switch', { name: SEND_EMAIL_LABEL }));
    await user.click(screen.getByRole('button', { name: ASSIGN_LABEL }));

    await waitFor(() => expect(posts(fetch.calls)).toHaveLength(1));
    expect(posts(fetch.calls)[0]).toMatchObject({
      url: '/api/projects/61/service-provider',
      headers: { 'x-siteflow-csrf': '1' },
      body: { service_provider: SPARK, service_provider_staff: [KIM], send_email_sp: true },
    });
    expect(await screen.findByText('Service provider assigned')).toBeInTheDocument();
  });

  it("offers 'Assign a location' for a chosen provider without a location", async () => {
    renderPart(withProvider(null));
    const user = userEvent.setup({ delay: null });
    const picker = await screen.findByRole('combobox', { name: PICKER_LABEL });
    await user.click(picker);
    await user.type(picker, 'Cool');
    await user.click(await screen.findByRole('option', { name: 'Coolair Services' }));
    expect(await screen.findByRole('link', { name: PROVIDER_TEXT.assignLocation })).toHaveAttribute(
      'href',
      `/service-providers/setup/${COOL}/edit`,
    );
  });

  it("shows the current provider, its travel, and 'Replacing' while another is chosen", async () => {
    renderPart(withProvider(provider()));
    const card = await screen.findByTestId('current-provider');
    expect(within(card).getByRole('link', { name: 'Sparkright Electrical' })).toHaveAttribute(
      'href',
      `/service-providers/show/${SPARK}`,
    );
    expect(within(card).getByText('Approved')).toBeInTheDocument();
    expect(within(card).getByText('Sam Sparks')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: '07 3111 2222' })).toHaveAttribute('href', 'tel:0731112222');
    expect(within(card).getByRole('link', { name: 'jobs@sparkright.test' })).toHaveAttribute(
      'href',
      'mailto:jobs@sparkright.test',
    );
    expect(await within(card).findByTestId('travel-info')).toHaveTextContent('Travel: ≈ 3 km · ≈ 10 mins');
    expect(within(card).queryByText(PROVIDER_TEXT.replacing)).not.toBeInTheDocument();

    const user = userEvent.setup({ delay: null });
    const picker = screen.getByRole('combobox', { name: PICKER_LABEL });
    await user.click(picker);
    await user.type(picker, 'Cool');
    await user.click(await screen.findByRole('option', { name: 'Coolair Services' }));
    expect(within(card).getByText(PROVIDER_TEXT.replacing)).toBeInTheDocument();
  });

  it('asks before replacing the current provider', async () => {
    const { fetch } = renderPart(withProvider(provider()), staffSession(), {
      onCall: (call) =>
        call.method === 'POST' ? { body: withProvider(provider({ id: COOL, name: 'Coolair Services' })) } : undefined,
    });
    const user = userEvent.setup({ delay: null });
    const picker = await screen.findByRole('combobox', { name: PICKER_LABEL });
    await user.click(picker);
    await user.type(picker, 'Cool');
    await user.click(await screen.findByRole('option', { name: 'Coolair Services' }));
    await user.click(screen.getByRole('button', { name: ASSIGN_LABEL }));
    const dialog = await screen.findByRole('dialog', { name: 'Replace the service provider?' });
    expect(posts(fetch.calls)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Replace' }));
    await waitFor(() =>
      expect(posts(fetch.calls)[0]?.body).toMatchObject({
        service_provider: COOL,
        service_provider_staff: [],
        send_email_sp: false,
      }),
    );
  });

  it('hides Notify Service Provider from client and provider roles', async () => {
    renderPart(withProvider(provider()), clientSession());
    const card = await screen.findByTestId('current-provider');
    expect(screen.queryByRole('button', { name: PROVIDER_TEXT.notify })).not.toBeInTheDocument();
    // No provider pages for clients: the name is plain text.
    expect(within(card).getByText('Sparkright Electrical')).toBeInTheDocument();
    expect(within(card).queryByRole('link', { name: 'Sparkright Electrical' })).not.toBeInTheDocument();
    // Clients neither pick providers nor load them.
    expect(screen.queryByRole('combobox', { name: PICKER_LABEL })).not.toBeInTheDocument();
  });

  it('hides Notify Service Provider from provider roles too', async () => {
    renderPart(withProvider(provider()), spSession());
    expect(await screen.findByTestId('current-provider')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: PROVIDER_TEXT.notify })).not.toBeInTheDocument();
  });

  it('notifies the provider, then shows the tick once the queue has sent the e-mail', async () => {
    let polls = 0;
    const { fetch } = renderPart(withProvider(provider()), staffSession(), {
      onCall: (call) => {
        if (call.method === 'POST' && call.url === '/api/projects/61/notify-provider')
          return { body: { id: NOTE, status: 'pending', created_at: '2026-11-20T00:00:00.000Z', sent_at: null } };
        if (call.url === `/api/projects/61/notify-provider/${NOTE}`) {
          polls += 1;
          const sent = polls >= 2;
          return {
            body: {
              id: NOTE,
              status: sent ? 'sent' : 'pending',
              created_at: '2026-11-20T00:00:00.000Z',
              sent_at: sent ? '2026-11-20T00:00:01.000Z' : null,
            },
          };
        }
        return undefined;
      },
    });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: PROVIDER_TEXT.notify }));
    expect(await screen.findByText('Sending…')).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: NOTIFICATION_SENT }, { timeout: 5000 })).toBeInTheDocument();
    expect(posts(fetch.calls).map((c) => c.url)).toEqual(['/api/projects/61/notify-provider']);
    expect(polls).toBeGreaterThanOrEqual(2);
  });

  it('shows the tick for a notification already sent', async () => {
    renderPart(
      withProvider(
        provider({
          notification: {
            id: NOTE,
            status: 'sent',
            created_at: '2026-11-20T00:00:00.000Z',
            sent_at: '2026-11-20T00:00:01.000Z',
          },
        }),
      ),
    );
    expect(await screen.findByRole('img', { name: NOTIFICATION_SENT })).toBeInTheDocument();
  });

  it('Show Directions opens the map with A, B, the route, distance and time; Hide Directions closes it', async () => {
    renderPart(withProvider(provider()));
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: PROVIDER_TEXT.showDirections }));
    const map = await screen.findByRole('region', { name: 'Directions map' });
    const pins = within(map)
      .getAllByTestId('pin')
      .map((p) => p.getAttribute('data-text'));
    expect(pins.sort()).toEqual(['A', 'B']);
    expect(within(map).getByTestId('route-line')).toBeInTheDocument();
    const panel = screen.getByTestId('route-panel');
    expect(panel).toHaveTextContent('Distance: ≈ 3 km');
    expect(panel).toHaveTextContent('Time: ≈ 10 mins');
    // The info box of the project marker.
    const info = within(map).getByTestId('project-info-box');
    expect(within(info).getByRole('link', { name: 'Kitchen fit-out' })).toHaveAttribute('href', '/projects/61/show');
    expect(info).toHaveTextContent('Order number: PO-7788');
    expect(info).toHaveTextContent('12 Ann St');
    await user.click(screen.getByRole('button', { name: PROVIDER_TEXT.hideDirections }));
    expect(screen.queryByRole('region', { name: 'Directions map' })).not.toBeInTheDocument();
  });

  it.each([
    ['NOT_FOUND', DIRECTIONS_ERRORS.NOT_FOUND],
    ['ZERO_RESULTS', DIRECTIONS_ERRORS.ZERO_RESULTS],
    ['REQUEST_DENIED', DIRECTIONS_ERRORS.REQUEST_DENIED],
    ['ERROR', DIRECTIONS_ERRORS.OTHER],
  ] as const)('a %s directions failure shows its text in a red banner that can be dismissed', async (status, text) => {
    renderPart(withProvider(provider()), staffSession(), {
      directions: directions({ status, message: null, route: null }),
    });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: PROVIDER_TEXT.showDirections }));
    const banner = await screen.findByTestId('directions-error');
    expect(banner).toHaveTextContent(text);
    expect(screen.queryByTestId('route-panel')).not.toBeInTheDocument();
    await user.click(within(banner).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByTestId('directions-error')).not.toBeInTheDocument());
  });

  it("shows the server's failure text as given", async () => {
    renderPart(withProvider(provider()), staffSession(), {
      directions: directions({ status: 'ZERO_RESULTS', message: DIRECTIONS_ERRORS.ZERO_RESULTS, route: null }),
    });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: PROVIDER_TEXT.showDirections }));
    expect(await screen.findByRole('alert')).toHaveTextContent(DIRECTIONS_ERRORS.ZERO_RESULTS);
  });

  it('client roles see only the project marker: no route, no provider point, no route panel', async () => {
    // Even if a route came back, the client's map leaves it out.
    const { fetch } = renderPart(withProvider(provider()), clientSession());
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: PROVIDER_TEXT.showDirections }));
    const map = await screen.findByRole('region', { name: 'Project location map' });
    expect(
      within(map)
        .getAllByTestId('pin')
        .map((p) => p.getAttribute('data-text')),
    ).toEqual(['B']);
    expect(within(map).queryByTestId('route-line')).not.toBeInTheDocument();
    expect(screen.queryByTestId('route-panel')).not.toBeInTheDocument();
    expect(screen.queryByText(/Distance:/)).not.toBeInTheDocument();
    expect(
      fetch.calls.some((c) => c.url.includes('nearby-providers') || c.url.includes('/service-providers/options')),
    ).toBe(false);
  });

  it("without a provider, the empty state shows at once and 'Assign Service Provider' opens the assignment map", async () => {
    renderPart(withProvider(null));
    const empty = await screen.findByTestId('provider-empty');
    expect(empty).toHaveTextContent(PROVIDER_TEXT.noProviderAttached);
    // No route to show without a provider: the empty state replaces Show Directions.
    expect(screen.queryByRole('button', { name: PROVIDER_TEXT.showDirections })).not.toBeInTheDocument();
    // The picker stays for a quick assignment by name.
    expect(screen.getByRole('combobox', { name: PICKER_LABEL })).toBeInTheDocument();
    const user = userEvent.setup({ delay: null });
    await user.click(within(empty).getByRole('link', { name: PROVIDER_TEXT.assignProvider }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/projects/61/assign-provider'));
  });

  it('without a provider, users who may not assign (or a project that cannot be assigned) get the text without the button', async () => {
    renderPart(withProvider(null, { status: 'completed' }));
    expect(await screen.findByTestId('provider-empty')).toHaveTextContent(PROVIDER_TEXT.noProviderAttached);
    expect(screen.queryByRole('link', { name: PROVIDER_TEXT.assignProvider })).not.toBeInTheDocument();
  });

  it('with a provider there is no empty state', async () => {
    renderPart(withProvider(provider()));
    expect(await screen.findByTestId('current-provider')).toBeInTheDocument();
    expect(screen.queryByText(PROVIDER_TEXT.noProviderAttached)).not.toBeInTheDocument();
  });

  it('starts filtering nearby providers after a moment, at 50 km, and Select chooses one', async () => {
    const { fetch } = renderPart(withProvider(null));
    expect(screen.getByText('Distance: 50 km')).toBeInTheDocument();
    expect(fetch.calls.some((c) => c.url.includes('nearby-providers'))).toBe(false);
    await waitFor(
      () => expect(fetch.calls.some((c) => c.url === '/api/projects/61/nearby-providers?distance=50')).toBe(true),
      { timeout: 4000 },
    );
    expect(
      await screen.findByText('1 service provider within 50 km by road. 1 could not be routed and is left out.'),
    ).toBeInTheDocument();
    const map = screen.getByRole('region', { name: 'Nearby service providers map' });
    expect(within(map).getByTestId('radius')).toHaveAttribute('data-radius', '25000');
    const pin = within(map).getByTitle('Coolair Services');
    expect(within(pin).getByText('Evaluating')).toBeInTheDocument();
    expect(within(pin).getByRole('img', { name: 'Performance Rating: 4.5 out of 5' })).toBeInTheDocument();
    expect(within(pin).getByRole('img', { name: 'Customer Rating: 3.0 out of 5' })).toBeInTheDocument();
    const user = userEvent.setup({ delay: null });
    await user.click(within(pin).getByRole('button', { name: 'Select Coolair Services' }));
    expect(await screen.findByTestId('selected-provider')).toHaveTextContent('Coolair Services');
  });

  it("lists a provider the estimate puts at the project's own point as '≈ < 1 km · ≈ < 5 mins', not '≈ 0 m'", async () => {
    const samePlace = { ...nearby, failed: 0, items: [{ ...nearby.items[0]!, distance_m: 0, duration_s: 0 }] };
    renderPart(withProvider(null), staffSession(), {
      onCall: (call) => (call.url.includes('/nearby-providers') ? { body: samePlace } : undefined),
    });
    const list = await screen.findByRole('list', { name: 'Nearby service providers' }, { timeout: 4000 });
    expect(list).toHaveTextContent('Coolair Services ≈ < 1 km · ≈ < 5 mins');
    expect(list).not.toHaveTextContent('0 m');
  });

  it('the direction map widget: zoom 12, 800px high; without a provider only the project marker and the empty text', async () => {
    mockFetch((call) =>
      call.url === '/api/projects/61/directions'
        ? { body: directions({ status: 'NO_PROVIDER', provider: null, route: null }) }
        : { status: 404, body: {} },
    );
    renderScreen(<ProjectDirectionMap projectId={61} />, { session: staffSession() });
    const map = await screen.findByRole('region', { name: 'Directions map' });
    expect(map).toHaveAttribute('data-zoom', '12');
    expect(map).toHaveAttribute('data-height', '800');
    expect(
      within(map)
        .getAllByTestId('pin')
        .map((p) => p.getAttribute('data-text')),
    ).toEqual(['B']);
    expect(screen.getByText(PROVIDER_TEXT.noProviderAttached)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('the details directions map is 600px high', async () => {
    renderPart(withProvider(provider()));
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: PROVIDER_TEXT.showDirections }));
    expect(await screen.findByRole('region', { name: 'Directions map' })).toHaveAttribute('data-height', '600');
  });

  describe('ratings', () => {
    const ratings = (over: Partial<ProjectRatings> = {}): ProjectRatings => ({
      provider: { id: SPARK, name: 'Sparkright Electrical' },
      performance: {
        rating: 4.5,
        comment: 'Tidy work',
        rated_by: 'Olivia Nguyen',
        updated_at: '2026-11-20T00:00:00.000Z',
      },
      customer: null,
      abilities: { rate_performance: true, rate_customer: false },
      ...over,
    });

    it('staff see and edit the performance rating of a completed project', async () => {
      const { fetch } = renderPart(withProvider(provider(), { status: 'completed' }), staffSession(), {
        ratings: ratings(),
        onCall: (call) =>
          call.method === 'PUT'
            ? {
                body: ratings({
                  performance: {
                    rating: 3,
                    comment: 'Late',
                    rated_by: 'Olivia Nguyen',
                    updated_at: '2026-11-21T00:00:00.000Z',
                  },
                }),
              }
            : undefined,
      });
      expect(await screen.findByRole('img', { name: 'Performance Rating: 4.5 out of 5' })).toBeInTheDocument();
      expect(screen.getByRole('img', { name: 'Customer Rating: not rated' })).toBeInTheDocument();
      const user = userEvent.setup({ delay: null });
      const comment = screen.getByRole('textbox', { name: 'Comment' });
      await user.clear(comment);
      await user.type(comment, 'Late');
      await user.click(screen.getByRole('button', { name: 'Save Performance Rating' }));
      await waitFor(() =>
        expect(posts(fetch.calls)[0]).toMatchObject({
          method: 'PUT',
          url: '/api/projects/61/ratings/performance',
          body: { rating: 4.5, comment: 'Late' },
        }),
      );
      expect(await screen.findByRole('img', { name: 'Performance Rating: 3.0 out of 5' })).toBeInTheDocument();
    });

    it('client roles never see the performance rating', async () => {
      renderPart(withProvider(provider(), { status: 'completed' }), clientSession(), {
        ratings: ratings({ performance: null, abilities: { rate_performance: false, rate_customer: true } }),
      });
      expect(await screen.findByRole('img', { name: 'Customer Rating: not rated' })).toBeInTheDocument();
      expect(screen.queryByText(PROVIDER_TEXT.performanceRating)).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Save Customer Rating' })).toBeInTheDocument();
    });

    it('is not shown before the project is completed', async () => {
      renderPart(withProvider(provider()));
      expect(await screen.findByTestId('current-provider')).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Ratings' })).not.toBeInTheDocument();
    });
  });
});
