import type { MailboxMessage, MailboxPage } from '@siteflow/core';
import { recordKeys, usePageQuery, useRecordQuery } from '../../ui/queries';

export type MailboxParams = { page: number; pageSize: number; search: string };

export const mailboxKeys = recordKeys('mailbox');

export function useMailbox(params: MailboxParams) {
  return usePageQuery<MailboxPage>(mailboxKeys.list(params), '/api/mailbox', params);
}

export function useMailboxMessage(id: string) {
  return useRecordQuery<MailboxMessage>(mailboxKeys.detail(id), `/api/mailbox/${encodeURIComponent(id)}`);
}
