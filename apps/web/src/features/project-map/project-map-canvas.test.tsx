import { useState } from 'react';
import { act } from '@testing-library/react';
import L from 'leaflet';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProjectMapMarker } from '@siteflow/core';
import { renderScreen, tenantSession } from '../../test/render';
import ProjectMapCanvas, { PLAIN_FIT_MAX_ZOOM, type ProjectMapFit } from './project-map-canvas';

// The coastlines are a large lazy chunk and draw nothing in the test DOM.
vi.mock('../../ui/map/basemap', () => ({ PlainBasemap: () => null }));

const PERTH: ProjectMapMarker = { lat: -31.95, lng: 115.86, count: 7, project: null };
const DARWIN: ProjectMapMarker = { lat: -12.46, lng: 130.84, count: 2, project: null };
const BRISBANE: ProjectMapMarker = { lat: -27.47, lng: 153.03, count: 12, project: null };
/** The view the (sizeless) test map reports once fitted. */
const VIEW = '-45,110,-10,155';

function setup(session = tenantSession()) {
  // happy-dom lays nothing out, so the map has no size: its view is stubbed, its moves recorded.
  vi.spyOn(L.Map.prototype, 'getBounds').mockReturnValue(L.latLngBounds([-45, 110], [-10, 155]));
  vi.spyOn(L.Map.prototype, 'getZoom').mockReturnValue(4);
  const fitBounds = vi.spyOn(L.Map.prototype, 'fitBounds').mockImplementation(function (this: L.Map) {
    return this;
  });
  const setView = vi.spyOn(L.Map.prototype, 'setView');
  let setFit: (fit: ProjectMapFit) => void = () => {};
  function Harness() {
    const [fit, set] = useState<ProjectMapFit>({ key: 'a', whole: null, view: null });
    setFit = set;
    return (
      <ProjectMapCanvas centre={null} distance={0} markers={[]} role="company_admin" onViewport={() => {}} fit={fit} />
    );
  }
  renderScreen(<Harness />, { session });
  setView.mockClear();
  return { fitBounds, setView, show: (fit: ProjectMapFit) => act(() => setFit(fit)) };
}

const sides = (box: unknown) => {
  const b = box as L.LatLngBounds;
  return [b.getSouth(), b.getWest(), b.getNorth(), b.getEast()];
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Project map canvas', () => {
  it('fits every match of the filters once, wherever the map starts, and again for new filters', () => {
    const { fitBounds, show } = setup();
    const whole = { centre: null, bounds: null, markers: [BRISBANE, PERTH, DARWIN] };
    show({ key: 'a', whole, view: null });
    expect(fitBounds).toHaveBeenCalledTimes(1);
    expect(sides(fitBounds.mock.calls[0]![0])).toEqual([-31.95, 115.86, -12.46, 153.03]);

    // The same filters again (a refetch, the view's answer): the user's moves are left alone.
    show({ key: 'a', whole: { ...whole }, view: { bbox: VIEW, markers: [BRISBANE, PERTH, DARWIN] } });
    expect(fitBounds).toHaveBeenCalledTimes(1);

    show({ key: 'b', whole: { centre: null, bounds: null, markers: [DARWIN] }, view: null });
    expect(fitBounds).toHaveBeenCalledTimes(2);
  });

  it('fits one place no closer than the plain map can show, or closer over map tiles', () => {
    const whole = { centre: null, bounds: null, markers: [PERTH] };
    let { fitBounds, show } = setup();
    show({ key: 'a', whole, view: null });
    expect(fitBounds.mock.calls[0]![1]).toMatchObject({ maxZoom: PLAIN_FIT_MAX_ZOOM });
    vi.restoreAllMocks();

    ({ fitBounds, show } = setup({ ...tenantSession(), map: { tile_url: 'https://tiles.test/{z}/{x}/{y}.png' } }));
    show({ key: 'a', whole, view: null });
    expect(fitBounds.mock.calls[0]![1]).toMatchObject({ maxZoom: 14 });
  });

  it('uses the exact box the server gives for a search', () => {
    const { fitBounds, show } = setup();
    const bounds = { south: -32, west: 115, north: -31, east: 116 };
    show({ key: 'a', whole: { centre: null, bounds, markers: [PERTH] }, view: null });
    expect(sides(fitBounds.mock.calls[0]![0])).toEqual([-32, 115, -31, 116]);
  });

  it('zooms out around the matches while the fitted view shows fewer projects than were located', () => {
    const { setView, show } = setup();
    const whole = { centre: null, bounds: null, markers: [BRISBANE, PERTH, DARWIN] };
    show({ key: 'a', whole, view: null });
    // An answer for the view before the fit says nothing about this one.
    show({ key: 'a', whole, view: { bbox: '-39,136,-14,169', markers: [BRISBANE] } });
    expect(setView).not.toHaveBeenCalled();
    // The fitted view's answer misses Perth's 7 (a cluster's projects lie around its bubble).
    show({ key: 'a', whole, view: { bbox: VIEW, markers: [BRISBANE, DARWIN] } });
    expect(setView).toHaveBeenCalledTimes(1);
    expect(setView.mock.calls[0]!.slice(0, 2)).toEqual([[(-31.95 + -12.46) / 2, (115.86 + 153.03) / 2], 3]);
    // All 21 shown: done.
    show({ key: 'a', whole, view: { bbox: VIEW, markers: [BRISBANE, DARWIN, { ...PERTH, lng: 116 }] } });
    expect(setView).toHaveBeenCalledTimes(1);
  });

  it('with a centre and no distance shows the place itself', () => {
    const { fitBounds, setView, show } = setup();
    const centre = { lat: -27.47, lng: 153.03, label: 'Brisbane City QLD 4000' };
    show({ key: 'a', whole: { centre, bounds: null, markers: [BRISBANE] }, view: null });
    expect(fitBounds).not.toHaveBeenCalled();
    expect(setView.mock.calls.map((c) => c.slice(0, 2))).toEqual([[[centre.lat, centre.lng], 10]]);
  });
});
