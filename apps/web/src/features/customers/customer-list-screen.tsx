import { Anchor, Avatar, Button, Group, Text, VisuallyHidden } from '@mantine/core';
import { IconExternalLink, IconPencil } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { Link } from 'react-router';
import { formatDate, formatDateTime, type CustomerView } from '@siteflow/core';
import { ListScreen, listTexts, NewButton, noSearchMatch, useListState } from '../../ui/list-page';
import { usePageQuery } from '../../ui/queries';
import { customerList } from './api';

const TEXTS = listTexts('customers', {
  description: 'Companies using Siteflow, each at its own address.',
  placeholder: 'Company, subdomain, contact or email',
  one: 'customer',
  noMatch: noSearchMatch('customers'),
});

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
  const list = useListState(customerList.config);
  const query = usePageQuery(customerList.query(list.params));

  return (
    <ListScreen<CustomerView>
      actions={<NewButton to="/customers/new">New customer</NewButton>}
      texts={TEXTS}
      list={list}
      query={query}
      toolbar={{ searchWidth: 360 }}
      columns={COLUMNS}
    />
  );
}
