import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { CERTIFICATE_TEXT } from '@siteflow/core';
import { mockFetch, renderScreen, tenantSession } from '../../test/render';
import { stubMatchMedia } from '../../test/setup';
import { CertificateTypeEditScreen } from './certificate-type-edit-screen';
import { KEY_DUPLICATE, KEY_MESSAGE } from './certificate-type-form';
import { CertificateTypeListScreen } from './certificate-type-list-screen';
import { FIRST_AID, firstAidType } from './test-fixtures';

const session = tenantSession(['certificateTypes.manage', 'certificates.view', 'certificates.manage']);
const SAMPLE = {
  id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
  name: 'sample-card.png',
  filable_id: FIRST_AID,
  mime: 'image/png',
  size: 70,
  url: `/documents/file/${FIRST_AID}/bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb`,
};

describe('Certificate types admin', { timeout: 60_000 }, () => {
  // mantine-datatable renders its columns for a wide screen.
  beforeEach(() => stubMatchMedia(true));

  it('lists the types with who must hold them, field and sample counts and status', async () => {
    mockFetch(() => ({
      body: {
        items: [
          firstAidType({ files: [SAMPLE] }),
          firstAidType({
            id: '22222222-2222-4222-8222-222222222222',
            name: 'Public Liability',
            fields: {},
            mandatory_for_users: false,
            mandatory_for_providers: true,
            active: false,
          }),
        ],
      },
    }));
    renderScreen(<CertificateTypeListScreen />, { session, route: '/certificate-types', path: '/certificate-types' });
    const firstAid = (await screen.findByRole('link', { name: 'First Aid' }, { timeout: 5000 })).closest('tr');
    const liability = screen.getByRole('link', { name: 'Public Liability' }).closest('tr');
    if (!firstAid || !liability) throw new Error('rows missing');
    expect(within(firstAid).getByText('Users')).toBeInTheDocument();
    expect(within(firstAid).queryByText('Providers')).not.toBeInTheDocument();
    const cells = within(firstAid)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells).toContain('4'); // fields
    expect(cells).toContain('1'); // samples
    expect(within(firstAid).getByText('Active')).toBeInTheDocument();
    expect(within(liability).getByText('Providers')).toBeInTheDocument();
    expect(within(liability).getByText('Inactive')).toBeInTheDocument();
  });

  it('refused delete shows the server’s message', async () => {
    const refusal = CERTIFICATE_TEXT.typeInUse;
    mockFetch((call) =>
      call.method === 'DELETE'
        ? { status: 422, body: { message: refusal, errors: {} } }
        : { body: { items: [firstAidType()] } },
    );
    renderScreen(<CertificateTypeListScreen />, { session, route: '/certificate-types', path: '/certificate-types' });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Delete First Aid' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete First Aid?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
  });

  it('creates a type with its own fields (options for a select) and goes to its edit page', async () => {
    const created = firstAidType({ id: '99999999-9999-4999-8999-999999999999', name: 'Electrical Licence' });
    const { calls } = mockFetch((call) =>
      call.method === 'POST' ? { status: 201, body: created } : { body: created },
    );
    renderScreen(<CertificateTypeEditScreen />, {
      session,
      route: '/certificate-types/new',
      path: '/certificate-types/new',
    });
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Electrical Licence');
    await user.type(screen.getByRole('textbox', { name: 'Description' }), 'A current electrical contractor licence.');
    await user.click(screen.getByRole('switch', { name: 'Mandatory for service providers' }));

    await user.click(screen.getByRole('button', { name: 'Add field' }));
    await user.type(screen.getByRole('textbox', { name: 'Field 1 key' }), 'Class');
    await user.type(screen.getByRole('textbox', { name: 'Field 1 label' }), 'Licence class');
    await user.click(screen.getByRole('combobox', { name: 'Field 1 type' }));
    await user.click(await screen.findByRole('option', { name: 'Select list' }));
    await user.click(screen.getByRole('checkbox', { name: 'Field 1 required' }));
    const options = screen.getByLabelText(/Field 1 options/, { selector: 'input' });
    await user.click(screen.getByRole('button', { name: 'Add field' }));
    await user.type(screen.getByRole('textbox', { name: 'Field 2 key' }), 'class');
    await user.type(screen.getByRole('textbox', { name: 'Field 2 label' }), 'Duplicate');

    await user.click(screen.getByRole('button', { name: 'Create Certificate Type' }));
    expect(await screen.findByText(KEY_MESSAGE)).toBeInTheDocument();
    expect(screen.getByText('Give at least one option.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    const key = screen.getByRole('textbox', { name: 'Field 1 key' });
    await user.clear(key);
    await user.type(key, 'class');
    await user.click(screen.getByRole('button', { name: 'Create Certificate Type' }));
    expect(await screen.findByText(KEY_DUPLICATE)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove field 2' }));
    await user.type(options, 'A{Enter}B{Enter}');

    await user.click(screen.getByRole('button', { name: 'Create Certificate Type' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.url).toBe('/api/certificate-types');
    expect(post?.body).toEqual({
      name: 'Electrical Licence',
      description: 'A current electrical contractor licence.',
      fields: { class: { label: 'Licence class', type: 'select', required: true, options: ['A', 'B'] } },
      mandatory_for_users: false,
      mandatory_for_providers: true,
      active: true,
    });
    expect(await screen.findByTestId('location')).toHaveTextContent(`/certificate-types/${created.id}/edit`);
  });

  it('edits a type: its values, its sample images with remove, and server errors by row', async () => {
    const type = firstAidType({ files: [SAMPLE] });
    const { calls } = mockFetch((call) => {
      if (call.method === 'PUT') {
        return {
          status: 422,
          body: {
            message: 'The given data was invalid.',
            errors: { 'fields.level.options': ['Options must be unique.'] },
          },
        };
      }
      if (call.method === 'DELETE') return { body: { message: 'Removed.' } };
      return { body: type };
    });
    renderScreen(<CertificateTypeEditScreen />, {
      session,
      route: `/certificate-types/${FIRST_AID}/edit`,
      path: '/certificate-types/:id/edit',
    });
    const user = userEvent.setup({ delay: null });
    expect(await screen.findByRole('heading', { name: 'Edit First Aid' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Description' })).toHaveValue(
      'A current first aid certificate (HLTAID011).',
    );
    expect(screen.getByRole('switch', { name: 'Mandatory for users' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Field 2 key' })).toHaveValue('level');
    expect(screen.getByRole('img', { name: 'Sample: sample-card.png' })).toHaveAttribute('src', SAMPLE.url);

    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Options must be unique.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.url).toBe(`/api/certificate-types/${FIRST_AID}`);

    await user.click(screen.getByRole('button', { name: 'Remove sample sample-card.png' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove sample-card.png?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'DELETE')?.url).toBe(
        `/api/certificate-types/${FIRST_AID}/samples/${SAMPLE.id}`,
      ),
    );
    expect(await screen.findByText(CERTIFICATE_TEXT.sampleDeleted)).toBeInTheDocument();
  });
});
