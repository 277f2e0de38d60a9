import { useState } from 'react';
import { Autocomplete, Grid, Select, Text, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { GAZETTEER_CREDIT, STATES, type Place, type State } from '@siteflow/core';
import { PostcodeInput } from '../../../ui/postcode-input';
import { StateSelect } from '../../../ui/state-select';
import { fetchPostcodeState, usePlaces } from '../api';

export const COUNTRIES = ['Australia', 'New Zealand'] as const;
export type Country = (typeof COUNTRIES)[number];
export type LocationValues = { street: string; suburb: string; state: string | null; postcode: string; country: Country };
type LocationField = keyof LocationValues;

export const locationValues = (l: {
  street: string | null;
  suburb: string | null;
  state: string | null;
  postcode: string | null;
  country: string;
}): LocationValues => ({
  street: l.street ?? '',
  suburb: l.suburb ?? '',
  state: l.state && (STATES as readonly string[]).includes(l.state) ? l.state : null,
  postcode: l.postcode ?? '',
  country: l.country === 'New Zealand' ? 'New Zealand' : 'Australia',
});

type Props = {
  values: LocationValues;
  getInputProps: (field: LocationField) => GetInputPropsReturnType;
  /** Sets several fields at once (a picked place). */
  setValues: (patch: Partial<LocationValues>) => void;
};

/**
 * Street, City/Suburb, State, Postcode and Country, with an address search over the offline
 * AU + NZ gazetteer that fills suburb, state, postcode and country. A typed postcode fills an
 * empty state.
 */
export function LocationFields({ values, getInputProps, setValues }: Props) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const places = usePlaces(debounced);
  const items: Place[] = debounced.trim().length >= 2 ? (places.data ?? []) : [];

  const pick = (id: string) => {
    const place = items.find((p) => String(p.id) === id);
    if (!place) return;
    const state = place.state && (STATES as readonly string[]).includes(place.state) ? place.state : place.country === 'New Zealand' ? 'OTH' : null;
    setValues({
      suburb: place.suburb,
      state: state ?? values.state,
      postcode: place.postcode ?? values.postcode,
      country: place.country,
    });
  };

  const postcodeProps = getInputProps('postcode');
  const fillState = (postcode: string) => {
    if (values.state || values.country !== 'Australia' || !/^\d{3,4}$/.test(postcode)) return;
    fetchPostcodeState(postcode, values.suburb)
      .then((state: State | null) => {
        if (state) setValues({ state });
      })
      .catch(() => undefined);
  };

  return (
    <Grid gap="md">
      <Grid.Col span={12}>
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
      </Grid.Col>
      <Grid.Col span={12}>
        <TextInput label="Street" required autoComplete="off" {...getInputProps('street')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <TextInput label="City/Suburb" required autoComplete="off" {...getInputProps('suburb')} />
      </Grid.Col>
      <Grid.Col span={{ base: 6, md: 3 }}>
        <StateSelect required {...getInputProps('state')} />
      </Grid.Col>
      <Grid.Col span={{ base: 6, md: 3 }}>
        <PostcodeInput
          label="Postcode"
          required
          autoComplete="off"
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
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Select label="Country" data={[...COUNTRIES]} allowDeselect={false} {...getInputProps('country')} />
      </Grid.Col>
      <Grid.Col span={12}>
        <Text size="xs" c="dimmed">
          {GAZETTEER_CREDIT}
        </Text>
      </Grid.Col>
    </Grid>
  );
}
