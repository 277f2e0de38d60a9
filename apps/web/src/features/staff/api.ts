import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StaffFormOptions, StaffPage, StaffView } from '@siteflow/core';
import { api } from '../../api/client';

export type StaffListParams = {
  page: number;
  pageSize: number;
  search: string;
  role: '' | 'company_admin' | 'company_employee';
  status: 'active' | 'inactive' | 'all';
};
type WithMessage = { message: string; staff: StaffView };

export const staffKeys = {
  all: ['staff'] as const,
  lists: ['staff', 'list'] as const,
  list: (p: StaffListParams) => ['staff', 'list', p] as const,
  detail: (id: string) => ['staff', 'detail', id] as const,
  options: (id?: string) => ['staff', 'form-options', id ?? 'new'] as const,
  /** The project manager picker of the project list (every staff member, active or not). */
  projectManagerOptions: ['staff', 'project-manager-options'] as const,
};

export function useStaffList(params: StaffListParams) {
  return useQuery({
    queryKey: staffKeys.list(params),
    queryFn: ({ signal }) => api.get<StaffPage>('/api/staff', params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useStaffMember(id: string) {
  return useQuery({
    queryKey: staffKeys.detail(id),
    queryFn: ({ signal }) => api.get<StaffView>(`/api/staff/${encodeURIComponent(id)}`, undefined, signal),
  });
}

/** What the form shows for this record: role list or Position, and the tenant's optional flags. */
export function useStaffFormOptions(id?: string) {
  return useQuery({
    queryKey: staffKeys.options(id),
    queryFn: ({ signal }) => api.get<StaffFormOptions>('/api/staff/form-options', { id }, signal),
  });
}

export function useSaveStaff(id?: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: FormData) =>
      id
        ? api.put<WithMessage>(`/api/staff/${encodeURIComponent(id)}`, body)
        : api.post<WithMessage>('/api/staff', body),
    onSuccess: (data) => {
      client.setQueryData(staffKeys.detail(data.staff.id), data.staff);
      return client.invalidateQueries({ queryKey: staffKeys.lists });
    },
  });
}

export function useSetStaffActive() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, active }: { id: string; active: boolean }) =>
      api.post<WithMessage>(`/api/staff/${encodeURIComponent(id)}/${active ? 'activate' : 'deactivate'}`),
    onSuccess: (data) => {
      client.setQueryData(staffKeys.detail(data.staff.id), data.staff);
      return client.invalidateQueries({ queryKey: staffKeys.lists });
    },
  });
}
