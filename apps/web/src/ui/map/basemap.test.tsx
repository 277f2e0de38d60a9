import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderScreen } from '../../test/render';
import { LAND_PANE } from './basemap';
import { Circle, MapView } from './map-view';

describe('PlainBasemap', () => {
  it('draws the land in a pane under the screens’ circles and routes, so they show over land too', async () => {
    // Land around the circle's centre, fetched after the circle is drawn (as in the app).
    mockFetch(() => ({
      body: {
        type: 'FeatureCollection',
        features: [
          {
            type: 'Feature',
            properties: {},
            geometry: {
              type: 'Polygon',
              coordinates: [
                [
                  [148, -22],
                  [150, -22],
                  [150, -20],
                  [148, -20],
                  [148, -22],
                ],
              ],
            },
          },
        ],
      },
    }));
    const { container } = renderScreen(
      <MapView center={{ lat: -21.14, lng: 149.19 }} zoom={9} height={300} label="Test map">
        <Circle center={[-21.14, 149.19]} radius={25_000} />
      </MapView>,
    );
    const land = container.querySelector<HTMLElement>(`.leaflet-${LAND_PANE}-pane`)!;
    const overlay = container.querySelector<HTMLElement>('.leaflet-overlay-pane')!;
    await waitFor(() => expect(land.querySelector('path')).not.toBeNull());
    // The circle is in the overlay pane, which stacks above the land's.
    expect(overlay.querySelector('path')).not.toBeNull();
    expect(overlay.contains(land)).toBe(false);
    expect(Number(land.style.zIndex)).toBeLessThan(Number(getComputedStyle(overlay).zIndex || 400));
  });
});
