import { describe, expect, it } from 'vitest';
import { estimateRoute, formatDistance, formatDuration } from './routing.js';

describe('travel texts', () => {
  it('an offline estimate is never shown to the metre: whole km, under 1 km as "< 1 km"', () => {
    // Two addresses located at the same suburb centre: the estimate says 0 m, which it cannot know.
    expect(formatDistance(0, true)).toBe('≈ < 1 km');
    expect(formatDistance(420, true)).toBe('≈ < 1 km');
    expect(formatDistance(999, true)).toBe('≈ < 1 km');
    expect(formatDistance(1000, true)).toBe('≈ 1 km');
    expect(formatDistance(3400, true)).toBe('≈ 3 km');
    expect(formatDistance(3500, true)).toBe('≈ 4 km');
    expect(formatDistance(84_600, true)).toBe('≈ 85 km');
    expect(formatDistance(1_234_400, true)).toBe('≈ 1,234 km');
  });

  it('an offline estimate of time is in 5-minute steps, under 5 minutes as "< 5 mins"', () => {
    expect(formatDuration(0, true)).toBe('≈ < 5 mins');
    expect(formatDuration(60, true)).toBe('≈ < 5 mins');
    expect(formatDuration(299, true)).toBe('≈ < 5 mins');
    expect(formatDuration(300, true)).toBe('≈ 5 mins');
    expect(formatDuration(540, true)).toBe('≈ 10 mins');
    expect(formatDuration(3600, true)).toBe('≈ 1 hour');
    expect(formatDuration(4980, true)).toBe('≈ 1 hour 25 mins');
    expect(formatDuration(7190, true)).toBe('≈ 2 hours');
  });

  it('the same place estimated: "≈ < 1 km · ≈ < 5 mins", not "≈ 0 m · ≈ 1 min"', () => {
    const at = { lat: -27.4698, lng: 153.0251 };
    const r = estimateRoute(at, at);
    expect(`${formatDistance(r.distance_m, r.approximate)} · ${formatDuration(r.duration_s, r.approximate)}`).toBe(
      '≈ < 1 km · ≈ < 5 mins',
    );
  });

  it('a real router (OSRM, Google) keeps its precision: metres under 1 km, 0.1 km above, the minute', () => {
    expect(formatDistance(0)).toBe('0 m');
    expect(formatDistance(850)).toBe('850 m');
    expect(formatDistance(3400)).toBe('3.4 km');
    expect(formatDistance(84_600)).toBe('84.6 km');
    expect(formatDuration(20)).toBe('1 min');
    expect(formatDuration(540)).toBe('9 mins');
    expect(formatDuration(3900)).toBe('1 hour 5 mins');
    expect(formatDuration(7200)).toBe('2 hours');
  });
});
