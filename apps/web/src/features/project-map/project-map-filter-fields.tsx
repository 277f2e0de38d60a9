import { useMemo, useState } from 'react';
import { Grid, Group, MultiSelect, Select, Slider, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { MIN_RATING_CHOICES, SEARCH_DISTANCE } from '@siteflow/core';
import { useClientName, useClientOptions, useProjectManagerOptions, type Option } from '../projects/list-api';
import { useAccountManagerOptions, useProjectMapOptions } from './api';

const RATING_OPTIONS = MIN_RATING_CHOICES.map((n) => ({ value: String(n), label: `${n} or more` }));

/** 0 to 200 km in steps of 5; the request follows when the thumb is let go. */
export function DistanceSlider({ value, onChange }: { value: number; onChange: (value: number) => void }) {
  const [local, setLocal] = useState(value);
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    setLocal(value);
  }
  const text = local === 0 ? 'Any distance' : `Under ${local} km`;
  return (
    <Stack gap={6}>
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={500} id="project-map-distance-label">
          Distance
        </Text>
        <Text size="sm" c="dimmed">
          {text}
        </Text>
      </Group>
      <Slider
        min={SEARCH_DISTANCE.min}
        max={SEARCH_DISTANCE.max}
        step={SEARCH_DISTANCE.step}
        value={local}
        onChange={setLocal}
        onChangeEnd={onChange}
        thumbLabel="Distance in km"
        label={(v) => `${v} km`}
        marks={[{ value: 0 }, { value: 50 }, { value: 100 }, { value: 150 }, { value: 200 }]}
      />
      <Text size="xs" c="dimmed">
        From the postcode, suburb or state, or your location.
      </Text>
    </Stack>
  );
}

/** Categories, then the services of the chosen categories (all services when none is chosen). */
export function CategoryFilters({
  categories,
  services,
  onChange,
}: {
  categories: string[];
  services: string[];
  onChange: (categories: string[], services: string[]) => void;
}) {
  const query = useProjectMapOptions();
  const all = useMemo(() => query.data?.categories ?? [], [query.data]);
  const categoryOptions = all.map((c) => ({ value: c.id, label: c.name }));
  const servicesOf = (chosen: string[]) => {
    const seen = new Map<string, string>();
    for (const c of all)
      if (chosen.length === 0 || chosen.includes(c.id)) for (const s of c.services) seen.set(s.id, s.name);
    return [...seen].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label));
  };
  const serviceOptions = servicesOf(categories);
  const error = query.isError ? 'Categories could not be loaded.' : undefined;
  return (
    <>
      <Grid.Col span={{ base: 12, sm: 6, lg: 4 }}>
        <MultiSelect
          label="Categories"
          placeholder={categories.length ? undefined : query.isLoading ? 'Loading…' : 'All categories'}
          data={categoryOptions}
          value={categories.filter((id) => categoryOptions.some((o) => o.value === id) || query.isLoading)}
          onChange={(next) => {
            const offered = new Set(servicesOf(next).map((o) => o.value));
            onChange(
              next,
              services.filter((s) => offered.has(s)),
            );
          }}
          searchable
          clearable
          clearButtonProps={{ 'aria-label': 'Clear Categories' }}
          nothingFoundMessage="No categories found"
          error={error}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6, lg: 4 }}>
        <MultiSelect
          label="Services"
          placeholder={services.length ? undefined : 'All services'}
          data={serviceOptions}
          value={services.filter((id) => serviceOptions.some((o) => o.value === id) || query.isLoading)}
          onChange={(next) => onChange(categories, next)}
          searchable
          clearable
          clearButtonProps={{ 'aria-label': 'Clear Services' }}
          nothingFoundMessage="No services found"
        />
      </Grid.Col>
    </>
  );
}

