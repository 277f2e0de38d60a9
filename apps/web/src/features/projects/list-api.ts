import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ClientView, ProjectListQuery, ProjectPage, StaffPage } from '@siteflow/core';
import { api } from '../../api/client';
import { clientKeys } from '../clients/api';
import { staffKeys } from '../staff/api';

/** What the project list asks the server for (the URL holds the same values). */
export type ProjectListParams = Pick<ProjectListQuery, 'page' | 'pageSize' | 'sort' | 'order'> & {
  search: string;
  status: string;
  client_id: string;
  project_manager_id: string;
};

/**
 * Under ['projects', 'list'] so that the project mutations (create, save, status, delete)
 * invalidate this list too.
 */
export const projectListKeys = {
  list: (p: ProjectListParams) => ['projects', 'list', p] as const,
  clientOptions: clientKeys.optionsFor,
  client: clientKeys.detail,
  managerOptions: staffKeys.projectManagerOptions,
};

/** The request for one page of projects (the screen's query, and the prefetch as the app starts). */
export const projectListQuery = (params: ProjectListParams) => ({
  queryKey: projectListKeys.list(params),
  queryFn: ({ signal }: { signal: AbortSignal }) => api.get<ProjectPage>('/api/projects', params, signal),
});

/** One page of projects: paging, sorting and filtering all happen on the server. */
export function useProjectList(params: ProjectListParams) {
  return useQuery({ ...projectListQuery(params), placeholderData: keepPreviousData });
}

export type Option = { value: string; label: string };

/** Clients for the filter, searched on the server (at most 50 at a time). */
export function useClientOptions(search: string, enabled: boolean) {
  return useQuery({
    queryKey: projectListKeys.clientOptions(search),
    queryFn: ({ signal }) =>
      api.get<{ items: ClientView[] }>('/api/clients', { search, status: 'all', pageSize: 50 }, signal),
    select: (page): Option[] => page.items.map((c) => ({ value: c.id, label: c.trading_name })),
    placeholderData: keepPreviousData,
    enabled,
    staleTime: 60_000,
  });
}

/** The client chosen in the URL, for its name when it is not among the options loaded. */
export function useClientName(id: string, enabled: boolean) {
  return useQuery({
    queryKey: projectListKeys.client(id),
    queryFn: ({ signal }) => api.get<ClientView>(`/api/clients/${encodeURIComponent(id)}`, undefined, signal),
    select: (c) => c.trading_name,
    enabled: enabled && Boolean(id),
    staleTime: 60_000,
  });
}

/**
 * Project managers for the filter: staff flagged as project managers (everyone when the
 * company does not use the flag), active ones first; former managers stay findable.
 */
export function useProjectManagerOptions(enabled: boolean) {
  return useQuery({
    queryKey: projectListKeys.managerOptions,
    queryFn: ({ signal }) => api.get<StaffPage>('/api/staff', { status: 'all', pageSize: 100 }, signal),
    select: (page): Option[] => {
      const flagged = page.items.filter((s) => s.is_project_manager === '1');
      const people = flagged.length ? flagged : page.items;
      return [...people]
        .sort((a, b) => Number(b.active) - Number(a.active) || a.full_name.localeCompare(b.full_name))
        .map((s) => ({ value: s.id, label: s.active ? s.full_name : `${s.full_name} (inactive)` }));
    },
    enabled,
    staleTime: 60_000,
  });
}
