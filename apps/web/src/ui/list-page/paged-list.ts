import type { PageQuery } from '../queries';
import { readListParams, type ListConfig, type ListParams } from './list-state';

/**
 * A paged list: the state its address holds (`config`: page, size, sort, filters) and the request
 * of the page that state asks for. Defined once in the feature's api.ts and used by the screen
 * (`useListState(list.config)`, `usePageQuery(list.query(list.params))`) and by the request the
 * app starts for the page it opens on, before the screen's code is there (`app/first-data.ts`):
 * both build the same query, so the screen finds its page in the cache or in flight.
 */
export type PagedList<F extends string, S extends string, T> = {
  config: ListConfig<F, S>;
  query: (params: ListParams<F, S>) => PageQuery<T>;
  /** The query of the page an address's query string (`?search=…&page=2`) asks for. */
  fromSearch: (search: string) => PageQuery<T>;
};

export function pagedList<T, F extends string = never, S extends string = never>(
  config: ListConfig<F, S>,
  query: (params: ListParams<F, S>) => PageQuery<T>,
): PagedList<F, S, T> {
  return { config, query, fromSearch: (search) => query(readListParams(new URLSearchParams(search), config)) };
}
