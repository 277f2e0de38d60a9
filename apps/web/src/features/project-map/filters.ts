import {
  MIN_RATING_CHOICES,
  PROJECT_STATUSES,
  projectMapFiltersOf,
  SEARCH_DISTANCE,
  STATES,
  type ProjectMapFilter,
  type ProjectMapQuery,
  type ProjectStatus,
  type Role,
  type State,
} from '@siteflow/core';

/** The project map's filters as the URL holds them (the viewport is not in the URL). */
export type MapFilters = {
  search: string;
  status: ProjectStatus[];
  postcode: string;
  state: State | '';
  suburb: string;
  distance: number;
  categories: string[];
  services: string[];
  start_date: string;
  end_date: string;
  project_manager_id: string;
  client_id: string;
  account_manager_id: string;
  order_reference: string;
  min_performance: number | null;
  min_customer: number | null;
  /** The browser's location ('Use my location'); the centre of the distance filter when set. */
  lat: number | null;
  lng: number | null;
  page: number;
};

export const DEFAULT_FILTERS: MapFilters = {
  search: '',
  status: [],
  postcode: '',
  state: '',
  suburb: '',
  distance: SEARCH_DISTANCE.projectMapDefault,
  categories: [],
  services: [],
  start_date: '',
  end_date: '',
  project_manager_id: '',
  client_id: '',
  account_manager_id: '',
  order_reference: '',
  min_performance: null,
  min_customer: null,
  lat: null,
  lng: null,
  page: 1,
};

export const PAGE_SIZE = 20;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

const list = (value: string | null) => (value ?? '').split(',').filter(Boolean);
const uuid = (value: string | null) => (value && UUID.test(value) ? value : '');
const uuids = (value: string | null) => [...new Set(list(value).filter((v) => UUID.test(v)))].slice(0, 200);
const date = (value: string | null) => (value && DATE.test(value) ? value : '');
const text = (value: string | null, max: number) => (value ?? '').trim().slice(0, max);
const rating = (value: string | null) => {
  const n = Number(value);
  return value && MIN_RATING_CHOICES.includes(n) ? n : null;
};
const coordinate = (value: string | null, limit: number) => {
  if (value === null || value === '') return null;
  const n = Number(value);
  return Number.isFinite(n) && Math.abs(n) <= limit ? n : null;
};

/** Which role-dependent filters a role gets (spec 1 section 6). */
export const filtersOf = (role: Role | undefined): Set<ProjectMapFilter> =>
  new Set(role ? projectMapFiltersOf(role) : []);

/** The filters from the URL; anything unknown, malformed or not offered to the role is dropped. */
export function readFilters(sp: URLSearchParams, role: Role | undefined): MapFilters {
  const allowed = filtersOf(role);
  const distance = Number(sp.get('distance'));
  const state = sp.get('state') ?? '';
  const page = Number(sp.get('page'));
  const lat = coordinate(sp.get('lat'), 90);
  const lng = coordinate(sp.get('lng'), 180);
  const validDistance =
    sp.get('distance') !== null &&
    Number.isInteger(distance) &&
    distance >= SEARCH_DISTANCE.min &&
    distance <= SEARCH_DISTANCE.max &&
    distance % SEARCH_DISTANCE.step === 0;
  return {
    search: text(sp.get('search'), 200),
    status: [...new Set(list(sp.get('status')))].filter((s): s is ProjectStatus =>
      (PROJECT_STATUSES as readonly string[]).includes(s),
    ),
    postcode: /^\d{1,4}$/.test(sp.get('postcode') ?? '') ? sp.get('postcode')! : '',
    state: (STATES as readonly string[]).includes(state) ? (state as State) : '',
    suburb: text(sp.get('suburb'), 100),
    distance: validDistance ? distance : SEARCH_DISTANCE.projectMapDefault,
    categories: uuids(sp.get('categories')),
    services: uuids(sp.get('services')),
    start_date: date(sp.get('start_date')),
    end_date: date(sp.get('end_date')),
    project_manager_id: allowed.has('project_manager') ? uuid(sp.get('project_manager_id')) : '',
    client_id: allowed.has('client') ? uuid(sp.get('client_id')) : '',
    account_manager_id: allowed.has('account_manager') ? uuid(sp.get('account_manager_id')) : '',
    order_reference: allowed.has('order_reference') ? text(sp.get('order_reference'), 100) : '',
    min_performance: allowed.has('performance_rating') ? rating(sp.get('min_performance')) : null,
    min_customer: allowed.has('customer_rating') ? rating(sp.get('min_customer')) : null,
    lat: lat !== null && lng !== null ? lat : null,
    lng: lat !== null && lng !== null ? lng : null,
    page: Number.isInteger(page) && page >= 1 && page <= 100000 ? page : 1,
  };
}

