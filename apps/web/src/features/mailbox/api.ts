import type { MailboxMessage, MailboxPage } from '@siteflow/core';
import { pagedList } from '../../ui/list-page/paged-list';
import { pageQuery, recordKeys, useRecordQuery } from '../../ui/queries';

export const mailboxKeys = recordKeys('mailbox');

/** The mailbox's list (the screen, and its first page as the app starts on it). */
export const mailboxList = pagedList({ pageSizes: [10, 20, 50], defaultPageSize: 20 }, ({ page, pageSize, search }) => {
  const params = { page, pageSize, search };
  return pageQuery<MailboxPage>(mailboxKeys.list(params), '/api/mailbox', params);
});

export function useMailboxMessage(id: string) {
  return useRecordQuery<MailboxMessage>(mailboxKeys.detail(id), `/api/mailbox/${encodeURIComponent(id)}`);
}
