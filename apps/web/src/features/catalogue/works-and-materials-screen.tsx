import { useState } from 'react';
import { Alert, Grid, Paper, Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { IconEye, IconPencil } from '@tabler/icons-react';
import { CATALOGUE_TEXT, formatDate, formatMoney, type WorkItemView } from '@siteflow/core';
import { useCan } from '../../session';
import { actionsColumn, listTexts, ListToolbar, PagedTable, RowAction, useListState } from '../../ui/list-page';
import { PageHeader } from '../../ui/page-header';
import { usePageQuery } from '../../ui/queries';
import { useWorkItem, workItemList } from './api';
import { WorkItemForm } from './work-item-form';

const TEXTS = listTexts('items', {
  title: CATALOGUE_TEXT.title,
  description: 'The works and materials your quotes are priced from.',
  label: 'Works and materials',
  searchLabel: 'Search items',
  placeholder: CATALOGUE_TEXT.searchPlaceholder,
  one: 'item',
});

const COLUMNS: DataTableColumn<WorkItemView>[] = [
  {
    accessor: 'name',
    title: 'Name',
    sortable: true,
    render: (w) => (
      <>
        <Text size="sm" fw={600}>
          {w.name}
        </Text>
        {w.item_code || w.supplier_name ? (
          <Text size="xs" c="dimmed">
            {[w.item_code, w.supplier_name].filter(Boolean).join(' · ')}
          </Text>
        ) : null}
      </>
    ),
  },
  {
    accessor: 'unit_sell_price',
    title: 'Unit Price',
    sortable: true,
    textAlign: 'right',
    noWrap: true,
    render: (w) => formatMoney(w.unit_sell_price),
  },
  {
    accessor: 'unit_cost',
    title: 'Unit Cost',
    sortable: true,
    textAlign: 'right',
    noWrap: true,
    render: (w) => formatMoney(w.unit_cost),
  },
  {
    accessor: 'created_at',
    title: 'Date Created',
    sortable: true,
    noWrap: true,
    render: (w) => formatDate(w.created_at),
  },
];

/** The side form of the item chosen for editing: loaded first, the spec's text when that fails. */
function EditPanel({ id, canManage, onNew }: { id: number; canManage: boolean; onNew: () => void }) {
  const item = useWorkItem(id);
  if (item.isError) {
    return (
      <Alert color="red" variant="light" role="alert" title={CATALOGUE_TEXT.editTitle}>
        {CATALOGUE_TEXT.loadFailed}
      </Alert>
    );
  }
  if (!item.data) {
    return (
      <Paper withBorder radius="lg" p="lg">
        <Text c="dimmed">Loading item…</Text>
      </Paper>
    );
  }
  return <WorkItemForm key={`edit-${id}`} item={item.data} canManage={canManage} onNew={onNew} focusOnOpen />;
}

/** Works & Materials (spec 3 section 2.3): the server-side table with the create / edit form beside it. */
export function WorksAndMaterialsScreen() {
  const canManage = useCan('catalogue.manage');
  const list = useListState(workItemList.config);
  const query = usePageQuery(workItemList.query(list.params));
  const [editing, setEditing] = useState<number | null>(null);
  // A new key gives a fresh create form after leaving an edit.
  const [createKey, setCreateKey] = useState(0);
  const toCreate = () => {
    setEditing(null);
    setCreateKey((k) => k + 1);
  };

  const verb = canManage ? 'Edit' : 'View';
  const actions = actionsColumn<WorkItemView>((w) => (
    <RowAction
      tooltip={verb}
      label={`${verb} ${w.name}`}
      icon={canManage ? IconPencil : IconEye}
      onClick={() => setEditing(w.id)}
    />
  ));

  return (
    <>
      <PageHeader title={TEXTS.title} description={TEXTS.description} />
      <Grid gap="lg" align="flex-start">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Paper withBorder radius="lg" p="md">
            <ListToolbar
              list={list}
              searchLabel={TEXTS.searchLabel}
              placeholder={TEXTS.placeholder}
              count={TEXTS.count(query.data?.total)}
            />
            <PagedTable<WorkItemView>
              label={TEXTS.label}
              query={query}
              records={query.data?.items}
              total={query.data?.total}
              list={list}
              columns={[...COLUMNS, actions]}
              errorTitle={TEXTS.errorTitle}
              perPageLabel={TEXTS.perPageLabel}
              noRecordsText={list.filtered ? `No items match “${list.params.search}”.` : TEXTS.empty}
              loadingText={TEXTS.loadingText}
            />
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          {editing !== null ? (
            <EditPanel id={editing} canManage={canManage} onNew={toCreate} />
          ) : canManage ? (
            <WorkItemForm key={`create-${createKey}`} canManage onNew={toCreate} focusOnOpen={createKey > 0} />
          ) : (
            <Paper withBorder radius="lg" p="lg">
              <Text c="dimmed">Choose an item to see its details.</Text>
            </Paper>
          )}
        </Grid.Col>
      </Grid>
    </>
  );
}
