import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Place, State } from '@siteflow/core';
import { api } from '../../api/client';

/** Query keys of the gazetteer (the offline AU + NZ place list behind /api/geo). */
export const geoKeys = { places: (q: string) => ['geo', 'places', q] as const };

/** Places matching a typed suburb, town or postcode (from two characters on). */
export function usePlaces(q: string) {
  const query = q.trim();
  return useQuery<Place[], Error, Place[], ReturnType<typeof geoKeys.places>>({
    queryKey: geoKeys.places(query),
    queryFn: ({ signal }) =>
      api.get<{ items: Place[] }>('/api/geo/places', { q: query, country: 'all' }, signal).then((r) => r.items),
    enabled: query.length >= 2,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
}

/** The state of a postcode (the gazetteer's, else the spec's rule); null when unknown. */
export function fetchPostcodeState(postcode: string, suburb?: string) {
  return api
    .get<{ state: State | null }>('/api/geo/postcode-state', { postcode, suburb: suburb || undefined })
    .then((r) => r.state);
}
