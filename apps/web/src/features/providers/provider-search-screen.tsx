import { Suspense, useRef, useState } from 'react';
import { Alert, Anchor, Box, Grid, LoadingOverlay, Skeleton, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconInfoCircle } from '@tabler/icons-react';
import { Link, useParams, useSearchParams } from 'react-router';
import { PROVIDER_SEARCH_PAGE, PROVIDER_TEXT, SEARCH_MAP } from '@siteflow/core';
import { PageHeader } from '../../ui/page-header';
import { ErrorState } from '../../ui/query-states';
import { useProviderSearch } from './api';
import { FilterPanel } from './search-filter-panel';
import { Results } from './search-results';
import { initialFilters, isAutomatic, toSearchRequest, withProject, type SearchFilters } from './search-filters';
import { lazyPart } from '../../ui/lazy-part';
import { searchMapChunk } from './chunks';

const SearchMap = lazyPart(searchMapChunk, (m) => m.default);

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
  const [shownOnMap, setShownOnMap] = useState<{ id: string; n: number } | null>(null);
  const cards = useRef(new Map<string, HTMLDivElement>());
  const mapFrame = useRef<HTMLDivElement>(null);

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

  /** A result's 'Show on map': the map (above the list on a narrow screen) comes into view and goes to it. */
  const showOnMap = (id: string) => {
    setSelectedId(id);
    setShownOnMap((prev) => ({ id, n: (prev?.n ?? 0) + 1 }));
    mapFrame.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
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
        {fixed && data && project && !data.abilities.assign ? (
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
            onRetry={() => void search.refetch()}
            title="Could not search service providers"
          />
        ) : (
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, md: 8 }}>
              <Box pos="relative" ref={mapFrame}>
                <LoadingOverlay
                  visible={search.isFetching}
                  // Above the map (isolated: it stacks as one layer), below dialogs and dropdowns.
                  zIndex={1}
                  overlayProps={{ blur: 1 }}
                  loaderProps={{ role: 'status', 'aria-label': 'Searching' }}
                />
                <Suspense fallback={<Skeleton height={SEARCH_MAP.height} radius="lg" />}>
                  <SearchMap
                    centre={data?.centre ?? null}
                    isProject={Boolean(data?.project)}
                    distance={debounced.distance}
                    items={data?.items ?? []}
                    selectedId={selectedId}
                    shown={shownOnMap}
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
                onSelect={showOnMap}
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
