import { Anchor, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconMapPinOff, IconMapSearch } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { Link, useNavigate } from 'react-router';
import {
  placeLine,
  PROVIDER_STATUS_NAMES,
  PROVIDER_STATUSES,
  PROVIDER_TEXT,
  STATES,
  type ProviderListItem,
} from '@siteflow/core';
import { useCan } from '../../session';
import { ALL, countOf, FilterSelect, ListScreen, listTexts, NewButton, useListState } from '../../ui/list-page';
import { StarRating } from '../../ui/star-rating';
import { usePageQuery } from '../../ui/queries';
import { providerList, useCategoryReference } from './api';
import classes from './provider-list-screen.module.css';
import { ProviderStatusBadge } from './status';

const TEXTS = listTexts('service providers', {
  title: 'Service Providers',
  description: 'Contractors who carry out the work: their status, services, areas and ratings.',
  placeholder: 'Name, email, phone or suburb',
  count: (total) => countOf(total, 'service provider', 'service providers', true),
});

const STATUS_FILTER = [
  { value: ALL, label: 'All statuses' },
  ...PROVIDER_STATUSES.map((s) => ({ value: s, label: PROVIDER_STATUS_NAMES[s] })),
];
const STATE_FILTER = [{ value: ALL, label: 'All states' }, ...STATES.map((s) => ({ value: s, label: s }))];

const WRAPPING_BADGE = {
  root: { height: 'auto', minHeight: 'var(--badge-height)', minWidth: 'min-content', maxWidth: 190, paddingBlock: 2 },
  label: { whiteSpace: 'normal', overflow: 'visible', lineHeight: 1.3 },
} as const;
const STAR_SIZE = 14;

/**
 * A header that may take two lines ('Performance' / 'Rating'): the table's own header text never
 * wraps, so at 1440 wide the rating columns were cut off ('Performance Rati…').
 */
function WrappingTitle({ children }: { children: string }) {
  return <span style={{ whiteSpace: 'normal', lineHeight: 1.25, display: 'inline-block' }}>{children}</span>;
}

const COLUMNS: DataTableColumn<ProviderListItem>[] = [
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
              <IconMapPinOff size={14} aria-label="No location" role="img" color="var(--mantine-color-dimmed)" />
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
    // A long status ('Licence Restricted – Expired Missing') wraps inside its badge rather than
    // widening the column for every row.
    render: (p) => <ProviderStatusBadge label={p.status_label} colour={p.status_colour} styles={WRAPPING_BADGE} />,
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
    title: <WrappingTitle>{PROVIDER_TEXT.performanceRating}</WrappingTitle>,
    sortable: true,
    noWrap: true,
    render: (p) => (
      <StarRating value={p.performance_ratings} label={PROVIDER_TEXT.performanceRating} size={STAR_SIZE} />
    ),
  },
  {
    accessor: 'customer_ratings',
    title: <WrappingTitle>{PROVIDER_TEXT.customerRating}</WrappingTitle>,
    sortable: true,
    noWrap: true,
    render: (p) => <StarRating value={p.customer_ratings} label={PROVIDER_TEXT.customerRating} size={STAR_SIZE} />,
  },
];

export function ProviderListScreen() {
  const canManage = useCan('providers.manage');
  const canSearch = useCan('providers.search');
  const canSeeCategories = useCan('reference.view');
  const navigate = useNavigate();
  const list = useListState(providerList.config);
  const params = list.params;
  const query = usePageQuery(providerList.query(params));
  const { categories } = useCategoryReference(canSeeCategories);
  const categoryOptions = [
    { value: ALL, label: 'All categories' },
    ...(categories.data ?? []).map((c) => ({ value: c.id, label: c.name })),
  ];

  return (
    // The table scrolls sideways when the screen is narrow: a shaded right edge says so.
    <div className={classes.list} data-testid="provider-list">
      <ListScreen<ProviderListItem>
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
            {canManage ? <NewButton to="/service-providers/new">New service provider</NewButton> : null}
          </>
        }
        texts={TEXTS}
        list={list}
        query={query}
        toolbar={{ searchWidth: 300, clearable: true, countTestId: 'provider-count' }}
        filters={
          <>
            <FilterSelect list={list} name="status" label="Status" data={STATUS_FILTER} width={220} />
            {canSeeCategories ? (
              <FilterSelect
                list={list}
                name="category_id"
                label="Category"
                data={categoryOptions}
                value={
                  params.category_id && categoryOptions.some((o) => o.value === params.category_id)
                    ? params.category_id
                    : ALL
                }
                searchable
                nothingFoundMessage="No category matches"
                width={200}
              />
            ) : null}
            <FilterSelect list={list} name="state" label="State" data={STATE_FILTER} width={130} />
          </>
        }
        columns={COLUMNS}
        emptyHeight={240}
        onRowClick={({ record }) => void navigate(`/service-providers/show/${record.id}`)}
      />
    </div>
  );
}
