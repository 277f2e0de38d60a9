import type { FeatureCollection } from 'geojson';
import coastlineUrl from './coastline.geojson?url';

let land: Promise<FeatureCollection> | null = null;

/**
 * The coastlines of Australia and New Zealand, fetched once: Natural Earth 1:50m (public domain),
 * cut out of world-atlas and rounded by scripts/coastline.mjs (40 kB instead of the world's 757 kB).
 * Apart from the map's code (Leaflet), so that the app's start can ask for them with a map screen's
 * chunks (`app/first-data.ts`) instead of once the map has been drawn.
 */
export function loadLand(): Promise<FeatureCollection> {
  land ??= fetch(coastlineUrl)
    .then((response) => {
      if (!response.ok) throw new Error(`coastline: HTTP ${response.status}`);
      return response.json() as Promise<FeatureCollection>;
    })
    .catch((error: unknown) => {
      land = null; // tried again by the next map
      throw error;
    });
  return land;
}
