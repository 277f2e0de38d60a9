import { lazy, Suspense, useRef, useState } from 'react';
import {
  Alert,
  Anchor,
  Box,
  Button,
  Grid,
  Group,
  LoadingOverlay,
  MultiSelect,
  Paper,
  ScrollArea,
  Select,
  Skeleton,
  Slider,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useDebouncedValue } from '@mantine/hooks';
import { IconInfoCircle, IconRefresh } from '@tabler/icons-react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import {
  MIN_RATING_CHOICES,
  PROVIDER_SEARCH_PAGE,
  PROVIDER_TEXT,
  SEARCH_DISTANCE,
  SEARCH_MAP,
  servicesForCategories,
  pruneServices,
  STATES,
  type ProviderSearchResponse,
  type ProviderSearchResult,
} from '@siteflow/core';
import { useCan } from '../../session';
import { confirmAction } from '../../ui/confirm';
import { notifyError, notifySuccess } from '../../ui/notify';
import { PageHeader } from '../../ui/page-header';
import { PostcodeInput } from '../../ui/postcode-input';
import { ErrorState } from '../../ui/query-states';
import { useAssignProvider, useCategoryReference, useProjectOptions, useProviderSearch } from './api';
import { SearchResult } from './search-result';
import { initialFilters, isAutomatic, toSearchRequest, withProject, type SearchFilters } from './search-filters';

/** The picker's placeholder is text on the page: dimmed (4.5:1), not the fainter placeholder grey. */
const DATE_STYLES = { placeholder: { color: 'var(--mantine-color-dimmed)' } };

const SearchMap = lazy(() => import('./search-map'));

const RATING_OPTIONS = MIN_RATING_CHOICES.map((v) => ({ value: String(v), label: `${v.toFixed(1)} stars or more` }));
const STATE_OPTIONS = STATES.map((s) => ({ value: s, label: s }));
const DISTANCE_MARKS = [0, 50, 100, 150, 200].map((value) => ({ value, label: `${value}` }));
type Option = { value: string; label: string };
type Project = NonNullable<ProviderSearchResponse['project']>;

const positiveInt = (v: string | null | undefined) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/**
 * /service-providers/search (standalone; ?project=ID preselects a project) and
 * /projects/:id/assign-provider (assignment mode: the project is fixed).
 */
