import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { api } from './client';

type Query = Parameters<typeof api.get>[1];

/**
 * A picker's options, searched on the server as the user types (`{ items }` at `path`); the last
 * answer stays on screen while the next one loads.
 */
export function useLookup<T, Key extends QueryKey>(queryKey: Key, path: string, query: Query, enabled: boolean) {
  return useQuery<T[], Error, T[], Key>({
    queryKey,
    queryFn: ({ signal }) => api.get<{ items: T[] }>(path, query, signal).then((r) => r.items),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
