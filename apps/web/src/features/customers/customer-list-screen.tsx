import { Anchor, Avatar, Button, Group, Paper, Text, VisuallyHidden } from '@mantine/core';
import { IconExternalLink, IconPencil, IconPlus } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { Link } from 'react-router';
import { formatDate, formatDateTime, type CustomerView } from '@siteflow/core';
import { countOf, ListToolbar, PagedTable, useListState } from '../../ui/list-page';
import { PageHeader } from '../../ui/page-header';
import { useCustomers } from './api';

const LIST = { pageSizes: [10, 20, 50], defaultPageSize: 20 };

const COLUMNS: DataTableColumn<CustomerView>[] = [
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
];

export function CustomerListScreen() {
  const list = useListState(LIST);
  const { search, page, pageSize } = list.params;
  const query = useCustomers({ page, pageSize, search });

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
        <ListToolbar
          list={list}
          searchLabel="Search customers"
          placeholder="Company, subdomain, contact or email"
          searchWidth={360}
          count={countOf(query.data?.total, 'customer', 'customers')}
        />
        <PagedTable<CustomerView>
          label="Customers"
          query={query}
          records={query.data?.items}
          total={query.data?.total}
          list={list}
          columns={COLUMNS}
          errorTitle="Could not load customers"
          perPageLabel="Customers per page"
          noRecordsText={search ? `No customers match “${search}”.` : 'No customers yet.'}
          loadingText="Loading customers…"
        />
      </Paper>
    </>
  );
}
