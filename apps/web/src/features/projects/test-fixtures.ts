import type { AccountManager, ProjectCreateData, ProjectView } from '@siteflow/core';

/** Shared data of the project screen tests (ids are valid uuids: the contracts check them). */
export const ME = '00000000-0000-4000-8000-0000000000aa';
export const JACK = '00000000-0000-4000-8000-0000000000a2';
export const MIA = '00000000-0000-4000-8000-0000000000a3';
export const CLIENT_A = '00000000-0000-4000-8000-00000000c001';
export const CLIENT_B = '00000000-0000-4000-8000-00000000c002';
export const AM_A = '00000000-0000-4000-8000-00000000d001';
export const AM_B = '00000000-0000-4000-8000-00000000d002';
export const CAT_ELEC = '00000000-0000-4000-8000-00000000e001';
export const CAT_FIRE = '00000000-0000-4000-8000-00000000e002';
export const SVC_WIRING = '00000000-0000-4000-8000-00000000f001';
export const SVC_LIGHTING = '00000000-0000-4000-8000-00000000f002';
export const SVC_SPRINKLERS = '00000000-0000-4000-8000-00000000f003';
export const INSTALLATION = '00000000-0000-4000-8000-00000000b001';
export const MAINTENANCE = '00000000-0000-4000-8000-00000000b002';

export const createData = (): ProjectCreateData => ({
  user: { id: ME, full_name: 'Olivia Nguyen' },
  classifications: [
    { id: INSTALLATION, title: 'Installation' },
    { id: MAINTENANCE, title: 'Maintenance' },
  ],
  tags: [{ name: 'Urgent' }, { name: 'After hours' }],
  categories: [
    { id: CAT_ELEC, name: 'Electrical' },
    { id: CAT_FIRE, name: 'Fire' },
  ],
  clients: [
    { id: CLIENT_B, trading_name: 'Bayside Cafes' },
    { id: CLIENT_A, trading_name: 'Apple Isle Hospitality' },
  ],
  category_services: [
    { category_id: CAT_ELEC, service_id: SVC_WIRING, service_name: 'Wiring' },
    { category_id: CAT_ELEC, service_id: SVC_LIGHTING, service_name: 'Lighting' },
    { category_id: CAT_FIRE, service_id: SVC_SPRINKLERS, service_name: 'Sprinklers' },
  ],
  project_managers: [
    { id: JACK, full_name: 'Jack Wilson' },
    { id: ME, full_name: 'Olivia Nguyen' },
  ],
  staff: [
    { id: JACK, full_name: 'Jack Wilson' },
    { id: MIA, full_name: 'Mia Thompson' },
    { id: ME, full_name: 'Olivia Nguyen' },
  ],
});

export const manager = (id: string, name: string, clientEmail = 'client.test'): AccountManager => {
  const [first = '', last = ''] = name.split(' ');
  return {
    id,
    first_name: first,
    last_name: last,
    name,
    email: `${first.toLowerCase()}@${clientEmail}`,
    mobile: '0400 111 222',
    phone: null,
    active: true,
  };
};
export const MANAGERS: Record<string, AccountManager[]> = {
  [CLIENT_A]: [manager(AM_A, 'Fiona Blackwood', 'appleisle.test')],
  [CLIENT_B]: [manager(AM_B, 'Ben Harbour', 'bayside.test')],
};

const person = (
  id: string,
  first: string,
  last: string,
  extra: { phone?: string | null; mobile?: string | null } = {},
) => ({
  id,
  first_name: first,
  last_name: last,
  full_name: `${first} ${last}`,
  email: `${first.toLowerCase()}.${last.toLowerCase()}@demo.test`,
  phone: extra.phone ?? null,
  mobile: extra.mobile ?? null,
});

export const project = (over: Partial<ProjectView> = {}): ProjectView => ({
  id: 61,
  id_code: 'PRJ-00061',
  project_code: 'PRJ-00061',
  name: 'Kitchen fit-out',
  title: 'Kitchen fit-out',
  summary: 'Replace the kitchen lighting.',
  order_reference: 'PO-7788',
  client_comments: null,
  status: 'order',
  status_label: 'Order',
  status_colour: 'blue',
  allowed_statuses: ['scheduled', 'on_hold', 'cancelled', 'quote'],
  start_date: '2026-11-21T08:00',
  end_date: '2026-11-21T17:00',
  completed_on: null,
  location: { street: '12 Ann St', suburb: 'Fortitude Valley', state: 'QLD', postcode: '4006', country: 'Australia' },
  co_ords: { lat: -27.45621, long: 153.03568, precision: 'suburb' },
  client: { id: CLIENT_A, trading_name: 'Apple Isle Hospitality' },
  account_manager: person(AM_A, 'Fiona', 'Blackwood', { mobile: '0448 205 671' }),
  project_manager: person(JACK, 'Jack', 'Wilson', { phone: '07 3000 1234' }),
  project_administrator: person(ME, 'Olivia', 'Nguyen', { mobile: '0412 555 101', phone: '07 3000 9999' }),
  project_sales_representative: null,
  classification: { id: INSTALLATION, title: 'Installation' },
  linked_project_type: 'master',
  linked_projects: [{ id: 55, project_code: 'PRJ-00055', name: 'LED lighting retrofit' }],
  sub_linked_projects: [],
  tags: [{ id: '00000000-0000-4000-8000-00000000a0a1', name: 'Urgent' }],
  categories: [{ id: CAT_ELEC, name: 'Electrical' }],
  services: [{ id: SVC_WIRING, name: 'Wiring' }],
  site_contacts: [
    {
      id: '00000000-0000-4000-8000-000000005c01',
      name: 'Sam Site',
      position: 'Foreman',
      email: null,
      phone: '0400 000 111',
      note: null,
    },
    {
      id: '00000000-0000-4000-8000-000000005c02',
      name: 'Pat Second',
      position: null,
      email: 'pat@example.test',
      phone: null,
      note: 'Mornings',
    },
  ],
  service_provider: null,
  date_changes: [],
  abilities: { edit: true, delete: true },
  created_at: '2026-11-20T00:00:00.000Z',
  ...over,
});
