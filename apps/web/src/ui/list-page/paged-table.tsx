import { useEffect, type ReactNode } from 'react';
import { DataTable, type DataTableColumn, type DataTableProps } from 'mantine-datatable';
import { ErrorState } from '../query-states';
import type { AnyListState } from './list-state';

/** What the table needs of a TanStack query. */
export type QueryLike = { isFetching: boolean; isError: boolean; error: Error | null; refetch: () => unknown };

export type PagedTableProps<T> = {
  /** The table's accessible name ('Customers'). */
  label: string;
  /** The request behind the rows (its error and fetching state); none when the rows come with a record. */
  query?: QueryLike;
  records: T[] | undefined;
  columns: DataTableColumn<T>[];
  /** Shown instead of the table when the request failed ('Could not load customers'). */
  errorTitle?: string;
  noRecordsText: string;
  /** The picture above the empty text (the table's own by default). */
  noRecordsIcon?: ReactNode;
  loadingText?: string;
  /** The table's height while it has no rows (room for the empty text). */
  emptyHeight?: number;
  /** Server-side paging and sorting from the URL-backed list state; without it, one page of everything. */
  list?: AnyListState;
  total?: number;
  /** 'Customers per page'. */
  perPageLabel?: string;
  paginationText?: (p: { from: number; to: number; totalRecords: number }) => string;
  onRowClick?: DataTableProps<T>['onRowClick'];
};

const defaultPaginationText = ({ from, to, totalRecords }: { from: number; to: number; totalRecords: number }) =>
  `${from}–${to} of ${totalRecords}`;

/**
 * The table of every list screen (mantine-datatable): the error state with Retry, the loading
 * and empty texts, and, given a `useListState` list, paging, page sizes and sorting kept in the URL.
 * A page past the end (a bookmarked URL, or rows removed meanwhile) goes to the last page.
 */
export function PagedTable<T>({
  label,
  query,
  records,
  columns,
  errorTitle,
  noRecordsText,
  noRecordsIcon,
  loadingText,
  emptyHeight = 220,
  list,
  total,
  perPageLabel,
  paginationText = defaultPaginationText,
  onRowClick,
}: PagedTableProps<T>) {
  const page = list?.params.page ?? 1;
  const pageSize = list?.params.pageSize ?? 0;
  const empty = records !== undefined && records.length === 0;
  useEffect(() => {
    if (!list || !empty || !total || page === 1) return;
    const last = Math.max(1, Math.ceil(total / pageSize));
    if (last !== page) list.update({ page: last }, true);
    // Only a newly loaded empty page moves; the list is read fresh.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [empty, total, page]);

  if (query?.isError) return <ErrorState error={query.error} onRetry={() => query.refetch()} title={errorTitle} />;
  const common = {
    'aria-label': label,
    minHeight: records?.length ? undefined : emptyHeight,
    verticalSpacing: 'sm' as const,
    highlightOnHover: true,
    fetching: query?.isFetching ?? false,
    records: records ?? [],
    columns,
    onRowClick,
    noRecordsText,
    noRecordsIcon,
    loadingText,
    // A table wider than the screen shows its scrollbar whenever it can scroll, not only on hover
    // (a phone has no hover, and a mouse user would not know the columns go on).
    scrollAreaProps: { type: 'auto' as const },
  };
  if (!list) return <DataTable<T> {...(common as DataTableProps<T>)} />;
  const paged = {
    ...common,
    totalRecords: total ?? 0,
    page,
    onPageChange: (next: number) => list.update({ page: next }),
    recordsPerPage: pageSize,
    recordsPerPageOptions: [...list.pageSizes],
    onRecordsPerPageChange: (size: number) => list.update({ pageSize: size }),
    recordsPerPageLabel: perPageLabel,
    paginationText,
    ...list.sortProps,
  };
  return <DataTable<T> {...(paged as DataTableProps<T>)} />;
}
