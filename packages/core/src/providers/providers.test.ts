import { describe, expect, it } from 'vitest';
import {
  detailsStatus,
  directionsErrorOf,
  isUnavailable,
  MIN_RATING_CHOICES,
  ProviderAssign,
  ProviderSearchQuery,
  PROVIDER_TEXT,
  searchMapStatus,
  starFillPercent,
} from '../index.js';

describe('service-provider status labels and colours (spec 1 section 4)', () => {
  it('on the search map: Approved green; Not approved and Licence Restricted red; anything else amber', () => {
    expect(searchMapStatus('approved')).toEqual({ label: 'Approved', colour: 'green' });
    expect(searchMapStatus('not_approved')).toEqual({ label: 'Not approved', colour: 'red' });
    expect(searchMapStatus('licence_restricted')).toEqual({
      label: 'Licence Restricted – Expired Missing',
      colour: 'red',
    });
    expect(searchMapStatus('evaluating')).toEqual({ label: 'Evaluating', colour: 'orange' });
    expect(searchMapStatus('pending').colour).toBe('orange');
    expect(searchMapStatus('deleted').colour).toBe('orange');
  });

  it('on the project details screen: Approved and Deleted green, License Restricted yellow, Evaluating amber, else blue', () => {
    expect(detailsStatus('approved')).toEqual({ label: 'Approved', colour: 'green' });
    expect(detailsStatus('deleted')).toEqual({ label: 'Deleted', colour: 'green' });
    expect(detailsStatus('licence_restricted')).toEqual({
      label: 'License Restricted - Expired Missing',
      colour: 'yellow',
    });
    expect(detailsStatus('evaluating')).toEqual({ label: 'Evaluating', colour: 'orange' });
    expect(detailsStatus('not_approved')).toEqual({ label: 'Not approved', colour: 'blue' });
    expect(detailsStatus('pending')).toEqual({ label: 'Pending', colour: 'blue' });
  });
});

describe('star ratings', () => {
  it('fill rating/5 of the width, within 0 and 5', () => {
    expect(starFillPercent(5)).toBe(100);
    expect(starFillPercent(3.5)).toBe(70);
    expect(starFillPercent(0)).toBe(0);
    expect(starFillPercent(null)).toBe(0);
    expect(starFillPercent(7)).toBe(100);
    expect(starFillPercent(-1)).toBe(0);
  });

  it('offer minimum ratings 0.5 to 5 in steps of 0.5', () => {
    expect(MIN_RATING_CHOICES).toEqual([0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5]);
  });
});

describe('unavailable marker', () => {
  const away = [{ start_date: '2026-12-10', end_date: '2026-12-12' }];
  it('is set when an unavailable period overlaps the project dates, inclusive by day', () => {
    expect(isUnavailable(away, '2026-12-12T08:00', '2026-12-15T17:00')).toBe(true);
    expect(isUnavailable(away, '2026-12-01T08:00', '2026-12-10T08:00')).toBe(true);
    expect(isUnavailable(away, '2026-12-11T08:00', null)).toBe(true);
  });
  it('is clear when the period is before or after, or the project has no dates', () => {
    expect(isUnavailable(away, '2026-12-13T08:00', '2026-12-20T17:00')).toBe(false);
    expect(isUnavailable(away, '2026-12-01T08:00', '2026-12-09T17:00')).toBe(false);
    expect(isUnavailable(away, null, null)).toBe(false);
  });
});

describe('search and assignment contracts', () => {
  it('keeps the distance slider to 0..200 in steps of 5 and ratings to half steps', () => {
    expect(ProviderSearchQuery.safeParse({ distance: '50' }).success).toBe(true);
    expect(ProviderSearchQuery.safeParse({ distance: '7' }).success).toBe(false);
    expect(ProviderSearchQuery.safeParse({ distance: '205' }).success).toBe(false);
    expect(ProviderSearchQuery.safeParse({ min_rating: '0.3' }).success).toBe(false);
    expect(ProviderSearchQuery.parse({}).distance).toBe(0);
    expect(
      ProviderSearchQuery.parse({
        categories: 'a0000000-0000-4000-8000-000000000001,a0000000-0000-4000-8000-000000000002',
      }).categories,
    ).toHaveLength(2);
  });

  it('asks for a provider with the spec text when none is chosen', () => {
    const r = ProviderAssign.safeParse({ service_provider: '' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(PROVIDER_TEXT.noProviderChosen);
  });

  it('maps directions failures to the four spec texts', () => {
    expect(directionsErrorOf('NOT_FOUND')).toBe('Directions request failed due to location(s) could not be found');
    expect(directionsErrorOf('ZERO_RESULTS')).toBe(
      'Directions request failed, could not find directions for the given locations.',
    );
    expect(directionsErrorOf('REQUEST_DENIED')).toBe('Directions request failed, Access Denied.');
    expect(directionsErrorOf('OVER_QUERY_LIMIT')).toBe('Directions request failed due to internal server error');
  });
});
