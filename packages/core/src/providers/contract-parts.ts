/** Field parsers and view pieces shared by the provider contracts (contracts.ts, search-contracts.ts). */
import { z } from 'zod';
import { EMAIL_INVALID_MESSAGE, STATES } from '../common/fields.js';

export const optText = (max: number) =>
  z
    .union([z.string(), z.null()])
    .optional()
    .transform((v) => (v === null || v === undefined ? null : v.trim() === '' ? null : v.trim()))
    .pipe(z.string().max(max, `Must be at most ${max} characters.`).nullable());
export const optEmail = z
  .union([z.string(), z.null()])
  .optional()
  .transform((v) => (v ? v.trim().toLowerCase() : null))
  .pipe(z.email({ error: EMAIL_INVALID_MESSAGE }).nullable());
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
export const optState = z
  .union([z.enum(STATES), z.literal(''), z.null()])
  .optional()
  .transform((v) => (v ? v : null));
/** 'YYYY-MM-DD'. */
export const DATE_INPUT = /^\d{4}-\d{2}-\d{2}$/;
export const dateOnly = (message = 'Enter a date as YYYY-MM-DD.') =>
  z
    .string({ error: message })
    .trim()
    .regex(DATE_INPUT, message)
    .refine((v) => !Number.isNaN(Date.parse(v)), message);
export const uuidList = z
  .array(z.uuid({ error: 'Choose an option from the list.' }))
  .max(200)
  .default([]);
/** Query strings carry lists as repeated keys or comma-separated text. */
export const listParam = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (v) => (v === undefined || v === '' ? [] : Array.isArray(v) ? v : String(v).split(',').filter(Boolean)),
    z.array(item).max(200),
  );
export const boolParam = z.preprocess((v) => v === true || v === 'true' || v === '1', z.boolean());
export const optNumberParam = (schema: z.ZodNumber) =>
  z.preprocess(
    (v) => (v === undefined || v === '' || v === null ? undefined : v),
    z.coerce.number().pipe(schema).optional(),
  );

export const named = z.object({ id: z.uuid(), name: z.string() });
export const address = z.object({
  street: z.string().nullable(),
  suburb: z.string().nullable(),
  state: z.string().nullable(),
  postcode: z.string().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
});
export const badge = { status_code: z.string(), status_label: z.string(), status_colour: z.string() };
export const preferences = z.object({ postcodes: z.array(z.string()), states: z.array(z.string()) });
