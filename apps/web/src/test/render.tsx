import type { ReactElement } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import type { Action, SessionView } from '@siteflow/core';
import { AppProviders, createQueryClient } from '../app/providers';
import { SESSION_KEY } from '../session';
import { GuardedMemoryRouter } from '../ui/navigation-guard';

const TENANT = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Demo Builders',
  slug: 'demo',
  has_logo: false,
  logo_url: null,
};
const PLATFORM = {
  id: '00000000-0000-4000-8000-000000000002',
  name: 'Siteflow',
  slug: '',
  has_logo: false,
  logo_url: null,
};

export function tenantSession(
  abilities: Action[] = ['staff.view', 'staff.manage', 'staff.changeRole', 'settings.view', 'settings.manage'],
): SessionView {
  return {
    area: 'tenant',
    tenant: TENANT,
    user: {
      id: '00000000-0000-4000-8000-0000000000aa',
      email: 'olivia.nguyen@demo.test',
      first_name: 'Olivia',
      last_name: 'Nguyen',
      full_name: 'Olivia Nguyen',
      role: 'company_admin',
      has_picture: false,
    },
    abilities,
    map: { tile_url: null },
  };
}

export function platformSession(): SessionView {
  return {
    area: 'platform',
    tenant: PLATFORM,
    user: {
      id: '00000000-0000-4000-8000-0000000000bb',
      email: 'admin@siteflow.test',
      first_name: 'Ada',
      last_name: 'Admin',
      full_name: 'Ada Admin',
      role: 'platform_admin',
      has_picture: false,
    },
    abilities: ['customers.manage', 'mailbox.read', 'settings.view', 'settings.manage'],
    map: { tile_url: null },
  };
}

export function signedOut(area: 'tenant' | 'platform' = 'tenant'): SessionView {
  return { area, tenant: area === 'tenant' ? TENANT : PLATFORM, user: null, abilities: [], map: { tile_url: null } };
}

/** Shows where the app navigated to, for assertions. */
function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

type Options = {
  session?: SessionView;
  route?: string;
  path?: string;
  /** Addresses in the history before `route` (where Back goes). */
  before?: string[];
  /** The query client (one a test filled first, as the app's start does); a new one when absent. */
  client?: QueryClient;
};

/** Render a screen with the real providers (Mantine in test mode, TanStack Query, the app's guarded router in memory). */
export function renderScreen(
  ui: ReactElement,
  {
    session = tenantSession(),
    route = '/',
    path = '/',
    before = [],
    client = createQueryClient({ retry: false }),
  }: Options = {},
) {
  client.setQueryData(SESSION_KEY, session);
  const result = render(
    <AppProviders client={client} env="test">
      <GuardedMemoryRouter initialEntries={[...before, route]}>
        <Routes>
          <Route path={path} element={ui} />
          <Route path="*" element={<LocationProbe />} />
        </Routes>
      </GuardedMemoryRouter>
    </AppProviders>,
  );
  return { ...result, client };
}

export type FetchCall = { url: string; method: string; headers: Record<string, string>; body: unknown };
type Reply = { status?: number; body?: unknown };

/**
 * Replace fetch with a handler; every call is recorded with its parsed body
 * (JSON object, or FormData entries as an object).
 */
export function mockFetch(handler: (call: FetchCall) => Reply | Promise<Reply>) {
  const calls: FetchCall[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const headers = Object.fromEntries(
      Object.entries((init.headers ?? {}) as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v]),
    );
    let body: unknown = init.body;
    if (init.body instanceof FormData) body = Object.fromEntries(init.body.entries());
    else if (typeof init.body === 'string') body = JSON.parse(init.body);
    const call: FetchCall = { url: String(input), method: init.method ?? 'GET', headers, body };
    calls.push(call);
    const reply = await handler(call);
    return new Response(reply.body === undefined ? '' : JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fn);
  return { fn, calls };
}
