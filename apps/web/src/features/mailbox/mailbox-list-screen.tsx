import { useState } from 'react';
import { Anchor, Badge, Group, Paper, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { DataTable } from 'mantine-datatable';
import { Link } from 'react-router';
import { formatDateTime } from '@siteflow/core';
import { PageHeader } from '../../ui/page-header';
import { ErrorState } from '../../ui/query-states';
import { useMailbox } from './api';

const PAGE_SIZES = [10, 20, 50];
type Item = {
  id: string;
  to: string;
  subject: string;
  channel: 'email' | 'sms';
  tenant_name: string | null;
  created_at: string;
};

export function MailboxListScreen() {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const query = useMailbox({ page, pageSize, search: debounced });
  const [lastSearch, setLastSearch] = useState(debounced);
  if (lastSearch !== debounced) {
    setLastSearch(debounced);
    setPage(1);
  }

  return (
    <>
      <PageHeader
        title="Mailbox"
        description="Emails and text messages Siteflow sent while no mail server is configured."
      />
      <Paper withBorder radius="lg" p="md">
        <Group mb="md" justify="space-between" align="flex-end">
          <TextInput
            label="Search messages"
            placeholder="Recipient or subject"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            w={{ base: '100%', sm: 360 }}
            type="search"
          />
          {query.data ? (
            <Text size="sm" c="dimmed" aria-live="polite">
              {query.data.total === 1 ? '1 message' : `${query.data.total} messages`}
            </Text>
          ) : null}
        </Group>
        {query.isError ? (
          <ErrorState error={query.error} onRetry={() => query.refetch()} title="Could not load the mailbox" />
        ) : (
          <DataTable<Item>
            aria-label="Messages"
            minHeight={query.data?.items.length ? undefined : 220}
            verticalSpacing="sm"
            highlightOnHover
            fetching={query.isFetching}
            records={query.data?.items ?? []}
            totalRecords={query.data?.total ?? 0}
            page={page}
            onPageChange={setPage}
            recordsPerPage={pageSize}
            recordsPerPageOptions={PAGE_SIZES}
            onRecordsPerPageChange={(size) => {
              setPageSize(size);
              setPage(1);
            }}
            recordsPerPageLabel="Messages per page"
            paginationText={({ from, to, totalRecords }) => `${from}–${to} of ${totalRecords}`}
            noRecordsText={debounced ? `No messages match “${debounced}”.` : 'No messages yet.'}
            loadingText="Loading messages…"
            columns={[
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
            ]}
          />
        )}
      </Paper>
    </>
  );
}
