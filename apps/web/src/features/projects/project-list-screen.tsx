import { useEffect, useState } from 'react';
import { Anchor, Button, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconFilterOff, IconPlus, IconSearch } from '@tabler/icons-react';
import { DataTable, type DataTableSortStatus } from 'mantine-datatable';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  isClientRole,
  isProviderRole,
  isStaffRole,
  PROJECT_SORTS,
  PROJECT_STATUS_LABELS,
  PROJECT_STATUSES,
  type ProjectListItem,
} from '@siteflow/core';
import { useCan, useSession } from '../../session';
import { DateTimeCell } from '../../ui/date-time-cell';
import { PageHeader } from '../../ui/page-header';
import { ErrorState } from '../../ui/query-states';
import { ProjectStatusBadge } from '../../ui/project-status-badge';
import {
  useClientName,
  useClientOptions,
  useProjectList,
  useProjectManagerOptions,
  type Option,
  type ProjectListParams,
} from './list-api';

export const PROJECT_PAGE_SIZES = [20, 50, 100];
const DEFAULT_PAGE_SIZE = 20;
const ALL = 'all';
const SEARCH_DEBOUNCE_MS = 300;
/** The server stops counting search matches here (see GET /api/projects). */
const SEARCH_COUNT_CAP = 1000;

type Sort = ProjectListParams['sort'];
type Order = ProjectListParams['order'];

/** Column accessor → the server's sort key (the columns without one are not sortable). */
const SORT_OF: Record<string, Sort> = {
  project_code: 'code',
  name: 'name',
  client: 'client',
  status: 'status',
  start_date: 'start_date',
};
const FIRST_ORDER: Record<Sort, Order> = {
  code: 'desc',
  start_date: 'desc',
  created_at: 'desc',
  name: 'asc',
  client: 'asc',
  status: 'asc',
};
const ACCESSOR_OF = Object.fromEntries(Object.entries(SORT_OF).map(([a, s]) => [s, a])) as Record<Sort, string>;

const STATUS_FILTER: Option[] = [
  { value: ALL, label: 'All statuses' },
  ...PROJECT_STATUSES.map((s) => ({ value: s, label: PROJECT_STATUS_LABELS[s] })),
];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Allowed = { client: boolean; manager: boolean };

/** The list's state as the URL holds it; anything unknown falls back to the defaults. */
export function readListParams(sp: URLSearchParams, allowed: Allowed): ProjectListParams {
  const sort = sp.get('sort');
  const page = Number(sp.get('page'));
  const pageSize = Number(sp.get('pageSize'));
  const status = sp.get('status') ?? '';
  const client = sp.get('client_id') ?? '';
  const manager = sp.get('project_manager_id') ?? '';
  return {
    search: (sp.get('search') ?? '').trim().slice(0, 200),
    status: (PROJECT_STATUSES as readonly string[]).includes(status) ? status : '',
    client_id: allowed.client && UUID.test(client) ? client : '',
    project_manager_id: allowed.manager && UUID.test(manager) ? manager : '',
    sort: (PROJECT_SORTS as readonly string[]).includes(sort ?? '') ? (sort as Sort) : 'start_date',
    order: sp.get('order') === 'asc' ? 'asc' : 'desc',
    page: Number.isInteger(page) && page >= 1 && page <= 100000 ? page : 1,
    pageSize: PROJECT_PAGE_SIZES.includes(pageSize) ? pageSize : DEFAULT_PAGE_SIZE,
  };
}

/** Only what differs from the defaults goes into the URL (a clean /projects is the default list). */
export function toSearchParams(p: ProjectListParams): URLSearchParams {
  const out = new URLSearchParams();
  if (p.search) out.set('search', p.search);
  if (p.status) out.set('status', p.status);
  if (p.client_id) out.set('client_id', p.client_id);
  if (p.project_manager_id) out.set('project_manager_id', p.project_manager_id);
  if (p.sort !== 'start_date' || p.order !== 'desc') {
    out.set('sort', p.sort);
    out.set('order', p.order);
  }
  if (p.page !== 1) out.set('page', String(p.page));
  if (p.pageSize !== DEFAULT_PAGE_SIZE) out.set('pageSize', String(p.pageSize));
  return out;
}

const place = (p: ProjectListItem) => [p.suburb, p.state].filter(Boolean).join(', ');

