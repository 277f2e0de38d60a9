import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AgreementPdfType,
  AgreementResponseInput,
  AgreementSaveInput,
  AgreementView,
  ProviderAgreementList,
  ProviderAgreementView,
  QuoteAgreementsView,
} from '@siteflow/core';
import { api } from '../../api/client';

export const agreementKeys = {
  all: ['agreements'] as const,
  quote: (projectId: number, quoteId: number) => ['agreements', 'quote', projectId, quoteId] as const,
  providerLists: ['agreements', 'provider-list'] as const,
  providerList: (page: number, pageSize: number) => ['agreements', 'provider-list', page, pageSize] as const,
  provider: (agreementId: number) => ['agreements', 'provider', agreementId] as const,
};

const quotePath = (projectId: number, quoteId: number) => `/api/projects/${projectId}/quotes/${quoteId}/agreements`;
const agreementPath = (projectId: number, quoteId: number, agreementId: number) =>
  `${quotePath(projectId, quoteId)}/${agreementId}`;

/** The staff screen's PDF link (opened in a new tab): GET .../agreements/:agreementId/pdf?type=. */
export const agreementPdfUrl = (projectId: number, quoteId: number, agreementId: number, type: AgreementPdfType) =>
  `${agreementPath(projectId, quoteId, agreementId)}/pdf?type=${type}`;

/** A provider user's PDF link: GET /api/agreements/:agreementId/pdf?type=. */
export const providerAgreementPdfUrl = (agreementId: number, type: AgreementPdfType) =>
  `/api/agreements/${agreementId}/pdf?type=${type}`;

/**
 * A quote's agreements, its Approved providers and the quote. The screen edits a draft of the
 * selected agreement, so the view is not refetched behind the user's back: a save, a void, a
 * delete or New reads it again (another agreement's sections and providers change with them).
 */
export const useQuoteAgreements = (projectId: number, quoteId: number) =>
  useQuery({
    queryKey: agreementKeys.quote(projectId, quoteId),
    queryFn: ({ signal }) => api.get<QuoteAgreementsView>(quotePath(projectId, quoteId), undefined, signal),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

/** After a change: the saved agreement at once, then the whole view again (owners and providers). */
function useSettle(projectId: number, quoteId: number) {
  const client = useQueryClient();
  const key = agreementKeys.quote(projectId, quoteId);
  return async (view: AgreementView | null, removedId?: number) => {
    client.setQueryData<QuoteAgreementsView>(key, (old) => {
      if (!old) return old;
      let agreements = old.agreements.filter((a) => a.id !== removedId);
      if (view)
        agreements = agreements.some((a) => a.id === view.id)
          ? agreements.map((a) => (a.id === view.id ? view : a))
          : [...agreements, view];
      return { ...old, agreements };
    });
    await client.invalidateQueries({ queryKey: key });
  };
}

export function useCreateAgreement(projectId: number, quoteId: number) {
  const settle = useSettle(projectId, quoteId);
  return useMutation({
    mutationFn: () => api.post<AgreementView>(quotePath(projectId, quoteId)),
    onSuccess: (view) => settle(view),
  });
}

export function useSaveAgreement(projectId: number, quoteId: number) {
  const settle = useSettle(projectId, quoteId);
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: AgreementSaveInput }) =>
      api.put<AgreementView>(agreementPath(projectId, quoteId, id), body),
    onSuccess: (view) => settle(view),
  });
}

export function useVoidAgreement(projectId: number, quoteId: number) {
  const settle = useSettle(projectId, quoteId);
  return useMutation({
    mutationFn: (id: number) => api.patch<AgreementView>(`${agreementPath(projectId, quoteId, id)}/void`),
    onSuccess: (view) => settle(view),
  });
}

export function useDeleteAgreement(projectId: number, quoteId: number) {
  const settle = useSettle(projectId, quoteId);
  return useMutation({
    mutationFn: (id: number) => api.delete<unknown>(agreementPath(projectId, quoteId, id)),
    onSuccess: (_, id) => settle(null, id),
  });
}

// ---- provider users ----

/** A provider user's agreements, a page at a time (newest first). */
export const useProviderAgreementList = (page: number, pageSize: number) =>
  useQuery({
    queryKey: agreementKeys.providerList(page, pageSize),
    queryFn: ({ signal }) => api.get<ProviderAgreementList>('/api/agreements', { page, pageSize }, signal),
    placeholderData: (previous) => previous,
  });

export const useProviderAgreement = (agreementId: number) =>
  useQuery({
    queryKey: agreementKeys.provider(agreementId),
    queryFn: ({ signal }) => api.get<ProviderAgreementView>(`/api/agreements/${agreementId}`, undefined, signal),
  });

export function useRespondToAgreement(agreementId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AgreementResponseInput) =>
      api.post<ProviderAgreementView>(`/api/agreements/${agreementId}/response`, body),
    onSuccess: (view) => {
      client.setQueryData(agreementKeys.provider(agreementId), view);
      return client.invalidateQueries({ queryKey: agreementKeys.providerLists });
    },
  });
}
