import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PROJECT_TEXT,
  sortManagers,
  type AccountManager,
  type AccountManagerQuickAdd,
  type ProjectCreate,
  type ProjectCreateData,
  type ProjectDetailsUpdate,
  type ProjectLocationUpdate,
  type ProjectOtherUpdate,
  type ProjectRef,
  type ProjectServicesUpdate,
  type ProjectStatusUpdate,
  type ProjectView,
} from '@siteflow/core';
import { api } from '../../api/client';
import { useLookup } from '../../api/lookup';
import { clientKeys } from '../clients/api';
import { loadFailure, projectKeys, projectQuery } from './project-query';

export { loadFailure, projectKeys, projectQuery };

type Created = { id: number; project_code: string; redirect_url: string; message: string };
type Deleted = { message: string; redirect_url: string };

export const accountManagerKeys = {
  ofClient: clientKeys.accountManagers,
};

// ---------------------------------------------------------------------------------------------
// Creation

export function useProjectCreateData(enabled = true) {
  return useQuery({
    queryKey: projectKeys.createData,
    queryFn: ({ signal }) =>
      api
        .get<ProjectCreateData>('/api/projects/create-data', undefined, signal)
        .catch((error: unknown) => Promise.reject(loadFailure(error, PROJECT_TEXT.createLoadFailed))),
    enabled,
    staleTime: 60_000,
  });
}

export function useCreateProject() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ProjectCreate) => api.post<Created>('/api/projects', body),
    onSuccess: () => client.invalidateQueries({ queryKey: projectKeys.lists }),
  });
}

/** The linked-projects picker: searched on the server (a tenant may hold 100,000 projects). */
export const useProjectLookup = (q: string, exclude?: number, enabled = true) =>
  useLookup<ProjectRef, ReturnType<typeof projectKeys.lookup>>(
    projectKeys.lookup(q, exclude),
    '/api/projects/lookup',
    { q, exclude },
    enabled,
  );

// ---------------------------------------------------------------------------------------------
// Account managers of a client

export function useAccountManagers(clientId: string | null) {
  return useQuery({
    queryKey: accountManagerKeys.ofClient(clientId ?? ''),
    queryFn: ({ signal }) =>
      api
        .get<{ items: AccountManager[] }>(
          `/api/clients/${encodeURIComponent(clientId!)}/account-managers`,
          undefined,
          signal,
        )
        .then((r) => sortManagers(r.items.filter((m) => m.active))),
    enabled: Boolean(clientId),
  });
}

export function useQuickAddAccountManager(clientId: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AccountManagerQuickAdd) =>
      api.post<AccountManager>(`/api/clients/${encodeURIComponent(clientId!)}/account-managers`, body),
    onSuccess: (manager) => {
      if (!clientId) return;
      // Offered at once, in name order, before the list is fetched again.
      client.setQueryData<AccountManager[]>(accountManagerKeys.ofClient(clientId), (list) =>
        list ? sortManagers([...list.filter((m) => m.id !== manager.id), manager]) : list,
      );
      return client.invalidateQueries({ queryKey: accountManagerKeys.ofClient(clientId) });
    },
  });
}

// ---------------------------------------------------------------------------------------------
// Details screen

export function useProject(id: number) {
  return useQuery(projectQuery(id));
}

export type SectionPayloads = {
  details: ProjectDetailsUpdate;
  services: ProjectServicesUpdate;
  other: ProjectOtherUpdate;
  location: ProjectLocationUpdate;
};
export type Section = keyof SectionPayloads;

/** A change of the project that answers with the whole project, which replaces the one on screen. */
function useProjectChange<Body>(id: number, path: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Body) => api.put<ProjectView>(`/api/projects/${id}/${path}`, body),
    onSuccess: (project) => {
      client.setQueryData(projectKeys.detail(id), project);
      return client.invalidateQueries({ queryKey: projectKeys.lists });
    },
  });
}

/** Saves one section. */
export const useSaveSection = <S extends Section>(id: number, section: S) =>
  useProjectChange<SectionPayloads[S]>(id, section);

export const useChangeStatus = (id: number) => useProjectChange<ProjectStatusUpdate>(id, 'status');

export function useDeleteProject(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<Deleted>(`/api/projects/${id}`),
    onSuccess: () => {
      // Stale but not fetched again now (the screen is still up and would ask for the deleted project);
      // whoever opens it later asks the server, and learns it is gone.
      void client.invalidateQueries({ queryKey: projectKeys.detail(id), refetchType: 'none' });
      return client.invalidateQueries({ queryKey: projectKeys.lists });
    },
  });
}
