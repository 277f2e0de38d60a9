import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClientQuoteResponseInput, ClientQuoteView, QuoteView } from '@siteflow/core';
import { api } from '../../api/client';
import { quoteKeys } from './api';

/** The client answers a quote online (issue 13 section 6): staff send it, client users read and answer it. */
export const clientQuoteKeys = {
  detail: (projectId: number) => ['quotes', 'client', projectId] as const,
};

const clientPath = (projectId: number) => `/api/projects/${projectId}/client-quote`;

/** The project and its sent quote as the client sees it (the quote null while nothing was sent). */
export const useClientQuote = (projectId: number) =>
  useQuery({
    queryKey: clientQuoteKeys.detail(projectId),
    queryFn: ({ signal }) => api.get<ClientQuoteView>(clientPath(projectId), undefined, signal),
  });

/** Accept (signed with the typed name) or reject (with the reason) the sent quote. */
export function useRespondToQuote(projectId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ClientQuoteResponseInput) => api.post<QuoteView>(`${clientPath(projectId)}/respond`, body),
    onSuccess: (view) =>
      client.setQueryData<ClientQuoteView>(clientQuoteKeys.detail(projectId), { project: view.project, quote: view }),
  });
}

/** Staff: send a Draft to the client's users; the editor's quote and the dropdown follow. */
export function useSendQuote(projectId: number, quoteId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<QuoteView>(`/api/projects/${projectId}/quotes/${quoteId}/send`),
    onSuccess: (view) => {
      client.setQueryData(quoteKeys.detail(projectId, view.id), view);
      return client.invalidateQueries({ queryKey: quoteKeys.list(projectId) });
    },
  });
}
