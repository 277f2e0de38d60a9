import 'leaflet/dist/leaflet.css';
import { useEffect, useRef, type ReactNode } from 'react';
import L from 'leaflet';
import { MapContainer, Marker, TileLayer, useMap } from 'react-leaflet';
import { escapeHtml } from '@siteflow/core';
import { useSession } from '../../session';
import { PlainBasemap } from './basemap';
import classes from './map-view.module.css';

export type LatLng = { lat: number; lng: number };

/**
 * A Leaflet map. The basemap comes from MAP_TILE_URL (session.map.tile_url); without one the map
 * draws the coastlines of Australia and New Zealand and the main towns (PlainBasemap). Import this module lazily (it carries Leaflet).
 */
export function MapView({
  center,
  zoom,
  height,
  label,
  children,
  bounds,
}: {
  center: LatLng;
  zoom: number;
  height: number | string;
  /** Accessible name of the map region. */
  label: string;
  children?: ReactNode;
  /** When given, the map fits these points (and keeps `center`/`zoom` as the start). */
  bounds?: LatLng[];
}) {
  const session = useSession();
  const tileUrl = session.map.tile_url;
  return (
    // isolation: Leaflet's panes and controls carry z-indexes of 200 to 1000; isolated, they stack
    // only inside the map, so dialogs, menus, popovers and the app header (Mantine: 100 to 300) stay above it.
    <div className={classes.frame} style={{ height, isolation: 'isolate' }} role="region" aria-label={label}>
      <MapContainer
        center={[center.lat, center.lng]}
        zoom={zoom}
        className={tileUrl ? classes.map : `${classes.map} ${classes.plain}`}
        scrollWheelZoom
        keyboard
        attributionControl={Boolean(tileUrl)}
      >
        {tileUrl ? <TileLayer url={tileUrl} attribution="&copy; map data contributors" /> : <PlainBasemap />}
        <Recentre center={center} zoom={zoom} />
        {bounds && bounds.length > 0 ? <FitBounds points={bounds} /> : null}
        {children}
      </MapContainer>
    </div>
  );
}

/**
 * Follows changes of centre and zoom passed by the screen, and only changes: the map starts there,
 * and an effect run again with the same values (React runs them twice in development) would undo
 * whatever view a screen has set since (a fit).
 */
function Recentre({ center, zoom }: { center: LatLng; zoom: number }) {
  const map = useMap();
  const shown = useRef(`${center.lat},${center.lng},${zoom}`);
  useEffect(() => {
    const view = `${center.lat},${center.lng},${zoom}`;
    if (shown.current === view) return;
    shown.current = view;
    map.setView([center.lat, center.lng], zoom);
  }, [map, center.lat, center.lng, zoom]);
  return null;
}

function FitBounds({ points, zoomOut = 0 }: { points: LatLng[]; zoomOut?: number }) {
  const map = useMap();
  const key = points.map((p) => `${p.lat.toFixed(5)},${p.lng.toFixed(5)}`).join(';');
  useEffect(() => {
    if (points.length === 0) return;
    if (points.length === 1) {
      map.setView([points[0]!.lat, points[0]!.lng], map.getZoom());
      return;
    }
    // Without animation, so that zooming out starts from the fitted zoom instead of cancelling the fit.
    map.fitBounds(L.latLngBounds(points.map((p) => [p.lat, p.lng] as [number, number])), {
      padding: [24, 24],
      animate: false,
    });
    if (zoomOut) map.setZoom(map.getZoom() - zoomOut, { animate: false });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, key]);
  return null;
}
export { FitBounds };

/** Leaflet stacks markers by their latitude (in pixels); this lifts one above any other. */
const RAISED_Z = 10_000;

/**
 * A round marker in a Mantine-like colour (a divIcon: no marker PNGs, which break under bundlers).
 * It is a focusable button for the keyboard (Enter opens its popup) and is named by `title`.
 */