export function ProviderSearchScreen() {
  const params = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const fixedProject = positiveInt(params.id);
  const fixed = fixedProject !== null;
  const [filters, setFilters] = useState<SearchFilters>(() =>
    initialFilters(fixedProject ?? positiveInt(searchParams.get('project')), fixed),
  );
  const [debounced] = useDebouncedValue(filters, 300);
  // 'Show more' widens the list; any change of the filters starts again from the nearest page.
  const [shown, setShown] = useState({ filters: debounced, limit: PROVIDER_SEARCH_PAGE });
  const limit = shown.filters === debounced ? shown.limit : PROVIDER_SEARCH_PAGE;
  const showMore = () => setShown({ filters: debounced, limit: Math.min(limit + PROVIDER_SEARCH_PAGE, 500) });
  const request = toSearchRequest(debounced);
  const search = useProviderSearch(limit === PROVIDER_SEARCH_PAGE ? request : { ...request, limit });
  const data = search.data;
  const automatic = isAutomatic(filters);
  // The project the response describes (only while it is the one chosen).
  const project = automatic && data?.project && data.project.id === filters.project ? data.project : null;
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const cards = useRef(new Map<string, HTMLDivElement>());

  const set = (patch: Partial<SearchFilters>) => setFilters((f) => ({ ...f, ...patch }));
  const chooseProject = (id: number | null) => {
    setFilters((f) => withProject(f, id));
    if (!fixed) {
      const next = new URLSearchParams(searchParams);
      if (id) next.set('project', String(id));
      else next.delete('project');
      setSearchParams(next, { replace: true });
    }
  };
  const reset = () => {
    setFilters(initialFilters(fixedProject, fixed));
    if (!fixed) setSearchParams(new URLSearchParams(), { replace: true });
  };
  const selectFromMap = (id: string) => {
    setSelectedId(id);
    const card = cards.current.get(id);
    if (card) {
      card.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
      card.focus({ preventScroll: true });
    }
  };

  const title = fixed ? 'Assign Service Provider' : 'Service Provider Search';
  return (
    <>
      <PageHeader
        title={title}
        description={
          fixed ? (
            <Text size="sm" c="dimmed">
              {project ? (
                <>
                  Choose a service provider for{' '}
                  <Anchor component={Link} to={`/projects/${project.id}/show`} size="sm">
                    {`${project.project_code} ${project.name}`}
                  </Anchor>
                  .
                </>
              ) : (
                'Choose a service provider for the project.'
              )}
            </Text>
          ) : (
            'Find service providers by place, dates, services, distance and rating.'
          )
        }
      />
      <Stack gap="lg">
        <FilterPanel
          filters={filters}
          set={set}
          fixed={fixed}
          project={project}
          onProject={chooseProject}
          onReset={reset}
        />
        {fixed && data && project && !data.can_assign ? (
          <Alert
            color="orange"
            variant="light"
            icon={<IconInfoCircle aria-hidden />}
            title="This project cannot be assigned"
          >
            {PROVIDER_TEXT.notAssignable}
          </Alert>
        ) : null}
        {search.isError ? (
          <ErrorState
            error={search.error}
            onRetry={() => search.refetch()}
            title="Could not search service providers"
          />
        ) : (
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, md: 8 }}>
              <Box pos="relative">
                <LoadingOverlay
                  visible={search.isFetching}
                  // Above the map (isolated: it stacks as one layer), below dialogs and dropdowns.
                  zIndex={1}
                  overlayProps={{ blur: 1 }}
                  loaderProps={{ 'aria-label': 'Searching' }}
                />
                <Suspense fallback={<Skeleton height={SEARCH_MAP.height} radius="lg" />}>
                  <SearchMap
                    centre={data?.centre ?? null}
                    isProject={Boolean(data?.project)}
                    distance={debounced.distance}
                    items={data?.items ?? []}
                    selectedId={selectedId}
                    onSelect={selectFromMap}
                  />
                </Suspense>
              </Box>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <Results
                data={data}
                project={project}
                fetching={search.isFetching}
                filters={debounced}
                selectedId={selectedId}
                onSelect={setSelectedId}
                cards={cards.current}
                onShowMore={data && data.total > data.items.length && limit < 500 ? showMore : null}
              />
            </Grid.Col>
          </Grid>
        )}
      </Stack>
    </>
  );
}

