import {
  Button,
  Grid,
  Group,
  MultiSelect,
  Paper,
  Select,
  Slider,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import {
  MIN_RATING_CHOICES,
  PROVIDER_TEXT,
  SEARCH_DISTANCE,
  servicesForCategories,
  pruneServices,
  STATES,
  type ProviderSearchResponse,
} from '@siteflow/core';
import { useCan } from '../../session';
import { DayPickerInput } from '../../ui/day-picker-input';
import { PostcodeInput } from '../../ui/postcode-input';
import { useCategoryReference } from './api';
import { ProjectPicker } from './search-project-picker';
import { isAutomatic, type SearchFilters } from './search-filters';

const RATING_OPTIONS = MIN_RATING_CHOICES.map((v) => ({ value: String(v), label: `${v.toFixed(1)} stars or more` }));
const STATE_OPTIONS = STATES.map((s) => ({ value: s, label: s }));
const DISTANCE_MARKS = [0, 50, 100, 150, 200].map((value) => ({ value, label: `${value}` }));
type Option = { value: string; label: string };
const TEXT_FIELDS = [
  { field: 'street', label: 'Street', maxLength: 255, span: { base: 12, md: 6, lg: 4 } },
  { field: 'suburb', label: 'Suburb', maxLength: 100, span: { base: 12, sm: 6, lg: 4 } },
] as const;
const DATE_FIELDS = [
  { field: 'start_date', label: 'Start Date' },
  { field: 'end_date', label: 'End Date' },
] as const;
type Project = NonNullable<ProviderSearchResponse['project']>;

/** The filters of the provider search: the project (automatic mode) or the place, dates and services; distance, rating. */
export function FilterPanel({
  filters,
  set,
  fixed,
  project,
  onProject,
  onReset,
}: {
  filters: SearchFilters;
  set: (patch: Partial<SearchFilters>) => void;
  fixed: boolean;
  project: Project | null;
  onProject: (id: number | null) => void;
  onReset: () => void;
}) {
  const automatic = isAutomatic(filters);
  const canSeeReference = useCan('reference.view');
  const { categories, links } = useCategoryReference(canSeeReference);
  const linkList = links.data ?? [];
  // Automatic mode shows the project's values, read-only; manual mode the user's.
  const shown = automatic
    ? {
        street: project?.street ?? '',
        suburb: project?.suburb ?? '',
        state: project?.state ?? null,
        postcode: project?.postcode ?? '',
        start_date: project?.start_date?.slice(0, 10) ?? null,
        end_date: project?.end_date?.slice(0, 10) ?? null,
        categories: project?.categories.map((c) => c.id) ?? [],
        services: project?.services.map((s) => s.id) ?? [],
      }
    : filters;
  const categoryOptions: Option[] = automatic
    ? (project?.categories ?? []).map((c) => ({ value: c.id, label: c.name }))
    : (categories.data ?? []).filter((c) => c.active).map((c) => ({ value: c.id, label: c.name }));
  const serviceOptions: Option[] = automatic
    ? (project?.services ?? []).map((s) => ({ value: s.id, label: s.name }))
    : servicesForCategories(filters.categories, linkList).map((s) => ({ value: s.id, label: s.name }));
  // What automatic mode fills from the project is read-only, and says so.
  const locked = { readOnly: automatic, description: automatic ? 'From the project' : undefined };

  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="provider-search-filters">
      <Group justify="space-between" mb="md">
        <Stack gap={2}>
          <Title order={2} size="h4" id="provider-search-filters">
            Filters
          </Title>
          <Text size="sm" c="dimmed" aria-live="polite">
            {automatic
              ? 'Automatic: the project’s address, dates, categories and services are used.'
              : 'Manual: search by the fields below.'}
          </Text>
        </Stack>
        <Button variant="default" leftSection={<IconRefresh size={16} aria-hidden />} onClick={onReset}>
          Reset
        </Button>
      </Group>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 6, lg: 4 }}>
          {fixed ? (
            <TextInput
              label="Project"
              readOnly
              value={project ? `${project.project_code} ${project.name}` : 'Loading…'}
            />
          ) : (
            <ProjectPicker value={filters.project} current={project} onChange={onProject} />
          )}
        </Grid.Col>
        {TEXT_FIELDS.map((f) => (
          <Grid.Col key={f.field} span={f.span}>
            <TextInput
              label={f.label}
              autoComplete="off"
              {...locked}
              value={shown[f.field]}
              onChange={(e) => set({ [f.field]: e.currentTarget.value })}
              maxLength={f.maxLength}
            />
          </Grid.Col>
        ))}
        <Grid.Col span={{ base: 6, sm: 3, lg: 2 }}>
          <Select
            label="State"
            data={
              automatic && shown.state && !STATES.includes(shown.state as never)
                ? [...STATE_OPTIONS, { value: shown.state, label: shown.state }]
                : STATE_OPTIONS
            }
            {...locked}
            clearable={!automatic}
            clearButtonProps={{ 'aria-label': 'Clear state' }}
            value={shown.state}
            onChange={(v) => set({ state: v })}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 3, lg: 2 }}>
          <PostcodeInput
            label="Postcode"
            autoComplete="off"
            {...locked}
            value={shown.postcode}
            onChange={(v) => set({ postcode: v })}
          />
        </Grid.Col>
        {DATE_FIELDS.map((f) => (
          <Grid.Col key={f.field} span={{ base: 6, lg: 2 }}>
            <DayPickerInput
              label={f.label}
              {...locked}
              clearable={!automatic}
              clearButtonProps={{ 'aria-label': `Clear ${f.label.toLowerCase()}` }}
              // The end cannot come before the start.
              minDate={f.field === 'end_date' ? (shown.start_date ?? undefined) : undefined}
              value={shown[f.field]}
              onChange={(v) => set({ [f.field]: v })}
            />
          </Grid.Col>
        ))}
        <Grid.Col span={{ base: 12, md: 6, lg: 4 }}>
          <MultiSelect
            label="Categories"
            searchable={!automatic}
            {...locked}
            data={categoryOptions}
            value={shown.categories}
            nothingFoundMessage="No category matches"
            onChange={(ids) => set({ categories: ids, services: pruneServices(ids, filters.services, linkList) })}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6, lg: 4 }}>
          <MultiSelect
            label="Services"
            searchable={!automatic}
            {...locked}
            data={serviceOptions}
            value={shown.services}
            placeholder={!automatic && filters.categories.length === 0 ? 'Choose a category first' : undefined}
            nothingFoundMessage={filters.categories.length ? 'No service matches' : 'Choose a category first'}
            onChange={(ids) => set({ services: ids })}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6, lg: 4 }}>
          <Text component="label" id="provider-search-distance" size="sm" fw={500} display="block">
            Distance
          </Text>
          <Text size="xs" c="dimmed" mb={6} aria-live="polite">
            {filters.distance === 0 ? 'Any distance' : `Within ${filters.distance} km`}
          </Text>
          <Slider
            min={SEARCH_DISTANCE.min}
            max={SEARCH_DISTANCE.max}
            step={SEARCH_DISTANCE.step}
            marks={DISTANCE_MARKS}
            value={filters.distance}
            onChange={(v) => set({ distance: v })}
            label={(v) => `${v} km`}
            thumbLabel="Distance in km"
            mb="lg"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6, lg: 4 }}>
          <Select
            label="Minimum performance rating"
            placeholder="Any rating"
            data={RATING_OPTIONS}
            clearable
            clearButtonProps={{ 'aria-label': 'Clear minimum performance rating' }}
            value={filters.min_rating}
            onChange={(v) => set({ min_rating: v })}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6, lg: 4 }}>
          <Switch
            mt={{ base: 0, sm: 30 }}
            label={PROVIDER_TEXT.certifiedFilter}
            checked={filters.certified}
            onChange={(e) => set({ certified: e.currentTarget.checked })}
          />
        </Grid.Col>
      </Grid>
    </Paper>
  );
}
