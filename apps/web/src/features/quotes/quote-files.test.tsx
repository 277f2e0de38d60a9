import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QUOTE_FILE_TEXT, type ImportableOptions, type ImportableQuote } from '@siteflow/core';
import { mockFetch, renderScreen } from '../../test/render';
import { QuoteExportModal } from './quote-export-modal';
import { QuoteImportModal } from './quote-import-modal';

// The notifications are one store for the whole file: each test starts with none shown or queued.
afterEach(() => {
  vi.restoreAllMocks();
  notifications.clean();
});

/** The name of the file a download link was clicked for. */
function catchDownloads() {
  const names: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  return names;
}

describe('QuoteExportModal', () => {
  it('enables Export once a type is picked; System saves the editor’s quote first, Client downloads the XLSX', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = mockFetch(() => ({ body: 'file' }));
    const names = catchDownloads();
    const onClose = vi.fn();
    const save = { version: 3, note: null, sections: [] };
    renderScreen(
      <QuoteExportModal
        projectId={5}
        quote={{ id: 9, code: 'Q-PRJ-00005-1 R2', status: 'Draft' }}
        opened
        onClose={onClose}
        saveInput={() => save}
      />,
    );
    const exportButton = await screen.findByRole('button', { name: 'Export' });
    expect(exportButton).toBeDisabled();
    await user.click(screen.getByLabelText('System Friendly'));
    expect(exportButton).toBeEnabled();
    await user.click(exportButton);
    await waitFor(() => expect(names).toEqual(['Q-PRJ-00005-1 R2_SYSTEM.csv']));
    expect(calls[0]).toMatchObject({
      url: '/api/projects/5/quotes/9/export/system.csv',
      method: 'POST',
      body: save,
      headers: { 'x-siteflow-csrf': '1' },
    });
    expect(onClose).toHaveBeenCalled();

    await user.click(screen.getByLabelText('Client Friendly'));
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(names).toEqual(['Q-PRJ-00005-1 R2_SYSTEM.csv', 'Q-PRJ-00005-1 R2_CLIENT.xlsx']));
    expect(calls.at(-1)).toMatchObject({ url: '/api/projects/5/quotes/9/export/client.xlsx', method: 'GET' });
  });

  it('only logs a failed export (spec 3 section 8)', async () => {
    const user = userEvent.setup({ delay: null });
    mockFetch(() => ({ status: 500, body: { message: 'boom' } }));
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderScreen(
      <QuoteExportModal projectId={5} quote={{ id: 9, code: 'Q-1', status: 'Accepted' }} opened onClose={() => {}} />,
    );
    await user.click(await screen.findByLabelText('Client Friendly'));
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(log).toHaveBeenCalled());
    expect(screen.queryByText('boom')).not.toBeInTheDocument();
  });
});

const importable: ImportableQuote = {
  id: 41,
  code: 'Q-PRJ-00002-1',
  project: { id: 2, code: 'PRJ-00002', title: 'Fit-out' },
  client: { id: 'c1', trading_name: 'Acme' },
  updated_at: '2026-11-20T00:00:00Z',
  sections: [
    { id: 7, name: 'Kitchen' },
    { id: 8, name: 'Bathroom' },
  ],
};
const options: ImportableOptions = {
  clients: [{ id: 'c1', trading_name: 'Acme' }],
  projects: [{ id: 2, code: 'PRJ-00002', title: 'Fit-out' }],
  tags: [{ id: 't1', name: 'Roofing' }],
};
const view = (id: number, code: string) => ({ id, code, sections: [] });

