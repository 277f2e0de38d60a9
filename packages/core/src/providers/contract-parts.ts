/** Field parsers and view pieces shared by the provider contracts (contracts.ts, search-contracts.ts). */
import { z } from 'zod';
import { isCalendarDate } from '../common/dates.js';
import { locatedAddressView, namedView } from '../common/views.js';

export const optPostcode = z
  .union([z.string(), z.null()])
  .optional()
  .transform((v) => (v ? v.trim() : null))
  .pipe(
    z
      .string()
      .regex(/^\d{1,4}$/, 'The postcode must be a number from 0 to 9999.')
      .nullable(),
  );
/** 'YYYY-MM-DD', a day that exists (2027-02-30 passed Date.parse). */
export const DATE_INPUT = /^\d{4}-\d{2}-\d{2}$/;
export const dateOnly = (message = 'Enter a date as YYYY-MM-DD.') =>
  z.string({ error: message }).trim().regex(DATE_INPUT, message).refine(isCalendarDate, message);
export const uuidList = z
  .array(z.uuid({ error: 'Choose an option from the list.' }))
  .max(200)
  .default([]);

export const named = namedView();
export const address = locatedAddressView();
/** Average performance and customer ratings (null before the first). */
export const ratingAverages = { performance_ratings: z.number().nullable(), customer_ratings: z.number().nullable() };
export const preferences = z.object({ postcodes: z.array(z.string()), states: z.array(z.string()) });
