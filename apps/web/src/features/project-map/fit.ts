import type { ProjectMapMarker } from '@siteflow/core';

/** A box on the map (the server's `bounds`, or one around markers). */
export type MapBounds = { south: number; west: number; north: number; east: number };

/** The box around the markers (null when there are none). */
export function boxOf(markers: Pick<ProjectMapMarker, 'lat' | 'lng'>[]): MapBounds | null {
  if (markers.length === 0) return null;
  const lats = markers.map((m) => m.lat);
  const lngs = markers.map((m) => m.lng);
  return { south: Math.min(...lats), west: Math.min(...lngs), north: Math.max(...lats), east: Math.max(...lngs) };
}

/** How many projects the markers stand for (a cluster counts its projects). */
export const projectCount = (markers: Pick<ProjectMapMarker, 'count'>[]) => markers.reduce((n, m) => n + m.count, 0);

/** The markers whose point lies in the box (those the user can see on a map showing it). */
export const markersIn = <M extends Pick<ProjectMapMarker, 'lat' | 'lng'>>(markers: M[], box: MapBounds): M[] =>
  markers.filter((m) => m.lat >= box.south && m.lat <= box.north && m.lng >= box.west && m.lng <= box.east);
