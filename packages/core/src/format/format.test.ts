import { describe, expect, it } from 'vitest';
import {
  addressLine,
  formatDate,
  formatDateTime,
  formatMoney,
  formatRelative,
  fullName,
  onCompanyClock,
  placeLine,
} from './format.js';

// These pass whatever the machine's TZ (run with TZ=UTC and TZ=America/New_York): nothing reads it.
describe('formatDateTime', () => {
  it('shows day/month/year with hour:minute am/pm', () => {
    expect(formatDateTime('2026-11-21T09:05')).toBe('21/11/2026 9:05 am');
    expect(formatDateTime('2026-01-03 17:30')).toBe('03/01/2026 5:30 pm');
    expect(formatDateTime('2026-01-03T00:00:00')).toBe('03/01/2026 12:00 am');
  });

  it("shows an instant on the company's clock (Australia/Brisbane, UTC+10), whatever the browser's zone", () => {
    expect(formatDateTime('2026-12-07T12:01:00.000Z')).toBe('07/12/2026 10:01 pm');
    expect(formatDateTime(new Date('2026-12-07T12:01:00.000Z'))).toBe('07/12/2026 10:01 pm');
    expect(formatDateTime('2026-12-07T23:01:00+11:00')).toBe('07/12/2026 10:01 pm');
    expect(formatDateTime('2026-12-07 12:01:00+00')).toBe('07/12/2026 10:01 pm');
    // The company's day, not UTC's: 14:30Z on the 31st is 00:30 on the 1st in Brisbane.
    expect(formatDateTime('2026-03-31T14:30:00Z')).toBe('01/04/2026 12:30 am');
    expect(formatDate('2026-03-31T14:30:00Z')).toBe('01/04/2026');
  });

  it('leaves a wall-clock value without a zone as written', () => {
    expect(formatDateTime('2026-12-07T12:01')).toBe('07/12/2026 12:01 pm');
    expect(formatDateTime('2026-12-07 12:01')).toBe('07/12/2026 12:01 pm');
    expect(formatDate('2026-12-07')).toBe('07/12/2026');
    // A time that does not exist in New York (spring forward) still reads as written.
    expect(formatDateTime('2026-03-08T02:30')).toBe('08/03/2026 2:30 am');
    expect(onCompanyClock('2026-10-04 02:30')?.format('YYYY-MM-DD HH:mm')).toBe('2026-10-04 02:30');
  });

  it('shows nothing for a missing or invalid date', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
    expect(formatDate(undefined)).toBe('');
  });

  it('formats a date alone as day/month/year', () => {
    expect(formatDate('2026-02-09')).toBe('09/02/2026');
    expect(formatDate(new Date('2026-02-08T14:00:00Z'))).toBe('09/02/2026');
  });
});

describe('formatMoney', () => {
  it('shows dollars with two decimals and thousands separators', () => {
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney('1999999.999')).toBe('$2,000,000.00');
    expect(formatMoney(-3)).toBe('-$3.00');
  });

  it('does not show a negative zero', () => {
    expect(formatMoney(-0.001)).toBe('$0.00');
  });

  it('shows nothing for a missing or non-numeric value', () => {
    expect(formatMoney(null)).toBe('');
    expect(formatMoney('abc')).toBe('');
  });
});

describe('formatRelative', () => {
  const now = new Date('2026-11-21T12:00:00Z');
  it('says how long ago', () => {
    expect(formatRelative('2026-11-21T11:59:40Z', now)).toBe('just now');
    expect(formatRelative('2026-11-21T11:57:00Z', now)).toBe('3 minutes ago');
    expect(formatRelative('2026-11-21T11:00:00Z', now)).toBe('1 hour ago');
    expect(formatRelative('2026-11-18T12:00:00Z', now)).toBe('3 days ago');
  });
});

describe('address lines', () => {
  it("read 'street, suburb STATE postcode', leaving out what is missing", () => {
    expect(addressLine({ street: '1 Queen Street', suburb: 'Brisbane City', state: 'QLD', postcode: '4000' })).toBe(
      '1 Queen Street, Brisbane City QLD 4000',
    );
    expect(addressLine({ street: ' ', suburb: 'Milton', state: null, postcode: '4064' })).toBe('Milton 4064');
    expect(addressLine({ street: null, suburb: null, state: null, postcode: null })).toBe('');
    expect(placeLine({ suburb: 'Milton', state: 'QLD', postcode: '4064' })).toBe('Milton QLD 4064');
  });
});

describe('fullName', () => {
  it('joins first and last name, trimmed when one is empty', () => {
    expect(fullName({ firstName: 'Ada', lastName: 'Lovelace' })).toBe('Ada Lovelace');
    expect(fullName({ firstName: 'Ada', lastName: '' })).toBe('Ada');
  });
});
