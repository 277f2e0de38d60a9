/** The building blocks of a list screen: URL-backed state, the toolbar, the paged table, row actions. */
export {
  readListParams,
  toListSearchParams,
  useListState,
  type AnyListState,
  type ListConfig,
  type ListParams,
  type ListState,
  type SortOrder,
} from './list-state';
export { ACTIVE_STATUS, ALL, countOf, FilterSelect, ListToolbar } from './list-toolbar';
export { PagedTable, type PagedTableProps } from './paged-table';
export { actionsColumn, ActiveBadge, RowAction } from './row-actions';
