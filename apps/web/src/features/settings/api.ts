import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SettingView } from '@siteflow/core';
import { api } from '../../api/client';

export const settingKeys = {
  all: ['settings'] as const,
  list: ['settings', 'list'] as const,
  detail: (id: string) => ['settings', 'detail', id] as const,
};

export function useSettings() {
  return useQuery({
    queryKey: settingKeys.list,
    queryFn: ({ signal }) => api.get<{ items: SettingView[] }>('/api/settings', undefined, signal),
  });
}

export function useSetting(id: string) {
  return useQuery({
    queryKey: settingKeys.detail(id),
    queryFn: ({ signal }) => api.get<SettingView>(`/api/settings/${encodeURIComponent(id)}`, undefined, signal),
  });
}

export function useCreateSetting() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { key: string; value: string }) => api.post<SettingView>('/api/settings', body),
    onSuccess: (setting) => {
      client.setQueryData(settingKeys.detail(setting.id), setting);
      return client.invalidateQueries({ queryKey: settingKeys.list });
    },
  });
}

export function useUpdateSetting(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { value: string }) => api.put<SettingView>(`/api/settings/${encodeURIComponent(id)}`, body),
    onSuccess: (setting) => {
      client.setQueryData(settingKeys.detail(setting.id), setting);
      return client.invalidateQueries({ queryKey: settingKeys.list });
    },
  });
}

export function useDeleteSetting() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ message: string }>(`/api/settings/${encodeURIComponent(id)}`),
    onSuccess: (_data, id) => {
      client.removeQueries({ queryKey: settingKeys.detail(id) });
      return client.invalidateQueries({ queryKey: settingKeys.list });
    },
  });
}
