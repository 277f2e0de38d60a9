import { useEffect, useState } from 'react';
import L from 'leaflet';
import type { FeatureCollection } from 'geojson';
import { GeoJSON, Marker, Pane, useMapEvents } from 'react-leaflet';
import classes from './map-view.module.css';
import coastlineUrl from './coastline.geojson?url';

/** Towns named on the plain map, so markers can be read without tiles; capitals from zoom 4, the rest from 6. */
const PLACES: { name: string; lat: number; lng: number; capital?: true }[] = [
  { name: 'Brisbane', lat: -27.4698, lng: 153.0251, capital: true },
  { name: 'Sydney', lat: -33.8688, lng: 151.2093, capital: true },
  { name: 'Melbourne', lat: -37.8136, lng: 144.9631, capital: true },
  { name: 'Canberra', lat: -35.2809, lng: 149.13, capital: true },
  { name: 'Adelaide', lat: -34.9285, lng: 138.6007, capital: true },
  { name: 'Perth', lat: -31.9505, lng: 115.8605, capital: true },
  { name: 'Hobart', lat: -42.8821, lng: 147.3272, capital: true },
  { name: 'Darwin', lat: -12.4634, lng: 130.8456, capital: true },
  { name: 'Wellington', lat: -41.2865, lng: 174.7762, capital: true },
  { name: 'Auckland', lat: -36.8485, lng: 174.7633, capital: true },
  { name: 'Gold Coast', lat: -28.0167, lng: 153.4 },
  { name: 'Sunshine Coast', lat: -26.65, lng: 153.0667 },
  { name: 'Toowoomba', lat: -27.5598, lng: 151.9507 },
  { name: 'Rockhampton', lat: -23.3781, lng: 150.5136 },
  { name: 'Mackay', lat: -21.1411, lng: 149.1861 },
  { name: 'Townsville', lat: -19.259, lng: 146.8169 },
  { name: 'Cairns', lat: -16.9186, lng: 145.7781 },
  { name: 'Newcastle', lat: -32.9283, lng: 151.7817 },
  { name: 'Wollongong', lat: -34.4278, lng: 150.8931 },
  { name: 'Geelong', lat: -38.1499, lng: 144.3617 },
  { name: 'Ballarat', lat: -37.5622, lng: 143.8503 },
  { name: 'Bendigo', lat: -36.757, lng: 144.2794 },
  { name: 'Launceston', lat: -41.4332, lng: 147.1441 },
  { name: 'Alice Springs', lat: -23.698, lng: 133.8807 },
  { name: 'Christchurch', lat: -43.5321, lng: 172.6362 },
];

let land: Promise<FeatureCollection> | null = null;
/**
 * The coastlines of Australia and New Zealand, fetched once: Natural Earth 1:50m (public domain),
 * cut out of world-atlas and rounded by scripts/coastline.mjs (40 kB instead of the world's 757 kB).
 */
function loadLand(): Promise<FeatureCollection> {
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

/** The pane of the land: where tiles would be (tilePane 200), under the screens' shapes (overlayPane 400). */
export const LAND_PANE = 'siteflow-land';
const LAND_PANE_Z = 250;

/**
 * What a map shows when no tile server is configured (MAP_TILE_URL): land on a sea-coloured
 * background and the names of the main towns. Nothing here is interactive or focusable.
 */
export function PlainBasemap() {
  const [data, setData] = useState<FeatureCollection | null>(null);
  const [zoom, setZoom] = useState<number | null>(null);
  const map = useMapEvents({ zoomend: () => setZoom(map.getZoom()) });
  useEffect(() => {
    let live = true;
    void loadLand()
      .then((d) => live && setData(d))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  const z = zoom ?? map.getZoom();
  return (
    <>
      {/* Its own pane, below the circles and routes of the screens: in their pane, the land (opaque,
          and added when its fetch ends, after them) would be drawn over their part over land. */}
      <Pane name={LAND_PANE} style={{ zIndex: LAND_PANE_Z }}>
        {data ? (
          <GeoJSON
            data={data}
            interactive={false}
            style={{ color: '#9fb3c8', weight: 1, fillColor: '#fbfaf6', fillOpacity: 1 }}
          />
        ) : null}
      </Pane>
      {PLACES.filter((p) => (p.capital ? z >= 4 : z >= 6)).map((p) => (
        <Marker
          key={p.name}
          position={[p.lat, p.lng]}
          interactive={false}
          keyboard={false}
          // Under the markers (overlayPane sits below markerPane).
          pane="overlayPane"
          icon={L.divIcon({ className: classes.placeLabel, html: p.name, iconSize: undefined, iconAnchor: [0, 0] })}
        />
      ))}
    </>
  );
}
