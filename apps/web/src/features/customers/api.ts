import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CustomerPage, CustomerView } from '@siteflow/core';
import { api } from '../../api/client';

export type ListParams = { page: number; pageSize: number; search: string };

export const customerKeys = {
  all: ['customers'] as const,
  lists: ['customers', 'list'] as const,
  list: (p: ListParams) => ['customers', 'list', p] as const,
  detail: (id: string) => ['customers', 'detail', id] as const,
};

export function useCustomers(params: ListParams) {
  return useQuery({
    queryKey: customerKeys.list(params),
    queryFn: ({ signal }) => api.get<CustomerPage>('/api/customers', params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useCustomer(id: string) {
  return useQuery({
    queryKey: customerKeys.detail(id),
    queryFn: ({ signal }) => api.get<CustomerView>(`/api/customers/${encodeURIComponent(id)}`, undefined, signal),
  });
}

/** Create (no id) or update a customer; the body is multipart with an optional logo in `file`. */
export function useSaveCustomer(id?: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: FormData) =>
      id
        ? api.put<CustomerView>(`/api/customers/${encodeURIComponent(id)}`, body)
        : api.post<CustomerView>('/api/customers', body),
    onSuccess: (customer) => {
      client.setQueryData(customerKeys.detail(customer.id), customer);
      return client.invalidateQueries({ queryKey: customerKeys.lists });
    },
  });
}
