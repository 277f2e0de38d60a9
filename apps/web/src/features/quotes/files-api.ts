import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  clientXlsxName,
  systemCsvName,
  type ImportableOptions,
  type ImportableQuotes,
  type ImportPeriod,
  type QuoteSaveInput,
  type QuoteView,
} from '@siteflow/core';
import { api, ApiError, CSRF_HEADER, NETWORK_ERROR_MESSAGE, toFormData } from '../../api/client';
import { quoteKeys } from './api';

/**
 * A quote's files (issue 13 section 2; spec 3 section 7): the exports (downloaded as blobs under
 * the spec's names), the PDF's address, and the imports (a CSV file, a clone, attached sections).
 */

const listPath = (projectId: number) => `/api/projects/${projectId}/quotes`;
const quotePath = (projectId: number, quoteId: number) => `${listPath(projectId)}/${quoteId}`;

/** The quote PDF's address (Print PDF opens it in a new tab). */
export const quotePdfUrl = (projectId: number, quoteId: number) => `${quotePath(projectId, quoteId)}/pdf`;

/** Save a blob as a file through a temporary <a download>. */
function saveBlob(blob: Blob, name: string) {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}

/** Fetch a file (with the CSRF header on a POST) and download it; an error as ApiError. */
async function download(path: string, name: string, body?: unknown) {
  const headers: Record<string, string> = {};
  if (body !== undefined) {
    headers[CSRF_HEADER] = '1';
    headers['content-type'] = 'application/json';
  }
  let response: Response;
  try {
    response = await fetch(path, {
      method: body === undefined ? 'GET' : 'POST',
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }
  if (!response.ok) {
    const data = (await response.json().catch(() => ({}))) as { message?: string; errors?: Record<string, string[]> };
    throw new ApiError(response.status, data.message ?? 'Export failed.', data.errors ?? {});
  }
  saveBlob(await response.blob(), name);
}

export type ExportType = 'system' | 'client';

/**
 * Export: 'system' saves the quote first (the editor's `save` body, for a Draft) and downloads
 * '{code}_SYSTEM.csv'; 'client' downloads '{code}_CLIENT.xlsx'. After a save the quote is read again.
 */
export function useExportQuote(projectId: number, quote: Pick<QuoteView, 'id' | 'code'>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ type, save }: { type: ExportType; save?: QuoteSaveInput | null }) => {
      const base = quotePath(projectId, quote.id);
      if (type === 'client') return download(`${base}/export/client.xlsx`, clientXlsxName(quote.code));
      return download(`${base}/export/system.csv`, systemCsvName(quote.code), save ?? {});
    },
    onSuccess: (_, { type, save }) => {
      if (type === 'system' && save) {
        void client.invalidateQueries({ queryKey: quoteKeys.detail(projectId, quote.id) });
        void client.invalidateQueries({ queryKey: quoteKeys.list(projectId) });
      }
    },
  });
}

export type ImportableFilters = { client: string | null; project: string | null; tags: string[]; period: ImportPeriod };

/** The import modal's quote picker (errors ignored by the modal, as the spec says). */
export const useImportableQuotes = (filters: ImportableFilters, enabled: boolean) =>
  useQuery({
    queryKey: ['quotes', 'importable', filters] as const,
    queryFn: ({ signal }) =>
      api.get<ImportableQuotes>(
        '/api/quotes/importable',
        {
          client: filters.client,
          project: filters.project,
          tags: filters.tags.join(','),
          period: filters.period,
        },
        signal,
      ),
    enabled,
  });

export const useImportableOptions = (enabled: boolean) =>
  useQuery({
    queryKey: ['quotes', 'importable', 'options'] as const,
    queryFn: ({ signal }) => api.get<ImportableOptions>('/api/quotes/importable/options', undefined, signal),
    enabled,
  });

/** The three imports; each answers the quote it made or changed, and the dropdown is read again. */
export function useImportQuote(projectId: number) {
  const client = useQueryClient();
  const settle = (view: QuoteView) => {
    client.setQueryData(quoteKeys.detail(projectId, view.id), view);
    void client.invalidateQueries({ queryKey: quoteKeys.list(projectId) });
    void client.invalidateQueries({ queryKey: ['quotes', 'importable'] });
  };
  return {
    file: useMutation({
      mutationFn: (file: File) => api.post<QuoteView>(`${listPath(projectId)}/import`, toFormData({}, file)),
      onSuccess: settle,
    }),
    clone: useMutation({
      mutationFn: (body: { quote_id: number; sections: number[] }) =>
        api.post<QuoteView>(`${listPath(projectId)}/import-clone`, body),
      onSuccess: settle,
    }),
    attach: useMutation({
      mutationFn: ({ quoteId, ...body }: { quoteId: number; quote_id: number; sections: number[] }) =>
        api.post<QuoteView>(`${quotePath(projectId, quoteId)}/attach-sections`, body),
      onSuccess: settle,
    }),
  };
}
