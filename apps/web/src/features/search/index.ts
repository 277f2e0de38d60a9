export { ProjectSearchActions } from './header-actions';
export { QuickSearch } from './quick-search';
export { RecentlyViewedModal } from './recently-viewed';