export function ProjectListScreen() {
  const session = useSession();
  const role = session.user?.role;
  const canCreate = useCan('projects.create');
  const allowed: Allowed = {
    client: useCan('clients.view'),
    manager: useCan('staff.view') && Boolean(role && isStaffRole(role)),
  };
  // Providers may not see the client; a client's users see only their own (no need to repeat it).
  const hideClient = Boolean(role && (isProviderRole(role) || isClientRole(role)));
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const params = readListParams(searchParams, allowed);
  const query = useProjectList(params);

  /** Any change but the page itself starts again at page 1. */
  const update = (changes: Partial<ProjectListParams>, replace = false) =>
    setSearchParams(toSearchParams({ ...params, page: 1, ...changes }), { replace });

  // The search box types freely; the URL (and so the request) follows once typing pauses.
  const [text, setText] = useState(params.search);
  const [debounced] = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const [urlSearch, setUrlSearch] = useState(params.search);
  if (urlSearch !== params.search) {
    // Back/forward (or a link) changed the search: show it in the box.
    setUrlSearch(params.search);
    if (params.search !== debounced) setText(params.search);
  }
  useEffect(() => {
    if (debounced === params.search) return;
    setSearchParams(toSearchParams({ ...params, search: debounced, page: 1 }), { replace: true });
    // Only a new debounced text writes the URL; the other values are read fresh from it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);

  // A page past the end (a bookmarked URL, or rows removed meanwhile) goes to the last page.
  const data = query.data;
  useEffect(() => {
    if (!data || data.items.length > 0 || data.total === 0 || params.page === 1) return;
    const last = Math.max(1, Math.ceil(data.total / params.pageSize));
    if (last !== params.page) setSearchParams(toSearchParams({ ...params, page: last }), { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data]);

  const filtered = Boolean(params.search || params.status || params.client_id || params.project_manager_id);
  const sortStatus: DataTableSortStatus<ProjectListItem> = {
    columnAccessor: ACCESSOR_OF[params.sort],
    direction: params.order,
  };
  const open = (p: ProjectListItem) => navigate(`/projects/${p.id}/show`);

  return (
    <>
      <PageHeader
        title="Projects"
        description="Search by code, name, order reference, client or address."
        actions={
          canCreate ? (
            <Button component={Link} to="/projects/new" leftSection={<IconPlus size={16} aria-hidden />}>
              New project
            </Button>
          ) : null
        }
      />
      <Paper withBorder radius="lg" p="md">
        <Group mb="md" align="flex-end" gap="md">
          <TextInput
            label="Search projects"
            placeholder="Code, name, client, address…"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            w={{ base: '100%', sm: 340 }}
            type="search"
            maxLength={200}
          />
          <Select
            label="Status"
            data={STATUS_FILTER}
            value={params.status || ALL}
            onChange={(v) => update({ status: v && v !== ALL ? v : '' })}
            allowDeselect={false}
            w={{ base: '100%', sm: 170 }}
          />
          {allowed.client ? (
            <ClientFilter value={params.client_id} onChange={(client_id) => update({ client_id })} />
          ) : null}
          {allowed.manager ? (
            <ManagerFilter
              value={params.project_manager_id}
              onChange={(project_manager_id) => update({ project_manager_id })}
            />
          ) : null}
          {filtered ? (
            <Button
              variant="subtle"
              leftSection={<IconFilterOff size={16} aria-hidden />}
              onClick={() => {
                setText('');
                update({ search: '', status: '', client_id: '', project_manager_id: '' });
              }}
            >
              Clear filters
            </Button>
          ) : null}
          <Text size="sm" c="dimmed" ml="auto" aria-live="polite" data-testid="project-count">
            {data ? countLabel(data.total, Boolean(params.search)) : ''}
          </Text>
        </Group>
        {query.isError ? (
          <ErrorState error={query.error} onRetry={() => query.refetch()} title="Could not load projects" />
        ) : (
          <DataTable<ProjectListItem>
            aria-label="Projects"
            minHeight={data?.items.length ? undefined : 240}
            verticalSpacing="sm"
            highlightOnHover
            fetching={query.isFetching}
            records={data?.items ?? []}
            totalRecords={data?.total ?? 0}
            page={params.page}
            onPageChange={(page) => update({ page })}
            recordsPerPage={params.pageSize}
            recordsPerPageOptions={PROJECT_PAGE_SIZES}
            onRecordsPerPageChange={(pageSize) => update({ pageSize })}
            recordsPerPageLabel="Projects per page"
            paginationText={({ from, to, totalRecords }) =>
              `${from}–${to} of ${countLabel(totalRecords, Boolean(params.search), false)}`
            }
            sortStatus={sortStatus}
            onSortStatusChange={(s) => {
              const sort = SORT_OF[String(s.columnAccessor)];
              if (!sort) return;
              // A column chosen anew starts in its natural order: words A to Z, codes and dates newest first.
              const order = sort === params.sort ? s.direction : FIRST_ORDER[sort];
              update({ sort, order });
            }}
            onRowClick={({ record }) => open(record)}
            noRecordsText={filtered ? 'No projects match these filters.' : 'No projects yet.'}
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
                    <Text size="sm">{p.name}</Text>
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
        )}
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
function ClientFilter({ value, onChange }: { value: string; onChange: (id: string) => void }) {
  const [searchValue, setSearchValue] = useState('');
  const [debounced] = useDebouncedValue(searchValue.trim(), 250);
  const name = useClientName(value, true);
  // The box shows the chosen client's name: that is not a search.
  const term = debounced === name.data || debounced === 'All clients' ? '' : debounced;
  const options = useClientOptions(term, true);
  const list = options.data ?? [];
  const data: Option[] = [
    { value: ALL, label: 'All clients' },
    ...(value && !list.some((o) => o.value === value) ? [{ value, label: name.data ?? 'Loading…' }] : []),
    ...list,
  ];
  return (
    <Select
      label="Client"
      data={data}
      value={value || ALL}
      onChange={(v) => onChange(v && v !== ALL ? v : '')}
      searchable
      searchValue={searchValue}
      onSearchChange={setSearchValue}
      filter={({ options: all }) => all}
      nothingFoundMessage={options.isFetching ? 'Searching…' : 'No clients found'}
      allowDeselect={false}
      w={{ base: '100%', sm: 240 }}
    />
  );
}

function ManagerFilter({ value, onChange }: { value: string; onChange: (id: string) => void }) {
  const options = useProjectManagerOptions(true);
  const data: Option[] = [{ value: ALL, label: 'All project managers' }, ...(options.data ?? [])];
  return (
    <Select
      label="Project Manager"
      data={data}
      value={value && data.some((o) => o.value === value) ? value : value ? null : ALL}
      onChange={(v) => onChange(v && v !== ALL ? v : '')}
      searchable
      nothingFoundMessage="No project managers found"
      allowDeselect={false}
      w={{ base: '100%', sm: 220 }}
    />
  );
}
