import type { ReactNode } from 'react';
import { Button, Paper } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { Link } from 'react-router';
import { PageHeader } from '../page-header';
import type { AnyListState } from './list-state';
import type { ListTexts } from './list-texts';
import { ListToolbar } from './list-toolbar';
import { PagedTable, type PagedTableProps, type QueryLike } from './paged-table';

/** The header's 'New client' button. */
export function NewButton({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Button component={Link} to={to} leftSection={<IconPlus size={16} aria-hidden />}>
      {children}
    </Button>
  );
}

export type ListScreenProps<T> = {
  /** The header's buttons (`NewButton`). */
  actions?: ReactNode;
  texts: ListTexts;
  /** The request of the rows: a page of them with the total, or (without a `list`) all of them. */
  query: QueryLike & { data?: { items: T[]; total?: number } };
  columns: DataTableColumn<T>[];
  /** URL-backed search, filters and paging; without it, no toolbar and every row. */
  list?: AnyListState;
  /** The toolbar's filters and how it looks. */
  filters?: ReactNode;
  toolbar?: { searchWidth?: number; clearable?: boolean; countTestId?: string };
} & Pick<PagedTableProps<T>, 'emptyHeight' | 'noRecordsIcon' | 'onRowClick' | 'paginationText'>;

/**
 * A list screen: the page's header, then in one panel the toolbar (search, filters, count) and
 * the paged table with its loading, error and empty texts.
 */
export function ListScreen<T>({
  actions,
  texts,
  query,
  columns,
  list,
  filters,
  toolbar,
  ...table
}: ListScreenProps<T>) {
  return (
    <>
      <PageHeader title={texts.title} description={texts.description} actions={actions} />
      <Paper withBorder radius="lg" p="md">
        {list ? (
          <ListToolbar
            list={list}
            searchLabel={texts.searchLabel}
            placeholder={texts.placeholder}
            count={texts.count(query.data?.total)}
            {...toolbar}
          >
            {filters}
          </ListToolbar>
        ) : null}
        <PagedTable<T>
          {...table}
          label={texts.label}
          query={query}
          records={query.data?.items}
          total={query.data?.total}
          list={list}
          columns={columns}
          errorTitle={texts.errorTitle}
          perPageLabel={texts.perPageLabel}
          noRecordsText={list?.filtered ? texts.noMatch(list.params.search) : texts.empty}
          loadingText={texts.loadingText}
        />
      </Paper>
    </>
  );
}
