import { useQuery } from '@tanstack/react-query';
import type {
  QuoteRequestAccountManagers,
  QuoteRequestCreated,
  QuoteRequestFileView,
  QuoteRequestInput,
  QuoteRequestSubmitted,
} from '@siteflow/core';
import { api, ApiError, CSRF_HEADER, NETWORK_ERROR_MESSAGE, type FieldErrors } from '../../api/client';

export const quoteRequestKeys = {
  accountManagers: ['quote-requests', 'account-managers'] as const,
};

const base = '/api/quote-requests';
const one = (id: string) => `${base}/${encodeURIComponent(id)}`;

/** The account managers the requester may choose (fetched while the modal is open). */
export function useQuoteRequestAccountManagers(enabled: boolean) {
  return useQuery({
    queryKey: quoteRequestKeys.accountManagers,
    queryFn: ({ signal }) => api.get<QuoteRequestAccountManagers>(`${base}/account-managers`, undefined, signal),
    enabled,
  });
}

export const createQuoteRequest = () => api.post<QuoteRequestCreated>(base);
export const removeQuoteRequestFile = (id: string, fileId: string) =>
  api.delete<{ message: string }>(`${one(id)}/files/${encodeURIComponent(fileId)}`);
export const submitQuoteRequest = (id: string, body: QuoteRequestInput) =>
  api.post<QuoteRequestSubmitted>(`${one(id)}/submit`, body);

/**
 * Uploads one attachment with XMLHttpRequest, whose upload events give the progress (fetch has
 * none for request bodies): `onProgress` gets 0..100. Errors are ApiError as with `api`.
 */
export function uploadQuoteRequestFile(
  id: string,
  file: File,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<QuoteRequestFileView> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${one(id)}/files`);
    xhr.setRequestHeader(CSRF_HEADER, '1');
    xhr.setRequestHeader('accept', 'application/json');
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      let payload: { file?: QuoteRequestFileView; message?: unknown; errors?: FieldErrors } = {};
      try {
        payload = xhr.responseText ? JSON.parse(xhr.responseText) : {};
      } catch {
        payload = {};
      }
      if (xhr.status >= 200 && xhr.status < 300 && payload.file) {
        onProgress(100);
        resolve(payload.file);
        return;
      }
      const message = typeof payload.message === 'string' ? payload.message : '';
      reject(new ApiError(xhr.status, message, payload.errors ?? {}));
    };
    xhr.onerror = () => reject(new ApiError(0, NETWORK_ERROR_MESSAGE));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const body = new FormData();
    body.append('file', file);
    xhr.send(body);
  });
}