describe('QuoteImportModal', () => {
  it('clones the chosen sections of a quote (period 365 by default) and says so', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = mockFetch((call) => {
      if (call.url.startsWith('/api/quotes/importable/options')) return { body: options };
      if (call.url.startsWith('/api/quotes/importable')) return { body: { items: [importable] } };
      return { status: 201, body: view(77, 'Q-PRJ-00005-2') };
    });
    const onImported = vi.fn();
    renderScreen(
      <QuoteImportModal projectId={5} currentQuoteId={null} opened onClose={() => {}} onImported={onImported} />,
    );
    expect(await screen.findByLabelText(QUOTE_FILE_TEXT.cloneExisting)).toBeChecked();
    expect(screen.getByLabelText('Period', { selector: 'input' })).toHaveValue('Last 365 Days');
    await waitFor(() => expect(calls.some((c) => c.url === '/api/quotes/importable?period=365')).toBe(true));
    // No current quote: no 'Import & Attach'.
    expect(screen.queryByRole('button', { name: QUOTE_FILE_TEXT.importAttach })).not.toBeInTheDocument();
    const create = screen.getByRole('button', { name: QUOTE_FILE_TEXT.importCreate });
    expect(create).toBeDisabled();
    expect(screen.getByText(QUOTE_FILE_TEXT.sectionsHint)).toBeInTheDocument();

    await user.click(screen.getByLabelText('Quote', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Q-PRJ-00002-1 | PRJ-00002 Fit-out | Acme' }));
    await user.click(screen.getByLabelText('Sections', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Bathroom' }));
    await user.click(create);
    expect(await screen.findByText('Your quote: Q-PRJ-00005-2 was successfully imported!')).toBeInTheDocument();
    expect(screen.getByText(QUOTE_FILE_TEXT.importedTitle)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      url: '/api/projects/5/quotes/import-clone',
      method: 'POST',
      body: { quote_id: 41, sections: [8] },
    });
    expect(onImported).toHaveBeenCalledWith(77);
  });

  it('attaches to the current quote with the spec’s dialog', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = mockFetch((call) => {
      if (call.url.startsWith('/api/quotes/importable/options')) return { body: options };
      if (call.url.startsWith('/api/quotes/importable')) return { body: { items: [importable] } };
      return { body: view(12, 'Q-PRJ-00005-1') };
    });
    const onImported = vi.fn();
    renderScreen(
      <QuoteImportModal projectId={5} currentQuoteId={12} opened onClose={() => {}} onImported={onImported} />,
    );
    await user.click(await screen.findByLabelText('Quote', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: /^Q-PRJ-00002-1/ }));
    await user.click(screen.getByRole('button', { name: QUOTE_FILE_TEXT.importAttach }));
    expect(await screen.findByText(QUOTE_FILE_TEXT.attached)).toBeInTheDocument();
    expect(screen.getByText(QUOTE_FILE_TEXT.attachedTitle)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      url: '/api/projects/5/quotes/12/attach-sections',
      body: { quote_id: 41, sections: [] },
    });
    expect(onImported).toHaveBeenCalledWith(12);
  });

  it('titles a failed clone ‘Import Quote failed!’ with the spec’s text when the server gives no reason', async () => {
    const user = userEvent.setup({ delay: null });
    mockFetch((call) => {
      if (call.url.startsWith('/api/quotes/importable/options')) return { body: options };
      if (call.url.startsWith('/api/quotes/importable')) return { body: { items: [importable] } };
      return { status: 500, body: { message: 'boom' } };
    });
    const onImported = vi.fn();
    renderScreen(
      <QuoteImportModal projectId={5} currentQuoteId={null} opened onClose={() => {}} onImported={onImported} />,
    );
    await user.click(await screen.findByLabelText('Quote', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: /^Q-PRJ-00002-1/ }));
    await user.click(screen.getByRole('button', { name: QUOTE_FILE_TEXT.importCreate }));
    expect(await screen.findByText(QUOTE_FILE_TEXT.cloneFailedTitle)).toBeInTheDocument();
    expect(screen.getByText(QUOTE_FILE_TEXT.importFailed)).toBeInTheDocument();
    expect(screen.queryByText('boom')).not.toBeInTheDocument();
    expect(onImported).not.toHaveBeenCalled();
  });

  it('imports a chosen .csv file, shows its name, and shows the server’s message and row errors on failure', async () => {
    const user = userEvent.setup({ delay: null });
    let fail = true;
    const { calls } = mockFetch(() =>
      fail
        ? {
            status: 422,
            body: { message: QUOTE_FILE_TEXT.badRows, errors: { 'row 3': ['quantity: Must be 0 or more.'] } },
          }
        : { status: 201, body: view(78, 'Q-PRJ-00005-3') },
    );
    const onImported = vi.fn();
    renderScreen(
      <QuoteImportModal projectId={5} currentQuoteId={12} opened onClose={() => {}} onImported={onImported} />,
    );
    await user.click(await screen.findByLabelText(QUOTE_FILE_TEXT.chooseFile, { selector: 'input[type=radio]' }));
    const importButton = screen.getByRole('button', { name: 'Import' });
    expect(importButton).toBeDisabled();
    const input = screen.getByLabelText(QUOTE_FILE_TEXT.chooseFile, { selector: 'input[type=file]' });
    await user.upload(input, new File(['a,b'], 'notes.txt', { type: 'text/plain' }));
    // A file that is not .csv is refused in the browser already.
    const other = userEvent.setup({ applyAccept: false });
    await other.upload(input, new File(['a,b'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText(QUOTE_FILE_TEXT.onlyCsv)).toHaveAttribute('role', 'alert');
    expect(importButton).toBeDisabled();
    await user.upload(input, new File(['a,b'], 'kitchen_SYSTEM.csv', { type: 'text/csv' }));
    expect(await screen.findByText('kitchen_SYSTEM.csv')).toBeInTheDocument();
    expect(importButton).toBeEnabled();

    await user.click(importButton);
    expect(await screen.findByText(QUOTE_FILE_TEXT.importFailedTitle)).toBeInTheDocument();
    expect(screen.getByText(QUOTE_FILE_TEXT.badRows)).toBeInTheDocument();
    expect(screen.getByText('row 3: quantity: Must be 0 or more.')).toBeInTheDocument();
    const sent = calls.at(-1)!;
    expect(sent.url).toBe('/api/projects/5/quotes/import');
    expect((sent.body as { file: File }).file.name).toBe('kitchen_SYSTEM.csv');

    fail = false;
    await user.click(importButton);
    expect(await screen.findByText(QUOTE_FILE_TEXT.importedFile)).toBeInTheDocument();
    expect(onImported).toHaveBeenCalledWith(78);
  });
});
