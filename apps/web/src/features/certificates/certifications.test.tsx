import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CERTIFICATE_TEXT, DOWNLOAD_STAGGER_MS } from '@siteflow/core';
import { mockFetch, renderScreen, tenantSession, type FetchCall } from '../../test/render';
import { CertificationsMeRedirect, CertificationsScreen } from './certifications-screen';
import { downloadAll } from './download';
import { formatDeleteDate, formatExpiry } from './format';
import { ownerFromPath } from './owner';
import {
  CERT_ID,
  FILE_ID,
  FIRST_AID,
  USER_ID,
  WORKING_AT_HEIGHTS,
  certificationsView,
  firstAidType,
  ofType,
} from './test-fixtures';

const USER_ROUTE = `/users/${USER_ID}/certifications`;

function renderCertifications(route = USER_ROUTE) {
  return renderScreen(<CertificationsScreen />, {
    session: tenantSession(['certificates.view', 'certificates.manage']),
    route,
    path: route.startsWith('/users') ? '/users/:userId/certifications' : '/service-providers/:id/certifications',
  });
}

type Handler = (call: FetchCall) => { status?: number; body?: unknown } | undefined;

/** The certifications API: the list, the type views, and whatever the test adds. */
function api(view = certificationsView(), extra: Handler = () => undefined) {
  return mockFetch((call) => {
    const own = extra(call);
    if (own) return own;
    const path = call.url.split('?')[0] ?? '';
    if (call.method === 'GET' && path === `/api/certifications/${USER_ID}`) return { body: view };
    const typeMatch = /^\/api\/certifications\/[^/]+\/types\/([^/]+)$/.exec(path);
    if (call.method === 'GET' && typeMatch) {
      if (typeMatch[1] === WORKING_AT_HEIGHTS) {
        return {
          body: ofType({
            type: firstAidType({
              id: WORKING_AT_HEIGHTS,
              name: 'Working At Heights',
              fields: {},
              mandatory_for_users: false,
            }),
            certificates: [],
          }),
        };
      }
      return { body: ofType() };
    }
    return { status: 404, body: { message: 'Not found.' } };
  });
}

afterEach(() => vi.useRealTimers());

