import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QuickSearchResult, RecentlyViewedPage } from '@siteflow/core';
import { api } from '../../api/client';

export const QUICK_SEARCH_PAGE_SIZE = 10;
export const RECENT_PAGE_SIZE = 10;

export const searchKeys = {
  quick: (q: string, page: number) => ['search', 'projects', q, page] as const,
  recent: ['recently-viewed'] as const,
  recentPage: (page: number) => ['recently-viewed', page] as const,
};

/** Quick search: asks only for a non-empty text (the caller debounces it). */
export function useQuickSearch(q: string, page: number) {
  return useQuery({
    queryKey: searchKeys.quick(q, page),
    queryFn: ({ signal }) =>
      api.get<QuickSearchResult>('/api/search/projects', { q, page, pageSize: QUICK_SEARCH_PAGE_SIZE }, signal),
    enabled: q.length > 0,
  });
}

/** The user's recently viewed projects; fresh each time the modal opens (viewing a project changes it). */
export function useRecentlyViewed(page: number, enabled: boolean) {
  return useQuery({
    queryKey: searchKeys.recentPage(page),
    queryFn: ({ signal }) =>
      api.get<RecentlyViewedPage>('/api/recently-viewed', { page, pageSize: RECENT_PAGE_SIZE }, signal),
    enabled,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

export function useForgetRecentlyViewed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (projectId: number) => api.delete<{ message: string }>(`/api/recently-viewed/${projectId}`),
    onSuccess: () => client.invalidateQueries({ queryKey: searchKeys.recent }),
  });
}
