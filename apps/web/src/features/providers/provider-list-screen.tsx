import { useEffect, useState } from 'react';
import { Anchor, Button, Group, Paper, Select, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconFilterOff, IconMapPinOff, IconMapSearch, IconPlus, IconSearch } from '@tabler/icons-react';
import { DataTable, type DataTableSortStatus } from 'mantine-datatable';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  placeLine,
  PROVIDER_SORTS,
  PROVIDER_STATUS_NAMES,
  PROVIDER_STATUSES,
  PROVIDER_TEXT,
  STATES,
  type ProviderListItem,
} from '@siteflow/core';
import { useCan } from '../../session';
import { PageHeader } from '../../ui/page-header';
import { ErrorState } from '../../ui/query-states';
import { StarRating } from '../../ui/star-rating';
import { useCategoryReference, useProviderList, type ProviderListParams } from './api';
import { ProviderStatusBadge } from './status';

export const PROVIDER_PAGE_SIZES = [20, 50, 100];
const DEFAULT_PAGE_SIZE = 20;
const ALL = 'all';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Sort = ProviderListParams['sort'];
type Order = ProviderListParams['order'];
/** Column accessor → the server's sort key. */
const SORT_OF: Record<string, Sort> = {
  service_provider_name: 'name',
  status_label: 'status',
  suburb: 'suburb',
  performance_ratings: 'performance',
  customer_ratings: 'customer',
};
const ACCESSOR_OF = Object.fromEntries(Object.entries(SORT_OF).map(([a, s]) => [s, a])) as Record<Sort, string>;
/** Ratings start best first; words A to Z. */
const FIRST_ORDER: Record<Sort, Order> = {
  name: 'asc',
  status: 'asc',
  suburb: 'asc',
  performance: 'desc',
  customer: 'desc',
};

const STATUS_FILTER = [
  { value: ALL, label: 'All statuses' },
  ...PROVIDER_STATUSES.map((s) => ({ value: s, label: PROVIDER_STATUS_NAMES[s] })),
];
const STATE_FILTER = [{ value: ALL, label: 'All states' }, ...STATES.map((s) => ({ value: s, label: s }))];

/** The list's state as the URL holds it; anything unknown falls back to the defaults. */
export function readProviderListParams(sp: URLSearchParams): ProviderListParams {
  const sort = sp.get('sort') ?? '';
  const page = Number(sp.get('page'));
  const pageSize = Number(sp.get('pageSize'));
  const status = sp.get('status') ?? '';
  const category = sp.get('category_id') ?? '';
  const state = sp.get('state') ?? '';
  return {
    search: (sp.get('search') ?? '').trim().slice(0, 200),
    status: (PROVIDER_STATUSES as readonly string[]).includes(status)
      ? (status as ProviderListParams['status'])
      : undefined,
    category_id: UUID.test(category) ? category : undefined,
    state: (STATES as readonly string[]).includes(state) ? (state as ProviderListParams['state']) : undefined,
    sort: (PROVIDER_SORTS as readonly string[]).includes(sort) ? (sort as Sort) : 'name',
    order: sp.get('order') === 'desc' ? 'desc' : 'asc',
    page: Number.isInteger(page) && page >= 1 && page <= 100000 ? page : 1,
    pageSize: PROVIDER_PAGE_SIZES.includes(pageSize) ? pageSize : DEFAULT_PAGE_SIZE,
  };
}

/** Only what differs from the defaults goes into the URL. */
export function toProviderSearchParams(p: ProviderListParams): URLSearchParams {
  const out = new URLSearchParams();
  if (p.search) out.set('search', p.search);
  if (p.status) out.set('status', p.status);
  if (p.category_id) out.set('category_id', p.category_id);
  if (p.state) out.set('state', p.state);
  if (p.sort !== 'name' || p.order !== 'asc') {
    out.set('sort', p.sort);
    out.set('order', p.order);
  }
  if (p.page !== 1) out.set('page', String(p.page));
  if (p.pageSize !== DEFAULT_PAGE_SIZE) out.set('pageSize', String(p.pageSize));
  return out;
}


