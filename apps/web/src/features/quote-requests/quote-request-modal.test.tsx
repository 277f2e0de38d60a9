import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QUOTE_REQUEST_TEXT } from '@siteflow/core';
import { mockFetch, renderScreen, tenantSession, type FetchCall } from '../../test/render';
import { addAttachments, nextUploads, type Attachment } from './attachments';
import { QuoteRequestButton } from './quote-request-button';

const REQUEST_ID = '00000000-0000-4000-8000-0000000000f1';
const AM_ID = '00000000-0000-4000-8000-0000000000a2';

const file = (name: string, size = 10) => new File([new Uint8Array(size)], name, { type: 'application/octet-stream' });

describe('attachments', () => {
  it('keeps at most 8 files and says so when more are dropped', () => {
    const first = addAttachments(
      [],
      Array.from({ length: 6 }, (_, i) => file(`a${i}.png`)),
    );
    expect(first.list).toHaveLength(6);
    expect(first.overflow).toBeNull();
    const more = addAttachments(first.list, [file('b.pdf'), file('c.docx'), file('d.msg')]);
    expect(more.list.map((a) => a.file.name)).toEqual([...first.list.map((a) => a.file.name), 'b.pdf', 'c.docx']);
    expect(more.overflow).toBe('You have reached the max file upload size.');
    expect(addAttachments(more.list, [file('e.png')]).list).toHaveLength(8);
  });

  it('refuses a file whose extension is not allowed without uploading it', () => {
    const { list } = addAttachments([], [file('notes.txt'), file('photo.JPEG')]);
    expect(list.map((a) => [a.status, a.error])).toEqual([
      ['error', QUOTE_REQUEST_TEXT.fileType],
      ['queued', undefined],
    ]);
  });

  it('starts at most 4 uploads at once', () => {
    const { list } = addAttachments(
      [],
      Array.from({ length: 7 }, (_, i) => file(`a${i}.png`)),
    );
    expect(nextUploads(list).map((a) => a.file.name)).toEqual(['a0.png', 'a1.png', 'a2.png', 'a3.png']);
    const running: Attachment[] = list.map((a, i) => (i < 3 ? { ...a, status: 'uploading' } : a));
    expect(nextUploads(running).map((a) => a.file.name)).toEqual(['a3.png']);
  });
});

type Reply = { status?: number; body?: unknown };

function setup(
  submit: (call: FetchCall) => Reply,
  create: Reply = { status: 201, body: { quoteRequest: { id: REQUEST_ID, user_id: REQUEST_ID } } },
) {
  const fetch = mockFetch((call) => {
    const path = new URL(call.url, 'http://x').pathname;
    if (path === '/api/quote-requests' && call.method === 'POST') return create;
    if (path === '/api/quote-requests/account-managers')
      return { body: { account_managers: [{ id: AM_ID, full_name: 'Ann Manager' }] } };
    if (path === `/api/quote-requests/${REQUEST_ID}/submit`) return submit(call);
    return { status: 404, body: { message: 'Not found.' } };
  });
  renderScreen(<QuoteRequestButton />, { session: tenantSession(['projects.view', 'quoteRequests.create']) });
  return fetch;
}

async function open() {
  await userEvent.click(screen.getByRole('button', { name: 'Request a Quote' }));
  return screen.findByRole('dialog');
}

async function fill(dialog: HTMLElement) {
  const d = within(dialog);
  await userEvent.type(d.getByLabelText(/Project Name/), 'New roof');
  await userEvent.type(d.getByRole('textbox', { name: /^Street/ }), '1 Queen St');
  await userEvent.type(d.getByLabelText(/City\/Suburb/), 'Brisbane City');
  await userEvent.click(d.getByRole('combobox', { name: 'State' }));
  await userEvent.click(await screen.findByRole('option', { name: 'QLD' }));
  await userEvent.type(d.getByLabelText(/Postcode/), '4000');
  await userEvent.type(d.getByLabelText(/Contact Name/), 'Sam Site');
  await userEvent.type(d.getByLabelText(/Describe Works Required/), 'Replace the sheets.');
}

afterEach(() => vi.unstubAllGlobals());

