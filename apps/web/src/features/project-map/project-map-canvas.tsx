import { useCallback, useEffect, useRef } from 'react';
import L from 'leaflet';
import { useMantineTheme } from '@mantine/core';
import { MAP_CENTRE, type ProjectMapMarker, type ProjectMapResponse, type Role } from '@siteflow/core';
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
import { useSession } from '../../session';
import { toBbox, type Viewport } from './filters';
import { boxOf, markersIn, projectCount, type MapBounds } from './fit';
import { ProjectPopupContent } from './project-popup';

export const MAP_HEIGHT = 640;
/** Until the first answer is in, the map shows the spec's default centre, wide enough to see the east coast. */
export const DEFAULT_ZOOM = 5;
const CENTRED_ZOOM = 10;
const MAX_ZOOM = 18;
/** Not closer than this when the matches are one place (a single project). */
const FIT_MAX_ZOOM = 14;
/**
 * Without a tile server the map draws only coastlines and the main towns: closer than this, one
 * place's matches showed on an empty grid with nothing to say where they were (a provider user's
 * two projects in one street).
 */
export const PLAIN_FIT_MAX_ZOOM = 10;
/** Room around the matches: a cluster bubble at the edge is drawn whole. */
const FIT_PADDING = 32;

/** Where the matches of the current filters are, for the map to show them (see FitMatches). */
export type ProjectMapFit = {
  /** The filters but the page: a new key is a new set of matches, which the map shows once. */
  key: string;
  /** The answer without a bbox (`toFitQuery`) for these filters; null while it loads. */
  whole: Pick<ProjectMapResponse, 'centre' | 'markers' | 'bounds'> | null;
  /** The answer for the map's view and the bbox it was asked for; null while it loads. */
  view: { bbox: string; markers: ProjectMapMarker[] } | null;
};

export type ProjectMapCanvasProps = {
  fit: ProjectMapFit;
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
    // Only the start: FitMatches moves the map to each new set of matches.
    <MapView center={MAP_CENTRE} zoom={DEFAULT_ZOOM} height={MAP_HEIGHT} label="Project map">
      <ViewportReporter onViewport={onViewport} />
      <FitMatches fit={fit} distance={distance} />
      {centre && distance > 0 ? (
        <Circle
          center={[centre.lat, centre.lng]}
          radius={distance * 1000}
          interactive={false}
          pathOptions={{ color: theme.colors.blue[6], weight: 1, fillOpacity: 0.06 }}
        />
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

/**
 * Shows each new set of matches once (a later move is the user's). With a centre: its distance
 * circle, which holds every match, or without a distance the place itself. Otherwise every located
 * match: the box of the whole answer (the server's exact `bounds` with a search, else around its
 * clusters, whose projects may lie a little beyond their bubble); once the answer for the fitted
 * view is in, the map zooms out until that view shows as many projects as the whole answer located.
 */
function FitMatches({ fit, distance }: { fit: ProjectMapFit; distance: number }) {
  const map = useMap();
  const maxZoom = useSession().map.tile_url ? FIT_MAX_ZOOM : PLAIN_FIT_MAX_ZOOM;
  const { key, whole, view } = fit;
  const fitted = useRef('');
  const expected = useRef<{ key: string; count: number; box: MapBounds } | null>(null);

  useEffect(() => {
    if (!whole || fitted.current === key) return;
    fitted.current = key;
    expected.current = null;
    const centre = whole.centre;
    // Without animation: the view (and its bbox, checked below) is the fitted one at once.
    if (centre && distance > 0) {
      map.fitBounds(L.latLng(centre.lat, centre.lng).toBounds(distance * 2000), { padding: [16, 16], animate: false });
      return;
    }
    if (centre) {
      map.setView([centre.lat, centre.lng], CENTRED_ZOOM, { animate: false });
      return;
    }
    const box = whole.bounds ?? boxOf(whole.markers);
    if (!box) return;
    map.fitBounds(L.latLngBounds([box.south, box.west], [box.north, box.east]), {
      padding: [FIT_PADDING, FIT_PADDING],
      maxZoom,
      animate: false,
    });
    expected.current = { key, count: projectCount(whole.markers), box };
  }, [map, key, whole, distance, maxZoom]);

  useEffect(() => {
    const want = expected.current;
    if (!want || want.key !== key || !view) return;
    const b = map.getBounds();
    const box = { south: b.getSouth(), west: b.getWest(), north: b.getNorth(), east: b.getEast() };
    // An answer for another view (the one before the fit, or a step ago) says nothing about this one.
    if (view.bbox !== toBbox(box.south, box.west, box.north, box.east)) return;
    if (projectCount(markersIn(view.markers, box)) >= want.count || map.getZoom() <= map.getMinZoom()) {
      expected.current = null;
      return;
    }
    // One level out, around the matches again (whatever moved the map meanwhile).
    const { south, west, north, east } = want.box;
    map.setView([(south + north) / 2, (west + east) / 2], map.getZoom() - 1, { animate: false });
  }, [map, key, view]);
  return null;
}