// Typing-heavy modal journeys are slow on a loaded machine.
describe('Certifications page', { timeout: 60_000 }, () => {
  it('shows the owner, the counters with their icons, and the cards with expiry and validity', async () => {
    const { calls } = api();
    renderCertifications();
    // The first render of the file loads Mantine and the screen: allow for a busy machine.
    expect(
      await screen.findByRole('heading', { name: 'Olivia Nguyen — Certifications' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(calls[0]?.url).toBe(`/api/certifications/${USER_ID}?is_service_provider=false`);

    const mandatory = screen.getByRole('region', { name: CERTIFICATE_TEXT.mandatoryTitle });
    expect(within(mandatory).getByText('1 / 2 Valid Mandatory Certificates')).toBeInTheDocument();
    expect(
      within(mandatory).getByRole('img', { name: 'Some mandatory certificates are not valid' }),
    ).toBeInTheDocument();
    const firstAid = within(mandatory).getByRole('button', { name: /^First Aid/ });
    expect(firstAid).toHaveTextContent('5th March 2027');
    expect(within(firstAid).getByRole('img', { name: 'Valid' })).toBeInTheDocument();
    const whiteCard = within(mandatory).getByRole('button', { name: /^White Card/ });
    expect(whiteCard).toHaveTextContent('22nd November 2025');
    expect(within(whiteCard).getByRole('img', { name: 'Expired' })).toBeInTheDocument();

    const additional = screen.getByRole('region', { name: CERTIFICATE_TEXT.additionalTitle });
    expect(within(additional).getByText('1 / 1 Valid Additional Certificates')).toBeInTheDocument();
    expect(within(additional).getByRole('img', { name: 'All additional certificates valid' })).toBeInTheDocument();
    // No expiry: N/A, and valid (it does not expire).
    const forklift = within(additional).getByRole('button', { name: /^Forklift Licence/ });
    expect(forklift).toHaveTextContent('Expiry: N/A');
    expect(forklift).toHaveAccessibleName(/valid, no expiry$/);
    expect(within(forklift).getByRole('img', { name: 'Valid' })).toBeInTheDocument();
  });

  it('all mandatory valid shows the green tick', async () => {
    api(certificationsView({ mandatory_valid: 2, mandatory_total: 2 }));
    renderCertifications();
    expect(await screen.findByText('2 / 2 Valid Mandatory Certificates')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'All mandatory certificates valid' })).toBeInTheDocument();
  });

  it('provider mode asks with is_service_provider=true for the id in the path', async () => {
    const providerId = '99999999-9999-4999-8999-999999999999';
    const { calls } = mockFetch(() => ({
      body: certificationsView({ owner: { kind: 'service_provider', id: providerId, name: 'Acme Electrical' } }),
    }));
    renderCertifications(`/service-providers/${providerId}/certifications`);
    expect(await screen.findByRole('heading', { name: 'Acme Electrical — Certifications' })).toBeInTheDocument();
    expect(calls[0]?.url).toBe(`/api/certifications/${providerId}?is_service_provider=true`);
    expect(ownerFromPath(`/service-providers/${providerId}/certifications`)).toEqual({
      id: providerId,
      isProvider: true,
    });
    expect(ownerFromPath(`/users/${USER_ID}/certifications`)).toEqual({ id: USER_ID, isProvider: false });
  });

  it('the round plus button shows only while unused additional types remain', async () => {
    api(certificationsView({ unused_additional_types: [] }));
    renderCertifications();
    await screen.findByText('1 / 2 Valid Mandatory Certificates');
    expect(screen.queryByRole('button', { name: 'Add additional certificate' })).not.toBeInTheDocument();
  });

  it('the plus button asks for the type, then opens the create modal of that type', async () => {
    api();
    renderCertifications();
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Add additional certificate' }));
    const chooser = await screen.findByRole('dialog', { name: 'Add additional certificate' });
    await user.click(within(chooser).getByRole('button', { name: 'Continue' }));
    expect(await within(chooser).findByText(CERTIFICATE_TEXT.typeRequired)).toBeInTheDocument();
    await user.click(within(chooser).getByRole('combobox', { name: 'Certificate type' }));
    await user.click(await screen.findByRole('option', { name: 'Working At Heights' }));
    await user.click(within(chooser).getByRole('button', { name: 'Continue' }));
    const modal = await screen.findByRole('dialog', { name: CERTIFICATE_TEXT.addNew('Working At Heights') });
    expect(await within(modal).findByRole('button', { name: CERTIFICATE_TEXT.save })).toBeInTheDocument();
    expect(within(modal).getByRole('button', { name: CERTIFICATE_TEXT.uploadFiles })).toBeInTheDocument();
  });

  it('a type without a certificate is a plus tile that opens the create modal', async () => {
    const view = certificationsView();
    view.mandatoryCertificates[0] = {
      type: { id: FIRST_AID, name: 'First Aid', details: null },
      user_certificate: [],
      validity: 'none',
    };
    const { calls } = api(view, (call) => (call.method === 'POST' ? { status: 201, body: {} } : undefined));
    renderCertifications();
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'First Aid: no certificate yet, add one' }));
    const modal = await screen.findByRole('dialog', { name: CERTIFICATE_TEXT.addNew('First Aid') });
    // The type's own fields, required ones marked.
    const provider = await within(modal).findByRole('textbox', { name: /Training Provider/ });
    expect(provider).toBeRequired();
    expect(within(modal).getByRole('combobox', { name: 'Level' })).toBeInTheDocument();
    expect(within(modal).getByRole('checkbox', { name: 'Includes CPR' })).toBeInTheDocument();
    expect(within(modal).getByRole('textbox', { name: 'Course Hours' })).toBeInTheDocument();
    for (const label of ['Name', 'License Number', 'Country', 'Comments']) {
      expect(within(modal).getByRole('textbox', { name: label })).toBeInTheDocument();
    }
    expect(within(modal).getByRole('button', { name: 'Expiry' })).toBeInTheDocument();
    expect(within(modal).getByRole('button', { name: 'Issue Date' })).toBeInTheDocument();

    // A required type field left empty stops the save with its message.
    await user.click(within(modal).getByRole('button', { name: CERTIFICATE_TEXT.save }));
    expect(await within(modal).findByText(CERTIFICATE_TEXT.fieldRequired('Training Provider'))).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.type(provider, 'Red Cross');
    await user.type(within(modal).getByRole('textbox', { name: 'Name' }), 'My first aid');
    await user.click(within(modal).getByRole('checkbox', { name: 'Includes CPR' }));
    await user.click(within(modal).getByRole('button', { name: CERTIFICATE_TEXT.save }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.url).toBe(`/api/certifications/${USER_ID}?is_service_provider=false`);
    const body = post?.body as Record<string, string>;
    expect(body.type_id).toBe(FIRST_AID);
    expect(body.name).toBe('My first aid');
    expect(JSON.parse(body.details ?? '{}')).toEqual({
      provider_name: 'Red Cross',
      level: null,
      cpr: true,
      hours: null,
    });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: CERTIFICATE_TEXT.addNew('First Aid') })).not.toBeInTheDocument(),
    );
    expect(await screen.findByText(CERTIFICATE_TEXT.created)).toBeInTheDocument();
  });

  it('server errors show beside their fields', async () => {
    api(certificationsView(), (call) =>
      call.method === 'POST'
        ? {
            status: 422,
            body: {
              message: 'The given data was invalid.',
              errors: {
                expiry: ['The expiry must be on or after the issue date.'],
                'details.level': ['Choose a Level from the list.'],
                'files.0': [CERTIFICATE_TEXT.fileType],
              },
            },
          }
        : undefined,
    );
    renderCertifications(`${USER_ROUTE}?type=${FIRST_AID}`);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: CERTIFICATE_TEXT.addNew('First Aid') }));
    const modal = await screen.findByRole('dialog', { name: CERTIFICATE_TEXT.addNew('First Aid') });
    await user.type(await within(modal).findByRole('textbox', { name: /Training Provider/ }), 'St John');
    await user.click(within(modal).getByRole('button', { name: CERTIFICATE_TEXT.save }));
    expect(await within(modal).findByText('The expiry must be on or after the issue date.')).toBeInTheDocument();
    expect(within(modal).getByText('Choose a Level from the list.')).toBeInTheDocument();
    expect(within(modal).getByText(CERTIFICATE_TEXT.fileType)).toBeInTheDocument();
    expect(within(modal).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('the details view shows the type, samples, the owner’s certificates, and goes back', async () => {
    api(certificationsView(), (call) =>
      call.method === 'GET' && call.url.includes('/types/')
        ? {
            body: ofType({
              type: firstAidType({
                files: [1, 2, 3].map((n) => ({
                  id: `aaaaaaaa-aaaa-4aaa-8aaa-00000000000${n}`,
                  name: `sample-${n}.png`,
                  filable_id: FIRST_AID,
                  mime: 'image/png',
                  size: 70,
                  url: `/documents/file/${FIRST_AID}/aaaaaaaa-aaaa-4aaa-8aaa-00000000000${n}`,
                })),
              }),
            }),
          }
        : undefined,
    );
    renderCertifications();
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: /^First Aid/ }));
    expect(await screen.findByRole('heading', { name: 'First Aid' })).toBeInTheDocument();
    expect(screen.getByText('A current first aid certificate (HLTAID011).')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Samples (3)' })).toBeInTheDocument();
    expect(screen.getByText('1/3')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /sample-1\.png/ })).toHaveAttribute(
      'src',
      `/documents/file/${FIRST_AID}/aaaaaaaa-aaaa-4aaa-8aaa-000000000001`,
    );
    await user.click(screen.getByRole('button', { name: 'Next sample' }));
    expect(screen.getByText('2/3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous sample' }));
    await user.click(screen.getByRole('button', { name: 'Previous sample' }));
    expect(screen.getByText('3/3')).toBeInTheDocument();

    const card = screen.getByRole('article', { name: 'Senior First Aid' });
    expect(card).toHaveTextContent('FA-123');
    expect(card).toHaveTextContent('5th March 2024');
    expect(card).toHaveTextContent('5th March 2027');
    expect(card).toHaveTextContent('St John');
    expect(within(card).getByRole('link', { name: 'first-aid.png' })).toHaveAttribute(
      'href',
      `/documents/file/${CERT_ID}/${FILE_ID}`,
    );
    expect(within(card).getByRole('img', { name: 'Valid' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: CERTIFICATE_TEXT.addNew('First Aid') })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: CERTIFICATE_TEXT.back }));
    expect(await screen.findByText('1 / 2 Valid Mandatory Certificates')).toBeInTheDocument();
  });

  it('no samples shows the empty text', async () => {
    api();
    renderCertifications(`${USER_ROUTE}?type=${FIRST_AID}`);
    expect(await screen.findByText(CERTIFICATE_TEXT.noSamples)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Samples (0)' })).toBeInTheDocument();
  });

  it('editing opens the modal with the saved values, Update, and the kept files', async () => {
    const { calls } = api(certificationsView(), (call) => (call.method === 'PUT' ? { body: {} } : undefined));
    renderCertifications(`${USER_ROUTE}?type=${FIRST_AID}`);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Edit Senior First Aid' }));
    const modal = await screen.findByRole('dialog', { name: 'Edit First Aid' });
    expect(within(modal).getByRole('textbox', { name: 'Name' })).toHaveValue('Senior First Aid');
    expect(within(modal).getByRole('textbox', { name: /Training Provider/ })).toHaveValue('St John');
    expect(within(modal).getByRole('checkbox', { name: 'Includes CPR' })).toBeChecked();
    expect(within(modal).getByRole('button', { name: 'Expiry' })).toHaveTextContent('2027-03-05');
    expect(within(modal).queryByRole('button', { name: CERTIFICATE_TEXT.save })).not.toBeInTheDocument();
    expect(within(modal).getByText('first-aid.png')).toBeInTheDocument();

    // A new file is listed; the saved one removed is not sent as kept.
    const input = modal.ownerDocument.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    await user.upload(input, new File([new Uint8Array([137, 80, 78, 71])], 'scan.pdf', { type: 'application/pdf' }));
    expect(within(modal).getByText('scan.pdf')).toBeInTheDocument();
    await user.click(within(modal).getByRole('button', { name: 'Remove first-aid.png' }));
    expect(within(modal).queryByText('first-aid.png')).not.toBeInTheDocument();

    await user.click(within(modal).getByRole('button', { name: CERTIFICATE_TEXT.update }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.url).toBe(`/api/certifications/${USER_ID}/${CERT_ID}?is_service_provider=false`);
    const body = put?.body as Record<string, unknown>;
    expect(body.expiry).toBe('2027-03-05');
    expect(body['files[0]']).toBeInstanceOf(File);
    expect(Object.keys(body).some((k) => k.startsWith('existingFiles'))).toBe(false);
  });

  it('keeps the saved files on update as existingFiles[n]', async () => {
    const { calls } = api(certificationsView(), (call) => (call.method === 'PUT' ? { body: {} } : undefined));
    renderCertifications(`${USER_ROUTE}?type=${FIRST_AID}`);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Edit Senior First Aid' }));
    const modal = await screen.findByRole('dialog', { name: 'Edit First Aid' });
    await user.click(within(modal).getByRole('button', { name: CERTIFICATE_TEXT.update }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect((calls.find((c) => c.method === 'PUT')?.body as Record<string, unknown>)['existingFiles[0]']).toBe(FILE_ID);
  });

  it('rejects a file that is not JPG, PNG or PDF', async () => {
    api();
    renderCertifications(`${USER_ROUTE}?type=${FIRST_AID}`);
    const user = userEvent.setup({ delay: null, applyAccept: false });
    await user.click(await screen.findByRole('button', { name: CERTIFICATE_TEXT.addNew('First Aid') }));
    const modal = await screen.findByRole('dialog', { name: CERTIFICATE_TEXT.addNew('First Aid') });
    await within(modal).findByRole('textbox', { name: /Training Provider/ });
    const input = modal.ownerDocument.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    await user.upload(input, new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(await within(modal).findByText(CERTIFICATE_TEXT.fileType)).toBeInTheDocument();
    expect(within(modal).queryByText('notes.txt')).not.toBeInTheDocument();
  });

  it('delete asks with the type name and the expiry date, then says Certificate Deleted!', async () => {
    const { calls } = api(certificationsView(), (call) =>
      call.method === 'DELETE' ? { body: { message: CERTIFICATE_TEXT.deleted } } : undefined,
    );
    renderCertifications(`${USER_ROUTE}?type=${FIRST_AID}`);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Delete Senior First Aid' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete First Aid?' });
    expect(dialog).toHaveTextContent('Friday the 5th of March 2027');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: CERTIFICATE_TEXT.delete }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(calls.find((c) => c.method === 'DELETE')?.url).toBe(`/api/certificates/${CERT_ID}`);
    expect(await screen.findByText(CERTIFICATE_TEXT.deleted)).toBeInTheDocument();
  });

  it('without the right to manage there are no add, edit or delete controls', async () => {
    api(certificationsView({ abilities: { manage: false } }), (call) =>
      call.method === 'GET' && call.url.includes('/types/')
        ? { body: ofType({ abilities: { manage: false } }) }
        : undefined,
    );
    renderCertifications(`${USER_ROUTE}?type=${FIRST_AID}`);
    await screen.findByRole('article', { name: 'Senior First Aid' });
    expect(screen.queryByRole('button', { name: CERTIFICATE_TEXT.addNew('First Aid') })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Senior First Aid' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Senior First Aid' })).not.toBeInTheDocument();
  });

  it('shows an error state with a retry when the list cannot load', async () => {
    mockFetch(() => ({ status: 500, body: { message: 'Database unavailable.' } }));
    renderCertifications();
    expect(await screen.findByText('Database unavailable.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('/certifications/me goes to the signed-in user’s page', async () => {
    renderScreen(<CertificationsMeRedirect />, { route: '/certifications/me', path: '/certifications/me' });
    expect(await screen.findByTestId('location')).toHaveTextContent(`/users/${USER_ID}/certifications`);
  });
});

