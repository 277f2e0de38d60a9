import dayjs from 'dayjs';
import advancedFormat from 'dayjs/plugin/advancedFormat';
import {
  CERTIFICATE_DELETE_DATE_FORMAT,
  CERTIFICATE_EXPIRY_FORMAT,
  CERTIFICATE_INPUT_FORMAT,
  CERTIFICATE_TEXT,
} from '@siteflow/core';

dayjs.extend(advancedFormat);

/** A 'YYYY-MM-DD' date as dayjs in local time (no time-zone shift of the day). */
function parseDay(value: string) {
  const day = dayjs(value.slice(0, 10), CERTIFICATE_INPUT_FORMAT);
  return day.isValid() ? day : null;
}

/** Expiry as the cards show it: 'Do MMMM YYYY' (e.g. '5th March 2027'), or 'N/A' when there is none. */
export function formatExpiry(value: string | null | undefined): string {
  const day = value ? parseDay(value) : null;
  return day ? day.format(CERTIFICATE_EXPIRY_FORMAT) : CERTIFICATE_TEXT.notApplicable;
}

/** The delete dialog's date: 'dddd the Do of MMMM YYYY', or 'N/A'. */
export function formatDeleteDate(value: string | null | undefined): string {
  const day = value ? parseDay(value) : null;
  return day ? day.format(CERTIFICATE_DELETE_DATE_FORMAT) : CERTIFICATE_TEXT.notApplicable;
}

/** Other dates on a certificate (issue date, date fields): same format as the expiry. */
export const formatDay = formatExpiry;
