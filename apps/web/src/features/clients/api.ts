import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClientInput, ClientUserInput, ClientUserView, ClientView } from '@siteflow/core';
import { api } from '../../api/client';
import { ACTIVE_STATUS } from '../../ui/list-page/list-state';
import { pagedList } from '../../ui/list-page/paged-list';
import { pageQuery, recordKeys, useRecordQuery } from '../../ui/queries';

export type ClientListParams = {
  page: number;
  pageSize: number;
  search: string;
  status: 'active' | 'inactive' | 'all';
};
export type ClientPage = { items: ClientView[]; total: number; page: number; pageSize: number };
type ClientSaved = { message: string; client: ClientView };
type UserSaved = { message: string; user: ClientUserView };

export const clientKeys = {
  ...recordKeys('clients'),
  users: (id: string) => ['clients', id, 'users'] as const,
  /** The client pickers (project filters and forms). */
  options: ['clients', 'options'] as const,
  optionsFor: (search: string) => ['clients', 'options', search] as const,
  accountManagers: (id: string) => ['clients', id, 'account-managers'] as const,
};

const path = (id: string) => `/api/clients/${encodeURIComponent(id)}`;

/** The clients list (the screen, and its first page as the app starts on it). */
export const clientList = pagedList(
  { pageSizes: [20, 50, 100], defaultPageSize: 20, filters: { status: ACTIVE_STATUS.valid } },
  ({ page, pageSize, search, status }) => {
    const params: ClientListParams = {
      page,
      pageSize,
      search,
      status: (status || 'all') as ClientListParams['status'],
    };
    return pageQuery<ClientPage>(clientKeys.list(params), '/api/clients', params);
  },
);

export function useClient(id: string) {
  return useRecordQuery<ClientView>(clientKeys.detail(id), path(id));
}

/** A saved client changes lists and pickers elsewhere too (the project filters, the project forms). */
function afterClientChange(client: ReturnType<typeof useQueryClient>, saved: ClientView) {
  client.setQueryData(clientKeys.detail(saved.id), saved);
  return Promise.all([
    client.invalidateQueries({ queryKey: clientKeys.lists }),
    client.invalidateQueries({ queryKey: clientKeys.options }),
  ]);
}

export function useSaveClient(id?: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ClientInput) =>
      id ? api.put<ClientSaved>(path(id), body) : api.post<ClientSaved>('/api/clients', body),
    onSuccess: (data) => afterClientChange(client, data.client),
  });
}

export function useSetClientActive() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, active }: { id: string; active: boolean }) =>
      api.post<ClientSaved>(`${path(id)}/${active ? 'activate' : 'deactivate'}`),
    onSuccess: (data) => afterClientChange(client, data.client),
  });
}

export function useClientUsers(clientId: string) {
  return useQuery({
    queryKey: clientKeys.users(clientId),
    queryFn: ({ signal }) => api.get<{ items: ClientUserView[] }>(`${path(clientId)}/users`, undefined, signal),
  });
}

export function useSaveClientUser(clientId: string, userId?: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ClientUserInput) =>
      userId
        ? api.put<UserSaved>(`${path(clientId)}/users/${encodeURIComponent(userId)}`, body)
        : api.post<UserSaved>(`${path(clientId)}/users`, body),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: clientKeys.users(clientId) }),
        // The list counts users; account-manager pickers list them.
        client.invalidateQueries({ queryKey: clientKeys.lists }),
        client.invalidateQueries({ queryKey: clientKeys.detail(clientId) }),
        client.invalidateQueries({ queryKey: clientKeys.accountManagers(clientId) }),
      ]),
  });
}
