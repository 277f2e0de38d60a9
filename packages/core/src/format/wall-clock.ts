/**
 * Project dates are wall-clock times at the site, stored without a zone. 'Now' for them (the
 * default completion time) and 'today' (certificate validity, date filters) are read in the
 * company's time zone: Australia/Brisbane, which has no daylight saving. Tenants in other zones
 * would need a per-tenant zone (not in the spec yet). Pure: the caller passes the instant.
 */
export const COMPANY_TIME_ZONE = 'Australia/Brisbane';

const clockFormat = new Intl.DateTimeFormat('en-AU', {
  timeZone: COMPANY_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});
const clockParts = (at: Date) => Object.fromEntries(clockFormat.formatToParts(at).map((x) => [x.type, x.value]));

/** 'YYYY-MM-DD HH:mm': the wall-clock time at `now` in the company's time zone. */
export function wallClockAt(now: Date): string {
  const p = clockParts(now);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
}

/** 'YYYY-MM-DDTHH:mm:ss': the company's wall clock at an instant, to the second (what screens show). */
export function companyClockAt(at: Date): string {
  const p = clockParts(at);
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}`;
}

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: COMPANY_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
/** The day ('YYYY-MM-DD') an instant falls on in the company's time zone: 'today' for validity and dates. */
export const companyDay = (at: Date): string => dayFormat.format(at);

/** A stored wall-clock timestamp ('2026-11-21 08:00:00') as the forms use it: '2026-11-21T08:00'. */
export const toWallClock = (v: string | null): string | null => (v ? v.replace(' ', 'T').slice(0, 16) : null);

/** A form value ('2026-11-21T08:00', seconds tolerated) as stored: '2026-11-21 08:00'. */
export const fromWallClock = (v: string | null): string | null => (v ? v.replace('T', ' ').slice(0, 16) : null);
