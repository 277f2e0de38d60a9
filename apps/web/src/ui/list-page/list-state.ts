import { useDebouncedValue } from '@mantine/hooks';
import type { DataTableSortStatus } from 'mantine-datatable';
import { useSearchParams } from 'react-router';

export type SortOrder = 'asc' | 'desc';

/**
 * What a list screen keeps in the query string. Filters are strings, '' meaning "all" (a value
 * the spec's check refuses falls back to ''); the sort maps column accessors to the server's keys.
 */
export type ListConfig<F extends string = never, S extends string = never> = {
  pageSizes: readonly number[];
  defaultPageSize: number;
  /** Filter name -> is this value allowed (in the order they go into the URL). */
  filters?: Record<F, (value: string) => boolean>;
  sort?: {
    /** Column accessor -> the server's sort key (columns without one are not sortable). */
    columns: Record<string, S>;
    /** Every key the URL may hold (default: the columns' keys). */
    keys?: readonly S[];
    default: S;
    order: SortOrder;
    /** The order a column starts in when chosen anew (words A to Z, dates newest first). */
    first: Record<S, SortOrder>;
  };
};

export type ListParams<F extends string = never, S extends string = never> = {
  search: string;
  page: number;
  pageSize: number;
  sort: S;
  order: SortOrder;
} & Record<F, string>;

/** The value of a filter select's "all" option ('All statuses'); the URL holds no value then. */
export const ALL = 'all';

/** The Status filter of lists of things that are active or not (its URL values and options). */
export const ACTIVE_STATUS = {
  valid: (v: string) => v === 'active' || v === 'inactive',
  options: [
    { value: ALL, label: 'All statuses' },
    { value: 'active', label: 'Active' },
    { value: 'inactive', label: 'Inactive' },
  ],
};

const SEARCH_MAX = 200;
const SEARCH_DEBOUNCE_MS = 300;

/** The list's state as the URL holds it; anything unknown falls back to the defaults. */
export function readListParams<F extends string, S extends string>(
  sp: URLSearchParams,
  config: ListConfig<F, S>,
): ListParams<F, S> {
  const page = Number(sp.get('page'));
  const pageSize = Number(sp.get('pageSize'));
  const out: Record<string, unknown> = { search: (sp.get('search') ?? '').trim().slice(0, SEARCH_MAX) };
  for (const [name, valid] of Object.entries(config.filters ?? {}) as [string, (v: string) => boolean][]) {
    const value = sp.get(name) ?? '';
    out[name] = value && valid(value) ? value : '';
  }
  if (config.sort) {
    const sort = sp.get('sort') ?? '';
    const keys: readonly string[] = config.sort.keys ?? Object.values(config.sort.columns);
    out.sort = keys.includes(sort) ? sort : config.sort.default;
    const order = sp.get('order');
    out.order = order === 'asc' || order === 'desc' ? order : config.sort.order;
  }
  out.page = Number.isInteger(page) && page >= 1 && page <= 100000 ? page : 1;
  out.pageSize = config.pageSizes.includes(pageSize) ? pageSize : config.defaultPageSize;
  return out as ListParams<F, S>;
}

/** Only what differs from the defaults goes into the URL (a clean path is the default list). */
export function toListSearchParams<F extends string, S extends string>(
  p: ListParams<F, S>,
  config: ListConfig<F, S>,
): URLSearchParams {
  const out = new URLSearchParams();
  const values = p as Record<string, unknown>;
  if (p.search) out.set('search', p.search);
  for (const name of Object.keys(config.filters ?? {})) {
    const value = values[name];
    if (typeof value === 'string' && value) out.set(name, value);
  }
  if (config.sort && (p.sort !== config.sort.default || p.order !== config.sort.order)) {
    out.set('sort', p.sort);
    out.set('order', p.order);
  }
  if (p.page !== 1) out.set('page', String(p.page));
  if (p.pageSize !== config.defaultPageSize) out.set('pageSize', String(p.pageSize));
  return out;
}

export type ListState<F extends string = never, S extends string = never> = ReturnType<typeof useListState<F, S>>;

/** Any list's state, as the shared table and toolbar use it (method syntax: any list's `update` fits). */
export interface AnyListState {
  params: { search: string; page: number; pageSize: number };
  update(changes: Record<string, unknown>, replace?: boolean): void;
  text: string;
  setText: (text: string) => void;
  filtered: boolean;
  clearFilters: () => void;
  pageSizes: readonly number[];
  sortProps: object;
}

/**
 * URL-backed list state: page, page size, sort, search and filters live in the query string, so
 * Back, Forward, reloads and shared links show the same list. The search box writes the URL as
 * typed (replacing the entry); the request follows once typing pauses. Any change but the page
 * starts at page 1.
 */
export function useListState<F extends string = never, S extends string = never>(config: ListConfig<F, S>) {
  const [searchParams, setSearchParams] = useSearchParams();
  // The box's text goes into the URL as typed (so no late write can undo a navigation away);
  // the list (and so the request) follows the trimmed text once typing pauses.
  const fromUrl = readListParams(searchParams, config);
  const text = (searchParams.get('search') ?? '').slice(0, SEARCH_MAX);
  const [debounced] = useDebouncedValue(fromUrl.search, SEARCH_DEBOUNCE_MS);
  const params: ListParams<F, S> = { ...fromUrl, search: debounced };
  const write = (next: ListParams<F, S>, replace: boolean) =>
    setSearchParams(toListSearchParams(next, config), { replace });
  const update = (changes: Partial<ListParams<F, S>>, replace = false) =>
    write({ ...fromUrl, search: text, page: 1, ...changes }, replace);
  const setText = (next: string) => write({ ...fromUrl, search: next.slice(0, SEARCH_MAX), page: 1 }, true);

  const filterNames = Object.keys(config.filters ?? {}) as F[];
  const values = params as Record<string, unknown>;
  const filtered = Boolean(params.search || filterNames.some((name) => values[name]));
  const clearFilters = () => {
    update({ search: '', ...Object.fromEntries(filterNames.map((name) => [name, ''])) } as Partial<ListParams<F, S>>);
  };

  const sortConfig = config.sort;
  const accessorOf = (sort: S) =>
    Object.entries(sortConfig?.columns ?? {}).find(([, key]) => key === sort)?.[0] ?? String(sort);
  const sortProps = sortConfig
    ? {
        sortStatus: { columnAccessor: accessorOf(params.sort), direction: params.order } as DataTableSortStatus<never>,
        onSortStatusChange: (s: DataTableSortStatus<never>) => {
          const sort = sortConfig.columns[String(s.columnAccessor)];
          if (!sort) return;
          update({ sort, order: sort === params.sort ? s.direction : sortConfig.first[sort] } as Partial<
            ListParams<F, S>
          >);
        },
      }
    : {};

  return {
    params,
    update,
    /** The search box's text (ahead of the URL while typing). */
    text,
    setText,
    filtered,
    clearFilters,
    pageSizes: config.pageSizes,
    sortProps,
  };
}
