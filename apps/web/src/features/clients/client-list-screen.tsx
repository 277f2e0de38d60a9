import { useState } from 'react';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconEye, IconPencil, IconPlus, IconSearch, IconToggleLeft, IconToggleRight } from '@tabler/icons-react';
import { DataTable } from 'mantine-datatable';
import { Link } from 'react-router';
import { placeLine, type ClientView } from '@siteflow/core';
import { useCan } from '../../session';
import { PageHeader } from '../../ui/page-header';
import { ErrorState } from '../../ui/query-states';
import { useClientList, type ClientListParams } from './api';
import { useToggleClientActive } from './use-toggle-active';

const PAGE_SIZES = [20, 50, 100];
const STATUS_FILTER = [
  { value: 'all', label: 'All statuses' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];


export function ClientListScreen() {
  const canManage = useCan('clients.manage');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [status, setStatus] = useState<ClientListParams['status']>('all');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const query = useClientList({ page, pageSize, search: debounced, status });
  const { toggle, pendingId } = useToggleClientActive();

  // Any change of filter starts again at the first page.
  const [lastFilters, setLastFilters] = useState({ debounced, status });
  if (lastFilters.debounced !== debounced || lastFilters.status !== status) {
    setLastFilters({ debounced, status });
    setPage(1);
  }
  const filtered = Boolean(debounced || status !== 'all');

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
        <Group mb="md" align="flex-end" gap="md">
          <TextInput
            label="Search clients"
            placeholder="Trading name, email, phone or suburb"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            w={{ base: '100%', sm: 320 }}
            type="search"
          />
          <Select
            label="Status"
            data={STATUS_FILTER}
            value={status}
            onChange={(v) => setStatus(v === 'active' || v === 'inactive' ? v : 'all')}
            allowDeselect={false}
            w={{ base: '100%', sm: 180 }}
          />
          {query.data ? (
            <Text size="sm" c="dimmed" ml="auto" aria-live="polite">
              {query.data.total === 1 ? '1 client' : `${query.data.total} clients`}
            </Text>
          ) : null}
        </Group>
        {query.isError ? (
          <ErrorState error={query.error} onRetry={() => query.refetch()} title="Could not load clients" />
        ) : (
          <DataTable<ClientView>
            aria-label="Clients"
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
            recordsPerPageLabel="Clients per page"
            paginationText={({ from, to, totalRecords }) => `${from}–${to} of ${totalRecords}`}
            noRecordsText={filtered ? 'No clients match these filters.' : 'No clients yet.'}
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
              {
                accessor: 'active',
                title: 'Status',
                noWrap: true,
                render: (c) => (
                  <Badge color={c.active ? 'green' : 'gray'} variant="light" style={{ overflow: 'visible' }}>
                    {c.active ? 'Active' : 'Inactive'}
                  </Badge>
                ),
              },
              {
                accessor: 'actions',
                title: <VisuallyHidden>Actions</VisuallyHidden>,
                textAlign: 'right',
                render: (c) => (
                  <Group gap={6} justify="flex-end" wrap="nowrap">
                    <Tooltip label={canManage ? 'Edit' : 'View'} withArrow>
                      <ActionIcon
                        component={Link}
                        to={`/clients/${c.id}/edit`}
                        variant="light"
                        size="lg"
                        aria-label={`${canManage ? 'Edit' : 'View'} ${c.trading_name}`}
                      >
                        {canManage ? <IconPencil size={18} aria-hidden /> : <IconEye size={18} aria-hidden />}
                      </ActionIcon>
                    </Tooltip>
                    {canManage ? (
                      <Tooltip label={c.active ? 'Deactivate' : 'Activate'} withArrow>
                        <ActionIcon
                          variant="light"
                          color={c.active ? 'red' : 'green'}
                          size="lg"
                          aria-label={`${c.active ? 'Deactivate' : 'Activate'} ${c.trading_name}`}
                          loading={pendingId === c.id}
                          onClick={() => toggle(c)}
                        >
                          {c.active ? (
                            <IconToggleRight size={18} aria-hidden />
                          ) : (
                            <IconToggleLeft size={18} aria-hidden />
                          )}
                        </ActionIcon>
                      </Tooltip>
                    ) : null}
                  </Group>
                ),
              },
            ]}
          />
        )}
      </Paper>
    </>
  );
}
