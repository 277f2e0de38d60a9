/** Parsers for the query strings of list and map screens (shared by the feature contracts). */
import { z } from 'zod';
import { POSTCODE_MESSAGE, STATES } from './fields.js';

/** A filter of a query string: missing or '' (nothing chosen) means no filter. */
export const optionalFilter = <T extends z.ZodType>(schema: T) =>
  schema.optional().or(z.literal('').transform(() => undefined));

export const postcodeFilter = () =>
  optionalFilter(
    z
      .string()
      .trim()
      .regex(/^\d{1,4}$/, POSTCODE_MESSAGE),
  );

export const stateFilter = () => optionalFilter(z.enum(STATES));

/** Query strings carry lists as repeated keys or comma-separated text. */
export const listParam = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (v) => (v === undefined || v === '' ? [] : Array.isArray(v) ? v : String(v).split(',').filter(Boolean)),
    z.array(item).max(200),
  );

/** A list of ids chosen from a picker. */
export const optionListParam = () => listParam(z.uuid({ error: 'Choose an option from the list.' })).default([]);

export const boolParam = z.preprocess((v) => v === true || v === 'true' || v === '1', z.boolean());

/** A number that may be missing, '' or null (all: no value). */
export const optNumberParam = (schema: z.ZodNumber) =>
  z.preprocess(
    (v) => (v === undefined || v === '' || v === null ? undefined : v),
    z.coerce.number().pipe(schema).optional(),
  );

/** A minimum rating filter: 0.5 to 5 in half steps, or none. */
export const ratingFilter = () => optNumberParam(z.number().min(0.5).max(5).multipleOf(0.5));

/** A distance of a slider: a whole number of the range's steps between its limits, else the default. */
export const distanceParam = (range: { min: number; max: number; step: number }, fallback: number) =>
  z.coerce.number().int().min(range.min).max(range.max).multipleOf(range.step).default(fallback);