describe('certificate dates and downloads', () => {
  it('formats expiry and the delete date, N/A when none', () => {
    expect(formatExpiry('2027-03-01')).toBe('1st March 2027');
    expect(formatExpiry('2026-11-22')).toBe('22nd November 2026');
    expect(formatExpiry(null)).toBe(CERTIFICATE_TEXT.notApplicable);
    expect(formatDeleteDate('2026-11-22')).toBe('Sunday the 22nd of November 2026');
    expect(formatDeleteDate(null)).toBe('N/A');
  });

  it('starts several downloads one after another, 250 ms apart', () => {
    vi.useFakeTimers();
    const started: string[] = [];
    const files = ['a.png', 'b.pdf', 'c.jpg'].map((name) => ({ name, url: `/documents/file/x/${name}` }));
    downloadAll(files, (f) => started.push(f.name));
    vi.advanceTimersByTime(0);
    expect(started).toEqual(['a.png']);
    vi.advanceTimersByTime(DOWNLOAD_STAGGER_MS - 1);
    expect(started).toEqual(['a.png']);
    vi.advanceTimersByTime(1);
    expect(started).toEqual(['a.png', 'b.pdf']);
    vi.advanceTimersByTime(DOWNLOAD_STAGGER_MS);
    expect(started).toEqual(['a.png', 'b.pdf', 'c.jpg']);
  });
});
