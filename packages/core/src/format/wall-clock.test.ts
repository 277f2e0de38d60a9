import { describe, expect, it } from 'vitest';
import { companyClockAt, companyDay, fromWallClock, toWallClock, wallClockAt } from './wall-clock.js';

describe('wall-clock times in the company time zone (Brisbane, UTC+10, no daylight saving)', () => {
  it('reads now as the site reads its clock', () => {
    expect(wallClockAt(new Date('2026-01-15T22:30:00Z'))).toBe('2026-01-16 08:30');
    expect(wallClockAt(new Date('2026-07-15T13:59:00Z'))).toBe('2026-07-15 23:59');
  });

  it('reads an instant on the company clock to the second', () => {
    expect(companyClockAt(new Date('2026-12-07T12:01:09.500Z'))).toBe('2026-12-07T22:01:09');
    expect(companyClockAt(new Date('2026-12-07T14:00:00Z'))).toBe('2026-12-08T00:00:00');
  });

  it('gives the company day an instant falls on', () => {
    expect(companyDay(new Date('2026-03-31T13:59:59Z'))).toBe('2026-03-31');
    expect(companyDay(new Date('2026-03-31T14:00:00Z'))).toBe('2026-04-01');
  });

  it('converts between stored and form values', () => {
    expect(toWallClock('2026-11-21 08:00:00')).toBe('2026-11-21T08:00');
    expect(fromWallClock('2026-11-21T08:00:59')).toBe('2026-11-21 08:00');
    expect(toWallClock(null)).toBeNull();
    expect(fromWallClock(null)).toBeNull();
  });
});
