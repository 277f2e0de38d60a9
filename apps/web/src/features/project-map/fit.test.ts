import { describe, expect, it } from 'vitest';
import { boxOf, markersIn, projectCount } from './fit';

const PERTH = { lat: -31.95, lng: 115.86, count: 7 };
const DARWIN = { lat: -12.46, lng: 130.84, count: 2 };
const HOBART = { lat: -42.88, lng: 147.33, count: 1 };
const BRISBANE = { lat: -27.47, lng: 153.03, count: 12 };

describe('project map fit', () => {
  it('boxes every marker, from the westmost to the eastmost and the northmost to the southmost', () => {
    expect(boxOf([BRISBANE, PERTH, DARWIN, HOBART])).toEqual({
      south: -42.88,
      west: 115.86,
      north: -12.46,
      east: 153.03,
    });
    expect(boxOf([])).toBeNull();
  });

  it('counts the projects of the markers a view shows, clusters by their count', () => {
    const eastCoast = { south: -44, west: 135, north: -10, east: 155 };
    expect(markersIn([BRISBANE, PERTH, DARWIN, HOBART], eastCoast)).toEqual([BRISBANE, HOBART]);
    expect(projectCount(markersIn([BRISBANE, PERTH, DARWIN, HOBART], eastCoast))).toBe(13);
    expect(projectCount([BRISBANE, PERTH, DARWIN, HOBART])).toBe(22);
  });
});
