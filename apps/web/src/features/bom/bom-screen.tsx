import { useEffect, useState } from 'react';
import { Badge, Button, Group, Paper, Select, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { DataTableColumn } from 'mantine-datatable';
import { IconEye, IconFilterOff, IconPencil } from '@tabler/icons-react';
import { useParams } from 'react-router';
import {
  BOM_PAGE_SIZE,
  BOM_SORTS,
  BOM_TEXT,
  formatQuoteMoney,
  ORDER_STATUSES,
  SUPPLIED_BY,
  type BomRow,
  type BomSort,
} from '@siteflow/core';
import { useCan } from '../../session';
import { actionsColumn, listTexts, ListToolbar, PagedTable, RowAction, useListState } from '../../ui/list-page';
import type { ListConfig } from '../../ui/list-page';
import { ProjectPageTrail } from '../../ui/breadcrumb-trail';
import { PageHeader } from '../../ui/page-header';
import { useBomPage, useBomProject } from './api';
import { BomProductModal } from './bom-product-modal';

type Filter = 'product' | 'status' | 'supplied_by' | 'supplier' | 'product_code';

const anyText = (v: string) => v.length <= 200;
const LIST: ListConfig<Filter, BomSort> = {
  pageSizes: [BOM_PAGE_SIZE, 50, 100],
  defaultPageSize: BOM_PAGE_SIZE,
  filters: {
    product: anyText,
    status: (v) => (ORDER_STATUSES as readonly string[]).includes(v),
    supplied_by: (v) => (SUPPLIED_BY as readonly string[]).includes(v),
    supplier: anyText,
    product_code: anyText,
  },
  sort: {
    columns: Object.fromEntries(BOM_SORTS.map((s) => [s, s])) as Record<string, BomSort>,
    keys: BOM_SORTS,
    default: 'product',
    order: 'asc',
    first: {
      product: 'asc',
      status: 'asc',
      supplied_by: 'asc',
      supplier: 'asc',
      qty: 'desc',
      unit_sell_price: 'desc',
      product_code: 'asc',
      eta: 'asc',
    },
  },
};

const TEXTS = listTexts('products', {
  title: BOM_TEXT.title,
  description: 'The products of the project’s quote and their orders.',
  label: 'Bill of materials',
  searchLabel: 'Search the bill of materials',
  placeholder: BOM_TEXT.searchPlaceholder,
  one: 'product',
  empty: BOM_TEXT.empty,
});

const COLUMNS: DataTableColumn<BomRow>[] = [
  {
    accessor: 'product',
    title: 'Product',
    sortable: true,
    render: (r) => (
      <>
        <Text size="sm" fw={600}>
          {r.product}
        </Text>
        <Text size="xs" c="dimmed">
          {r.section_name || 'Untitled section'}
        </Text>
      </>
    ),
  },
  {
    accessor: 'status',
    title: 'Status',
    sortable: true,
    render: (r) => (
      <Badge variant="light" color={r.status === 'Delivered' ? 'green' : r.status === 'Ordered' ? 'blue' : 'gray'}>
        {r.status}
      </Badge>
    ),
  },
  { accessor: 'supplied_by', title: 'Supplied By', sortable: true },
  { accessor: 'supplier', title: 'Supplier', sortable: true, render: (r) => r.supplier ?? '—' },
  { accessor: 'qty', title: 'Qty', sortable: true, textAlign: 'right', render: (r) => Number(r.qty).toString() },
  {
    accessor: 'unit_sell_price',
    title: 'Unit Sell Price',
    sortable: true,
    textAlign: 'right',
    noWrap: true,
    render: (r) => formatQuoteMoney(r.unit_sell_price),
  },
  { accessor: 'product_code', title: 'Product Code', sortable: true, render: (r) => r.product_code ?? '—' },
  { accessor: 'eta', title: 'ETA', sortable: true, noWrap: true, render: (r) => r.eta ?? '—' },
];

/** A text filter above the table: typed freely, written to the list (and the URL) once typing pauses. */
function FilterText({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) {
  const [text, setText] = useState(value);
  const [debounced] = useDebouncedValue(text, 300);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (debounced.trim() !== value) onChange(debounced.trim());
    // Only a paused edit is written.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);
  return (
    <TextInput
      label={label}
      value={text}
      onChange={(e) => setText(e.currentTarget.value)}
      maxLength={200}
      w={{ base: '100%', sm: 170 }}
      size="xs"
    />
  );
}

/**
 * A project's bill of materials (spec 3 section 2.4), /projects/:id/bill-of-materials: the
 * products of its current quote, 25 a page, 'Search BOM ...', column filters above the table with
 * a reset, and 'Edit Product' per row.
 */
export function BomScreen() {
  const projectId = Number(useParams().id);
  const canManage = useCan('quotes.manage');
  const list = useListState(LIST);
  const query = useBomPage(projectId, list.params);
  const [editing, setEditing] = useState<number | null>(null);
  const quote = query.data?.quote;
  const project = useBomProject(projectId);
  const p = list.params;

  const verb = canManage ? 'Edit' : 'View';
  const actions = actionsColumn<BomRow>((r) => (
    <RowAction
      tooltip={`${verb} product`}
      label={`${verb} ${r.product}`}
      icon={canManage ? IconPencil : IconEye}
      onClick={() => setEditing(r.id)}
    />
  ));
  const select = (name: 'status' | 'supplied_by', label: string, values: readonly string[]) => (
    <Select
      label={label}
      data={[{ value: '', label: 'All' }, ...values.map((v) => ({ value: v, label: v }))]}
      value={p[name]}
      onChange={(v) => list.update({ [name]: v ?? '' })}
      allowDeselect={false}
      w={{ base: '100%', sm: 150 }}
      size="xs"
    />
  );

  return (
    <>
      <ProjectPageTrail projectId={projectId} code={project?.code} current={BOM_TEXT.title} />
      <PageHeader
        title={TEXTS.title}
        description={
          <>
            {project ? (
              <Text c="dimmed" size="sm" data-testid="bom-project">
                {project.code} · {project.title}
              </Text>
            ) : null}
            {query.data ? (
              <Text c="dimmed" size="sm">
                {quote
                  ? `The products of quote ${quote.code} (${quote.status})${quote.locked ? ': only the ETA and order status can change.' : '.'}`
                  : BOM_TEXT.noQuote}
              </Text>
            ) : null}
          </>
        }
      />
      <Paper withBorder radius="lg" p="md">
        <ListToolbar
          list={list}
          searchLabel={TEXTS.searchLabel}
          placeholder={TEXTS.placeholder}
          count={TEXTS.count(query.data?.total)}
        >
          <Button
            variant="subtle"
            leftSection={<IconFilterOff size={16} aria-hidden />}
            onClick={list.clearFilters}
            disabled={!list.filtered}
          >
            {BOM_TEXT.resetFilters}
          </Button>
        </ListToolbar>
        <Group gap="sm" mb="sm" align="flex-end" role="group" aria-label="Column filters">
          <FilterText label="Product" value={p.product} onChange={(v) => list.update({ product: v })} />
          {select('status', 'Status', ORDER_STATUSES)}
          {select('supplied_by', 'Supplied By', SUPPLIED_BY)}
          <FilterText label="Supplier" value={p.supplier} onChange={(v) => list.update({ supplier: v })} />
          <FilterText label="Product Code" value={p.product_code} onChange={(v) => list.update({ product_code: v })} />
        </Group>
        <PagedTable<BomRow>
          label={TEXTS.label}
          query={query}
          records={query.data?.items}
          total={query.data?.total}
          list={list}
          columns={[...COLUMNS, actions]}
          errorTitle={TEXTS.errorTitle}
          perPageLabel={TEXTS.perPageLabel}
          noRecordsText={list.filtered ? 'No products match these filters.' : quote ? TEXTS.empty : BOM_TEXT.noQuote}
          loadingText={TEXTS.loadingText}
        />
      </Paper>
      <BomProductModal projectId={projectId} itemId={editing} canManage={canManage} onClose={() => setEditing(null)} />
    </>
  );
}
