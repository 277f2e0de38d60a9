import dayjs from 'dayjs';
import advancedFormat from 'dayjs/plugin/advancedFormat.js';
import { onCompanyClock } from '../format/format.js';
import { companyDay } from '../format/wall-clock.js';
import { DETAIL_DATE_FORMAT, DETAIL_DATE_TIME_FORMAT, INPUT_DATE_TIME_FORMAT, SEARCH_DATE_FORMAT } from './texts.js';

dayjs.extend(advancedFormat);

/** Instants on the company's clock, wall-clock strings as written (format/onCompanyClock). */
const valid = onCompanyClock;

/** 'Saturday, 21st November 2026', with ' 9:05 AM' when withTime. */
export function formatDetailDate(v: Date | string | null | undefined, withTime = true): string {
  const d = valid(v);
  return d ? d.format(withTime ? DETAIL_DATE_TIME_FORMAT : DETAIL_DATE_FORMAT) : '';
}

/** Quick search start date: DD-MM-YY. */
export const formatSearchDate = (v: Date | string | null | undefined) => valid(v)?.format(SEARCH_DATE_FORMAT) ?? '';

/** Value for a datetime-local input ('YYYY-MM-DDTHH:mm'); a Date (now) reads the company's clock. */
export const toInputDateTime = (v: Date | string | null | undefined) => valid(v)?.format(INPUT_DATE_TIME_FORMAT) ?? '';

/** 'Auto Fill Today': 08:00 to 17:00 on the company's day of the given instant (now). */
export function autoFillToday(today: Date): { start_date: string; end_date: string } {
  const day = companyDay(today);
  return { start_date: `${day}T08:00`, end_date: `${day}T17:00` };
}
