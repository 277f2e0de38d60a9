import { keepPreviousData, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { api } from '../api/client';

/** A list's query string (its page, page size, search and filters). */
type ListQuery = Parameters<typeof api.get>[1];

/** The request of one page of a list (`GET path` with the list's params): the options of its query. */
export const pageQuery = <T>(queryKey: QueryKey, path: string, params: ListQuery) => ({
  queryKey,
  queryFn: ({ signal }: { signal: AbortSignal }) => api.get<T>(path, params, signal),
});
export type PageQuery<T> = ReturnType<typeof pageQuery<T>>;

/** One page of a list (`pageQuery`); the page shown stays while the next one loads. */
export function usePageQuery<T>(query: PageQuery<T>) {
  return useQuery({ ...query, placeholderData: keepPreviousData });
}

/** One record (`GET path`, e.g. `/api/clients/{id}`). */
export function useRecordQuery<T>(queryKey: QueryKey, path: string) {
  return useQuery({ queryKey, queryFn: ({ signal }) => api.get<T>(path, undefined, signal) });
}

/** The query keys of a kind of record ('clients'): all of them, its lists, one list (by its params), one record. */
export function recordKeys<Name extends string>(name: Name) {
  return {
    all: [name] as const,
    lists: [name, 'list'] as const,
    list: <P extends object>(params: P) => [name, 'list', params] as const,
    detail: (id: string) => [name, 'detail', id] as const,
  };
}

/** Create (`POST collection`) or, given its id, update (`PUT collection/{id}`) a record. */
export function saveRecord<T>(collection: string, id: string | undefined, body: unknown): Promise<T> {
  return id ? api.put<T>(`${collection}/${encodeURIComponent(id)}`, body) : api.post<T>(collection, body);
}

/**
 * After a record is saved: its page shows it at once and its lists are fetched again
 * (`keys.detail` and `keys.lists` of `recordKeys`).
 */
export function useRecordSaved(keys: { lists: QueryKey; detail: (id: string) => QueryKey }) {
  const client = useQueryClient();
  return <T extends { id: string }>(saved: T) => {
    client.setQueryData(keys.detail(saved.id), saved);
    return client.invalidateQueries({ queryKey: keys.lists });
  };
}
