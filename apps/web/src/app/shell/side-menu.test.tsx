import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockFetch, platformSession, renderScreen, tenantSession } from '../../test/render';
import { AppLayout } from './app-layout';
import { activeHref, menuFor, menuPath } from './menu';
import { MENU_COLLAPSED_KEY } from './use-menu-collapsed';

/** A desktop-wide window: the collapse toggle only exists there. */
function desktop() {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    configurable: true,
    value: (query: string) => ({
      matches: query.includes('min-width'),
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

describe('Side menu', () => {
  beforeEach(() => desktop());

  it('collapses to icons with the toggle at the bottom, and remembers it', async () => {
    mockFetch(() => ({ status: 500 }));
    const first = renderScreen(<AppLayout />, { route: '/staff', path: '/staff' });
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    const toggle = within(nav).getByRole('button', { name: 'Collapse menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(within(nav).getByText('All staff')).toBeInTheDocument();
    expect(window.localStorage.getItem(MENU_COLLAPSED_KEY)).toBeNull();

    await userEvent.click(toggle);
    const expand = within(nav).getByRole('button', { name: 'Expand menu' });
    expect(expand).toHaveAttribute('aria-expanded', 'false');
    expect(window.localStorage.getItem(MENU_COLLAPSED_KEY)).toBe('true');
    // Icons only: the names are no longer shown as text.
    expect(within(nav).queryByText('All staff')).not.toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: 'Staff' })).toBeInTheDocument();

    // A later visit starts collapsed.
    first.unmount();
    renderScreen(<AppLayout />, { route: '/staff', path: '/staff' });
    const again = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(again).getByRole('button', { name: 'Expand menu' })).toHaveAttribute('aria-expanded', 'false');

    await userEvent.click(within(again).getByRole('button', { name: 'Expand menu' }));
    expect(window.localStorage.getItem(MENU_COLLAPSED_KEY)).toBe('false');
    expect(within(again).getByText('All staff')).toBeInTheDocument();
  });

  it('marks the current page and offers only what the user may do', () => {
    mockFetch(() => ({ status: 500 }));
    renderScreen(<AppLayout />, {
      route: '/staff',
      path: '/staff',
      session: tenantSession(['staff.view', 'settings.view']),
    });
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(nav).getByRole('link', { name: 'All staff' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Legal settings' })).toHaveAttribute('href', '/settings');
    expect(within(nav).queryByRole('link', { name: 'New staff' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: /customers/i })).not.toBeInTheDocument();
  });

  it('shows the platform menu, the user and their role in the header', () => {
    mockFetch(() => ({ status: 500 }));
    renderScreen(<AppLayout />, { route: '/customers', path: '/customers', session: platformSession() });
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(nav).getByRole('link', { name: 'All customers' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'New customer' })).toHaveAttribute('href', '/customers/new');
    expect(within(nav).getByRole('link', { name: 'Mailbox' })).toHaveAttribute('href', '/mailbox');
    expect(within(nav).queryByText('All staff')).not.toBeInTheDocument();
    const header = screen.getByRole('banner');
    expect(within(header).getByText('Ada Admin')).toBeInTheDocument();
    expect(within(header).getByText('Platform Admin')).toBeInTheDocument();
  });

  it('names the logo link after what it shows (the wordmark’s word, or the company’s logo) and where it goes', () => {
    mockFetch(() => ({ status: 500 }));
    const wordmark = renderScreen(<AppLayout />, { route: '/staff', path: '/staff' });
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(nav).getByText('Siteflow')).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Siteflow, Demo Builders home' })).toHaveAttribute('href', '/');
    wordmark.unmount();

    const withLogo = tenantSession();
    withLogo.tenant = { ...withLogo.tenant, has_logo: true, logo_url: '/api/tenant/logo?v=1' };
    renderScreen(<AppLayout />, { route: '/staff', path: '/staff', session: withLogo });
    const link = within(screen.getByRole('navigation', { name: 'Main menu' })).getByRole('link', {
      name: 'Demo Builders home',
    });
    expect(within(link).getByRole('img', { name: 'Demo Builders logo' })).toBeInTheDocument();
  });

  it('signs out with the CSRF header and forgets the user', async () => {
    const { calls } = mockFetch(() => ({ status: 200, body: { message: 'You have been signed out.' } }));
    const { client } = renderScreen(<AppLayout />, { route: '/staff', path: '/staff' });
    // One button for wide screens, an icon for narrow ones (CSS shows one; the test DOM has no CSS).
    await userEvent.click(screen.getAllByRole('button', { name: 'Sign out' })[0]!);
    await waitFor(() =>
      expect(calls[0]).toMatchObject({ url: '/api/auth/logout', method: 'POST', headers: { 'x-siteflow-csrf': '1' } }),
    );
    await waitFor(() => expect((client.getQueryData(['session']) as { user: unknown }).user).toBeNull());
  });
});

describe('menu model', () => {
  it('marks the item for the current path and query, falling back to the closest parent path', () => {
    const items = menuFor(platformSession());
    expect(activeHref(items, '/customers', '')).toBe('/customers');
    expect(activeHref(items, '/customers/new', '')).toBe('/customers/new');
    expect(activeHref(items, '/customers/123/edit', '')).toBe('/customers');
    expect(activeHref(items, '/mailbox/abc', '')).toBe('/mailbox');
    expect(activeHref(items, '/settings/new', '?x=1')).toBe('/settings');
    expect(activeHref(items, '/elsewhere', '')).toBeNull();
  });

  it('offers every role the published terms and policies, in both areas', () => {
    for (const session of [platformSession(), tenantSession([]), tenantSession(['projects.view', 'tasks.view'])]) {
      const legal = menuFor(session).find((item) => item.label === 'Terms and policies');
      expect(legal?.href).toBe('/legal');
      expect(activeHref(menuFor(session), '/legal', '')).toBe('/legal');
    }
  });

  it('keeps My certifications marked on the own certifications it redirects to, not on anyone else’s', () => {
    const session = tenantSession(['certificates.view']);
    const items = menuFor(session);
    const own = `/users/${session.user!.id}/certifications`;
    expect(activeHref(items, menuPath(session, own), '')).toBe('/certifications/me');
    expect(activeHref(items, menuPath(session, '/users/someone-else/certifications'), '')).not.toBe(
      '/certifications/me',
    );
  });
});
