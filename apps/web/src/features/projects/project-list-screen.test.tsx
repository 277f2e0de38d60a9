import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ProjectListItem, SessionView } from '@siteflow/core';
import { mockFetch, renderScreen, tenantSession, type FetchCall } from '../../test/render';
import { stubMatchMedia } from '../../test/setup';
import { ProjectListScreen } from './project-list-screen';

const CLIENT_ID = '00000000-0000-4000-8000-0000000000c1';
const PM_ID = '00000000-0000-4000-8000-0000000000d1';

function project(id: number, over: Partial<ProjectListItem> = {}): ProjectListItem {
  return {
    id,
    project_code: `DEM-${String(id).padStart(5, '0')}`,
    name: `Project ${id}`,
    status: 'order',
    status_label: 'Order',
    status_colour: 'blue',
    client: { id: CLIENT_ID, trading_name: 'Harbourside Property Group' },
    project_manager: { id: PM_ID, full_name: 'Jack Wilson' },
    order_reference: `PO-${id}`,
    start_date: '2026-11-21T08:00',
    end_date: '2026-11-21T17:00',
    suburb: 'Sydney',
    state: 'NSW',
    ...over,
  };
}

function Probe() {
  const location = useLocation();
  return <output data-testid="url">{location.pathname + location.search}</output>;
}

const STAFF_ABILITIES: SessionView['abilities'] = ['projects.view', 'projects.create', 'clients.view', 'staff.view'];

function setup(route = '/projects', session = tenantSession(STAFF_ABILITIES)) {
  const fetch = mockFetch((call) => {
    const url = new URL(call.url, 'http://x');
    if (url.pathname === '/api/projects') {
      const page = Number(url.searchParams.get('page'));
      return { body: { items: [project(page * 100 + 1), project(page * 100 + 2)], total: 45, page, pageSize: 20 } };
    }
    if (url.pathname === '/api/clients')
      return { body: { items: [{ id: CLIENT_ID, trading_name: 'Harbourside Property Group' }], total: 1 } };
    if (url.pathname === '/api/staff')
      return {
        body: {
          items: [{ id: PM_ID, full_name: 'Jack Wilson', is_project_manager: '1', active: true }],
          total: 1,
        },
      };
    return { status: 404, body: { message: 'Not found.' } };
  });
  renderScreen(
    <>
      <ProjectListScreen />
      <Probe />
    </>,
    { route, path: '/projects', session },
  );
  return fetch;
}

const projectCalls = (calls: FetchCall[]) =>
  calls.filter((c) => c.url.startsWith('/api/projects')).map((c) => new URL(c.url, 'http://x').searchParams);
const lastProjectCall = (calls: FetchCall[]) => projectCalls(calls).at(-1)!;
const url = () => screen.getByTestId('url').textContent ?? '';

describe('Project list', () => {
  // mantine-datatable shows a cell when matchMedia('') matches, as it does in browsers.
  beforeEach(() => {
    stubMatchMedia(true);
    // The table scrolls back to the top when the page changes; the test DOM has no layout to scroll.
    Element.prototype.scrollTo ??= () => undefined;
  });

  it('reads filters, sort and page from the URL and sends them to the API', async () => {
    const { calls } = setup(`/projects?status=completed&client_id=${CLIENT_ID}&sort=name&order=asc&page=2`);
    expect(await screen.findByRole('link', { name: 'DEM-00201' })).toHaveAttribute('href', '/projects/201/show');
    const q = lastProjectCall(calls);
    expect(Object.fromEntries(q)).toEqual({
      status: 'completed',
      client_id: CLIENT_ID,
      sort: 'name',
      order: 'asc',
      page: '2',
      pageSize: '20',
    });
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('Completed');
    expect(screen.getByTestId('project-count')).toHaveTextContent('45 projects');
  });

  it('writes the status filter, sort, page and search into the URL, starting again at page 1', async () => {
    const { calls } = setup('/projects');
    await screen.findByRole('link', { name: 'DEM-00101' });

    await userEvent.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(url()).toBe('/projects?page=2'));
    await waitFor(() => expect(lastProjectCall(calls).get('page')).toBe('2'));

    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Scheduled' }));
    await waitFor(() => expect(url()).toBe('/projects?status=scheduled'));
    await waitFor(() => expect(lastProjectCall(calls).get('status')).toBe('scheduled'));
    expect(lastProjectCall(calls).get('page')).toBe('1');

    const nameHeader = screen.getAllByRole('button').find((b) => b.textContent?.startsWith('Name'))!;
    await userEvent.click(nameHeader);
    await waitFor(() => expect(url()).toBe('/projects?status=scheduled&sort=name&order=asc'));
    await waitFor(() => expect(lastProjectCall(calls).get('sort')).toBe('name'));

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search projects' }), 'harbour');
    await waitFor(() => expect(url()).toBe('/projects?search=harbour&status=scheduled&sort=name&order=asc'));
    await waitFor(() => expect(lastProjectCall(calls).get('search')).toBe('harbour'));
    // Typing does not ask for every letter.
    expect(projectCalls(calls).filter((q) => q.get('search')?.startsWith('h')).length).toBe(1);
  });

  it('filters by project manager from the staff list, and a row opens the project', async () => {
    const { calls } = setup('/projects');
    await screen.findByRole('link', { name: 'DEM-00101' });
    await userEvent.click(screen.getByRole('combobox', { name: 'Project Manager' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Jack Wilson' }));
    await waitFor(() => expect(url()).toBe(`/projects?project_manager_id=${PM_ID}`));
    await waitFor(() => expect(lastProjectCall(calls).get('project_manager_id')).toBe(PM_ID));

    const row = screen.getByText('Project 102').closest('tr')!;
    await userEvent.click(within(row).getByText('Jack Wilson'));
    // The list route is left: the router's catch-all shows where it went.
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/projects/102/show'));
  });

  it('offers New project only with projects.create, and no client or manager filters to client users', async () => {
    const session = tenantSession(['projects.view']);
    session.user = { ...session.user!, role: 'client_admin' };
    const { calls } = setup('/projects', session);
    await screen.findByRole('link', { name: 'DEM-00101' });
    expect(screen.queryByRole('link', { name: 'New project' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Client' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Project Manager' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.url.startsWith('/api/clients') || c.url.startsWith('/api/staff'))).toBe(false);
  });

  it('shows the empty state', async () => {
    mockFetch(() => ({ body: { items: [], total: 0, page: 1, pageSize: 20 } }));
    renderScreen(<ProjectListScreen />, {
      route: '/projects',
      path: '/projects',
      session: tenantSession(['projects.view']),
    });
    expect(await screen.findByText('No projects yet.')).toBeInTheDocument();
  });

  it('wraps a long name without spaces inside its cell, so the columns after it stay in view', async () => {
    setup();
    // Names break anywhere when a word is wider than the cell: a 255-character name with no space
    // kept the table at its width and pushed Client, Status, dates and manager off the screen.
    const name = await screen.findByText('Project 101');
    expect(name.style.overflowWrap).toBe('anywhere');
  });
});