/** Only what differs from the defaults goes into the URL (a clean /project-map is the default view). */
export function toSearchParams(f: MapFilters): URLSearchParams {
  const out = new URLSearchParams();
  const put = (key: string, value: string | number | null) => {
    if (value !== null && value !== '') out.set(key, String(value));
  };
  put('search', f.search);
  put('status', f.status.join(','));
  put('postcode', f.postcode);
  put('state', f.state);
  put('suburb', f.suburb);
  if (f.distance !== SEARCH_DISTANCE.projectMapDefault) put('distance', f.distance);
  put('categories', f.categories.join(','));
  put('services', f.services.join(','));
  put('start_date', f.start_date);
  put('end_date', f.end_date);
  put('project_manager_id', f.project_manager_id);
  put('client_id', f.client_id);
  put('account_manager_id', f.account_manager_id);
  put('order_reference', f.order_reference);
  put('min_performance', f.min_performance);
  put('min_customer', f.min_customer);
  put('lat', f.lat);
  put('lng', f.lng);
  if (f.page !== 1) put('page', f.page);
  return out;
}

/** How many filters differ from the defaults (beyond the search box), for the toggle's badge. */
export function activeFilterCount(f: MapFilters): number {
  const d = DEFAULT_FILTERS;
  return [
    f.status.length > 0,
    Boolean(f.postcode || f.state || f.suburb),
    f.distance !== d.distance,
    f.categories.length > 0 || f.services.length > 0,
    Boolean(f.start_date || f.end_date),
    Boolean(f.project_manager_id),
    Boolean(f.client_id),
    Boolean(f.account_manager_id),
    Boolean(f.order_reference),
    f.min_performance !== null,
    f.min_customer !== null,
    f.lat !== null,
  ].filter(Boolean).length;
}

export type Viewport = { bbox: string; zoom: number };

/** What GET /api/project-map is asked (lists as comma-separated values, empty values left out). */
export function toQuery(f: MapFilters, viewport: Viewport | null): Record<string, string | number | undefined> {
  const q: Record<keyof ProjectMapQuery, string | number | undefined> = {
    search: f.search || undefined,
    status: f.status.join(',') || undefined,
    postcode: f.postcode || undefined,
    state: f.state || undefined,
    suburb: f.suburb || undefined,
    lat: f.lat ?? undefined,
    lng: f.lng ?? undefined,
    distance: f.distance,
    categories: f.categories.join(',') || undefined,
    services: f.services.join(',') || undefined,
    start_date: f.start_date || undefined,
    end_date: f.end_date || undefined,
    project_manager_id: f.project_manager_id || undefined,
    client_id: f.client_id || undefined,
    account_manager_id: f.account_manager_id || undefined,
    order_reference: f.order_reference || undefined,
    min_performance: f.min_performance ?? undefined,
    min_customer: f.min_customer ?? undefined,
    bbox: viewport?.bbox,
    zoom: viewport?.zoom,
    page: f.page,
    pageSize: PAGE_SIZE,
  };
  return q;
}

/** south,west,north,east with 5 decimals, clamped to the world (Leaflet may report beyond it). */
export function toBbox(south: number, west: number, north: number, east: number): string {
  const lat = (v: number) => Math.max(-90, Math.min(90, v));
  const lng = (v: number) => Math.max(-180, Math.min(180, v));
  return [lat(south), lng(west), lat(north), lng(east)].map((v) => Number(v.toFixed(5))).join(',');
}

/**
 * The zoom the whole answer (`toFitQuery`) is clustered at: fine enough that its clusters outline
 * where the matches are, coarse enough that a country of projects is a few hundred markers.
 */
export const FIT_QUERY_ZOOM = 5;

/**
 * What the map asks to learn where every match of these filters is: no bbox (the server then
 * clusters every located match) and no list beyond one row. The page is not part of it: paging
 * the list does not move the map.
 */
export function toFitQuery(f: MapFilters): Record<string, string | number | undefined> {
  return { ...toQuery({ ...f, page: 1 }, null), zoom: FIT_QUERY_ZOOM, pageSize: 1 };
}
