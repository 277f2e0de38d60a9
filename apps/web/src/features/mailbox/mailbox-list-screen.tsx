import { Anchor, Badge, Paper } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { Link } from 'react-router';
import { formatDateTime } from '@siteflow/core';
import { countOf, ListToolbar, PagedTable, useListState } from '../../ui/list-page';
import { PageHeader } from '../../ui/page-header';
import { useMailbox } from './api';

const LIST = { pageSizes: [10, 20, 50], defaultPageSize: 20 };
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
  const list = useListState(LIST);
  const { search, page, pageSize } = list.params;
  const query = useMailbox({ page, pageSize, search });

  return (
    <>
      <PageHeader
        title="Mailbox"
        description="Emails and text messages Siteflow sent while no mail server is configured."
      />
      <Paper withBorder radius="lg" p="md">
        <ListToolbar
          list={list}
          searchLabel="Search messages"
          placeholder="Recipient or subject"
          searchWidth={360}
          count={countOf(query.data?.total, 'message', 'messages')}
        />
        <PagedTable<Item>
          label="Messages"
          query={query}
          records={query.data?.items}
          total={query.data?.total}
          list={list}
          columns={COLUMNS}
          errorTitle="Could not load the mailbox"
          perPageLabel="Messages per page"
          noRecordsText={search ? `No messages match “${search}”.` : 'No messages yet.'}
          loadingText="Loading messages…"
        />
      </Paper>
    </>
  );
}
