import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  recentlyViewedColumns,
  SEARCH_TEXT,
  type QuickSearchItem,
  type RecentlyViewedItem,
  type SessionView,
} from '@siteflow/core';
import { mockFetch, renderScreen, tenantSession, type FetchCall } from '../../test/render';
import { ProjectSearchActions } from './header-actions';

function item(id: number, over: Partial<QuickSearchItem> = {}): QuickSearchItem {
  return {
    id,
    project_code: `DEM-${String(id).padStart(5, '0')}`,
    name: `Harbour fit-out ${id}`,
    status: 'scheduled',
    status_label: 'Scheduled',
    status_colour: 'indigo',
    start_date: '2026-11-21T08:00',
    service_provider_name: 'Sparkright Electrical',
    account_manager_name: 'Daniel Brooks',
    project_manager_name: 'Jack Wilson',
    location_first: '1 Macquarie Place, Sydney NSW 2000',
    ...over,
  };
}

function clientSession(): SessionView {
  const s = tenantSession(['projects.view']);
  return { ...s, user: { ...s.user!, role: 'client_admin' } };
}

const searchCalls = (calls: FetchCall[]) => calls.filter((c) => c.url.startsWith('/api/search/projects'));

function renderActions(session = tenantSession(['projects.view'])) {
  return renderScreen(<ProjectSearchActions />, { route: '/', path: '/', session });
}

