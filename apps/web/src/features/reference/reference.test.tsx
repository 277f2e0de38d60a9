import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { REFERENCE_TEXT, type CategoryView, type ServiceView, type TagView } from '@siteflow/core';
import { mockFetch, renderScreen, tenantSession } from '../../test/render';
import { stubMatchMedia } from '../../test/setup';
import { CategoriesScreen } from './categories-screen';
import { TagsScreen } from './tags-screen';

const S1: ServiceView = {
  id: '00000000-0000-4000-8000-000000000051',
  name: 'Switchboard upgrade',
  active: true,
  category_count: 1,
};
const S2: ServiceView = {
  id: '00000000-0000-4000-8000-000000000052',
  name: 'Lighting',
  active: true,
  category_count: 0,
};
const CAT: CategoryView = {
  id: '00000000-0000-4000-8000-000000000061',
  name: 'Electrical',
  active: true,
  services: [{ id: S1.id, name: S1.name }],
};
const TAG: TagView = { id: '00000000-0000-4000-8000-000000000071', name: 'Urgent', project_count: 3 };

const MANAGER = tenantSession(['reference.view', 'reference.manage']);

describe('Reference data', () => {
  beforeEach(() => stubMatchMedia(true));

  it('edits a category with its services, and shows the server’s refusal to delete a service in use', async () => {
    const { calls } = mockFetch((call) => {
      if (call.method === 'PUT') return { body: { ...CAT, services: [S1, S2] } };
      if (call.method === 'DELETE') return { status: 422, body: { message: REFERENCE_TEXT.inUse } };
      if (call.url === '/api/services') return { body: { items: [S1, S2] } };
      return { body: { items: [CAT] } };
    });
    renderScreen(<CategoriesScreen />, {
      route: '/reference/categories',
      path: '/reference/categories',
      session: MANAGER,
    });

    await userEvent.click(await screen.findByRole('button', { name: 'Edit Electrical' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Electrical' });
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Electrical');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Services' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Lighting' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
        url: `/api/categories/${CAT.id}`,
        body: { name: 'Electrical', active: true, service_ids: [S1.id, S2.id] },
      }),
    );

    await userEvent.click(await screen.findByRole('button', { name: `Delete ${S1.name}` }));
    const confirm = await screen.findByRole('dialog', { name: `Delete service “${S1.name}”?` });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(REFERENCE_TEXT.inUse)).toBeInTheDocument();
  });

  it('adds a tag (name required) and deletes one after confirming; read-only without reference.manage', async () => {
    const { calls } = mockFetch((call) => {
      if (call.method === 'POST') return { status: 201, body: { id: TAG.id, name: 'Night works', project_count: 0 } };
      if (call.method === 'DELETE') return { body: { message: REFERENCE_TEXT.removed } };
      return { body: { items: [TAG] } };
    });
    const view = renderScreen(<TagsScreen />, { route: '/reference/tags', path: '/reference/tags', session: MANAGER });
    const row = (await screen.findByText('Urgent')).closest('tr')!;
    expect(within(row).getByText('3')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'New tag' }));
    const dialog = await screen.findByRole('dialog', { name: 'New tag' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add tag' }));
    expect(await within(dialog).findByText(REFERENCE_TEXT.nameRequired)).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Night works');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add tag' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')).toMatchObject({ url: '/api/tags', body: { name: 'Night works' } }),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Delete Urgent' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Delete tag “Urgent”?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await waitFor(() => expect(calls.find((c) => c.method === 'DELETE')?.url).toBe(`/api/tags/${TAG.id}`));

    view.unmount();
    renderScreen(<TagsScreen />, {
      route: '/reference/tags',
      path: '/reference/tags',
      session: tenantSession(['reference.view']),
    });
    await screen.findByText('Urgent');
    expect(screen.queryByRole('button', { name: 'New tag' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Urgent' })).not.toBeInTheDocument();
  });
});
