import {
  PROVIDER_STATUSES,
  STATES,
  type ProviderInput,
  type ProviderStatus,
  type ProviderView,
  type State,
} from '@siteflow/core';

/** The service provider form's values, first values, payload and server-error mapping. */
export type Option = { value: string; label: string };
export type AvailabilityValues = {
  key: string;
  id?: string;
  start_date: string | null;
  end_date: string | null;
  note: string;
};
export type ProviderFormValues = {
  service_provider_name: string;
  status_code: ProviderStatus;
  director_name: string;
  email: string;
  phone: string;
  website: string;
  street: string;
  suburb: string;
  state: string | null;
  postcode: string;
  categories: string[];
  services: string[];
  preferred_postcodes: string[];
  preferred_states: string[];
  availabilities: AvailabilityValues[];
  notes: string;
};
const FIELDS = [
  'service_provider_name',
  'status_code',
  'director_name',
  'email',
  'phone',
  'website',
  'street',
  'suburb',
  'state',
  'postcode',
  'categories',
  'services',
  'preferred_postcodes',
  'preferred_states',
  'notes',
] as const;

const isState = (v: string | null | undefined): v is State => Boolean(v && (STATES as readonly string[]).includes(v));
let rowSeq = 0;
export const rowKey = () => `row-${++rowSeq}`;

export function providerFormValues(p?: ProviderView): ProviderFormValues {
  return {
    service_provider_name: p?.service_provider_name ?? '',
    status_code: (PROVIDER_STATUSES as readonly string[]).includes(p?.status_code ?? '')
      ? (p!.status_code as ProviderStatus)
      : 'evaluating',
    director_name: p?.director_name ?? '',
    email: p?.email ?? '',
    phone: p?.phone ?? '',
    website: p?.website ?? '',
    street: p?.business_address.street ?? '',
    suburb: p?.business_address.suburb ?? '',
    state: isState(p?.business_address.state) ? p!.business_address.state : null,
    postcode: p?.business_address.postcode ?? '',
    categories: p?.categories.map((c) => c.id) ?? [],
    services: p?.services.map((s) => s.id) ?? [],
    preferred_postcodes: p?.preferences.postcodes ?? [],
    preferred_states: (p?.preferences.states ?? []).filter(isState),
    availabilities: (p?.availabilities ?? []).map((a) => ({
      key: a.id,
      id: a.id,
      start_date: a.start_date.slice(0, 10),
      end_date: a.end_date.slice(0, 10),
      note: a.note ?? '',
    })),
    notes: p?.notes ?? '',
  };
}

/** What the form sends: the contract's input (empty texts become null on the server). */
export function toProviderInput(v: ProviderFormValues): ProviderInput {
  return {
    ...v,
    state: (v.state ?? '') as ProviderInput['state'],
    email: v.email.trim() || null,
    preferred_states: v.preferred_states as State[],
    availabilities: v.availabilities.map(({ id, start_date, end_date, note }) => ({
      ...(id ? { id } : {}),
      start_date: start_date ?? '',
      end_date: end_date ?? '',
      note,
    })),
  };
}

/** Server keys of list items (availabilities.0.end_date, preferred_postcodes.2) → the form's fields. */
export function errorFields(values: ProviderFormValues, keys: string[]) {
  const fields: string[] = [...FIELDS];
  const aliases: Record<string, string> = {};
  values.availabilities.forEach((_, i) => {
    for (const f of ['start_date', 'end_date', 'note']) fields.push(`availabilities.${i}.${f}`);
  });
  for (const key of keys) {
    const list = /^(preferred_postcodes|preferred_states|categories|services)\.\d+$/.exec(key);
    if (list) aliases[key] = list[1]!;
  }
  return { fields, aliases };
}

export const withCurrent = (options: Option[], current: Option[]) => {
  const seen = new Set(options.map((o) => o.value));
  return [...options, ...current.filter((o) => !seen.has(o.value) && (seen.add(o.value), true))];
};
