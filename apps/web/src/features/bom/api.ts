import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BomItemView, BomPage, BomPatchInput, BomSort } from '@siteflow/core';
import { api } from '../../api/client';
import { pageQuery, recordKeys, usePageQuery } from '../../ui/queries';
import { quoteKeys, useQuoteList } from '../quotes/api';

export type BomListParams = {
  page: number;
  pageSize: number;
  search: string;
  sort: BomSort;
  order: 'asc' | 'desc';
  product: string;
  status: string;
  supplied_by: string;
  supplier: string;
  product_code: string;
};

export const bomKeys = recordKeys('bom');

const path = (projectId: number, itemId?: number) =>
  `/api/projects/${projectId}/bill-of-materials${itemId ? `/${itemId}` : ''}`;

/**
 * The project the page names (breadcrumb, header): its code and title come with the project's
 * quote list (the same query as the Quotes screen's, so often already loaded).
 */
export const useBomProject = (projectId: number) => useQuoteList(projectId).data?.project;

/** A page of the project's bill of materials (blank filters are left out of the request). */
export function useBomPage(projectId: number, params: BomListParams) {
  const sent = Object.fromEntries(Object.entries(params).filter(([, v]) => v !== '')) as BomListParams;
  return usePageQuery(pageQuery<BomPage>(bomKeys.list({ projectId, ...params }), path(projectId), sent));
}

/** One product for 'Edit Product'; nothing is asked while `itemId` is null. A closed modal's request is cancelled. */
export function useBomItem(projectId: number, itemId: number | null) {
  return useQuery({
    queryKey: bomKeys.detail(`${projectId}-${itemId}`),
    queryFn: ({ signal }) => api.get<BomItemView>(path(projectId, itemId!), undefined, signal),
    enabled: itemId !== null,
    gcTime: 0,
  });
}

export function usePatchBomItem(projectId: number, itemId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BomPatchInput) => api.patch<BomItemView>(path(projectId, itemId), body),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: bomKeys.lists }),
        // The quote's version went up: an open quote reloads.
        client.invalidateQueries({ queryKey: quoteKeys.all }),
      ]),
  });
}
