import { useMutation } from '@tanstack/react-query';
import type { CustomerPage, CustomerView } from '@siteflow/core';
import { recordKeys, saveRecord, usePageQuery, useRecordQuery, useRecordSaved } from '../../ui/queries';
import type { SearchPageParams } from '../../ui/queries';

export const customerKeys = recordKeys('customers');

export function useCustomers(params: SearchPageParams) {
  return usePageQuery<CustomerPage>(customerKeys.list(params), '/api/customers', params);
}

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
