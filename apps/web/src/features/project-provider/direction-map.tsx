import { useEffect, useState } from 'react';
import { Alert, Anchor, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconClock, IconRoute, type Icon } from '@tabler/icons-react';
import L from 'leaflet';
import { Link } from 'react-router';
import {
  DIRECTION_WIDGET,
  addressLine,
  directionsErrorOf,
  formatDistance,
  formatDuration,
  isClientRole,
  MAP_CENTRE,
  placeLine,
  PROVIDER_TEXT,
  type DirectionsView,
} from '@siteflow/core';
import { useSession } from '../../session';
import { ErrorState } from '../../ui/query-states';
import { MapView, PinMarker, Polyline, Popup, useMap, type LatLng } from '../../ui/map/map-view';
import { useDirections } from './api';

export const POINT_COLOURS = { A: '#1c7ed6', B: '#e03131' } as const;

type Point = DirectionsView['project']['location'];
const located = (p: Point | null | undefined): p is Point & LatLng => Boolean(p) && p!.lat !== null && p!.lng !== null;

/** The failure text of a directions answer (spec 1 section 8), or null when there is none. */
export function directionsFailure(view: DirectionsView | undefined): string | null {
  if (!view || view.status === 'OK' || view.status === 'NO_PROVIDER') return null;
  return view.message ?? directionsErrorOf(view.status);
}

export type ProjectDirectionMapProps = {
  projectId: number;
  /** Map height in px (the widget's 800 by default; the details screen uses 600). */
  height?: number;
  /** Starting zoom (12 by default). */
  zoom?: number;
  /** When set, the map fits A and B, then zooms out this many levels. */
  fitZoomOut?: number;
  /** Extra cache-key parts (provider id, project position) so a change asks again. */
  version?: readonly (string | null)[];
};

/**
 * The project direction map (spec 2 section 2.8): point A (the provider), point B (the project),
 * the driving route with distance and time, and a dismissible red banner for failures. Client
 * roles see only the project marker and no route panel.
 */
export function ProjectDirectionMap({
  projectId,
  height = DIRECTION_WIDGET.height,
  zoom = DIRECTION_WIDGET.zoom,
  fitZoomOut,
  version,
}: ProjectDirectionMapProps) {
  const session = useSession();
  const client = session.user ? isClientRole(session.user.role) : true;
  const query = useDirections(projectId, version);
  const [dismissed, setDismissed] = useState<string | null>(null);

  if (query.isPending) return <Skeleton h={height} radius="md" aria-label="Loading directions" role="status" />;
  if (query.isError)
    return (
      <ErrorState error={query.error} onRetry={() => void query.refetch()} title="Could not load the directions" />
    );

  const view = query.data;
  const failure = directionsFailure(view);
  const project = view.project;
  const b = located(project.location) ? { lat: project.location.lat, lng: project.location.lng } : null;
  const providerPoint = !client && view.provider && located(view.provider.location) ? view.provider.location : null;
  const a = providerPoint ? { lat: providerPoint.lat, lng: providerPoint.lng } : null;
  const route = client ? null : view.route;
  const centre = b ?? a ?? MAP_CENTRE;
  const points = [a, b].filter((p): p is LatLng => p !== null);

  return (
    <Stack gap="sm">
      {failure && dismissed !== failure ? (
        <Alert
          color="red"
          variant="filled"
          role="alert"
          icon={<IconAlertTriangle aria-hidden />}
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setDismissed(failure)}
          data-testid="directions-error"
        >
          {failure}
        </Alert>
      ) : null}
      {!client && view.status === 'NO_PROVIDER' ? (
        <Text size="sm" c="dimmed">
          {PROVIDER_TEXT.noProviderAttached}
        </Text>
      ) : null}
      {!b ? (
        <Text size="sm" c="dimmed">
          The project has no map position: its address could not be located.
        </Text>
      ) : null}
      <MapView center={centre} zoom={zoom} height={height} label={client ? 'Project location map' : 'Directions map'}>
        {b ? (
          <PinMarker position={b} text="B" title={`B: ${project.title}`} colour={POINT_COLOURS.B}>
            <Popup>
              <Stack gap={2} data-testid="project-info-box">
                <Anchor component={Link} to={`/projects/${project.id}/show`} fw={600} size="sm">
                  {project.title}
                </Anchor>
                {project.order_number ? <Text size="xs">Order number: {project.order_number}</Text> : null}
                <Text size="xs">{project.location.street}</Text>
                <Text size="xs">{placeLine(project.location)}</Text>
              </Stack>
            </Popup>
          </PinMarker>
        ) : null}
        {a && view.provider ? (
          <PinMarker position={a} text="A" title={`A: ${view.provider.name}`} colour={POINT_COLOURS.A}>
            <Popup>
              <Stack gap={2}>
                <Anchor component={Link} to={`/service-providers/show/${view.provider.id}`} fw={600} size="sm">
                  {view.provider.name}
                </Anchor>
                <Text size="xs">{addressLine(view.provider.location)}</Text>
              </Stack>
            </Popup>
          </PinMarker>
        ) : null}
        {route && route.geometry.length > 1 ? (
          <Polyline
            positions={route.geometry}
            pathOptions={{
              color: POINT_COLOURS.A,
              weight: 5,
              opacity: 0.8,
              dashArray: route.approximate ? '8 8' : undefined,
            }}
          />
        ) : null}
        {fitZoomOut !== undefined && points.length > 1 ? <FitRoute points={points} zoomOut={fitZoomOut} /> : null}
      </MapView>
      {route && view.provider ? <RoutePanel view={view} /> : null}
    </Stack>
  );
}