export function RatingFilter({
  label,
  value,
  onChange,
}: {
  label: string;
  value: number | null;
  onChange: (value: number | null) => void;
}) {
  return (
    <Select
      label={label}
      placeholder="Any rating"
      data={RATING_OPTIONS}
      value={value === null ? null : String(value)}
      onChange={(v) => onChange(v ? Number(v) : null)}
      clearable
      clearButtonProps={{ 'aria-label': `Clear ${label}` }}
    />
  );
}

export function ManagerFilter({ value, onChange }: { value: string; onChange: (id: string) => void }) {
  const options = useProjectManagerOptions(true);
  return (
    <Select
      label="Project Manager"
      placeholder={options.isLoading ? 'Loading…' : 'All project managers'}
      data={options.data ?? []}
      value={value || null}
      onChange={(v) => onChange(v ?? '')}
      searchable
      clearable
      clearButtonProps={{ 'aria-label': 'Clear Project Manager' }}
      nothingFoundMessage="No project managers found"
      error={options.isError ? 'Project managers could not be loaded.' : undefined}
    />
  );
}

/** Clients, searched on the server as the user types (a company may have many). */
export function ClientFilter({ value, onChange }: { value: string; onChange: (id: string) => void }) {
  const [searchValue, setSearchValue] = useState('');
  const [debounced] = useDebouncedValue(searchValue.trim(), 250);
  const name = useClientName(value, true);
  // The box shows the chosen client's name: that is not a search.
  const term = debounced === name.data ? '' : debounced;
  const options = useClientOptions(term, true);
  const list = options.data ?? [];
  const data: Option[] = [
    ...(value && !list.some((o) => o.value === value) ? [{ value, label: name.data ?? 'Loading…' }] : []),
    ...list,
  ];
  return (
    <Select
      label="Client"
      placeholder="All clients"
      data={data}
      value={value || null}
      onChange={(v) => onChange(v ?? '')}
      searchable
      searchValue={searchValue}
      onSearchChange={setSearchValue}
      filter={({ options: all }) => all}
      clearable
      clearButtonProps={{ 'aria-label': 'Clear Client' }}
      nothingFoundMessage={options.isFetching ? 'Searching…' : 'No clients found'}
      error={options.isError ? 'Clients could not be loaded.' : undefined}
    />
  );
}

/**
 * The chosen client's active account managers (staff choose a client first). A URL may carry an
 * account manager for roles that cannot list them: it still filters and can be cleared.
 */
export function AccountManagerFilter({
  clientId,
  needsClient,
  value,
  onChange,
}: {
  clientId: string;
  needsClient: boolean;
  value: string;
  onChange: (id: string) => void;
}) {
  // Staff list a chosen client's managers; client and provider users get theirs from the map's options.
  const byClient = useAccountManagerOptions(needsClient ? clientId : '');
  const own = useProjectMapOptions();
  const options = needsClient
    ? {
        data: byClient.data?.map((m) => ({ value: m.id, label: m.name })),
        isLoading: byClient.isLoading,
        isError: byClient.isError,
      }
    : {
        data: own.data?.account_managers.map((m) => ({ value: m.id, label: m.full_name })),
        isLoading: own.isLoading,
        isError: own.isError,
      };
  const data = options.data ?? [];
  const unavailable = (needsClient ? !clientId : data.length === 0 && !options.isLoading) || options.isError;
  const placeholder =
    needsClient && !clientId
      ? 'Choose a client first'
      : !needsClient && !options.isLoading && data.length === 0 && !options.isError
        ? 'No account managers to choose from'
        : options.isLoading
          ? 'Loading…'
          : options.isError
            ? 'Account managers could not be loaded'
            : 'All account managers';
  return (
    <Select
      label="Account Manager"
      placeholder={placeholder}
      data={
        value && !data.some((o) => o.value === value) ? [...data, { value, label: 'Chosen account manager' }] : data
      }
      value={value || null}
      onChange={(v) => onChange(v ?? '')}
      disabled={unavailable && !value}
      searchable
      clearable
      clearButtonProps={{ 'aria-label': 'Clear Account Manager' }}
      nothingFoundMessage="No account managers found"
    />
  );
}
