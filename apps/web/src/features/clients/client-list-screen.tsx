import { Button, Paper, Stack, Text } from '@mantine/core';
import { IconEye, IconPencil, IconPlus, IconToggleLeft, IconToggleRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { placeLine, type ClientView } from '@siteflow/core';
import { useCan } from '../../session';
import {
  ACTIVE_STATUS,
  actionsColumn,
  ActiveBadge,
  countOf,
  FilterSelect,
  ListToolbar,
  PagedTable,
  RowAction,
  useListState,
} from '../../ui/list-page';
import { PageHeader } from '../../ui/page-header';
import { useClientList, type ClientListParams } from './api';
import { useToggleClientActive } from './use-toggle-active';

const LIST = {
  pageSizes: [20, 50, 100],
  defaultPageSize: 20,
  filters: { status: ACTIVE_STATUS.valid },
};

export function ClientListScreen() {
  const canManage = useCan('clients.manage');
  const list = useListState(LIST);
  const { search, page, pageSize } = list.params;
  const status = (list.params.status || 'all') as ClientListParams['status'];
  const query = useClientList({ page, pageSize, search, status });
  const { toggle, pendingId } = useToggleClientActive();

  return (
    <>
      <PageHeader
        title="Clients"
        description="The companies you run projects for, and the people of theirs who use Siteflow."
        actions={
          canManage ? (
            <Button component={Link} to="/clients/new" leftSection={<IconPlus size={16} aria-hidden />}>
              New client
            </Button>
          ) : null
        }
      />
      <Paper withBorder radius="lg" p="md">
        <ListToolbar
          list={list}
          searchLabel="Search clients"
          placeholder="Trading name, email, phone or suburb"
          count={countOf(query.data?.total, 'client', 'clients')}
        >
          <FilterSelect list={list} name="status" label="Status" data={ACTIVE_STATUS.options} width={180} />
        </ListToolbar>
        <PagedTable<ClientView>
          label="Clients"
          query={query}
          records={query.data?.items}
          total={query.data?.total}
          list={list}
          errorTitle="Could not load clients"
          perPageLabel="Clients per page"
          noRecordsText={list.filtered ? 'No clients match these filters.' : 'No clients yet.'}
          loadingText="Loading clients…"
          columns={[
            {
              accessor: 'trading_name',
              title: 'Trading Name',
              render: (c) => (
                <Stack gap={0}>
                  <Text size="sm" fw={600}>
                    {c.trading_name}
                  </Text>
                  {placeLine(c) ? (
                    <Text size="xs" c="dimmed">
                      {placeLine(c)}
                    </Text>
                  ) : null}
                </Stack>
              ),
            },
            { accessor: 'email', title: 'Email', render: (c) => c.email ?? '' },
            { accessor: 'phone', title: 'Phone', noWrap: true, render: (c) => c.phone ?? '' },
            { accessor: 'user_count', title: 'Users', textAlign: 'right' },
            { accessor: 'project_count', title: 'Projects', textAlign: 'right' },
            { accessor: 'active', title: 'Status', noWrap: true, render: (c) => <ActiveBadge active={c.active} /> },
            actionsColumn((c) => (
              <>
                <RowAction
                  tooltip={canManage ? 'Edit' : 'View'}
                  label={`${canManage ? 'Edit' : 'View'} ${c.trading_name}`}
                  icon={canManage ? IconPencil : IconEye}
                  to={`/clients/${c.id}/edit`}
                />
                {canManage ? (
                  <RowAction
                    tooltip={c.active ? 'Deactivate' : 'Activate'}
                    label={`${c.active ? 'Deactivate' : 'Activate'} ${c.trading_name}`}
                    icon={c.active ? IconToggleRight : IconToggleLeft}
                    color={c.active ? 'red' : 'green'}
                    loading={pendingId === c.id}
                    onClick={() => toggle(c)}
                  />
                ) : null}
              </>
            )),
          ]}
        />
      </Paper>
    </>
  );
}
