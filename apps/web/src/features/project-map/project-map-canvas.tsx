import { useCallback, useEffect, useRef } from 'react';
import L from 'leaflet';
import { useMantineTheme } from '@mantine/core';
import { MAP_CENTRE, type ProjectMapMarker, type Role } from '@siteflow/core';
import {
  Circle,
  ClusterMarker,
  DotMarker,
  MapView,
  Popup,
  useMap,
  useMapEvents,
  type LatLng,
} from '../../ui/map/map-view';
import { toBbox, type Viewport } from './filters';
import { ProjectPopupContent } from './project-popup';

export const MAP_HEIGHT = 640;
/** Without a centre the map opens on the spec's default centre, wide enough to see the east coast. */
export const DEFAULT_ZOOM = 5;
const CENTRED_ZOOM = 10;
const MAX_ZOOM = 18;

/** The box a search's matches span (the server's `bounds`). */
export type MapBounds = { south: number; west: number; north: number; east: number };
/** Not closer than this when the matches are one place (a single project). */
const FIT_MAX_ZOOM = 14;

export type ProjectMapCanvasProps = {
  /**
   * The search whose matches the map should show (empty: none) and their box once known: the map
   * fits it once per search, and the user may then move it freely.
   */
  fit?: { key: string; bounds: MapBounds | null };
  /** The server's centre (postcode, suburb, state or the browser's location), if any. */
  centre: LatLng | null;
  distance: number;
  markers: ProjectMapMarker[];
  role: Role | undefined;
  onViewport: (viewport: Viewport) => void;
};

/**
 * The Leaflet part of the project map (loaded lazily). It draws only the markers the server
 * returned for the current view (clusters and single projects) and reports every view change.
 */
export default function ProjectMapCanvas({ centre, distance, markers, role, onViewport, fit }: ProjectMapCanvasProps) {
  const theme = useMantineTheme();
  const colourOf = (name: string) => theme.colors[name]?.[6] ?? name;
  return (
    <MapView
      center={centre ?? MAP_CENTRE}
      zoom={centre ? CENTRED_ZOOM : DEFAULT_ZOOM}
      height={MAP_HEIGHT}
      label="Project map"
    >
      <ViewportReporter onViewport={onViewport} />
      {fit ? <FitSearch searchKey={fit.key} bounds={fit.bounds} /> : null}
      {centre && distance > 0 ? (
        <>
          <Circle
            center={[centre.lat, centre.lng]}
            radius={distance * 1000}
            interactive={false}
            pathOptions={{ color: theme.colors.blue[6], weight: 1, fillOpacity: 0.06 }}
          />
          <FitCircle centre={centre} distance={distance} />
        </>
      ) : null}
      {markers.map((m, i) =>
        m.project ? (
          <DotMarker
            key={`p${m.project.id}`}
            position={{ lat: m.lat, lng: m.lng }}
            colour={colourOf(m.project.status_colour)}
            title={`${m.project.name} (${m.project.status_label})`}
          >
            <Popup>
              <ProjectPopupContent project={m.project} role={role} />
            </Popup>
          </DotMarker>
        ) : (
          <Cluster key={`c${i}:${m.lat}:${m.lng}`} position={{ lat: m.lat, lng: m.lng }} count={m.count} />
        ),
      )}
    </MapView>
  );
}

/** A cluster bubble; clicking it (or Enter on it) zooms in there. */
function Cluster({ position, count }: { position: LatLng; count: number }) {
  const map = useMap();
  return (
    <ClusterMarker
      position={position}
      count={count}
      onClick={() => map.setView([position.lat, position.lng], Math.min(map.getZoom() + 2, MAX_ZOOM))}
    />
  );
}

/** Reports the view (bbox and zoom) once shown and after every move or zoom. */
function ViewportReporter({ onViewport }: { onViewport: (viewport: Viewport) => void }) {
  const map = useMap();
  const report = useCallback(() => {
    const b = map.getBounds();
    const zoom = Math.max(1, Math.min(20, Math.round(map.getZoom())));
    onViewport({ bbox: toBbox(b.getSouth(), b.getWest(), b.getNorth(), b.getEast()), zoom });
  }, [map, onViewport]);
  useEffect(() => {
    report();
  }, [report]);
  useMapEvents({ moveend: report });
  return null;
}

/** A new centre or distance shows the whole distance circle. */
function FitCircle({ centre, distance }: { centre: LatLng; distance: number }) {
  const map = useMap();
  useEffect(() => {
    map.fitBounds(L.latLng(centre.lat, centre.lng).toBounds(distance * 2000), { padding: [16, 16] });
  }, [map, centre.lat, centre.lng, distance]);
  return null;
}

/** A new search shows all its matches: the map fits their box once (a later move is the user's). */
function FitSearch({ searchKey, bounds }: { searchKey: string; bounds: MapBounds | null }) {
  const map = useMap();
  const fitted = useRef('');
  useEffect(() => {
    if (!searchKey) {
      fitted.current = '';
      return;
    }
    if (!bounds || fitted.current === searchKey) return;
    fitted.current = searchKey;
    const box = L.latLngBounds([bounds.south, bounds.west], [bounds.north, bounds.east]);
    map.fitBounds(box, { padding: [32, 32], maxZoom: FIT_MAX_ZOOM });
  }, [map, searchKey, bounds]);
  return null;
}
