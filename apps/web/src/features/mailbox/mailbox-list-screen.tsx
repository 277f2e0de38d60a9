import { Anchor, Badge } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { Link } from 'react-router';
import { formatDateTime } from '@siteflow/core';
import { ListScreen, listTexts, noSearchMatch, useListState } from '../../ui/list-page';
import { usePageQuery } from '../../ui/queries';
import { mailboxList } from './api';

const TEXTS = listTexts('messages', {
  title: 'Mailbox',
  description: 'Emails and text messages Siteflow sent while no mail server is configured.',
  placeholder: 'Recipient or subject',
  one: 'message',
  errorTitle: 'Could not load the mailbox',
  noMatch: noSearchMatch('messages'),
});
type Item = {
  id: string;
  to: string;
  subject: string;
  channel: 'email' | 'sms';
  tenant_name: string | null;
  created_at: string;
};

const COLUMNS: DataTableColumn<Item>[] = [
  {
    accessor: 'subject',
    title: 'Subject',
    render: (m) => (
      <Anchor component={Link} to={`/mailbox/${m.id}`} size="sm" fw={600}>
        {m.subject || '(no subject)'}
      </Anchor>
    ),
  },
  { accessor: 'to', title: 'To' },
  { accessor: 'tenant_name', title: 'Company', render: (m) => m.tenant_name ?? 'Platform' },
  {
    accessor: 'channel',
    title: 'Type',
    render: (m) => (
      <Badge variant="light" color={m.channel === 'sms' ? 'grape' : 'blue'}>
        {m.channel === 'sms' ? 'SMS' : 'Email'}
      </Badge>
    ),
  },
  { accessor: 'created_at', title: 'Received', noWrap: true, render: (m) => formatDateTime(m.created_at) },
];

export function MailboxListScreen() {
  const list = useListState(mailboxList.config);
  const query = usePageQuery(mailboxList.query(list.params));

  return <ListScreen<Item> texts={TEXTS} list={list} query={query} toolbar={{ searchWidth: 360 }} columns={COLUMNS} />;
}
