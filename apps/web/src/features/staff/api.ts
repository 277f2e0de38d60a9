import { useMutation, useQuery } from '@tanstack/react-query';
import type { StaffFormOptions, StaffPage, StaffView } from '@siteflow/core';
import { api } from '../../api/client';
import { ACTIVE_STATUS } from '../../ui/list-page/list-state';
import { pagedList } from '../../ui/list-page/paged-list';
import { pageQuery, recordKeys, saveRecord, useRecordQuery, useRecordSaved } from '../../ui/queries';

export type StaffListParams = {
  page: number;
  pageSize: number;
  search: string;
  role: '' | 'company_admin' | 'company_employee';
  status: 'active' | 'inactive' | 'all';
};
type WithMessage = { message: string; staff: StaffView };

export const staffKeys = {
  ...recordKeys('staff'),
  options: (id?: string) => ['staff', 'form-options', id ?? 'new'] as const,
  /** The project manager picker of the project list (every staff member, active or not). */
  projectManagerOptions: ['staff', 'project-manager-options'] as const,
};

const ROLES = ['company_admin', 'company_employee'];

/** The staff list (the screen, and its first page as the app starts on it). */
export const staffList = pagedList(
  {
    pageSizes: [10, 20, 50],
    defaultPageSize: 20,
    filters: { role: (v: string) => ROLES.includes(v), status: ACTIVE_STATUS.valid },
  },
  ({ page, pageSize, search, role, status }) => {
    const params: StaffListParams = {
      page,
      pageSize,
      search,
      role: role as StaffListParams['role'],
      status: (status || 'all') as StaffListParams['status'],
    };
    return pageQuery<StaffPage>(staffKeys.list(params), '/api/staff', params);
  },
);

export function useStaffMember(id: string) {
  return useRecordQuery<StaffView>(staffKeys.detail(id), `/api/staff/${encodeURIComponent(id)}`);
}

/** What the form shows for this record: role list or Position, and the tenant's optional flags. */
export function useStaffFormOptions(id?: string) {
  return useQuery({
    queryKey: staffKeys.options(id),
    queryFn: ({ signal }) => api.get<StaffFormOptions>('/api/staff/form-options', { id }, signal),
  });
}

export function useSaveStaff(id?: string) {
  const saved = useRecordSaved(staffKeys);
  return useMutation({
    mutationFn: (body: FormData) => saveRecord<WithMessage>('/api/staff', id, body),
    onSuccess: (data) => saved(data.staff),
  });
}

export function useSetStaffActive() {
  const saved = useRecordSaved(staffKeys);
  return useMutation({
    mutationFn: ({ id, active }: { id: string; active: boolean }) =>
      api.post<WithMessage>(`/api/staff/${encodeURIComponent(id)}/${active ? 'activate' : 'deactivate'}`),
    onSuccess: (data) => saved(data.staff),
  });
}
