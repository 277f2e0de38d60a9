import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { SETTING_TEXT, type SettingView } from '@siteflow/core';
import { mockFetch, renderScreen, tenantSession } from '../../test/render';
import { stubMatchMedia } from '../../test/setup';
import { SettingListScreen } from './setting-list-screen';

const SETTING: SettingView = {
  id: '00000000-0000-4000-8000-0000000000f1',
  key: 'terms_of_service',
  value: '<p>Terms</p>',
  updated_at: new Date(Date.now() - 3 * 60_000).toISOString(),
  updated_by: 'Olivia Nguyen',
};

describe('Legal settings list', () => {
  // mantine-datatable renders its columns for a wide screen.
  beforeEach(() => stubMatchMedia(true));

  it('lists settings with when and by whom they were updated', async () => {
    mockFetch(() => ({ body: { items: [SETTING] } }));
    renderScreen(<SettingListScreen />, { route: '/settings', path: '/settings' });
    expect(await screen.findByText('terms_of_service')).toBeInTheDocument();
    expect(screen.getByText('3 minutes ago')).toBeInTheDocument();
    expect(screen.getByText('Olivia Nguyen')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit terms_of_service' })).toHaveAttribute(
      'href',
      `/settings/${SETTING.id}/edit`,
    );
  });

  it('asks before removing, then removes and says so', async () => {
    let items = [SETTING];
    const { calls } = mockFetch((call) => {
      if (call.method === 'DELETE') {
        items = [];
        return { body: { message: SETTING_TEXT.removed } };
      }
      return { body: { items } };
    });
    renderScreen(<SettingListScreen />, { route: '/settings', path: '/settings' });
    await userEvent.click(await screen.findByRole('button', { name: 'Remove terms_of_service' }));
    const dialog = await screen.findByRole('dialog');
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'DELETE')).toMatchObject({
        url: `/api/settings/${SETTING.id}`,
        headers: { 'x-siteflow-csrf': '1' },
      }),
    );
    expect(await screen.findByText(SETTING_TEXT.removed)).toBeInTheDocument();
    expect(await screen.findByText('No legal settings yet.')).toBeInTheDocument();
  });

  it('shows Edit and Remove as the same kind of link and removes from the keyboard', async () => {
    const { calls } = mockFetch((call) =>
      call.method === 'DELETE' ? { body: { message: SETTING_TEXT.removed } } : { body: { items: [SETTING] } },
    );
    renderScreen(<SettingListScreen />, { route: '/settings', path: '/settings' });
    const edit = await screen.findByRole('link', { name: 'Edit terms_of_service' });
    const remove = screen.getByRole('button', { name: 'Remove terms_of_service' });
    // One style family and size: both Mantine text links at the small size (not a bare button at the body size).
    for (const action of [edit, remove]) {
      expect(action).toHaveClass('mantine-Anchor-root');
      expect(action).toHaveAttribute('data-size', 'sm');
    }

    remove.focus();
    expect(remove).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Remove “terms_of_service”?');
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
  });

  it('hides Edit and Remove from users who may only read', async () => {
    mockFetch(() => ({ body: { items: [SETTING] } }));
    renderScreen(<SettingListScreen />, {
      route: '/settings',
      path: '/settings',
      session: tenantSession(['staff.view', 'settings.view']),
    });
    expect(await screen.findByRole('link', { name: 'View terms_of_service' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New setting' })).not.toBeInTheDocument();
  });
});
