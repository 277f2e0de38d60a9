import dayjs, { type Dayjs } from 'dayjs';
import advancedFormat from 'dayjs/plugin/advancedFormat.js';
import utc from 'dayjs/plugin/utc.js';
import { companyClockAt } from './wall-clock.js';

dayjs.extend(advancedFormat);
dayjs.extend(utc);

/** Dates across the product: day/month/year with hour:minute am/pm. */
export const DATE_TIME_FORMAT = 'DD/MM/YYYY h:mm a';
export const DATE_FORMAT = 'DD/MM/YYYY';

/** A string that carries a zone: a time followed by Z or an offset ('...T12:01:00.000Z', '... 12:01:00+10', '...+10:00'). */
const ZONED = /[T\s]\d{1,2}(?::\d{2}){0,2}(?:[.,]\d+)?\s*(?:Z|[+-]\d{2}(?::?\d{2})?)$/i;

/**
 * A value as the company's clock reads it, whatever the machine's (or browser's) time zone: an
 * instant (a Date, or a string with Z or an offset) is read in COMPANY_TIME_ZONE; a wall-clock
 * string without a zone ('2026-11-21T08:00', '2026-11-21 08:00', '2026-11-21') is taken as
 * written. The result is a dayjs in UTC mode whose fields are that wall clock, so formatting it
 * never shifts it; null when missing or invalid.
 */
export function onCompanyClock(value: Date | string | null | undefined): Dayjs | null {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date || ZONED.test(value.trim())) {
    const at = value instanceof Date ? value : new Date(value.trim());
    return Number.isNaN(at.getTime()) ? null : dayjs.utc(companyClockAt(at));
  }
  const d = dayjs.utc(value);
  return d.isValid() ? d : null;
}

/** DD/MM/YYYY h:mm am on the company's clock (instants) or as written (wall-clock strings); '' when missing or invalid. */
export const formatDateTime = (value: Date | string | null | undefined): string =>
  onCompanyClock(value)?.format(DATE_TIME_FORMAT) ?? '';

/** DD/MM/YYYY on the company's clock (instants) or as written (wall-clock strings); '' when missing or invalid. */
export const formatDate = (value: Date | string | null | undefined): string =>
  onCompanyClock(value)?.format(DATE_FORMAT) ?? '';

const money = new Intl.NumberFormat('en-AU', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Dollars with two decimals: 1234.5 -> "$1,234.50", -3 -> "-$3.00". Accepts numeric strings from the database. */
export function formatMoney(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const n = typeof value === 'string' ? Number(value) : value;
  if (!Number.isFinite(n)) return '';
  const rounded = Math.round(Math.abs(n) * 100) / 100;
  const sign = n < 0 && rounded !== 0 ? '-' : '';
  return `${sign}$${money.format(rounded)}`;
}

/** A human-readable time relative to now, e.g. "3 minutes ago". `now` comes from the caller (no clock in core). */
export function formatRelative(value: Date | string, now: Date): string {
  const seconds = Math.round((now.getTime() - new Date(value).getTime()) / 1000);
  const abs = Math.abs(seconds);
  const units: [number, string][] = [
    [60 * 60 * 24 * 365, 'year'],
    [60 * 60 * 24 * 30, 'month'],
    [60 * 60 * 24 * 7, 'week'],
    [60 * 60 * 24, 'day'],
    [60 * 60, 'hour'],
    [60, 'minute'],
  ];
  for (const [size, name] of units) {
    if (abs >= size) {
      const count = Math.floor(abs / size);
      const label = `${count} ${name}${count === 1 ? '' : 's'}`;
      return seconds >= 0 ? `${label} ago` : `in ${label}`;
    }
  }
  return 'just now';
}

type AddressParts = { street?: string | null; suburb?: string | null; state?: string | null; postcode?: string | null };
const present = (x: string | null | undefined): x is string => !!x && x.trim() !== '';

/** 'suburb STATE postcode' (parts that are missing are left out; '' when none). */
export const placeLine = (a: AddressParts): string => [a.suburb, a.state, a.postcode].filter(present).join(' ');

/** 'street, suburb STATE postcode' (parts that are missing are left out; '' when none). */
export const addressLine = (a: AddressParts): string => [a.street, placeLine(a)].filter(present).join(', ');

/** 'First Last' from a user row (trimmed when a part is empty). */
export const fullName = (u: { firstName: string; lastName: string }): string => `${u.firstName} ${u.lastName}`.trim();

/** A view's name fields (userNamesView) from a user row: first, last and full name. */
export const userNames = (u: { firstName: string; lastName: string }) => ({
  first_name: u.firstName,
  last_name: u.lastName,
  full_name: fullName(u),
});