export function DotMarker({
  position,
  colour = '#228be6',
  radius = 8,
  title,
  children,
  onClick,
  raised = false,
}: {
  position: LatLng;
  colour?: string;
  radius?: number;
  title?: string;
  children?: ReactNode;
  onClick?: () => void;
  /** Drawn above the other markers (the chosen one, among markers that overlap). */
  raised?: boolean;
}) {
  const size = radius * 2 + 4;
  const icon = L.divIcon({
    className: classes.pinIcon,
    html: `<span class="${classes.dot}" style="--dot-colour:${colour};width:${size}px;height:${size}px"></span>`,
    iconSize: [size, size],
    iconAnchor: [size / 2, size / 2],
    popupAnchor: [0, -size / 2],
  });
  return (
    <Marker
      position={[position.lat, position.lng]}
      icon={icon}
      keyboard
      zIndexOffset={raised ? RAISED_Z : 0}
      {...(title ? { title, alt: title } : {})}
      eventHandlers={onClick ? { click: onClick } : undefined}
    >
      {children}
    </Marker>
  );
}

/**
 * The pin's outline (a drop: round head, point at the bottom centre) as a CSS clip path for a pin
 * of this size. Drawn for each size: a fixed path (the 46 x 54 pin's) would cut a smaller pin off
 * on its right and bottom.
 */
export function pinClipPath(width: number, height: number): string {
  const x = (v: number) => Number(((v * width) / 46).toFixed(2));
  const y = (v: number) => Number(((v * height) / 54).toFixed(2));
  return `path('M${x(23)} ${y(54)} C${x(23)} ${y(54)} 0 ${y(30)} 0 ${y(20)} A${x(23)} ${y(20)} 0 0 1 ${x(46)} ${y(20)} C${x(46)} ${y(30)} ${x(23)} ${y(54)} ${x(23)} ${y(54)} Z')`;
}

/**
 * A labelled pin (divIcon): a keyboard-focusable marker with visible text, e.g. 'A', 'B' or a
 * cluster count. Size defaults to the spec's 46 x 54 pin.
 */
export function PinMarker({
  position,
  text,
  title,
  colour = '#228be6',
  width = 46,
  height = 54,
  children,
  onClick,
}: {
  position: LatLng;
  text: string;
  title: string;
  colour?: string;
  width?: number;
  height?: number;
  children?: ReactNode;
  onClick?: () => void;
}) {
  const icon = L.divIcon({
    className: classes.pinIcon,
    html: `<span class="${classes.pin}" style="--pin-colour:${colour};width:${width}px;height:${height}px;clip-path:${pinClipPath(width, height)}"><span>${escapeHtml(text)}</span></span>`,
    iconSize: [width, height],
    iconAnchor: [width / 2, height],
    popupAnchor: [0, -height + 6],
  });
  return (
    <Marker
      position={[position.lat, position.lng]}
      icon={icon}
      title={title}
      alt={title}
      keyboard
      eventHandlers={onClick ? { click: onClick } : undefined}
    >
      {children}
    </Marker>
  );
}

/** A cluster bubble sized by its count; `what` names what it counts ('projects', 'service providers'). */
export function ClusterMarker({
  position,
  count,
  onClick,
  what = 'projects',
}: {
  position: LatLng;
  count: number;
  onClick?: () => void;
  what?: string;
}) {
  const size = count < 10 ? 30 : count < 100 ? 36 : count < 1000 ? 44 : 52;
  const icon = L.divIcon({
    className: classes.pinIcon,
    html: `<span class="${classes.cluster}" style="width:${size}px;height:${size}px">${count.toLocaleString('en-AU')}</span>`,
    iconSize: [size, size],
    iconAnchor: [size / 2, size / 2],
  });
  return (
    <Marker
      position={[position.lat, position.lng]}
      icon={icon}
      title={`${count} ${what} here: zoom in`}
      alt={`${count} ${what}`}
      keyboard
      eventHandlers={onClick ? { click: onClick } : undefined}
    />
  );
}

export { Circle, Polyline, Popup, Tooltip, useMap, useMapEvents } from 'react-leaflet';
