import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PROVIDER_SORTS,
  PROVIDER_STATUSES,
  STATES,
  type CategoryView,
  type ProjectView,
  type ProviderAssign,
  type ProviderInput,
  type ProviderListQuery,
  type ProviderPage,
  type ProviderSearchResponse,
  type ProviderUserInput,
  type ProviderView,
} from '@siteflow/core';
import { api } from '../../api/client';
import type { ListParams } from '../../ui/list-page/list-state';
import { pagedList } from '../../ui/list-page/paged-list';
import { pageQuery } from '../../ui/queries';
import { projectKeys, useProjectLookup } from '../projects/api';
import { referenceKeys } from '../reference/api';

export type ProviderListParams = Pick<
  ProviderListQuery,
  'page' | 'pageSize' | 'search' | 'status' | 'category_id' | 'state' | 'sort' | 'order'
>;

/** The search screen's request as sent: lists go comma-separated (the contract accepts both forms). */
export type ProviderSearchParams = {
  project_id?: number;
  street?: string;
  suburb?: string;
  state?: string;
  postcode?: string;
  start_date?: string;
  end_date?: string;
  categories?: string;
  services?: string;
  distance: number;
  min_rating?: number;
  certified?: boolean;
  /** How many of the nearest to return (default PROVIDER_SEARCH_PAGE). */
  limit?: number;
};

export type CategoryServiceLink = { category_id: string; service_id: string; service_name: string };

export const providerKeys = {
  all: ['service-providers'] as const,
  lists: ['service-providers', 'list'] as const,
  list: (p: ProviderListParams) => ['service-providers', 'list', p] as const,
  detail: (id: string) => ['service-providers', 'detail', id] as const,
  searches: ['service-providers', 'search'] as const,
  search: (p: ProviderSearchParams) => ['service-providers', 'search', p] as const,
  /** The provider pickers (the project's Replace dialog). */
  options: ['service-providers', 'options'] as const,
  optionsFor: (q: string) => ['service-providers', 'options', q] as const,
};

const path = (id: string) => `/api/service-providers/${encodeURIComponent(id)}`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Sort = ProviderListParams['sort'];
type Filter = 'status' | 'category_id' | 'state';

/** The request for the list's state: no value means no filter. */
function toRequest(p: ListParams<Filter, Sort>): ProviderListParams {
  return {
    search: p.search,
    status: (p.status || undefined) as ProviderListParams['status'],
    category_id: p.category_id || undefined,
    state: (p.state || undefined) as ProviderListParams['state'],
    sort: p.sort,
    order: p.order,
    page: p.page,
    pageSize: p.pageSize,
  };
}

/** The service providers list (the screen, and its first page as the app starts on it). */
export const providerList = pagedList<ProviderPage, Filter, Sort>(
  {
    pageSizes: [20, 50, 100],
    defaultPageSize: 20,
    filters: {
      status: (v) => (PROVIDER_STATUSES as readonly string[]).includes(v),
      category_id: (v) => UUID.test(v),
      state: (v) => (STATES as readonly string[]).includes(v),
    },
    sort: {
      /** Column accessor → the server's sort key. */
      columns: {
        service_provider_name: 'name',
        status_label: 'status',
        suburb: 'suburb',
        performance_ratings: 'performance',
        customer_ratings: 'customer',
      },
      keys: PROVIDER_SORTS,
      default: 'name',
      order: 'asc',
      /** Ratings start best first; words A to Z. */
      first: { name: 'asc', status: 'asc', suburb: 'asc', performance: 'desc', customer: 'desc' },
    },
  },
  (p) => {
    const params = toRequest(p);
    return pageQuery<ProviderPage>(providerKeys.list(params), '/api/service-providers', params);
  },
);

export function useProvider(id: string) {
  return useQuery({
    queryKey: providerKeys.detail(id),
    queryFn: ({ signal }) => api.get<ProviderView>(path(id), undefined, signal),
    enabled: Boolean(id),
  });
}

/** A saved provider shows on its page at once; lists, searches and pickers are fetched again. */
function useAfterSave() {
  const client = useQueryClient();
  return (saved: ProviderView) => {
    client.setQueryData(providerKeys.detail(saved.id), saved);
    return Promise.all([
      client.invalidateQueries({ queryKey: providerKeys.lists }),
      client.invalidateQueries({ queryKey: providerKeys.searches }),
      client.invalidateQueries({ queryKey: providerKeys.options }),
    ]);
  };
}

export function useSaveProvider(id?: string) {
  const afterSave = useAfterSave();
  return useMutation({
    mutationFn: (body: ProviderInput) =>
      id ? api.put<ProviderView>(path(id), body) : api.post<ProviderView>('/api/service-providers', body),
    onSuccess: afterSave,
  });
}

export function useSaveProviderUser(providerId: string, userId?: string) {
  const afterSave = useAfterSave();
  return useMutation({
    mutationFn: (body: ProviderUserInput) =>
      userId
        ? api.put<ProviderView>(`${path(providerId)}/users/${encodeURIComponent(userId)}`, body)
        : api.post<ProviderView>(`${path(providerId)}/users`, body),
    onSuccess: afterSave,
  });
}

export function useSetProviderUserActive(providerId: string) {
  const afterSave = useAfterSave();
  return useMutation({
    mutationFn: ({ userId, active }: { userId: string; active: boolean }) =>
      api.put<ProviderView>(`${path(providerId)}/users/${encodeURIComponent(userId)}/active`, { active }),
    onSuccess: afterSave,
  });
}

export function useProviderSearch(params: ProviderSearchParams, enabled = true) {
  return useQuery({
    queryKey: providerKeys.search(params),
    queryFn: ({ signal }) => api.get<ProviderSearchResponse>('/api/service-providers/search', params, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Assigning replaces the project's provider; the project page shows the new one. */
export function useAssignProvider(projectId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ProviderAssign) => api.post<ProjectView>(`/api/projects/${projectId}/service-provider`, body),
    onSuccess: (project) => {
      client.setQueryData(projectKeys.detail(projectId), project);
      return Promise.all([
        client.invalidateQueries({ queryKey: projectKeys.lists }),
        client.invalidateQueries({ queryKey: providerKeys.searches }),
        client.invalidateQueries({ queryKey: providerKeys.all }),
      ]);
    },
  });
}

/** The project picker: searched on the server (a tenant may hold 100,000 projects). */
export const useProjectOptions = (q: string, enabled = true) => useProjectLookup(q, undefined, enabled);

/** A reference list, which changes seldom (kept a minute). */
const useReferenceList = <T>(queryKey: readonly string[], path: string, enabled: boolean) =>
  useQuery({
    queryKey,
    queryFn: ({ signal }) => api.get<{ items: T[] }>(path, undefined, signal),
    select: (data) => data.items,
    enabled,
    staleTime: 60_000,
  });

/** Categories (active ones are offered) and which services each offers. */
export function useCategoryReference(enabled = true) {
  const categories = useReferenceList<CategoryView>(referenceKeys.categories, '/api/categories', enabled);
  const links = useReferenceList<CategoryServiceLink>(
    referenceKeys.categoryServices,
    '/api/category-services',
    enabled,
  );
  return { categories, links };
}
