/**
 * Whether a date or a wall-clock date and time as typed exists. A format check (a regex) lets
 * '2027-02-30' and 'T24:00' through, and `Date.parse` does too (it rolls them over to 2 March and
 * the next day's 00:00), so a project saved with start 2027-02-30T08:00 failed in PostgreSQL. Every
 * date and date-time contract checks its text with these after its own format (zod-free, pure).
 */

const isLeapYear = (y: number) => y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);

/** Days in month `m` (1-12) of year `y`, leap years included. */
export const daysInMonth = (y: number, m: number) =>
  m === 2 ? (isLeapYear(y) ? 29 : 28) : [4, 6, 9, 11].includes(m) ? 30 : 31;

/** A real calendar day written 'YYYY-MM-DD' (not 2027-02-30, not month 13), from year 0001. */
export function isCalendarDate(v: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return y >= 1 && mo >= 1 && mo <= 12 && d >= 1 && d <= daysInMonth(y, mo);
}

/**
 * A wall-clock date and time that exists: 'YYYY-MM-DDTHH:mm' or 'YYYY-MM-DD HH:mm', seconds
 * tolerated, on a real calendar day, hours 00-23, minutes and seconds 00-59 ('T24:00' is not a time).
 */
export function isWallClockDateTime(v: string): boolean {
  const m = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(v);
  if (!m || !isCalendarDate(m[1]!)) return false;
  const [h, min, s] = [Number(m[2]), Number(m[3]), Number(m[4] ?? '0')];
  return h <= 23 && min <= 59 && s <= 59;
}
