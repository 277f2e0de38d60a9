import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../test/render';
import { MapView, pinClipPath } from './map-view';

// The coastlines are a large lazy chunk and draw nothing in the test DOM.
vi.mock('./basemap', () => ({ PlainBasemap: () => null }));

describe('MapView', () => {
  it("keeps Leaflet's stacking inside the map, so dialogs and menus open above it", () => {
    renderScreen(<MapView center={{ lat: -27.47, lng: 153.02 }} zoom={11} height={300} label="Test map" />);
    const frame = screen.getByRole('region', { name: 'Test map' });
    // An isolated stacking context: Leaflet's panes (z-index 200 to 700) and controls (800 to 1000)
    // are ordered only among themselves, and the whole map stacks as one layer of the page, below
    // Mantine's modals (200), popovers (300) and the app header (100).
    expect(getComputedStyle(frame).isolation).toBe('isolate');
    const panes = frame.querySelectorAll('.leaflet-pane, .leaflet-control-container');
    expect(panes.length).toBeGreaterThan(0);
    // Nothing of Leaflet's is placed outside the isolated frame.
    expect(document.querySelectorAll('.leaflet-pane, .leaflet-control-container')).toHaveLength(panes.length);
  });

  it('cuts each pin to its own size, so a small pin is drawn whole (its right half was cut off)', () => {
    expect(pinClipPath(46, 54)).toBe("path('M23 54 C23 54 0 30 0 20 A23 20 0 0 1 46 20 C46 30 23 54 23 54 Z')");
    // The search map's 30 x 36 pin: the head spans its width, the point is at its bottom centre.
    expect(pinClipPath(30, 36)).toBe(
      "path('M15 36 C15 36 0 20 0 13.33 A15 13.33 0 0 1 30 13.33 C30 20 15 36 15 36 Z')",
    );
  });
});
