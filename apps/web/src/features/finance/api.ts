import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FinancePullView, FinanceSaveInput, FinanceView } from '@siteflow/core';
import { api } from '../../api/client';

export const financeKeys = {
  all: ['finance'] as const,
  detail: (projectId: number) => ['finance', projectId] as const,
};

const path = (projectId: number) => `/api/projects/${projectId}/finances`;

/**
 * A project's finance. The form starts from it and keeps the user's edits, so it is not
 * refetched behind the user's back: a save (or Reload after a conflict) brings the next version.
 */
export const useFinance = (projectId: number) =>
  useQuery({
    queryKey: financeKeys.detail(projectId),
    queryFn: ({ signal }) => api.get<FinanceView>(path(projectId), undefined, signal),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

export function useSaveFinance(projectId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: FinanceSaveInput) => api.put<FinanceView>(path(projectId), body),
    onSuccess: (view) => client.setQueryData(financeKeys.detail(projectId), view),
  });
}

/** The lines proposed from the Accepted quote (revenue) or its agreements and products (expenses). */
export const pullFinance = (projectId: number, source: 'quote' | 'agreements') =>
  api.get<FinancePullView>(`${path(projectId)}/pull`, { source });
