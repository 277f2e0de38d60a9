/** The building blocks of a list screen: URL-backed state, the toolbar, the paged table, row actions. */
export {
  ACTIVE_STATUS,
  ALL,
  readListParams,
  toListSearchParams,
  useListState,
  type AnyListState,
  type ListConfig,
  type ListParams,
  type ListState,
  type SortOrder,
} from './list-state';
export { countOf, FilterSelect, ListToolbar } from './list-toolbar';
export { pagedList, type PagedList } from './paged-list';
export { activeColumn, ActiveToggleAction, StatusFilter, TOGGLE_ICONS, USER_ICONS } from './active-status';
export { ListScreen, NewButton, type ListScreenProps } from './list-screen';
export { listTexts, noSearchMatch, type ListTexts } from './list-texts';
export { PagedTable, type PagedTableProps, type QueryLike } from './paged-table';
export { actionsColumn, ActiveBadge, DeleteAction, EditAction, RowAction } from './row-actions';