export function ProviderListScreen() {
  const canManage = useCan('providers.manage');
  const canSearch = useCan('providers.search');
  const canSeeCategories = useCan('reference.view');
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const params = readProviderListParams(searchParams);
  const query = useProviderList(params);
  const { categories } = useCategoryReference(canSeeCategories);

  /** Any change but the page itself starts again at page 1. */
  const update = (changes: Partial<ProviderListParams>) =>
    setSearchParams(toProviderSearchParams({ ...params, page: 1, ...changes }));

  // The box types freely; the URL (and so the request) follows once typing pauses.
  const [text, setText] = useState(params.search ?? '');
  const [debounced] = useDebouncedValue(text.trim(), 300);
  const [urlSearch, setUrlSearch] = useState(params.search ?? '');
  if (urlSearch !== (params.search ?? '')) {
    setUrlSearch(params.search ?? '');
    if ((params.search ?? '') !== debounced) setText(params.search ?? '');
  }
  useEffect(() => {
    if (debounced === (params.search ?? '')) return;
    setSearchParams(toProviderSearchParams({ ...params, search: debounced, page: 1 }), { replace: true });
    // Only a new debounced text writes the URL; the other values are read fresh from it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);

  const data = query.data;
  const filtered = Boolean(params.search || params.status || params.category_id || params.state);
  const categoryOptions = [
    { value: ALL, label: 'All categories' },
    ...(categories.data ?? []).map((c) => ({ value: c.id, label: c.name })),
  ];
  const sortStatus: DataTableSortStatus<ProviderListItem> = {
    columnAccessor: ACCESSOR_OF[params.sort],
    direction: params.order,
  };

  return (
    <>
      <PageHeader
        title="Service Providers"
        description="Contractors who carry out the work: their status, services, areas and ratings."
        actions={
          <>
            {canSearch ? (
              <Button
                component={Link}
                to="/service-providers/search"
                variant="default"
                leftSection={<IconMapSearch size={16} aria-hidden />}
              >
                Search on the map
              </Button>
            ) : null}
            {canManage ? (
              <Button component={Link} to="/service-providers/new" leftSection={<IconPlus size={16} aria-hidden />}>
                New service provider
              </Button>
            ) : null}
          </>
        }
      />
      <Paper withBorder radius="lg" p="md">
        <Group mb="md" align="flex-end" gap="md">
          <TextInput
            label="Search service providers"
            placeholder="Name, email, phone or suburb"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            w={{ base: '100%', sm: 300 }}
            type="search"
            maxLength={200}
          />
          <Select
            label="Status"
            data={STATUS_FILTER}
            value={params.status ?? ALL}
            onChange={(v) => update({ status: v && v !== ALL ? (v as ProviderListParams['status']) : undefined })}
            allowDeselect={false}
            w={{ base: '100%', sm: 220 }}
          />
          {canSeeCategories ? (
            <Select
              label="Category"
              data={categoryOptions}
              value={
                params.category_id && categoryOptions.some((o) => o.value === params.category_id)
                  ? params.category_id
                  : ALL
              }
              onChange={(v) => update({ category_id: v && v !== ALL ? v : undefined })}
              searchable
              nothingFoundMessage="No category matches"
              allowDeselect={false}
              w={{ base: '100%', sm: 200 }}
            />
          ) : null}
          <Select
            label="State"
            data={STATE_FILTER}
            value={params.state ?? ALL}
            onChange={(v) => update({ state: v && v !== ALL ? (v as ProviderListParams['state']) : undefined })}
            allowDeselect={false}
            w={{ base: '100%', sm: 130 }}
          />
          {filtered ? (
            <Button
              variant="subtle"
              leftSection={<IconFilterOff size={16} aria-hidden />}
              onClick={() => {
                setText('');
                update({ search: '', status: undefined, category_id: undefined, state: undefined });
              }}
            >
              Clear filters
            </Button>
          ) : null}
          <Text size="sm" c="dimmed" ml="auto" aria-live="polite" data-testid="provider-count">
            {data
              ? data.total === 1
                ? '1 service provider'
                : `${data.total.toLocaleString('en-AU')} service providers`
              : ''}
          </Text>
        </Group>
        {query.isError ? (
          <ErrorState error={query.error} onRetry={() => query.refetch()} title="Could not load service providers" />
        ) : (
          <DataTable<ProviderListItem>
            aria-label="Service providers"
            minHeight={data?.items.length ? undefined : 240}
            verticalSpacing="sm"
            highlightOnHover
            fetching={query.isFetching}
            records={data?.items ?? []}
            totalRecords={data?.total ?? 0}
            page={params.page}
            onPageChange={(page) => update({ page })}
            recordsPerPage={params.pageSize}
            recordsPerPageOptions={PROVIDER_PAGE_SIZES}
            onRecordsPerPageChange={(pageSize) => update({ pageSize })}
            recordsPerPageLabel="Service providers per page"
            paginationText={({ from, to, totalRecords }) => `${from}–${to} of ${totalRecords}`}
            sortStatus={sortStatus}
            onSortStatusChange={(s) => {
              const sort = SORT_OF[String(s.columnAccessor)];
              if (!sort) return;
              update({ sort, order: sort === params.sort ? s.direction : FIRST_ORDER[sort] });
            }}
            onRowClick={({ record }) => navigate(`/service-providers/show/${record.id}`)}
            noRecordsText={filtered ? 'No service providers match these filters.' : 'No service providers yet.'}
            loadingText="Loading service providers…"
            columns={[
              {
                accessor: 'service_provider_name',
                title: 'Name',
                sortable: true,
                titleStyle: { minWidth: 200 },
                render: (p) => (
                  <Stack gap={0}>
                    <Group gap={6} wrap="nowrap">
                      <Anchor
                        component={Link}
                        to={`/service-providers/show/${p.id}`}
                        fw={600}
                        size="sm"
                        onClick={(e) => e.stopPropagation()}
                      >
                        {p.service_provider_name}
                      </Anchor>
                      {p.has_location ? null : (
                        <Tooltip label="No location: not found by distance searches" withArrow>
                          <IconMapPinOff
                            size={14}
                            aria-label="No location"
                            role="img"
                            color="var(--mantine-color-dimmed)"
                          />
                        </Tooltip>
                      )}
                    </Group>
                    {p.email ? (
                      <Text size="xs" c="dimmed">
                        {p.email}
                      </Text>
                    ) : null}
                  </Stack>
                ),
              },
              {
                accessor: 'status_label',
                title: 'Status',
                sortable: true,
                noWrap: true,
                render: (p) => <ProviderStatusBadge label={p.status_label} colour={p.status_colour} />,
              },
              { accessor: 'suburb', title: 'Suburb/State', sortable: true, render: (p: ProviderListItem) => placeLine(p) },
              { accessor: 'phone', title: 'Phone', noWrap: true, render: (p) => p.phone ?? '' },
              {
                accessor: 'categories_list',
                title: 'Categories',
                render: (p) => (
                  <Text size="sm" lineClamp={2}>
                    {p.categories_list.join(', ')}
                  </Text>
                ),
              },
              {
                accessor: 'performance_ratings',
                title: PROVIDER_TEXT.performanceRating,
                sortable: true,
                noWrap: true,
                render: (p) => <StarRating value={p.performance_ratings} label={PROVIDER_TEXT.performanceRating} />,
              },
              {
                accessor: 'customer_ratings',
                title: PROVIDER_TEXT.customerRating,
                sortable: true,
                noWrap: true,
                render: (p) => <StarRating value={p.customer_ratings} label={PROVIDER_TEXT.customerRating} />,
              },
            ]}
          />
        )}
      </Paper>
    </>
  );
}