describe('QuoteRequestButton', () => {
  it('is not shown without the ability', () => {
    mockFetch(() => ({ status: 404 }));
    renderScreen(<QuoteRequestButton />, { session: tenantSession(['projects.view']) });
    expect(screen.queryByRole('button', { name: 'Request a Quote' })).toBeNull();
  });

  it("tells a provider user with no client's project yet why there is nobody to send to, and offers no Submit", async () => {
    mockFetch((call) => {
      const path = new URL(call.url, 'http://x').pathname;
      if (path === '/api/quote-requests' && call.method === 'POST')
        return { status: 201, body: { quoteRequest: { id: REQUEST_ID, user_id: REQUEST_ID } } };
      if (path === '/api/quote-requests/account-managers') return { body: { account_managers: [] } };
      return { status: 404, body: { message: 'Not found.' } };
    });
    const provider = tenantSession(['projects.view', 'quoteRequests.create']);
    provider.user = { ...provider.user!, role: 'sp_admin' };
    renderScreen(<QuoteRequestButton />, { session: provider });
    const dialog = await open();
    const manager = within(dialog).getByRole('combobox', { name: /Account Manager/ });
    await waitFor(() =>
      expect(manager).toHaveAccessibleDescription(/there is no account manager to send a request to/),
    );
    expect(manager).toBeRequired();
    expect(within(dialog).getByRole('button', { name: 'Submit' })).toBeDisabled();
  });

  it('shows the load failure when the request cannot be opened', async () => {
    setup(() => ({}), { status: 503, body: { message: 'busy' } });
    const dialog = await open();
    expect(await within(dialog).findByText(QUOTE_REQUEST_TEXT.loadFailed)).toBeInTheDocument();
  });

  it('limits the texts to 500 characters and shows the first server message per field on 422', async () => {
    const { calls } = setup(() => ({
      status: 422,
      body: {
        message: 'The given data was invalid.',
        errors: { summary: ['First summary message.', 'Second summary message.'], contact_email: ['Bad e-mail.'] },
      },
    }));
    const dialog = await open();
    const d = within(dialog);
    expect(d.getByLabelText(/Describe Works Required/)).toHaveAttribute('maxlength', '500');
    expect(d.getByLabelText(/Attachment Notes/)).toHaveAttribute('maxlength', '500');
    await fill(dialog);
    await waitFor(() => expect(d.getByRole('button', { name: 'Submit' })).toBeEnabled());
    await userEvent.click(d.getByRole('button', { name: 'Submit' }));
    expect(await d.findByText('First summary message.')).toBeInTheDocument();
    expect(d.queryByText('Second summary message.')).toBeNull();
    expect(d.getByText('Bad e-mail.')).toBeInTheDocument();
    const sent = calls.find((c) => c.url.endsWith('/submit'))!;
    expect(sent.body).toMatchObject({ project_name: 'New roof', state: 'QLD', postcode: '4000', account_manager: '' });
  });

  it("shows 'An Unknown Error Has Occurred' when the server gives no message", async () => {
    setup(() => ({ status: 500, body: {} }));
    const dialog = await open();
    await fill(dialog);
    const d = within(dialog);
    await waitFor(() => expect(d.getByRole('button', { name: 'Submit' })).toBeEnabled());
    await userEvent.click(d.getByRole('button', { name: 'Submit' }));
    expect(await d.findByText(QUOTE_REQUEST_TEXT.unknownError)).toBeInTheDocument();
  });

  // Typing the whole form twice takes about 10 s alone; as the project form's tests, allow a busy machine.
  it(
    "shows 'Success!' and goes to the new project; reopening starts with an empty form",
    { timeout: 60_000 },
    async () => {
      setup(() => ({ body: { message: QUOTE_REQUEST_TEXT.successBody, redirect_url: '/projects/42/show' } }));
      let dialog = await open();
      await fill(dialog);
      let d = within(dialog);
      await userEvent.click(d.getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      dialog = await open();
      d = within(dialog);
      expect(d.getByLabelText(/Project Name/)).toHaveValue('');
      await fill(dialog);
      await waitFor(() => expect(d.getByRole('button', { name: 'Submit' })).toBeEnabled());
      await userEvent.click(d.getByRole('button', { name: 'Submit' }));
      expect(await d.findByText('Success!')).toBeInTheDocument();
      expect(d.getByText(QUOTE_REQUEST_TEXT.successBody)).toBeInTheDocument();
      await userEvent.click(d.getByRole('button', { name: 'View Project' }));
      expect(await screen.findByTestId('location')).toHaveTextContent('/projects/42/show');
    },
  );
});

/** XMLHttpRequest as the uploads use it: each send waits until the test lets it finish. */
class FakeXhr {
  static pending: FakeXhr[] = [];
  static sent = 0;
  status = 0;
  responseText = '';
  withCredentials = false;
  url = '';
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  abort() {}
  send() {
    FakeXhr.sent++;
    FakeXhr.pending.push(this);
    this.upload.onprogress?.({ lengthComputable: true, loaded: 40, total: 100 });
  }
  finish(id: string) {
    FakeXhr.pending = FakeXhr.pending.filter((x) => x !== this);
    this.status = 201;
    this.responseText = JSON.stringify({ file: { id, name: 'f', mime: 'image/png', size: 10 } });
    this.onload?.();
  }
}

describe('QuoteRequestButton uploads', () => {
  it('uploads 4 at a time with their progress, keeps 8 files, and removes one with DELETE', async () => {
    FakeXhr.pending = [];
    FakeXhr.sent = 0;
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const { calls } = mockFetch((call) => {
      const path = new URL(call.url, 'http://x').pathname;
      if (path === '/api/quote-requests')
        return { status: 201, body: { quoteRequest: { id: REQUEST_ID, user_id: REQUEST_ID } } };
      if (path === '/api/quote-requests/account-managers') return { body: { account_managers: [] } };
      if (call.method === 'DELETE') return { body: { message: 'File removed.' } };
      return { status: 404, body: { message: 'Not found.' } };
    });
    renderScreen(<QuoteRequestButton />, { session: tenantSession(['projects.view', 'quoteRequests.create']) });
    const dialog = await open();
    const d = within(dialog);
    const input = dialog.querySelector<HTMLInputElement>('input[type="file"]')!;
    await waitFor(() => expect(input).not.toBeDisabled());
    await userEvent.upload(
      input,
      Array.from({ length: 9 }, (_, i) => file(`p${i + 1}.png`)),
    );
    expect(await d.findByText(QUOTE_REQUEST_TEXT.maxFiles)).toBeInTheDocument();
    expect(d.queryByText('p9.png')).toBeNull();
    expect(d.getByText('p8.png')).toBeInTheDocument();
    // Four uploading at once, each with its progress; the rest wait.
    await waitFor(() => expect(FakeXhr.pending).toHaveLength(4));
    expect(d.getAllByText('40%')).toHaveLength(4);
    expect(d.getAllByText('Waiting...')).toHaveLength(4);
    expect(d.getByRole('button', { name: 'Submit' })).toBeDisabled();
    act(() => FakeXhr.pending[0]!.finish('00000000-0000-4000-8000-000000000101'));
    await waitFor(() => expect(FakeXhr.sent).toBe(5));
    expect(d.getAllByText('Uploaded')).toHaveLength(1);
    let n = 102;
    while (FakeXhr.pending.length) {
      const next = FakeXhr.pending[0]!;
      act(() => next.finish(`00000000-0000-4000-8000-000000000${n++}`));
      await waitFor(() => expect(FakeXhr.pending.includes(next)).toBe(false));
    }
    await waitFor(() => expect(d.getAllByText('Uploaded')).toHaveLength(8));
    expect(FakeXhr.sent).toBe(8);

    await userEvent.click(d.getByRole('button', { name: 'Remove p1.png' }));
    expect(d.queryByText('p1.png')).toBeNull();
    await waitFor(() =>
      expect(
        calls.some((c) => c.method === 'DELETE' && c.url.endsWith('/files/00000000-0000-4000-8000-000000000101')),
      ).toBe(true),
    );
    expect(d.queryByText(QUOTE_REQUEST_TEXT.maxFiles)).toBeNull();
  });
});
