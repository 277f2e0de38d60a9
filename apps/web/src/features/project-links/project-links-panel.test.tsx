import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PROJECT_LINK_MESSAGE_MS, PROJECT_LINK_TEXT, type ProjectLinkView } from '@siteflow/core';
import { mockFetch, renderScreen, tenantSession, type FetchCall } from '../../test/render';
import { stubMatchMedia } from '../../test/setup';
import { toHttpsInput } from './link-form';
import { ProjectLinksPanel } from './project-links-panel';

const LINK: ProjectLinkView = {
  id: '00000000-0000-4000-8000-0000000000f1',
  title: 'Site photos',
  url: 'https://photos.example.com/site-42',
  summary: 'Shared album',
  updated_at: '2026-11-20T10:00:00.000Z',
};

type Handler = (call: FetchCall) => { status?: number; body?: unknown } | undefined;

/** The list answers with `rows`; `handler` answers anything else first. */
function setup(handler: Handler = () => undefined, canManage = true, rows: ProjectLinkView[] = [LINK]) {
  const fetch = mockFetch((call) => {
    const own = handler(call);
    if (own) return own;
    if (call.method === 'GET' && call.url.startsWith('/api/projects/42/links?'))
      return { body: { items: rows, total: rows.length, page: 1, pageSize: 10 } };
    if (call.method === 'GET' && call.url === `/api/projects/42/links/${LINK.id}`) return { body: LINK };
    return { status: 404, body: { message: 'Not found.' } };
  });
  renderScreen(<ProjectLinksPanel projectId={42} canManage={canManage} />, {
    session: tenantSession(['projects.view', 'projectLinks.manage']),
  });
  return fetch;
}

const drawer = () => screen.getAllByRole('dialog')[0]!;
const listCalls = (calls: FetchCall[]) => calls.filter((c) => c.method === 'GET' && c.url.includes('/links?'));

describe('toHttpsInput', () => {
  it('always keeps one https:// in front', () => {
    expect(toHttpsInput('e')).toBe('https://e');
    expect(toHttpsInput('example.com')).toBe('https://example.com');
    expect(toHttpsInput('http://example.com/a')).toBe('https://example.com/a');
    expect(toHttpsInput('HTTPS://example.com')).toBe('https://example.com');
    expect(toHttpsInput('https://http://example.com')).toBe('https://example.com');
    expect(toHttpsInput('https:/', 'https://')).toBe('');
    expect(toHttpsInput('')).toBe('');
  });
});

