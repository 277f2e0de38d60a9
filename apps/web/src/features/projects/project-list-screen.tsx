import { Suspense, useState } from 'react';
import { Anchor, Button, Paper, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import {
  isClientRole,
  isProviderRole,
  PROJECT_STATUS_LABELS,
  PROJECT_STATUSES,
  type ProjectListItem,
} from '@siteflow/core';
import { useCan, useSession } from '../../session';
import { DateTimeCell } from '../../ui/date-time-cell';
import { ALL, FilterSelect, ListToolbar, PagedTable, useListState, type AnyListState } from '../../ui/list-page';
import { PageHeader } from '../../ui/page-header';
import { ProjectStatusBadge } from '../../ui/project-status-badge';
import { projectKeys } from './api';
import { useClientName, useClientOptions, useProjectList, useProjectManagerOptions, type Option } from './list-api';
import { allowedFilters, listConfig } from './list-config';
import { chunk, lazyPart } from '../../ui/lazy-part';

/**
 * 'Request a Quote' (client and provider users only) with its dialog: the address fields, the
 * drop zone and the form code are fetched only for the users who see the button, not with the
 * list every staff user opens first.
 */
const QuoteRequestButton = lazyPart(
  chunk(() => import('../quote-requests')),
  (m) => m.QuoteRequestButton,
);

/** The server stops counting search matches here (see GET /api/projects). */
const SEARCH_COUNT_CAP = 1000;

const STATUS_FILTER: Option[] = [
  { value: ALL, label: 'All statuses' },
  ...PROJECT_STATUSES.map((s) => ({ value: s, label: PROJECT_STATUS_LABELS[s] })),
];

const place = (p: ProjectListItem) => [p.suburb, p.state].filter(Boolean).join(', ');

export function ProjectListScreen() {
  const session = useSession();
  const role = session.user?.role;
  const canCreate = useCan('projects.create');
  const canRequestQuote = useCan('quoteRequests.create');
  const allowed = allowedFilters(session);
  // Providers may not see the client; a client's users see only their own (no need to repeat it).
  const hideClient = Boolean(role && (isProviderRole(role) || isClientRole(role)));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const list = useListState(listConfig(allowed));
  const params = list.params;
  const query = useProjectList(params);
  const data = query.data;

  return (
    <>
      <PageHeader
        title="Projects"
        description="Search by code, name, order reference, client or address."
        actions={
          <>
            {/* Client and provider users propose a project (issue 13 section 5; docs/decisions.md, "Quote requests"). */}
            {canRequestQuote ? (
              <Suspense fallback={null}>
                <QuoteRequestButton
                  onCreated={() => void queryClient.invalidateQueries({ queryKey: projectKeys.all })}
                />
              </Suspense>
            ) : null}
            {canCreate ? (
              <Button component={Link} to="/projects/new" leftSection={<IconPlus size={16} aria-hidden />}>
                New project
              </Button>
            ) : null}
          </>
        }
      />
      <Paper withBorder radius="lg" p="md">
        <ListToolbar
          list={list}
          searchLabel="Search projects"
          placeholder="Code, name, client, address…"
          searchWidth={340}
          clearable
          count={data ? countLabel(data.total, Boolean(params.search)) : null}
          countTestId="project-count"
        >
          <FilterSelect list={list} name="status" label="Status" data={STATUS_FILTER} width={170} />
          {allowed.client ? <ClientFilter list={list} value={params.client_id} /> : null}
          {allowed.manager ? <ManagerFilter list={list} value={params.project_manager_id} /> : null}
        </ListToolbar>
        <PagedTable<ProjectListItem>
          label="Projects"
          query={query}
          records={data?.items}
          total={data?.total}
          list={list}
          emptyHeight={240}
          errorTitle="Could not load projects"
          perPageLabel="Projects per page"
          paginationText={({ from, to, totalRecords }) =>
            `${from}–${to} of ${countLabel(totalRecords, Boolean(params.search), false)}`
          }
          onRowClick={({ record }) => void navigate(`/projects/${record.id}/show`)}
          noRecordsText={list.filtered ? 'No projects match these filters.' : 'No projects yet.'}
          loadingText="Loading projects…"
          columns={[
            {
              accessor: 'project_code',
              title: 'Code',
              sortable: true,
              noWrap: true,
              render: (p) => (
                <Anchor
                  component={Link}
                  to={`/projects/${p.id}/show`}
                  fw={600}
                  size="sm"
                  onClick={(e) => e.stopPropagation()}
                >
                  {p.project_code}
                </Anchor>
              ),
            },
            {
              accessor: 'name',
              title: 'Name',
              sortable: true,
              titleStyle: { minWidth: 220 },
              render: (p) => (
                <Stack gap={0}>
                  {/* A word wider than the cell breaks, so a long name cannot push the other columns off the screen. */}
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {p.name}
                  </Text>
                  {p.order_reference ? (
                    <Text size="xs" c="dimmed">
                      Order ref. {p.order_reference}
                    </Text>
                  ) : null}
                </Stack>
              ),
            },
            {
              accessor: 'client',
              title: 'Client',
              sortable: true,
              titleStyle: { minWidth: 140 },
              hidden: hideClient,
              render: (p) => p.client?.trading_name ?? '',
            },
            {
              accessor: 'status',
              title: 'Status',
              sortable: true,
              noWrap: true,
              render: (p) => <ProjectStatusBadge status={p.status} />,
            },
            {
              accessor: 'start_date',
              title: 'Start',
              sortable: true,
              render: (p) => <DateTimeCell value={p.start_date} />,
            },
            { accessor: 'end_date', title: 'End', render: (p) => <DateTimeCell value={p.end_date} /> },
            { accessor: 'project_manager', title: 'Project Manager', render: (p) => p.project_manager.full_name },
            { accessor: 'suburb', title: 'Suburb/State', render: place },
          ]}
        />
      </Paper>
    </>
  );
}

function countLabel(total: number, searched: boolean, withNoun = true): string {
  const n = total.toLocaleString('en-AU');
  const capped = searched && total >= SEARCH_COUNT_CAP ? `${n}+` : n;
  if (!withNoun) return capped;
  return total === 1 ? '1 project' : `${capped} projects`;
}

/** Clients, searched on the server as the user types (a company may have many). */
function ClientFilter({ list, value }: { list: AnyListState; value: string }) {
  const [searchValue, setSearchValue] = useState('');
  const [debounced] = useDebouncedValue(searchValue.trim(), 250);
  const name = useClientName(value, true);
  // The box shows the chosen client's name: that is not a search.
  const term = debounced === name.data || debounced === 'All clients' ? '' : debounced;
  const options = useClientOptions(term, true);
  const found = options.data ?? [];
  const data: Option[] = [
    { value: ALL, label: 'All clients' },
    ...(value && !found.some((o) => o.value === value) ? [{ value, label: name.data ?? 'Loading…' }] : []),
    ...found,
  ];
  return (
    <FilterSelect
      list={list}
      name="client_id"
      label="Client"
      data={data}
      searchable
      searchValue={searchValue}
      onSearchChange={setSearchValue}
      filter={({ options: all }) => all}
      nothingFoundMessage={options.isFetching ? 'Searching…' : 'No clients found'}
      width={240}
    />
  );
}

function ManagerFilter({ list, value }: { list: AnyListState; value: string }) {
  const options = useProjectManagerOptions(true);
  const data: Option[] = [{ value: ALL, label: 'All project managers' }, ...(options.data ?? [])];
  return (
    <FilterSelect
      list={list}
      name="project_manager_id"
      label="Project Manager"
      data={data}
      value={value && data.some((o) => o.value === value) ? value : value ? null : ALL}
      searchable
      nothingFoundMessage="No project managers found"
      width={220}
    />
  );
}
