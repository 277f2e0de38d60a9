import type { ProviderListItem, ProviderSearchResponse, ProviderSearchResult, ProviderView } from '@siteflow/core';

export const CAT_ELEC = '00000000-0000-4000-8000-00000000ca01';
export const CAT_PLUMB = '00000000-0000-4000-8000-00000000ca02';
export const SVC_WIRING = '00000000-0000-4000-8000-00000000fe01';
export const SVC_ALARMS = '00000000-0000-4000-8000-00000000fe02';
export const SVC_PIPES = '00000000-0000-4000-8000-00000000fe03';

export const CATEGORIES = [
  { id: CAT_ELEC, name: 'Electrical', active: true, services: [] },
  { id: CAT_PLUMB, name: 'Plumbing', active: true, services: [] },
];
export const LINKS = [
  { category_id: CAT_ELEC, service_id: SVC_WIRING, service_name: 'Wiring' },
  { category_id: CAT_ELEC, service_id: SVC_ALARMS, service_name: 'Alarms' },
  { category_id: CAT_PLUMB, service_id: SVC_PIPES, service_name: 'Pipes' },
];

/** The provider's business address (located). */
const ANN_STREET = {
  street: '12 Ann Street',
  suburb: 'Brisbane City',
  state: 'QLD',
  postcode: '4000',
  lat: -27.468,
  lng: 153.027,
} as const;

export const PROVIDER: ProviderView = {
  id: '00000000-0000-4000-8000-0000000005a1',
  service_provider_name: 'Brightline Electrical',
  status_code: 'approved',
  status_label: 'Approved',
  status_colour: 'green',
  director_name: 'Sam Reid',
  email: 'jobs@brightline.test',
  phone: '07 3000 1111',
  website: 'brightline.test',
  business_address: { ...ANN_STREET, precision: 'street' },
  location: '12 Ann Street, Brisbane City QLD 4000',
  locations: [{ lat: -27.468, lng: 153.027 }],
  categories: [{ id: CAT_ELEC, name: 'Electrical' }],
  services: [{ id: SVC_WIRING, name: 'Wiring' }],
  preferences: { postcodes: ['4000'], states: ['QLD'] },
  availabilities: [
    { id: '00000000-0000-4000-8000-0000000000a1', start_date: '2026-07-01', end_date: '2026-07-14', note: 'Holidays' },
  ],
  users: [
    {
      id: '00000000-0000-4000-8000-0000000000b1',
      first_name: 'Mia',
      last_name: 'Lee',
      full_name: 'Mia Lee',
      email: 'mia@brightline.test',
      phone: null,
      role: 'sp_admin',
      active: true,
    },
  ],
  sp_users: 'Mia Lee',
  performance_ratings: 4.5,
  performance_rating_count: 4,
  customer_ratings: 3,
  customer_rating_count: 2,
  finished_creation: 3,
  completed_projects: 7,
  project_count: 10,
  last_project: { id: 42, project_code: 'PRJ-00042', name: 'Office fit-out', date: '2026-03-01' },
  notes: null,
  abilities: { edit: true },
};

export const LIST_ITEM: ProviderListItem = {
  id: PROVIDER.id,
  service_provider_name: PROVIDER.service_provider_name,
  status_code: 'approved',
  status_label: 'Approved',
  status_colour: 'green',
  suburb: 'Brisbane City',
  state: 'QLD',
  postcode: '4000',
  phone: PROVIDER.phone,
  email: PROVIDER.email,
  categories_list: ['Electrical'],
  performance_ratings: 4.5,
  customer_ratings: null,
  has_location: true,
};

export function result(overrides: Partial<ProviderSearchResult> = {}): ProviderSearchResult {
  return {
    id: PROVIDER.id,
    service_provider_name: PROVIDER.service_provider_name,
    categories_list: ['Electrical'],
    services_list: ['Wiring'],
    business_address: { ...ANN_STREET },
    phone: '07 3000 1111',
    website: 'brightline.test',
    km: 3.4,
    status_code: 'licence_restricted',
    status_label: 'Licence Restricted – Expired Missing',
    status_colour: 'red',
    preferences: { postcodes: ['4000'], states: [] },
    preferred: true,
    availabilities: [],
    unavailable: false,
    certified: null,
    lastProject: null,
    scheduledProjects: 2,
    completedProjects: 5,
    performance_ratings: 4,
    customer_ratings: 3.5,
    send_email: true,
    sp_users: [
      { id: '00000000-0000-4000-8000-0000000000b1', full_name: 'Mia Lee' },
      { id: '00000000-0000-4000-8000-0000000000b2', full_name: 'Tom Hart' },
    ],
    ...overrides,
  };
}

export const PROJECT: NonNullable<ProviderSearchResponse['project']> = {
  id: 7,
  project_code: 'PRJ-00007',
  name: 'Harbour lighting upgrade',
  status: 'order',
  street: '1 Eagle Street',
  suburb: 'Brisbane City',
  state: 'QLD',
  postcode: '4000',
  start_date: '2026-06-01T08:00:00.000Z',
  end_date: '2026-06-05T17:00:00.000Z',
  categories: [{ id: CAT_ELEC, name: 'Electrical' }],
  services: [{ id: SVC_ALARMS, name: 'Alarms' }],
  service_provider_id: '00000000-0000-4000-8000-0000000000ff',
};

export function searchResponse(overrides: Partial<ProviderSearchResponse> = {}): ProviderSearchResponse {
  return {
    mode: 'manual',
    centre: null,
    project: null,
    abilities: { assign: false },
    total: 1,
    items: [result()],
    ...overrides,
  };
}