/**
 * Fits A and B, then zooms out `zoomOut` levels (spec 1 section 9). Computed in one step, without
 * animation: an animated fit would still report the old zoom when zooming out.
 */
function FitRoute({ points, zoomOut }: { points: LatLng[]; zoomOut: number }) {
  const map = useMap();
  const key = points.map((p) => `${p.lat.toFixed(5)},${p.lng.toFixed(5)}`).join(';');
  useEffect(() => {
    const lats = points.map((p) => p.lat);
    const lngs = points.map((p) => p.lng);
    const south = Math.min(...lats);
    const north = Math.max(...lats);
    const west = Math.min(...lngs);
    const east = Math.max(...lngs);
    const bounds: [[number, number], [number, number]] = [
      [south, west],
      [north, east],
    ];
    const zoom = map.getBoundsZoom(bounds, false, L.point(48, 48));
    map.setView([(south + north) / 2, (west + east) / 2], Math.max(1, zoom - zoomOut), { animate: false });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, key, zoomOut]);
  return null;
}

/** 'Distance: 12.3 km' after its icon. */
function RouteFigure({ icon: IconComponent, label, value }: { icon: Icon; label: string; value: string }) {
  return (
    <Group gap={6}>
      <IconComponent size={18} aria-hidden />
      <Text size="sm">
        {label}: <strong>{value}</strong>
      </Text>
    </Group>
  );
}

function RoutePanel({ view }: { view: DirectionsView }) {
  const route = view.route!;
  return (
    <Stack gap={4} data-testid="route-panel" aria-label="Route">
      <Group gap="lg">
        <RouteFigure icon={IconRoute} label="Distance" value={formatDistance(route.distance_m, route.approximate)} />
        <RouteFigure icon={IconClock} label="Time" value={formatDuration(route.duration_s, route.approximate)} />
        {route.approximate ? (
          <Text size="xs" c="dimmed">
            Approximate: estimated from the straight-line distance.
          </Text>
        ) : null}
      </Group>
      <Text size="sm">
        <strong>A</strong> {view.provider!.name}: {addressLine(view.provider!.location)}
      </Text>
      <Text size="sm">
        <strong>B</strong> {view.project.title}: {addressLine(view.project.location)}
      </Text>
    </Stack>
  );
}
