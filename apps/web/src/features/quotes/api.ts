import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  QuoteList,
  QuoteSaveInput,
  QuoteStatusInput,
  QuoteView,
  WorkItemInput,
  WorkItemView,
} from '@siteflow/core';
import { api } from '../../api/client';
import { catalogueKeys } from '../catalogue';

export const quoteKeys = {
  all: ['quotes'] as const,
  list: (projectId: number) => ['quotes', 'list', projectId] as const,
  detail: (projectId: number, quoteId: number) => ['quotes', 'detail', projectId, quoteId] as const,
};

const listPath = (projectId: number) => `/api/projects/${projectId}/quotes`;
const quotePath = (projectId: number, quoteId: number) => `${listPath(projectId)}/${quoteId}`;

/** The project's quotes for the revision dropdown (code and status). */
export const useQuoteList = (projectId: number) =>
  useQuery({
    queryKey: quoteKeys.list(projectId),
    queryFn: ({ signal }) => api.get<QuoteList>(listPath(projectId), undefined, signal),
  });

/**
 * One quote. The editor starts from it and keeps the user's edits, so it is not refetched behind
 * the user's back (focus, staleness): only a save, a status change or Reload brings a new version.
 */
export const useQuote = (projectId: number, quoteId: number | null) =>
  useQuery({
    queryKey: quoteKeys.detail(projectId, quoteId ?? 0),
    queryFn: ({ signal }) => api.get<QuoteView>(quotePath(projectId, quoteId ?? 0), undefined, signal),
    enabled: quoteId !== null,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

/** After a change: the quote as the server answered, and the dropdown read again. */
function useSettle(projectId: number) {
  const client = useQueryClient();
  return (view: QuoteView | null) => {
    if (view) client.setQueryData(quoteKeys.detail(projectId, view.id), view);
    return client.invalidateQueries({ queryKey: quoteKeys.list(projectId) });
  };
}

export function useCreateQuote(projectId: number) {
  const settle = useSettle(projectId);
  return useMutation({
    mutationFn: () => api.post<QuoteView>(listPath(projectId)),
    onSuccess: (view) => settle(view),
  });
}

export function useSaveQuote(projectId: number, quoteId: number) {
  const settle = useSettle(projectId);
  return useMutation({
    mutationFn: (body: QuoteSaveInput) => api.put<QuoteView>(quotePath(projectId, quoteId), body),
    onSuccess: (view) => settle(view),
  });
}

export function useChangeQuoteStatus(projectId: number, quoteId: number) {
  const settle = useSettle(projectId);
  return useMutation({
    mutationFn: (body: QuoteStatusInput) => api.post<QuoteView>(`${quotePath(projectId, quoteId)}/status`, body),
    onSuccess: (view) => settle(view),
  });
}

export function useReviseQuote(projectId: number, quoteId: number) {
  const settle = useSettle(projectId);
  return useMutation({
    mutationFn: () => api.post<QuoteView>(`${quotePath(projectId, quoteId)}/revisions`),
    onSuccess: (view) => settle(view),
  });
}

export function useDeleteQuote(projectId: number, quoteId: number) {
  const client = useQueryClient();
  const settle = useSettle(projectId);
  return useMutation({
    mutationFn: () => api.delete<{ message: string }>(quotePath(projectId, quoteId)),
    onSuccess: () => {
      client.removeQueries({ queryKey: quoteKeys.detail(projectId, quoteId) });
      return settle(null);
    },
  });
}

/** A new works-and-materials item from the line item editor ('Add New Product'). */
export function useCreateWorkItem() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: WorkItemInput) => api.post<{ message: string; work: WorkItemView }>('/api/catalogue', body),
    onSuccess: () => client.invalidateQueries({ queryKey: catalogueKeys.options }),
  });
}
