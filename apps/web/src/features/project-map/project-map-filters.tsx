import { useEffect, useState } from 'react';
import { Button, Grid, Group, MultiSelect, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconRefresh } from '@tabler/icons-react';
import { PROJECT_STATUS_LABELS, PROJECT_STATUSES, type ProjectStatus, type Role, type State } from '@siteflow/core';
import { PostcodeInput } from '../../ui/postcode-input';
import { StateSelect } from '../../ui/state-select';
import { filtersOf, type MapFilters } from './filters';
import {
  AccountManagerFilter,
  CategoryFilters,
  ClientFilter,
  DistanceSlider,
  ManagerFilter,
  RatingFilter,
} from './project-map-filter-fields';

export const FILTER_DEBOUNCE_MS = 400;

/**
 * A text field typed freely whose value reaches the URL (and so the request) once typing pauses;
 * a change of the URL value from elsewhere (Reset, back/forward) shows in the field.
 */
export function useDebouncedText(value: string, commit: (value: string) => void) {
  const [text, setText] = useState(value);
  const [debounced] = useDebouncedValue(text.trim(), FILTER_DEBOUNCE_MS);
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    if (value !== text.trim()) setText(value);
  }
  useEffect(() => {
    if (debounced !== value) commit(debounced);
    // Only a new debounced text commits; the URL value is read fresh by `commit`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);
  return [text, setText] as const;
}

const STATUS_OPTIONS = PROJECT_STATUSES.map((s) => ({ value: s, label: PROJECT_STATUS_LABELS[s] }));

/** The minimum-rating filters: the role's filter name, the value it sets, its label. */
const RATING_FILTERS = [
  { filter: 'performance_rating', value: 'min_performance', label: 'Minimum Performance Rating' },
  { filter: 'customer_rating', value: 'min_customer', label: 'Minimum Customer Rating' },
] as const;

export type Abilities = { clients: boolean; managers: boolean };

/** The filter panel ('Show More Filters'): every filter of the role's set (spec 1 section 6). */
export function ProjectMapFilters({
  filters,
  update,
  reset,
  role,
  abilities,
  amClientId,
}: {
  filters: MapFilters;
  update: (changes: Partial<MapFilters>) => void;
  reset: () => void;
  role: Role | undefined;
  abilities: Abilities;
  /** Whose account managers the Account Manager filter offers (the chosen client, or the client's own). */
  amClientId: string;
}) {
  const allowed = filtersOf(role);
  const [postcode, setPostcode] = useDebouncedText(filters.postcode, (postcode) => update({ postcode }));
  const [suburb, setSuburb] = useDebouncedText(filters.suburb, (suburb) => update({ suburb }));
  const [orderRef, setOrderRef] = useDebouncedText(filters.order_reference, (order_reference) =>
    update({ order_reference }),
  );
  return (
    <Stack gap="md" pt="md">
      <Grid gap="md">
        <Grid.Col span={{ base: 12, sm: 6, lg: 4 }}>
          <MultiSelect
            label="Status"
            placeholder={filters.status.length ? undefined : 'All statuses'}
            data={STATUS_OPTIONS}
            value={filters.status}
            onChange={(v) => update({ status: v as ProjectStatus[] })}
            clearable
            clearButtonProps={{ 'aria-label': 'Clear Status' }}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 3, lg: 2 }}>
          <PostcodeInput label="Postcode" value={postcode} onChange={setPostcode} />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 3, lg: 2 }}>
          <StateSelect
            value={filters.state || null}
            onChange={(v) => update({ state: (v ?? '') as State | '' })}
            allowDeselect
            clearable
            clearButtonProps={{ 'aria-label': 'Clear State' }}
            placeholder="Any state"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6, lg: 4 }}>
          <TextInput label="Suburb" value={suburb} maxLength={100} onChange={(e) => setSuburb(e.currentTarget.value)} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6, lg: 4 }}>
          <DistanceSlider value={filters.distance} onChange={(distance) => update({ distance })} />
        </Grid.Col>
        <CategoryFilters
          categories={filters.categories}
          services={filters.services}
          onChange={(categories, services) => update({ categories, services })}
        />
        <Grid.Col span={{ base: 6, sm: 3, lg: 2 }}>
          <TextInput
            type="date"
            label="Start date"
            value={filters.start_date}
            onChange={(e) => update({ start_date: e.currentTarget.value })}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 3, lg: 2 }}>
          <TextInput
            type="date"
            label="End date"
            value={filters.end_date}
            min={filters.start_date || undefined}
            onChange={(e) => update({ end_date: e.currentTarget.value })}
          />
        </Grid.Col>
        {allowed.has('project_manager') && abilities.managers ? (
          <Grid.Col span={{ base: 12, sm: 6, lg: 4 }}>
            <ManagerFilter
              value={filters.project_manager_id}
              onChange={(project_manager_id) => update({ project_manager_id })}
            />
          </Grid.Col>
        ) : null}
        {allowed.has('client') && abilities.clients ? (
          <Grid.Col span={{ base: 12, sm: 6, lg: 4 }}>
            <ClientFilter
              value={filters.client_id}
              // Another client's account managers do not apply.
              onChange={(client_id) => update({ client_id, account_manager_id: '' })}
            />
          </Grid.Col>
        ) : null}
        {allowed.has('account_manager') ? (
          <Grid.Col span={{ base: 12, sm: 6, lg: 4 }}>
            <AccountManagerFilter
              clientId={amClientId}
              needsClient={allowed.has('client') && abilities.clients}
              value={filters.account_manager_id}
              onChange={(account_manager_id) => update({ account_manager_id })}
            />
          </Grid.Col>
        ) : null}
        {allowed.has('order_reference') ? (
          <Grid.Col span={{ base: 12, sm: 6, lg: 4 }}>
            <TextInput
              label="Order Reference"
              value={orderRef}
              maxLength={100}
              onChange={(e) => setOrderRef(e.currentTarget.value)}
            />
          </Grid.Col>
        ) : null}
        {RATING_FILTERS.filter((r) => allowed.has(r.filter)).map((r) => (
          <Grid.Col key={r.value} span={{ base: 12, sm: 6, lg: 4 }}>
            <RatingFilter
              label={r.label}
              value={filters[r.value]}
              onChange={(rating) => update({ [r.value]: rating })}
            />
          </Grid.Col>
        ))}
      </Grid>
      <Group>
        <Button variant="default" leftSection={<IconRefresh size={16} aria-hidden />} onClick={reset}>
          Reset
        </Button>
      </Group>
    </Stack>
  );
}