describe('Project links panel', () => {
  beforeEach(() => {
    stubMatchMedia(true);
    Element.prototype.scrollTo ??= () => undefined;
  });
  afterEach(() => vi.useRealTimers());

  it('lists links with Title and a Url that opens in a new tab', async () => {
    const { calls } = setup();
    const link = await screen.findByRole('link', { name: /photos\.example\.com/ });
    expect(link).toHaveAttribute('href', LINK.url);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(screen.getByText('Site photos')).toBeInTheDocument();
    expect(listCalls(calls)[0]!.url).toBe('/api/projects/42/links?page=1&pageSize=10');
  });

  it('offers neither Add New nor edit without canManage', async () => {
    setup(undefined, false);
    await screen.findByText('Site photos');
    expect(screen.queryByRole('button', { name: PROJECT_LINK_TEXT.addNew })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Site photos' })).not.toBeInTheDocument();
  });

  it('forces https:// as the user types, creates, shows Created Item... for 4 seconds and clears the form', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { calls } = setup((call) =>
      call.method === 'POST'
        ? { status: 201, body: { message: PROJECT_LINK_TEXT.created, link: { ...LINK, id: LINK.id } } }
        : undefined,
    );
    await user.click(await screen.findByRole('button', { name: PROJECT_LINK_TEXT.addNew }));
    expect(await screen.findByRole('dialog', { name: PROJECT_LINK_TEXT.create })).toBeInTheDocument();
    const url = within(drawer()).getByLabelText('Url');
    await user.type(url, 'http://docs.example.com');
    expect(url).toHaveValue('https://docs.example.com');
    await user.clear(url);
    await user.type(url, 'plans.example.com/v2');
    expect(url).toHaveValue('https://plans.example.com/v2');
    await user.type(within(drawer()).getByLabelText('Title'), 'Plans');
    await user.type(within(drawer()).getByLabelText('Summary'), 'Latest drawings');
    const before = listCalls(calls).length;
    await user.click(within(drawer()).getByRole('button', { name: 'Save' }));

    expect(await within(drawer()).findByText(PROJECT_LINK_TEXT.created)).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post).toMatchObject({
      url: '/api/projects/42/links',
      body: { title: 'Plans', url: 'https://plans.example.com/v2', summary: 'Latest drawings' },
      headers: { 'x-siteflow-csrf': '1' },
    });
    expect(within(drawer()).getByLabelText('Title')).toHaveValue('');
    expect(within(drawer()).getByLabelText('Url')).toHaveValue('');
    expect(within(drawer()).getByLabelText('Summary')).toHaveValue('');
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(before));

    await act(() => {
      vi.advanceTimersByTime(PROJECT_LINK_MESSAGE_MS - 200);
    });
    expect(within(drawer()).getByText(PROJECT_LINK_TEXT.created)).toBeInTheDocument();
    await act(() => {
      vi.advanceTimersByTime(400);
    });
    expect(within(drawer()).queryByText(PROJECT_LINK_TEXT.created)).not.toBeInTheDocument();
  });

  it('checks the empty form in the browser: the Url says why under the field and nothing is sent', async () => {
    const user = userEvent.setup();
    const { calls } = setup((call) =>
      call.method === 'POST'
        ? { status: 201, body: { message: PROJECT_LINK_TEXT.created, link: { ...LINK, title: '' } } }
        : undefined,
    );
    await user.click(await screen.findByRole('button', { name: PROJECT_LINK_TEXT.addNew }));
    await screen.findByRole('dialog', { name: PROJECT_LINK_TEXT.create });
    await user.click(within(drawer()).getByRole('button', { name: 'Save' }));

    const url = within(drawer()).getByLabelText('Url');
    await waitFor(() => expect(url).toHaveAccessibleDescription(PROJECT_LINK_TEXT.urlInvalid));
    expect(url).toHaveAttribute('aria-invalid', 'true');
    expect(within(drawer()).getByLabelText('Title')).not.toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
    expect(within(drawer()).queryByTestId('link-form-message')).not.toBeInTheDocument();

    // A web address clears the message and the link is sent.
    await user.type(url, 'docs.example.com');
    await user.click(within(drawer()).getByRole('button', { name: 'Save' }));
    expect(await within(drawer()).findByText(PROJECT_LINK_TEXT.created)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      title: '',
      url: 'https://docs.example.com',
      summary: '',
    });
  });

  it('a refused create (422) keeps the server message in the banner and shows each field message under its field', async () => {
    const user = userEvent.setup();
    setup((call) =>
      call.method === 'POST'
        ? {
            status: 422,
            body: {
              message: 'The given data was invalid.',
              errors: { title: ['The title is taken.'], url: [PROJECT_LINK_TEXT.urlInvalid] },
            },
          }
        : undefined,
    );
    await user.click(await screen.findByRole('button', { name: PROJECT_LINK_TEXT.addNew }));
    await screen.findByRole('dialog', { name: PROJECT_LINK_TEXT.create });
    await user.type(within(drawer()).getByLabelText('Title'), 'Plans');
    await user.type(within(drawer()).getByLabelText('Url'), 'plans.example.com');
    await user.click(within(drawer()).getByRole('button', { name: 'Save' }));

    expect(await within(drawer()).findByTestId('link-form-message')).toHaveTextContent('The given data was invalid.');
    expect(within(drawer()).getByLabelText('Title')).toHaveAccessibleDescription('The title is taken.');
    expect(within(drawer()).getByLabelText('Url')).toHaveAccessibleDescription(PROJECT_LINK_TEXT.urlInvalid);
  });

  it('edits a link: Saved Item..., and a failure shows the server message or the fallback', async () => {
    let reply: { status: number; body?: unknown } = {
      status: 422,
      body: { message: 'The given data was invalid.', errors: { url: [PROJECT_LINK_TEXT.urlInvalid] } },
    };
    const { calls } = setup((call) => (call.method === 'PUT' ? reply : undefined));
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Site photos' }));
    expect(await screen.findByRole('dialog', { name: PROJECT_LINK_TEXT.edit })).toBeInTheDocument();
    const title = await within(drawer()).findByLabelText('Title');
    expect(title).toHaveValue('Site photos');
    expect(within(drawer()).getByLabelText('Url')).toHaveValue(LINK.url);

    await userEvent.click(within(drawer()).getByRole('button', { name: 'Save' }));
    expect(await within(drawer()).findByText('The given data was invalid.')).toBeInTheDocument();
    expect(within(drawer()).getByLabelText('Url')).toHaveAccessibleDescription(PROJECT_LINK_TEXT.urlInvalid);

    reply = { status: 500 };
    await userEvent.click(within(drawer()).getByRole('button', { name: 'Save' }));
    expect(await within(drawer()).findByText(PROJECT_LINK_TEXT.saveFailed)).toBeInTheDocument();

    reply = { status: 200, body: { message: PROJECT_LINK_TEXT.saved, link: { ...LINK, title: 'Site photos 2' } } };
    await userEvent.clear(title);
    await userEvent.type(title, 'Site photos 2');
    await userEvent.click(within(drawer()).getByRole('button', { name: 'Save' }));
    expect(await within(drawer()).findByText(PROJECT_LINK_TEXT.saved)).toBeInTheDocument();
    // Success clears the earlier failure.
    expect(within(drawer()).queryByText(PROJECT_LINK_TEXT.saveFailed)).not.toBeInTheDocument();
    const put = calls.filter((c) => c.method === 'PUT').at(-1)!;
    expect(put).toMatchObject({ url: `/api/projects/42/links/${LINK.id}`, body: { title: 'Site photos 2' } });
  });

  it('after a rename, the delete dialog names the new title', async () => {
    setup((call) =>
      call.method === 'PUT'
        ? { body: { message: PROJECT_LINK_TEXT.saved, link: { ...LINK, title: 'Drone photos' } } }
        : undefined,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Site photos' }));
    const form = await screen.findByRole('dialog', { name: PROJECT_LINK_TEXT.edit });
    const title = await within(form).findByLabelText('Title');
    await userEvent.clear(title);
    await userEvent.type(title, 'Drone photos');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText(PROJECT_LINK_TEXT.saved)).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this link?' });
    expect(confirm).toHaveTextContent('“Drone photos” will be removed from the project.');
    expect(confirm).not.toHaveTextContent('Site photos');
  });

  it('says Failed to load item... when the link cannot be loaded', async () => {
    setup((call) => (call.url === `/api/projects/42/links/${LINK.id}` ? { status: 500 } : undefined));
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Site photos' }));
    expect(await screen.findByText(PROJECT_LINK_TEXT.loadFailed)).toBeInTheDocument();
  });

  it('deletes after confirming: a failure says so; success closes the form and refreshes the table', async () => {
    let fail = true;
    const { calls } = setup((call) =>
      call.method === 'DELETE' ? (fail ? { status: 500 } : { body: { message: 'Deleted Item...' } }) : undefined,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Site photos' }));
    await within(await screen.findByRole('dialog', { name: PROJECT_LINK_TEXT.edit })).findByLabelText('Title');

    const form = screen.getByRole('dialog', { name: PROJECT_LINK_TEXT.edit });
    await userEvent.click(within(form).getByRole('button', { name: 'Delete' }));
    await userEvent.click(await confirmButton());
    expect(await within(form).findByText(PROJECT_LINK_TEXT.deleteFailed)).toBeInTheDocument();

    fail = false;
    const before = listCalls(calls).length;
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete this link?' })).not.toBeInTheDocument());
    await userEvent.click(within(form).getByRole('button', { name: 'Delete' }));
    await userEvent.click(await confirmButton());
    await waitFor(() => expect(screen.queryByRole('dialog', { name: PROJECT_LINK_TEXT.edit })).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'DELETE').at(-1)!.url).toBe(`/api/projects/42/links/${LINK.id}`);
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(before));
  });
});

/** The confirm dialog's Delete (the form has one too). */
async function confirmButton() {
  const confirm = await screen.findByRole('dialog', { name: 'Delete this link?' });
  return within(confirm).getByRole('button', { name: 'Delete' });
}
