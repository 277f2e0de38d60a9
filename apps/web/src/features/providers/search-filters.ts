import { SEARCH_DISTANCE } from '@siteflow/core';
import type { ProviderSearchParams } from './api';

/** The filter panel of the provider search / assignment map, as the user set it. */
export type SearchFilters = {
  /** A chosen project switches to automatic mode: the server uses its address, dates, categories and services. */
  project: number | null;
  street: string;
  suburb: string;
  state: string | null;
  postcode: string;
  start_date: string | null;
  end_date: string | null;
  categories: string[];
  services: string[];
  distance: number;
  min_rating: string | null;
  certified: boolean;
};

/**
 * Spec 1 section 9: the standalone search starts at distance 0 (no limit); assignment mode (a
 * project chosen or fixed: 'Assign Project' is offered) at 50 km.
 */
export function initialFilters(project: number | null, fixed: boolean): SearchFilters {
  return {
    project,
    street: '',
    suburb: '',
    state: null,
    postcode: '',
    start_date: null,
    end_date: null,
    categories: [],
    services: [],
    distance: fixed || project !== null ? SEARCH_DISTANCE.assignmentDefault : SEARCH_DISTANCE.standaloneDefault,
    min_rating: null,
    certified: false,
  };
}

export const isAutomatic = (f: SearchFilters) => f.project !== null;

/**
 * Choosing or clearing the project switches between assignment and standalone mode; the distance
 * moves to the new mode's default (50 km / any distance) unless the user has set another one.
 */
export function withProject(f: SearchFilters, project: number | null): SearchFilters {
  const from = f.project !== null ? SEARCH_DISTANCE.assignmentDefault : SEARCH_DISTANCE.standaloneDefault;
  const to = project !== null ? SEARCH_DISTANCE.assignmentDefault : SEARCH_DISTANCE.standaloneDefault;
  return { ...f, project, distance: f.distance === from ? to : f.distance };
}

/**
 * The request for these filters. In automatic mode only the project and the filters that stay
 * editable go (the server fills the rest from the project); in manual mode every field given.
 */
export function toSearchRequest(f: SearchFilters): ProviderSearchParams {
  const common = {
    distance: f.distance,
    ...(f.min_rating ? { min_rating: Number(f.min_rating) } : {}),
    ...(f.certified ? { certified: true } : {}),
  };
  if (f.project !== null) return { project_id: f.project, ...common };
  const text = (v: string) => (v.trim() ? v.trim() : undefined);
  const out: ProviderSearchParams = {
    street: text(f.street),
    suburb: text(f.suburb),
    state: f.state ?? undefined,
    postcode: text(f.postcode),
    start_date: f.start_date ?? undefined,
    end_date: f.end_date ?? undefined,
    categories: f.categories.length ? f.categories.join(',') : undefined,
    services: f.services.length ? f.services.join(',') : undefined,
    ...common,
  };
  for (const key of Object.keys(out) as (keyof ProviderSearchParams)[]) if (out[key] === undefined) delete out[key];
  return out;
}

/** The bounding box of a circle (for fitting the map to the distance). */
export function circleBounds(centre: { lat: number; lng: number }, km: number) {
  const dLat = km / 111.32;
  const dLng = km / (111.32 * Math.max(0.01, Math.cos((centre.lat * Math.PI) / 180)));
  return [
    { lat: centre.lat - dLat, lng: centre.lng - dLng },
    { lat: centre.lat + dLat, lng: centre.lng + dLng },
  ];
}
