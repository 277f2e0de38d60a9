import { z } from 'zod';

/** Australian states and the catch-all, in the order the spec lists them. */
export const STATES = ['ACT', 'NT', 'NSW', 'QLD', 'SA', 'TAS', 'VIC', 'WA', 'OTH'] as const;
export type State = (typeof STATES)[number];

export const POSTCODE_MESSAGE = 'The postcode must be a number from 0 to 9999.';
export const EMAIL_INVALID_MESSAGE = 'The email must be a valid email address.';

/** Trim, and treat an empty string as missing. */
export const trimmed = (max = 255) => z.string().trim().max(max, `Must be at most ${max} characters.`);

/** A required text with the spec's own message for the empty case. */
export const requiredText = (message: string, max = 255) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message, abort: true })
    .max(max, `Must be at most ${max} characters.`);

export const optionalText = (max = 255) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters.`)
    .optional()
    .transform((v) => (v === undefined || v === '' ? null : v));

/** An optional text that may also come as null: missing or blank is null, anything else trimmed. */
export const nullableText = (max: number) =>
  z
    .union([z.string(), z.null()])
    .optional()
    .transform((v) => (v === null || v === undefined ? null : v.trim() === '' ? null : v.trim()))
    .pipe(z.string().max(max, `Must be at most ${max} characters.`).nullable());

export const PHONE_INVALID_MESSAGE = 'Enter a phone number of 6 to 15 digits, e.g. 07 3123 4567 or +61 412 345 678.';
const PHONE_MAX = 40;

/**
 * A phone number as people write it: digits with spaces, dots, hyphens or brackets, a leading + for
 * a country code, and 6 to 15 digits (15 is E.164's most; 6 keeps short service numbers such as
 * 13 22 11). A landline is fine here; text messages check for a mobile when they send (platform/phone).
 */
export const isPhoneText = (v: string): boolean => {
  const digits = v.replace(/\D/g, '').length;
  return /^\+?[\d\s().-]+$/.test(v) && digits >= 6 && digits <= 15;
};

/** A required phone number, with the spec's own message for the empty case. */
export const requiredPhone = (message: string) =>
  requiredText(message, PHONE_MAX).refine(isPhoneText, PHONE_INVALID_MESSAGE);

/** An optional phone number: missing or blank is null. */
export const optionalPhone = () =>
  optionalText(PHONE_MAX).refine((v) => v === null || isPhoneText(v), PHONE_INVALID_MESSAGE);

/** An optional phone number that may also come as null. */
export const nullablePhone = () =>
  nullableText(PHONE_MAX).refine((v) => v === null || isPhoneText(v), PHONE_INVALID_MESSAGE);

export const WEBSITE_INVALID_MESSAGE = 'Enter a web address, like www.example.com.au.';

/**
 * A web address as people type it: 'www.example.com.au', 'example.com', 'https://example.com/path'.
 * An optional http:// or https://, a host of dot-separated names (letters, digits, hyphens; a
 * top-level name of at least two letters), an optional port, then a path, query or fragment
 * without spaces. Text with spaces, or a host without a dot, is not an address ('not a url at all'
 * was saved and linked to https://not a url at all). Screens link it with https:// when it has no scheme.
 */
export const isWebsiteText = (v: string): boolean =>
  /^(https?:\/\/)?([\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?\.)+(\p{L}{2,}|xn--[a-z0-9-]+)(:\d{1,5})?([/?#]\S*)?$/iu.test(
    v,
  );

/** An optional web address that may also come as null: missing or blank is null, anything else trimmed. */
export const nullableWebsite = (max = 255) =>
  nullableText(max).refine((v) => v === null || isWebsiteText(v), WEBSITE_INVALID_MESSAGE);

/** An optional e-mail address: missing, null or blank is null, anything else trimmed and lower-cased. */
export const nullableEmail = () =>
  z
    .union([z.string(), z.null()])
    .optional()
    .transform((v) => (v ? v.trim().toLowerCase() : null))
    .pipe(z.email({ error: EMAIL_INVALID_MESSAGE }).nullable());

/** An optional state: missing, null or '' (nothing chosen) is null. */
export const nullableState = () =>
  z
    .union([z.enum(STATES), z.literal(''), z.null()])
    .optional()
    .transform((v) => (v ? v : null));

/** Postcode input: digits only, 0 to 9999; kept as text so 0800 keeps its zero. */
export const postcodeField = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, { error: requiredMessage, abort: true })
    .regex(/^\d{1,4}$/, POSTCODE_MESSAGE);

export const stateField = (requiredMessage: string) => z.enum(STATES, { error: requiredMessage });

export const emailField = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, { error: requiredMessage, abort: true })
    .max(254, EMAIL_INVALID_MESSAGE)
    .pipe(z.email({ error: EMAIL_INVALID_MESSAGE }))
    .transform((v) => v.toLowerCase());

export const PageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  search: z.string().trim().max(200).optional(),
});
export type PageQuery = z.infer<typeof PageQuery>;

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });

export const IdParam = z.object({ id: z.uuid({ error: 'Not found.' }) });

/** The body of every 4xx/5xx response. */
export const ErrorResponse = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponse>;

export const OkResponse = z.object({ message: z.string() });