describe('Quick search', () => {
  it('opens with Ctrl+K, searches only non-empty text, and shows the count and results', async () => {
    let release: () => void = () => undefined;
    const { calls } = mockFetch(
      () =>
        new Promise((resolve) => {
          release = () => resolve({ body: { data: [item(7), item(8)], total: 2, current_page: 1, last_page: 1 } });
        }),
    );
    renderActions();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await userEvent.keyboard('{Control>}k{/Control}');
    const dialog = await screen.findByRole('dialog', { name: 'Quick search' });
    const input = within(dialog).getByRole('combobox', { name: 'Search projects' });
    expect(input).toHaveAttribute('placeholder', SEARCH_TEXT.placeholder);
    await waitFor(() => expect(input).toHaveFocus());

    // Spaces alone are no search.
    await userEvent.type(input, '   ');
    await new Promise((r) => setTimeout(r, 400));
    expect(searchCalls(calls)).toHaveLength(0);

    await userEvent.clear(input);
    await userEvent.type(input, 'harb');
    expect(await within(dialog).findByText(SEARCH_TEXT.searching)).toBeInTheDocument();
    // 'Searching...' shows from the first key; the request goes once the typing pauses.
    await waitFor(() => expect(searchCalls(calls)).toHaveLength(1));
    expect(searchCalls(calls)[0]!.url).toBe('/api/search/projects?q=harb&page=1&pageSize=10');

    release();
    expect(await within(dialog).findByText(SEARCH_TEXT.found(2))).toBeInTheDocument();
    const options = within(dialog).getAllByRole('option');
    expect(options).toHaveLength(2);
    expect(options[0]).toHaveTextContent('#7');
    expect(options[0]).toHaveTextContent('DEM-00007');
    expect(options[0]).toHaveTextContent('Scheduled');
    expect(options[0]).toHaveTextContent('Start: 21-11-26');
    expect(options[0]).toHaveTextContent('Service provider: Sparkright Electrical');
    expect(options[0]).toHaveTextContent('Account manager: Daniel Brooks');
    expect(options[0]).toHaveTextContent('Project manager: Jack Wilson');
    expect(options[0]).toHaveTextContent('1 Macquarie Place, Sydney NSW 2000');

    // Emptying the text empties the list without asking the server.
    await userEvent.clear(input);
    await waitFor(() => expect(within(dialog).queryAllByRole('option')).toHaveLength(0));
    expect(searchCalls(calls)).toHaveLength(1);
  });

  it('opens with Ctrl+K while typing in another field, and Cmd+K too', async () => {
    mockFetch(() => ({ body: { data: [], total: 0, current_page: 1, last_page: 1 } }));
    renderScreen(
      <>
        <input aria-label="Notes" />
        <ProjectSearchActions />
      </>,
      { route: '/', path: '/', session: tenantSession(['projects.view']) },
    );
    await userEvent.click(screen.getByRole('textbox', { name: 'Notes' }));
    await userEvent.keyboard('{Control>}k{/Control}');
    expect(await screen.findByRole('dialog', { name: 'Quick search' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await userEvent.keyboard('{Meta>}k{/Meta}');
    expect(await screen.findByRole('dialog', { name: 'Quick search' })).toBeInTheDocument();
  });

  it('says No results found., and moves through results with the arrow keys and opens one with Enter', async () => {
    mockFetch((call) => {
      const q = new URL(call.url, 'http://x').searchParams.get('q');
      return q === 'zzz'
        ? { body: { data: [], total: 0, current_page: 1, last_page: 1 } }
        : { body: { data: [item(7), item(8)], total: 2, current_page: 1, last_page: 1 } };
    });
    renderActions();
    await userEvent.click(screen.getByRole('button', { name: 'Search projects' }));
    const input = await screen.findByRole('combobox', { name: 'Search projects' });
    await userEvent.type(input, 'zzz');
    expect(await screen.findByText(SEARCH_TEXT.noResults)).toBeInTheDocument();

    await userEvent.clear(input);
    await userEvent.type(input, 'harb');
    await screen.findByText(SEARCH_TEXT.found(2));
    const [first, second] = screen.getAllByRole('option');
    expect(first).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowDown}');
    expect(second).toHaveAttribute('aria-selected', 'true');
    expect(input).toHaveAttribute('aria-activedescendant', second!.id);
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/projects/8/show'));
  });

  it('hides the service provider from client roles (the key is absent)', async () => {
    const { service_provider_name: _omitted, ...forClient } = item(7);
    mockFetch(() => ({ body: { data: [forClient], total: 1, current_page: 1, last_page: 1 } }));
    renderActions(clientSession());
    await userEvent.click(screen.getByRole('button', { name: 'Search projects' }));
    await userEvent.type(await screen.findByRole('combobox', { name: 'Search projects' }), 'harb');
    expect(await screen.findByText(SEARCH_TEXT.found(1))).toBeInTheDocument();
    const option = screen.getByRole('option');
    expect(option).toHaveTextContent('Account manager: Daniel Brooks');
    expect(option).not.toHaveTextContent(/service provider/i);
  });

  it('pages with Next, empties the list when the search fails, and closes with Esc and CLOSE', async () => {
    let fail = false;
    const { calls } = mockFetch((call) => {
      if (fail) return { status: 500, body: { message: 'Broken.' } };
      const page = Number(new URL(call.url, 'http://x').searchParams.get('page'));
      return { body: { data: [item(page * 10)], total: 12, current_page: page, last_page: 2 } };
    });
    renderActions();
    const trigger = screen.getByRole('button', { name: 'Search projects' });
    await userEvent.click(trigger);
    const input = await screen.findByRole('combobox', { name: 'Search projects' });
    await userEvent.type(input, 'harb');
    await screen.findByText(SEARCH_TEXT.found(12));
    await userEvent.click(screen.getByRole('button', { name: SEARCH_TEXT.next }));
    await waitFor(() => expect(screen.getByRole('option')).toHaveTextContent('DEM-00020'));
    expect(searchCalls(calls).at(-1)!.url).toContain('page=2');

    fail = true;
    await userEvent.type(input, 'x');
    await waitFor(() => expect(screen.queryAllByRole('option')).toHaveLength(0));
    await waitFor(() => expect(screen.getByTestId('quick-search-status')).toBeEmptyDOMElement());

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(trigger);
    await userEvent.click(await screen.findByRole('button', { name: SEARCH_TEXT.close }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

function recent(id: number, over: Partial<RecentlyViewedItem> = {}): RecentlyViewedItem {
  return {
    id,
    last_accessed_date: '2026-11-20T23:30:00.000Z',
    project_link: `/projects/${id}/show`,
    project_code: `DEM-${String(id).padStart(5, '0')}`,
    status: 'order',
    status_label: 'Order',
    status_colour: 'blue',
    category: 'Electrical',
    service_provider: 'Sparkright Electrical',
    client: 'Harbourside Property Group',
    start_date: '2026-11-21T08:00',
    end_date: '2026-11-21T17:00',
    project_manager: 'Jack Wilson',
    name: `Switchboard upgrade ${id}`,
    location_address: '1 Macquarie Place, Sydney NSW 2000',
    ...over,
  };
}

describe('Recently viewed', () => {
  it('shows the columns the server names for the role, with links to the projects', async () => {
    mockFetch(() => ({
      body: { data: [recent(12)], total: 1, current_page: 1, last_page: 1, columns: recentlyViewedColumns('staff') },
    }));
    renderActions();
    await userEvent.click(screen.getByRole('button', { name: 'Recently viewed projects' }));
    const dialog = await screen.findByRole('dialog', { name: 'Recently viewed projects' });
    const table = await within(dialog).findByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(recentlyViewedColumns('staff'));
    expect(headers).not.toContain('Order Reference');
    expect(headers).not.toContain('Compliance');
    expect(within(table).getByRole('link', { name: 'DEM-00012' })).toHaveAttribute('href', '/projects/12/show');
    const cells = within(table).getAllByRole('cell');
    expect(cells[headers.indexOf('Start Date')]).toHaveTextContent('21/11/2026 8:00 am');
    expect(within(table).getByText('Sparkright Electrical')).toBeInTheDocument();
  });

  it('shows Order Reference and no Service Provider to client roles', async () => {
    const { service_provider: _sp, ...row } = recent(12, { order_ref: 'PO-7781' });
    mockFetch(() => ({
      body: { data: [row], total: 1, current_page: 1, last_page: 1, columns: recentlyViewedColumns('client') },
    }));
    renderActions(clientSession());
    await userEvent.click(screen.getByRole('button', { name: 'Recently viewed projects' }));
    const table = await screen.findByRole('table', { name: 'Recently viewed projects' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toContain('Order Reference');
    expect(headers).not.toContain('Service Provider');
    expect(within(table).getByText('PO-7781')).toBeInTheDocument();
  });

  it('removes a row with DELETE and refreshes, then says No projects found', async () => {
    let rows = [recent(12), recent(13)];
    const { calls } = mockFetch((call) => {
      if (call.method === 'DELETE') {
        rows = rows.filter((r) => `/api/recently-viewed/${r.id}` !== call.url);
        return { body: { message: 'Removed from recently viewed.' } };
      }
      return {
        body: {
          data: rows,
          total: rows.length,
          current_page: 1,
          last_page: 1,
          columns: recentlyViewedColumns('staff'),
        },
      };
    });
    renderActions();
    await userEvent.click(screen.getByRole('button', { name: 'Recently viewed projects' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Remove DEM-00012 from recently viewed' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'DEM-00012' })).not.toBeInTheDocument());
    const del = calls.find((c) => c.method === 'DELETE')!;
    expect(del).toMatchObject({ url: '/api/recently-viewed/12', headers: { 'x-siteflow-csrf': '1' } });
    expect(calls.filter((c) => c.method === 'GET')).toHaveLength(2);

    await userEvent.click(screen.getByRole('button', { name: 'Remove DEM-00013 from recently viewed' }));
    expect(await screen.findByText(SEARCH_TEXT.noRecent)).toBeInTheDocument();
  });
});
