import { useMutation } from '@tanstack/react-query';
import type { CustomerPage, CustomerView } from '@siteflow/core';
import { pagedList } from '../../ui/list-page/paged-list';
import { pageQuery, recordKeys, saveRecord, useRecordQuery, useRecordSaved } from '../../ui/queries';

export const customerKeys = recordKeys('customers');

/** The customers list (the screen, and its first page as the app starts on it). */
export const customerList = pagedList(
  { pageSizes: [10, 20, 50], defaultPageSize: 20 },
  ({ page, pageSize, search }) => {
    const params = { page, pageSize, search };
    return pageQuery<CustomerPage>(customerKeys.list(params), '/api/customers', params);
  },
);

export function useCustomer(id: string) {
  return useRecordQuery<CustomerView>(customerKeys.detail(id), `/api/customers/${encodeURIComponent(id)}`);
}

/** Create (no id) or update a customer; the body is multipart with an optional logo in `file`. */
export function useSaveCustomer(id?: string) {
  const saved = useRecordSaved(customerKeys);
  return useMutation({
    mutationFn: (body: FormData) => saveRecord<CustomerView>('/api/customers', id, body),
    onSuccess: saved,
  });
}
