import type { MailboxMessage, MailboxPage } from '@siteflow/core';
import { recordKeys, usePageQuery, useRecordQuery, type SearchPageParams } from '../../ui/queries';

export const mailboxKeys = recordKeys('mailbox');

export function useMailbox(params: SearchPageParams) {
  return usePageQuery<MailboxPage>(mailboxKeys.list(params), '/api/mailbox', params);
}

export function useMailboxMessage(id: string) {
  return useRecordQuery<MailboxMessage>(mailboxKeys.detail(id), `/api/mailbox/${encodeURIComponent(id)}`);
}
