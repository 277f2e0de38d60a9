import { useState } from 'react';
import { Anchor, Avatar, Button, Group, Paper, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconExternalLink, IconPencil, IconPlus, IconSearch } from '@tabler/icons-react';
import { DataTable } from 'mantine-datatable';
import { Link } from 'react-router';
import { formatDate, formatDateTime, type CustomerView } from '@siteflow/core';
import { PageHeader } from '../../ui/page-header';
import { ErrorState } from '../../ui/query-states';
import { useCustomers } from './api';

const PAGE_SIZES = [10, 20, 50];

export function CustomerListScreen() {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const query = useCustomers({ page, pageSize, search: debounced });
  const [lastSearch, setLastSearch] = useState(debounced);
  if (lastSearch !== debounced) {
    // A new search starts at its first page.
    setLastSearch(debounced);
    setPage(1);
  }

  return (
    <>
      <PageHeader
        title="Customers"
        description="Companies using Siteflow, each at its own address."
        actions={
          <Button component={Link} to="/customers/new" leftSection={<IconPlus size={16} aria-hidden />}>
            New customer
          </Button>
        }
      />
      <Paper withBorder radius="lg" p="md">
        <Group mb="md" justify="space-between" align="flex-end">
          <TextInput
            label="Search customers"
            placeholder="Company, subdomain, contact or email"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            w={{ base: '100%', sm: 360 }}
            type="search"
          />
          {query.data ? (
            <Text size="sm" c="dimmed" aria-live="polite">
              {query.data.total === 1 ? '1 customer' : `${query.data.total} customers`}
            </Text>
          ) : null}
        </Group>
        {query.isError ? (
          <ErrorState error={query.error} onRetry={() => query.refetch()} title="Could not load customers" />
        ) : (
          <DataTable<CustomerView>
            aria-label="Customers"
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
            recordsPerPageLabel="Customers per page"
            paginationText={({ from, to, totalRecords }) => `${from}–${to} of ${totalRecords}`}
            noRecordsText={debounced ? `No customers match “${debounced}”.` : 'No customers yet.'}
            loadingText="Loading customers…"
            columns={[
              {
                accessor: 'customer_name',
                title: 'Company name',
                render: (c) => (
                  <Group gap="sm" wrap="nowrap">
                    <Avatar
                      src={c.logo_path}
                      name={c.customer_name}
                      color="initials"
                      radius="sm"
                      size={34}
                      alt=""
                      styles={{ image: { objectFit: 'contain' } }}
                    />
                    <Text size="sm" fw={600}>
                      {c.customer_name}
                    </Text>
                  </Group>
                ),
              },
              {
                accessor: 'name',
                title: 'Subdomain',
                render: (c) => (
                  <Anchor href={c.url} target="_blank" rel="noopener noreferrer" size="sm">
                    {c.name}
                    <IconExternalLink size={13} aria-hidden style={{ marginLeft: 4, verticalAlign: '-1px' }} />
                    <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
                  </Anchor>
                ),
              },
              { accessor: 'contact', title: 'Contact', render: (c) => `${c.first_name} ${c.last_name}`.trim() },
              { accessor: 'email', title: 'Email' },
              { accessor: 'state', title: 'State', render: (c) => c.state ?? '' },
              {
                accessor: 'created_at',
                title: 'Created',
                render: (c) => (
                  <Text size="sm" title={formatDateTime(c.created_at)}>
                    {formatDate(c.created_at)}
                  </Text>
                ),
              },
              {
                accessor: 'actions',
                title: <VisuallyHidden>Actions</VisuallyHidden>,
                textAlign: 'right',
                render: (c) => (
                  <Button
                    component={Link}
                    to={`/customers/${c.id}/edit`}
                    size="compact-sm"
                    variant="light"
                    leftSection={<IconPencil size={14} aria-hidden />}
                    aria-label={`Edit ${c.customer_name}`}
                  >
                    Edit
                  </Button>
                ),
              },
            ]}
          />
        )}
      </Paper>
    </>
  );
}
