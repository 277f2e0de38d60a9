import { useState } from 'react';
import { Autocomplete, Grid, Select, Text, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { GAZETTEER_CREDIT, STATES, type Place, type State } from '@siteflow/core';
import { PostcodeInput } from '../postcode-input';
import { StateSelect } from '../state-select';
import { fetchPostcodeState, usePlaces } from './gazetteer';

export const COUNTRIES = ['Australia', 'New Zealand'] as const;
export type Country = (typeof COUNTRIES)[number];

/** What a picked place or a looked-up postcode changes. */
export type AddressPatch = Partial<{ suburb: string; state: string | null; postcode: string; country: Country }>;

const isState = (v: string | null | undefined): v is State => Boolean(v && (STATES as readonly string[]).includes(v));

/** A stored state as the State select takes it (unknown values are left out, not shown as free text). */
export const stateValue = (v: string | null | undefined): string | null => (isState(v) ? v : null);

export type AddressFieldsProps = {
  /** The form's values the lookups read. */
  values: { suburb: string; state: string | null; postcode: string; country?: Country };
  /** The form's input props by field name (`form.getInputProps`). */
  getInputProps: (field: string) => GetInputPropsReturnType;
  /**
   * Sets several fields at once. Given, the block offers the address search over the offline
   * AU + NZ gazetteer (a picked place fills suburb, state, postcode and country) and a typed
   * Australian postcode fills an empty state.
   */
  setValues?: (patch: AddressPatch) => void;
  /** The form's field name of the street line: `street` (default) or `address`. */
  streetField?: 'street' | 'address';
  labels?: { street?: string; suburb?: string };
  maxLength?: { street?: number; suburb?: number };
  required?: boolean;
  readOnly?: boolean;
  /** The browser's address autofill (street-address, address-level2, postal-code); off by default. */
  autofill?: boolean;
  /** The Country select (projects: Australia or New Zealand). */
  withCountry?: boolean;
};

/**
 * Street, Suburb, State and Postcode (and Country): the one address block of every form. See
 * `AddressFieldsProps` for the address search, the postcode lookup and the per-form options.
 */
export function AddressFields({
  values,
  getInputProps,
  setValues,
  streetField = 'street',
  labels,
  maxLength,
  required = false,
  readOnly = false,
  autofill = false,
  withCountry = false,
}: AddressFieldsProps) {
  const postcodeProps = getInputProps('postcode');
  const fillState = (postcode: string) => {
    if (!setValues || values.state || (values.country ?? 'Australia') !== 'Australia') return;
    if (!/^\d{3,4}$/.test(postcode)) return;
    fetchPostcodeState(postcode, values.suburb)
      .then((state) => {
        if (state) setValues({ state });
      })
      .catch(() => undefined);
  };

  return (
    <Grid gap="md">
      {setValues ? (
        <Grid.Col span={12}>
          <PlaceSearch values={values} setValues={setValues} withCountry={withCountry} />
        </Grid.Col>
      ) : null}
      <Grid.Col span={12}>
        <TextInput
          label={labels?.street ?? 'Street'}
          required={required}
          readOnly={readOnly}
          autoComplete={autofill ? 'street-address' : 'off'}
          maxLength={maxLength?.street}
          {...getInputProps(streetField)}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <TextInput
          label={labels?.suburb ?? 'Suburb'}
          required={required}
          readOnly={readOnly}
          autoComplete={autofill ? 'address-level2' : 'off'}
          maxLength={maxLength?.suburb}
          {...getInputProps('suburb')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 6, md: 3 }}>
        {required ? (
          <StateSelect required readOnly={readOnly} {...getInputProps('state')} />
        ) : (
          <StateSelect
            allowDeselect
            clearable={!readOnly}
            readOnly={readOnly}
            clearButtonProps={{ 'aria-label': 'Clear state' }}
            {...getInputProps('state')}
          />
        )}
      </Grid.Col>
      <Grid.Col span={{ base: 6, md: 3 }}>
        <PostcodeInput
          label="Postcode"
          required={required}
          readOnly={readOnly}
          {...(autofill ? {} : { autoComplete: 'off' })}
          {...postcodeProps}
          onChange={(v) => {
            postcodeProps.onChange(v);
            if (v.length === 4) fillState(v);
          }}
          onBlur={(e) => {
            postcodeProps.onBlur?.(e);
            fillState(values.postcode);
          }}
        />
      </Grid.Col>
      {withCountry ? (
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Select label="Country" data={[...COUNTRIES]} allowDeselect={false} {...getInputProps('country')} />
        </Grid.Col>
      ) : null}
      {setValues ? (
        <Grid.Col span={12}>
          <Text size="xs" c="dimmed">
            {GAZETTEER_CREDIT}
          </Text>
        </Grid.Col>
      ) : null}
    </Grid>
  );
}

function PlaceSearch({
  values,
  setValues,
  withCountry,
}: {
  values: AddressFieldsProps['values'];
  setValues: (patch: AddressPatch) => void;
  withCountry: boolean;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const places = usePlaces(debounced);
  const items: Place[] = debounced.trim().length >= 2 ? (places.data ?? []) : [];

  const pick = (id: string) => {
    const place = items.find((p) => String(p.id) === id);
    if (!place) return;
    const state = isState(place.state) ? place.state : place.country === 'New Zealand' ? 'OTH' : values.state;
    setValues({
      suburb: place.suburb,
      state,
      postcode: place.postcode ?? values.postcode,
      ...(withCountry ? { country: place.country } : {}),
    });
  };

  return (
    <Autocomplete
      label="Search address"
      description="Type a suburb, town or postcode in Australia or New Zealand."
      placeholder="e.g. Fortitude Valley or 4006"
      leftSection={<IconSearch size={16} aria-hidden />}
      value={search}
      onChange={setSearch}
      data={items.map((p) => ({ value: String(p.id), label: p.label }))}
      filter={({ options }) => options}
      onOptionSubmit={pick}
      limit={10}
      autoComplete="off"
      clearable
      clearButtonProps={{ 'aria-label': 'Clear address search' }}
    />
  );
}
