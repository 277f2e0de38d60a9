import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { sortManagers, type AccountManager, type ProjectMapOptions, type ProjectMapResponse } from '@siteflow/core';
import { api } from '../../api/client';
import { clientKeys } from '../clients/api';

export const projectMapKeys = {
  all: ['project-map'] as const,
  map: (query: Record<string, string | number | undefined>) => ['project-map', query] as const,
  options: ['project-map', 'options'] as const,
  accountManagers: clientKeys.accountManagers,
};

/**
 * Markers of the current view and one page of the list, in one request. While the next answer
 * loads, the previous markers and list stay on screen.
 */
export function useProjectMap(query: Record<string, string | number | undefined>, enabled: boolean) {
  return useQuery({
    queryKey: projectMapKeys.map(query),
    queryFn: ({ signal }) => api.get<ProjectMapResponse>('/api/project-map', query, signal),
    placeholderData: keepPreviousData,
    enabled,
    staleTime: 30_000,
  });
}

/**
 * What the filters offer this user (categories with services; account managers for client and
 * provider users) and their own location, from one request every role that sees the map may make.
 */
export function useProjectMapOptions() {
  return useQuery({
    queryKey: projectMapKeys.options,
    queryFn: ({ signal }) => api.get<ProjectMapOptions>('/api/project-map/options', undefined, signal),
    staleTime: 60_000,
  });
}

/** Active account managers of one client, by name (the same cache as the project screens). */
export function useAccountManagerOptions(clientId: string) {
  return useQuery({
    queryKey: projectMapKeys.accountManagers(clientId),
    queryFn: ({ signal }) =>
      api
        .get<{ items: AccountManager[] }>(
          `/api/clients/${encodeURIComponent(clientId)}/account-managers`,
          undefined,
          signal,
        )
        .then((r) => sortManagers(r.items.filter((m) => m.active))),
    enabled: Boolean(clientId),
    staleTime: 60_000,
  });
}
