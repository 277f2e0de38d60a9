import { useRef, useState } from 'react';
import { Badge, Box, Button, Group, ScrollArea, Skeleton, Slider, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconRefresh } from '@tabler/icons-react';
import {
  DETAILS_DISTANCE,
  DETAILS_MAP,
  detailsStatus,
  formatDistance,
  formatDuration,
  PROVIDER_TEXT,
  seesPerformanceRating,
  type NearbyProvider,
  type ProjectView,
  type Role,
} from '@siteflow/core';
import { ErrorState } from '../../ui/query-states';
import { Circle, MapView, PinMarker, Popup } from '../../ui/map/map-view';
import { StarRating } from '../../ui/star-rating';
import { useNearbyProviders } from './api';
import { useAfterDelay, useSeenOnce } from './use-in-view';

export const NEARBY_MAP_HEIGHT = 420;
/** Slider changes wait this long before the map asks again. */
export const DISTANCE_DEBOUNCE_MS = 400;
const STATUS_HEX = { green: '#2f9e44', red: '#e03131', orange: '#f08c00', yellow: '#fab005', blue: '#1c7ed6' } as const;
const PROJECT_PIN = '#862e9c';
/** Metres of map radius per km of distance (spec 1 section 9). */
export const PROVIDER_RADIUS_FACTOR = 500;

/** Distance slider and the map of nearby providers (spec 1: Location of Work; section 9 constants). */
export function NearbyProvidersPanel({
  project,
  role,
  onSelect,
}: {
  project: ProjectView;
  role: Role;
  onSelect: (provider: NearbyProvider) => void;
}) {
  const [distance, setDistance] = useState<number>(DETAILS_DISTANCE.default);
  const frame = useRef<HTMLDivElement>(null);
  const seen = useSeenOnce(frame, DETAILS_MAP.visibilityThreshold);

  return (
    <Stack gap="sm">
      <Group align="flex-end" gap="md" wrap="nowrap">
        <Box style={{ flex: 1 }} pr="lg">
          <Text size="sm" fw={500} id="nearby-distance-label" mb={4}>
            Distance: {distance} km
          </Text>
          <Slider
            aria-labelledby="nearby-distance-label"
            thumbLabel="Distance (km)"
            min={DETAILS_DISTANCE.min}
            max={DETAILS_DISTANCE.max}
            step={DETAILS_DISTANCE.step}
            value={distance}
            onChange={setDistance}
            label={(v) => `${v} km`}
            marks={[
              { value: 0, label: '0' },
              { value: 250, label: '250' },
              { value: 500, label: '500' },
            ]}
            mb="md"
          />
        </Box>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconRefresh size={14} aria-hidden />}
          onClick={() => setDistance(DETAILS_DISTANCE.default)}
        >
          Reset
        </Button>
      </Group>
      <div ref={frame} style={{ minHeight: NEARBY_MAP_HEIGHT }} data-testid="nearby-map-frame">
        {seen ? (
          <NearbyMap project={project} role={role} distance={distance} onSelect={onSelect} />
        ) : (
          <Skeleton h={NEARBY_MAP_HEIGHT} radius="md" aria-hidden />
        )}
      </div>
    </Stack>
  );
}

function NearbyMap({
  project,
  role,
  distance,
  onSelect,
}: {
  project: ProjectView;
  role: Role;
  distance: number;
  onSelect: (p: NearbyProvider) => void;
}) {
  const started = useAfterDelay(DETAILS_MAP.filterDelayMs);
  const [debounced] = useDebouncedValue(distance, DISTANCE_DEBOUNCE_MS);
  const located = project.co_ords.lat !== null && project.co_ords.long !== null;
  const query = useNearbyProviders(project, debounced, started && located);
  const centre = located ? { lat: project.co_ords.lat!, lng: project.co_ords.long! } : null;

  if (!centre)
    return (
      <Text size="sm" c="dimmed">
        The project has no map position: set an address that can be located to find nearby service providers.
      </Text>
    );

  const items = query.data?.items ?? [];
  return (
    <Stack gap="sm">
      <MapView center={centre} zoom={DETAILS_MAP.zoom} height={NEARBY_MAP_HEIGHT} label="Nearby service providers map">
        {/* Spec 1 section 9: the provider map radius is 500 times the distance, in metres. */}
        <Circle
          center={[centre.lat, centre.lng]}
          radius={debounced * PROVIDER_RADIUS_FACTOR}
          pathOptions={{ color: PROJECT_PIN, weight: 1, fillOpacity: 0.05 }}
        />
        <PinMarker
          position={centre}
          text="P"
          title={`Project: ${project.name}`}
          colour={PROJECT_PIN}
          width={DETAILS_MAP.markerWidth}
          height={DETAILS_MAP.markerHeight}
        />
        {items.map((p, i) => (
          <PinMarker
            key={p.id}
            position={{ lat: p.lat, lng: p.lng }}
            text={String(i + 1)}
            title={p.service_provider_name}
            colour={STATUS_HEX[detailsStatus(p.status_code).colour]}
            width={DETAILS_MAP.markerWidth}
            height={DETAILS_MAP.markerHeight}
          >
            <Popup>
              <ProviderSummary provider={p} role={role} onSelect={onSelect} />
            </Popup>
          </PinMarker>
        ))}
      </MapView>
      <NearbyList query={query} items={items} distance={debounced} started={started} onSelect={onSelect} />
    </Stack>
  );
}

