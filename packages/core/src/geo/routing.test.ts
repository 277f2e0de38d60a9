import { describe, expect, it } from 'vitest';
import { estimateRoute, formatDistance, formatDuration } from './routing.js';

/** `format` shows each text for every one of its inputs. */
function expectShown(format: (input: number) => string, cases: Record<string, number[]>) {
  for (const [text, inputs] of Object.entries(cases))
    for (const input of inputs) expect(format(input), String(input)).toBe(text);
}

describe('travel texts', () => {
  it('an offline estimate is never shown to the metre: whole km, under 1 km as "< 1 km"', () => {
    // Two addresses located at the same suburb centre: the estimate says 0 m, which it cannot know.
    expectShown((metres) => formatDistance(metres, true), {
      '≈ < 1 km': [0, 420, 999],
      '≈ 1 km': [1000],
      '≈ 3 km': [3400],
      '≈ 4 km': [3500],
      '≈ 85 km': [84_600],
      '≈ 1,234 km': [1_234_400],
    });
  });

  it('an offline estimate of time is in 5-minute steps, under 5 minutes as "< 5 mins"', () => {
    expectShown((seconds) => formatDuration(seconds, true), {
      '≈ < 5 mins': [0, 60, 299],
      '≈ 5 mins': [300],
      '≈ 10 mins': [540],
      '≈ 1 hour': [3600],
      '≈ 1 hour 25 mins': [4980],
      '≈ 2 hours': [7190],
    });
  });

  it('the same place estimated: "≈ < 1 km · ≈ < 5 mins", not "≈ 0 m · ≈ 1 min"', () => {
    const at = { lat: -27.4698, lng: 153.0251 };
    const r = estimateRoute(at, at);
    expect(`${formatDistance(r.distance_m, r.approximate)} · ${formatDuration(r.duration_s, r.approximate)}`).toBe(
      '≈ < 1 km · ≈ < 5 mins',
    );
  });

  it('a real router (OSRM, Google) keeps its precision: metres under 1 km, 0.1 km above, the minute', () => {
    expectShown(formatDistance, { '0 m': [0], '850 m': [850], '3.4 km': [3400], '84.6 km': [84_600] });
    expectShown(formatDuration, { '1 min': [20], '9 mins': [540], '1 hour 5 mins': [3900], '2 hours': [7200] });
  });
});
