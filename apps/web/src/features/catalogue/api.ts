import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  WORK_ITEM_SORTS,
  type WorkItemInput,
  type WorkItemOption,
  type WorkItemPage,
  type WorkItemSort,
  type WorkItemView,
} from '@siteflow/core';
import { api } from '../../api/client';
import { pagedList } from '../../ui/list-page/paged-list';
import { pageQuery, recordKeys } from '../../ui/queries';

export type WorkItemListParams = {
  page: number;
  pageSize: number;
  search: string;
  sort: WorkItemSort;
  order: 'asc' | 'desc';
};
type WorkItemSaved = { message: string; work: WorkItemView };

export const catalogueKeys = {
  ...recordKeys('catalogue'),
  /** The quote line item picker. */
  options: ['catalogue', 'options'] as const,
  optionsFor: (search: string) => ['catalogue', 'options', search] as const,
};

const path = (id: number) => `/api/catalogue/${id}`;

/** The works and materials list (the screen, and its first page as the app starts on it). */
export const workItemList = pagedList<WorkItemPage, never, WorkItemSort>(
  {
    pageSizes: [20, 50, 100],
    defaultPageSize: 20,
    sort: {
      columns: { name: 'name', unit_sell_price: 'unit_sell_price', unit_cost: 'unit_cost', created_at: 'created_at' },
      keys: WORK_ITEM_SORTS,
      default: 'name',
      order: 'asc',
      first: { name: 'asc', unit_sell_price: 'desc', unit_cost: 'desc', created_at: 'desc' },
    },
  },
  ({ search, page, pageSize, sort, order }) => {
    const params: WorkItemListParams = { search, page, pageSize, sort, order };
    return pageQuery<WorkItemPage>(catalogueKeys.list(params), '/api/catalogue', params);
  },
);

/** One item for the side form; nothing is asked while `id` is null (create mode). */
export function useWorkItem(id: number | null) {
  return useQuery({
    queryKey: catalogueKeys.detail(String(id)),
    queryFn: ({ signal }) => api.get<WorkItemView>(path(id!), undefined, signal),
    enabled: id !== null,
  });
}

export function useSaveWorkItem(id: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: WorkItemInput) =>
      id ? api.put<WorkItemSaved>(path(id), body) : api.post<WorkItemSaved>('/api/catalogue', body),
    onSuccess: (data) => {
      client.setQueryData(catalogueKeys.detail(String(data.work.id)), data.work);
      return Promise.all([
        client.invalidateQueries({ queryKey: catalogueKeys.lists }),
        client.invalidateQueries({ queryKey: catalogueKeys.options }),
      ]);
    },
  });
}

/** The quote line item picker's items (up to 50, by name then item code), labelled 'code | name | supplier'. */
export function useWorkItemOptions(search: string) {
  return useQuery({
    queryKey: catalogueKeys.optionsFor(search),
    queryFn: ({ signal }) => api.get<{ items: WorkItemOption[] }>('/api/catalogue/options', { search }, signal),
  });
}
