import { Suspense, useCallback, useEffect, useState } from 'react';
import { Button, Collapse, Grid, Group, Paper, Skeleton, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCurrentLocation, IconSearch, IconX } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { PROJECT_MAP_TEXT } from '@siteflow/core';
import { useCan, useSession } from '../../session';
import { PageHeader } from '../../ui/page-header';
import { notifySuccess } from '../../ui/notify';
import { FilterToggle } from '../../ui/filter-toggle';
import { useProjectMap, useProjectMapOptions } from './api';
import {
  activeFilterCount,
  DEFAULT_FILTERS,
  readFilters,
  toFitQuery,
  toQuery,
  toSearchParams,
  type MapFilters,
  type Viewport,
} from './filters';
import { ProjectMapFilters, useDebouncedText } from './project-map-filters';
import { ProjectMapList } from './project-map-list';
import { lazyPart } from '../../ui/lazy-part';
import { projectMapCanvasChunk } from './chunks';

const ProjectMapCanvas = lazyPart(projectMapCanvasChunk, (m) => m.default);

/** The map's height (and the list's, beside it). */
const HEIGHT = 640;
/** View changes are sent once the map has settled. */
const VIEWPORT_DEBOUNCE_MS = 250;

type Locating = 'idle' | 'locating' | 'denied' | 'unsupported';

/**
 * Project map (spec 1: Project map): search, filters by role, a map (8/12) of server-clustered
 * markers for the current view and a paged list (4/12). The filters live in the URL.
 */