function NearbyList({
  query,
  items,
  distance,
  started,
  onSelect,
}: {
  query: ReturnType<typeof useNearbyProviders>;
  items: NearbyProvider[];
  distance: number;
  started: boolean;
  onSelect: (p: NearbyProvider) => void;
}) {
  if (!started || query.isPending)
    return (
      <Text size="sm" c="dimmed" role="status">
        Finding service providers nearby…
      </Text>
    );
  if (query.isError)
    return (
      <ErrorState
        error={query.error}
        onRetry={() => void query.refetch()}
        title="Could not find nearby service providers"
      />
    );
  const failed = query.data.failed;
  return (
    <Stack gap={6}>
      <Text size="sm" role="status" aria-live="polite" data-testid="nearby-count">
        {items.length === 0
          ? `No service providers within ${distance} km by road.`
          : `${items.length} service provider${items.length === 1 ? '' : 's'} within ${distance} km by road.`}
        {failed > 0 ? ` ${failed} could not be routed and ${failed === 1 ? 'is' : 'are'} left out.` : ''}
        {query.isFetching ? ' Updating…' : ''}
      </Text>
      {items.length > 0 ? (
        <ScrollArea.Autosize mah={220} type="auto">
          <Stack
            gap={4}
            component="ol"
            style={{ listStyle: 'none', margin: 0, padding: 0 }}
            aria-label="Nearby service providers"
          >
            {items.map((p, i) => (
              <Group key={p.id} component="li" justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm" lineClamp={1}>
                  {i + 1}. {p.service_provider_name}{' '}
                  <Text span size="xs" c="dimmed">
                    {formatDistance(p.distance_m, p.approximate)} · {formatDuration(p.duration_s, p.approximate)}
                  </Text>
                </Text>
                <SelectButton provider={p} onSelect={onSelect} variant="subtle" />
              </Group>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      ) : null}
    </Stack>
  );
}

/** 'Select', named after the provider, to choose it in the picker. */
function SelectButton({
  provider,
  onSelect,
  variant,
}: {
  provider: NearbyProvider;
  onSelect: (p: NearbyProvider) => void;
  variant?: 'subtle';
}) {
  return (
    <Button
      variant={variant}
      size="compact-xs"
      onClick={() => onSelect(provider)}
      aria-label={`Select ${provider.service_provider_name}`}
    >
      Select
    </Button>
  );
}

/** A rating's name and its stars, small. */
function SmallRating({ label, value }: { label: string; value: number | null }) {
  return (
    <Group gap={6}>
      <Text size="xs">{label}</Text>
      <StarRating value={value} label={label} size={13} />
    </Group>
  );
}

/** The popup of a provider on the nearby map. Client roles see only the customer rating. */
export function ProviderSummary({
  provider,
  role,
  onSelect,
}: {
  provider: NearbyProvider;
  role: Role;
  onSelect: (p: NearbyProvider) => void;
}) {
  const status = detailsStatus(provider.status_code);
  return (
    <Stack gap={4} miw={200}>
      <Text fw={600} size="sm">
        {provider.service_provider_name}
      </Text>
      <Badge color={status.colour} variant="light" size="sm">
        {status.label}
      </Badge>
      <Text size="xs">
        {formatDistance(provider.distance_m, provider.approximate)} ·{' '}
        {formatDuration(provider.duration_s, provider.approximate)}
      </Text>
      {seesPerformanceRating(role) ? (
        <SmallRating label={PROVIDER_TEXT.performanceRating} value={provider.performance_ratings} />
      ) : null}
      <SmallRating label={PROVIDER_TEXT.customerRating} value={provider.customer_ratings} />
      <SelectButton provider={provider} onSelect={onSelect} />
    </Stack>
  );
}
