import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { MailboxMessage, MailboxPage } from '@siteflow/core';
import { api } from '../../api/client';

export type MailboxParams = { page: number; pageSize: number; search: string };

export function useMailbox(params: MailboxParams) {
  return useQuery({
    queryKey: ['mailbox', 'list', params],
    queryFn: ({ signal }) => api.get<MailboxPage>('/api/mailbox', params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useMailboxMessage(id: string) {
  return useQuery({
    queryKey: ['mailbox', 'detail', id],
    queryFn: ({ signal }) => api.get<MailboxMessage>(`/api/mailbox/${encodeURIComponent(id)}`, undefined, signal),
  });
}