export function ProjectMapScreen() {
  const role = useSession().user?.role;
  const abilities = {
    clients: useCan('clients.view'),
    managers: useCan('staff.view'),
  };
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readFilters(searchParams, role);

  /** Any change but the page itself starts again at page 1; read from the latest URL (no stale values). */
  const update = useCallback(
    (changes: Partial<MapFilters>) =>
      setSearchParams((prev) => toSearchParams({ ...readFilters(prev, role), page: 1, ...changes }), { replace: true }),
    [setSearchParams, role],
  );
  const reset = () => setSearchParams(toSearchParams(DEFAULT_FILTERS), { replace: true });

  const [showFilters, setShowFilters] = useState(() => activeFilterCount(filters) > 0);
  const [search, setSearch] = useDebouncedText(filters.search, (value) => update({ search: value }));

  const [viewport, setViewport] = useState<Viewport | null>(null);
  const onViewport = useCallback(
    (next: Viewport) =>
      setViewport((prev) => (prev && prev.bbox === next.bbox && prev.zoom === next.zoom ? prev : next)),
    [],
  );
  const [debounced] = useDebouncedValue(viewport, VIEWPORT_DEBOUNCE_MS);
  // The first view is asked for at once; later moves once the map has settled.
  const settled = debounced ?? viewport;
  const query = useProjectMap(toQuery(filters, settled), settled !== null);
  const data = query.data;
  // Where every match is, whatever the view: the map shows them all once per set of filters.
  const fitQuery = toFitQuery(filters);
  const whole = useProjectMap(fitQuery, true);

  // A page past the end (a bookmarked URL, or fewer matches now) goes to the last page.
  useEffect(() => {
    if (!data || data.items.length > 0 || data.total === 0 || filters.page === 1 || query.isPlaceholderData) return;
    const last = Math.max(1, Math.ceil(data.total / data.pageSize));
    if (last !== filters.page)
      setSearchParams((prev) => toSearchParams({ ...readFilters(prev, role), page: last }), { replace: true });
  }, [data, filters.page, query.isPlaceholderData, role, setSearchParams]);

  const [locating, setLocating] = useState<Locating>('idle');
  // Spec 1 section 8: when the browser's location is refused, the map falls back to the user's own.
  const home = useProjectMapOptions().data?.home ?? null;
  const fallBackHome = (why: Locating) => {
    setLocating(why);
    if (home) update({ lat: home.lat, lng: home.lng });
  };
  const useMyLocation = () => {
    if (!('geolocation' in navigator) || !navigator.geolocation) {
      fallBackHome('unsupported');
      return;
    }
    setLocating('locating');
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating('idle');
        const round = (v: number) => Number(v.toFixed(5));
        update({ lat: round(position.coords.latitude), lng: round(position.coords.longitude) });
        notifySuccess('The map is centred on your location.');
      },
      () => fallBackHome('denied'),
      { timeout: 10_000, maximumAge: 60_000 },
    );
  };

  const count = activeFilterCount(filters);
  // An empty list says why: nothing to show at all, nothing matching, or nothing in this view.
  const filtered = count > 0 || filters.search !== '' || filters.lat !== null;
  const emptyText =
    whole.data && whole.data.total > 0
      ? PROJECT_MAP_TEXT.noneInView
      : filtered
        ? PROJECT_MAP_TEXT.noResults
        : PROJECT_MAP_TEXT.noProjects;
  // Staff list the account managers of a chosen client; client and provider users get their own
  // list from the map's options (spec 1 section 6).
  const amClientId = abilities.clients ? filters.client_id : '';

  return (
    <>
      <PageHeader
        title="Project map"
        description="Projects by place: zoom in on a cluster, open a project from its marker or the list."
      />
      <Paper withBorder radius="lg" p="md" mb="md">
        <Group align="flex-end" gap="md" wrap="wrap">
          <TextInput
            label={PROJECT_MAP_TEXT.searchPlaceholder}
            placeholder="Code, name, client, address…"
            type="search"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            maxLength={200}
            onChange={(e) => setSearch(e.currentTarget.value)}
            w={{ base: '100%', sm: 340 }}
          />
          <FilterToggle
            expanded={showFilters}
            count={count}
            controls="project-map-filters"
            onToggle={() => setShowFilters((v) => !v)}
          >
            {showFilters ? PROJECT_MAP_TEXT.hide : PROJECT_MAP_TEXT.showMore}
          </FilterToggle>
          <Button
            variant="default"
            leftSection={<IconCurrentLocation size={16} aria-hidden />}
            loading={locating === 'locating'}
            onClick={useMyLocation}
          >
            Use my location
          </Button>
          {filters.lat !== null ? (
            <Button
              variant="subtle"
              leftSection={<IconX size={16} aria-hidden />}
              onClick={() => update({ lat: null, lng: null })}
            >
              Clear my location
            </Button>
          ) : null}
        </Group>
        {locating === 'denied' || locating === 'unsupported' ? (
          <Text size="sm" c="orange.8" mt="xs" role="status">
            {home
              ? `Your location is not available, so the map is centred on ${home.label}, the address we hold for you.`
              : locating === 'denied'
                ? 'Your location is not available, so the map has no centre. Enter a postcode, suburb or state instead.'
                : 'This browser cannot share its location. Enter a postcode, suburb or state instead.'}
          </Text>
        ) : null}
        {data?.centre ? (
          <Text size="sm" c="dimmed" mt="xs">
            Centred on {data.centre.label}
            {filters.distance > 0 ? `: projects under ${filters.distance} km` : ''}
          </Text>
        ) : null}
        <Collapse expanded={showFilters}>
          <div id="project-map-filters">
            {showFilters ? (
              <ProjectMapFilters
                filters={filters}
                update={update}
                reset={reset}
                role={role}
                abilities={abilities}
                amClientId={amClientId}
              />
            ) : null}
          </div>
        </Collapse>
      </Paper>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Suspense fallback={<Skeleton h={HEIGHT} radius="lg" aria-label="Loading the map" />}>
            <ProjectMapCanvas
              centre={data?.centre ? { lat: data.centre.lat, lng: data.centre.lng } : null}
              distance={filters.distance}
              markers={data?.markers ?? []}
              role={role}
              onViewport={onViewport}
              // Answers for these filters only, not the previous ones kept on screen while these load.
              fit={{
                key: JSON.stringify(fitQuery),
                whole: whole.data && !whole.isPlaceholderData ? whole.data : null,
                view:
                  data && settled && !query.isPlaceholderData ? { bbox: settled.bbox, markers: data.markers } : null,
              }}
            />
          </Suspense>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <ProjectMapList
            data={data}
            role={role}
            loading={query.isPending}
            fetching={query.isFetching}
            error={query.isError ? query.error : null}
            onRetry={() => void query.refetch()}
            onPage={(page) =>
              setSearchParams((prev) => toSearchParams({ ...readFilters(prev, role), page }), { replace: false })
            }
            height={HEIGHT}
            emptyText={emptyText}
          />
        </Grid.Col>
      </Grid>
    </>
  );
}