function FilterPanel({
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
  const readOnlyNote = automatic ? 'From the project' : undefined;

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
        <Grid.Col span={{ base: 12, md: 6, lg: 4 }}>
          <TextInput
            label="Street"
            autoComplete="off"
            readOnly={automatic}
            description={readOnlyNote}
            value={shown.street}
            onChange={(e) => set({ street: e.currentTarget.value })}
            maxLength={255}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6, lg: 4 }}>
          <TextInput
            label="Suburb"
            autoComplete="off"
            readOnly={automatic}
            description={readOnlyNote}
            value={shown.suburb}
            onChange={(e) => set({ suburb: e.currentTarget.value })}
            maxLength={100}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 3, lg: 2 }}>
          <Select
            label="State"
            data={
              automatic && shown.state && !STATES.includes(shown.state as never)
                ? [...STATE_OPTIONS, { value: shown.state, label: shown.state }]
                : STATE_OPTIONS
            }
            readOnly={automatic}
            description={readOnlyNote}
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
            readOnly={automatic}
            description={readOnlyNote}
            value={shown.postcode}
            onChange={(v) => set({ postcode: v })}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, lg: 2 }}>
          <DatePickerInput
            label="Start Date"
            valueFormat="YYYY-MM-DD"
            placeholder="YYYY-MM-DD"
            styles={DATE_STYLES}
            readOnly={automatic}
            description={readOnlyNote}
            clearable={!automatic}
            clearButtonProps={{ 'aria-label': 'Clear start date' }}
            value={shown.start_date}
            onChange={(v) => set({ start_date: v })}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, lg: 2 }}>
          <DatePickerInput
            label="End Date"
            valueFormat="YYYY-MM-DD"
            placeholder="YYYY-MM-DD"
            styles={DATE_STYLES}
            readOnly={automatic}
            description={readOnlyNote}
            clearable={!automatic}
            clearButtonProps={{ 'aria-label': 'Clear end date' }}
            minDate={shown.start_date ?? undefined}
            value={shown.end_date}
            onChange={(v) => set({ end_date: v })}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6, lg: 4 }}>
          <MultiSelect
            label="Categories"
            searchable={!automatic}
            readOnly={automatic}
            description={readOnlyNote}
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
            readOnly={automatic}
            description={readOnlyNote}
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

/** Projects searched on the server as the user types; choosing one switches to automatic mode. */
function ProjectPicker({
  value,
  current,
  onChange,
}: {
  value: number | null;
  current: Project | null;
  onChange: (id: number | null) => void;
}) {
  const [searchValue, setSearchValue] = useState('');
  const [debounced] = useDebouncedValue(searchValue.trim(), 250);
  const currentLabel = current ? `${current.project_code} ${current.name}` : null;
  // The box shows the chosen project's label: that is not a search.
  const term = debounced === currentLabel ? '' : debounced;
  const options = useProjectOptions(term);
  const list: Option[] = (options.data ?? []).map((p) => ({
    value: String(p.id),
    label: `${p.project_code} ${p.name}`,
  }));
  const data: Option[] = [
    ...(value && !list.some((o) => o.value === String(value))
      ? [{ value: String(value), label: currentLabel ?? 'Loading…' }]
      : []),
    ...list,
  ];
  return (
    <Select
      label="Project"
      placeholder="Search by code or name"
      description="Choosing a project fills the fields from it."
      data={data}
      value={value ? String(value) : null}
      onChange={(v) => onChange(v ? Number(v) : null)}
      searchable
      searchValue={searchValue}
      onSearchChange={(text) => {
        setSearchValue(text);
        // Emptying the box clears the project (the keyboard way; the clear button is mouse-only).
        if (text === '' && value !== null) onChange(null);
      }}
      filter={({ options: all }) => all}
      clearable
      clearButtonProps={{ 'aria-label': 'Clear project' }}
      nothingFoundMessage={options.isFetching ? 'Searching…' : 'No projects found'}
    />
  );
}

