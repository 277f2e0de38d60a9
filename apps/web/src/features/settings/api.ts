import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SettingView } from '@siteflow/core';
import { api } from '../../api/client';
import { recordKeys, saveRecord, useRecordQuery, useRecordSaved } from '../../ui/queries';

/** The settings list is `lists` (one, unpaged). */
export const settingKeys = recordKeys('settings');

/** The settings list's request (the screen's, and the app's as it starts on the screen). */
export const settingListQuery = {
  queryKey: settingKeys.lists,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api.get<{ items: SettingView[] }>('/api/settings', undefined, signal),
};

export const useSettings = () => useQuery(settingListQuery);

export function useSetting(id: string) {
  return useRecordQuery<SettingView>(settingKeys.detail(id), `/api/settings/${encodeURIComponent(id)}`);
}

export function useCreateSetting() {
  const saved = useRecordSaved(settingKeys);
  return useMutation({
    mutationFn: (body: { key: string; value: string }) => saveRecord<SettingView>('/api/settings', undefined, body),
    onSuccess: saved,
  });
}

export function useUpdateSetting(id: string) {
  const saved = useRecordSaved(settingKeys);
  return useMutation({
    mutationFn: (body: { value: string }) => saveRecord<SettingView>('/api/settings', id, body),
    onSuccess: saved,
  });
}

export function useDeleteSetting() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ message: string }>(`/api/settings/${encodeURIComponent(id)}`),
    onSuccess: (_data, id) => {
      client.removeQueries({ queryKey: settingKeys.detail(id) });
      return client.invalidateQueries({ queryKey: settingKeys.lists });
    },
  });
}
