import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { MailboxMessage, MailboxPage } from '@siteflow/core';
import { api } from '../../api/client';

export type MailboxParams = { page: number; pageSize: number; search: string };

export const mailboxKeys = {
  all: ['mailbox'] as const,
  list: (p: MailboxParams) => ['mailbox', 'list', p] as const,
  detail: (id: string) => ['mailbox', 'detail', id] as const,
};

export function useMailbox(params: MailboxParams) {
  return useQuery({
    queryKey: mailboxKeys.list(params),
    queryFn: ({ signal }) => api.get<MailboxPage>('/api/mailbox', params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useMailboxMessage(id: string) {
  return useQuery({
    queryKey: mailboxKeys.detail(id),
    queryFn: ({ signal }) => api.get<MailboxMessage>(`/api/mailbox/${encodeURIComponent(id)}`, undefined, signal),
  });
}