function Results({
  data,
  project,
  fetching,
  filters,
  selectedId,
  onSelect,
  cards,
  onShowMore,
}: {
  /** Load the next nearest providers; null when all are shown. */
  onShowMore: (() => void) | null;
  data: ProviderSearchResponse | undefined;
  /** The chosen project as the response describes it (null in manual mode). */
  project: Project | null;
  fetching: boolean;
  filters: SearchFilters;
  selectedId: string | null;
  onSelect: (id: string) => void;
  cards: Map<string, HTMLDivElement>;
}) {
  const navigate = useNavigate();
  const canAssign = useCan('projects.assignProvider');
  const assign = useAssignProvider(project?.id ?? 0);
  const [sendEmail, setSendEmail] = useState<Record<string, boolean>>({});
  const offerAssign = Boolean(canAssign && data?.can_assign && project);

  const onAssign = (r: ProviderSearchResult) => {
    if (!project) return;
    const email = sendEmail[r.id] ?? r.send_email;
    const replacing = project.service_provider_id && project.service_provider_id !== r.id;
    const projectLabel = `${project.project_code} ${project.name}`;
    confirmAction({
      title: `Assign ${r.service_provider_name}?`,
      message: (
        <Stack gap="xs">
          <Text size="sm">
            {r.service_provider_name} will be assigned to project <strong>{projectLabel}</strong>
            {r.sp_users.length ? ` with its staff (${r.sp_users.map((u) => u.full_name).join(', ')})` : ''}.
          </Text>
          {replacing ? <Text size="sm">This replaces the project’s current service provider.</Text> : null}
          <Text size="sm">{email ? 'The service provider is sent an e-mail.' : 'No e-mail is sent.'}</Text>
        </Stack>
      ),
      confirmLabel: PROVIDER_TEXT.assignProject,
      danger: false,
      onConfirm: () =>
        assign.mutate(
          { service_provider: r.id, send_email_sp: email, service_provider_staff: r.sp_users.map((u) => u.id) },
          {
            onSuccess: () => {
              notifySuccess(`${r.service_provider_name} is assigned to ${projectLabel}.`, 'Service provider assigned');
              navigate(`/projects/${project.id}/show`);
            },
            onError: (error) => notifyError(error, 'Could not assign the service provider'),
          },
        ),
    });
  };

  const items = data?.items ?? [];
  const filtered = Boolean(
    filters.project ||
    filters.distance ||
    filters.min_rating ||
    filters.certified ||
    filters.street ||
    filters.suburb ||
    filters.state ||
    filters.postcode ||
    filters.categories.length ||
    filters.start_date ||
    filters.end_date,
  );
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="provider-search-results">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id="provider-search-results">
          Results
        </Title>
        <Text size="sm" c="dimmed" aria-live="polite" data-testid="provider-result-count">
          {data
            ? data.total > items.length
              ? `Nearest ${items.length} of ${data.total.toLocaleString('en-AU')}`
              : data.total === 1
                ? '1 service provider'
                : `${data.total.toLocaleString('en-AU')} service providers`
            : fetching
              ? 'Searching…'
              : ''}
        </Text>
      </Group>
      <ScrollArea h={SEARCH_MAP.listScroll} type="auto" offsetScrollbars>
        {!data ? (
          <Stack gap="sm" aria-hidden>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} height={160} radius="md" />
            ))}
          </Stack>
        ) : items.length === 0 ? (
          <Stack gap={4} py="xl" align="center" ta="center">
            <Text fw={600}>{filtered ? 'No service providers match these filters.' : 'No service providers yet.'}</Text>
            {filtered ? (
              <Text size="sm" c="dimmed">
                Try a larger distance, a lower rating or fewer categories.
              </Text>
            ) : null}
          </Stack>
        ) : (
          <Stack
            gap="sm"
            component="ul"
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
            aria-label="Service providers found"
          >
            {items.map((r) => (
              <li key={r.id}>
                <SearchResult
                  result={r}
                  selected={r.id === selectedId}
                  onShowOnMap={() => onSelect(r.id)}
                  cardRef={(el) => {
                    if (el) cards.set(r.id, el);
                    else cards.delete(r.id);
                  }}
                  assign={
                    offerAssign
                      ? {
                          sendEmail: sendEmail[r.id] ?? r.send_email,
                          onSendEmail: (v) => setSendEmail((m) => ({ ...m, [r.id]: v })),
                          onAssign: () => onAssign(r),
                          pending: assign.isPending && assign.variables?.service_provider === r.id,
                          current: project?.service_provider_id === r.id,
                        }
                      : null
                  }
                />
              </li>
            ))}
            {onShowMore ? (
              <li>
                <Button variant="light" fullWidth onClick={onShowMore} loading={fetching}>
                  Show more
                </Button>
              </li>
            ) : null}
          </Stack>
        )}
      </ScrollArea>
    </Paper>
  );
}
