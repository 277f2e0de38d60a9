import pg from 'pg';
import type { ZodError } from 'zod';

export type FieldErrors = Record<string, string[]>;

/** An error with a status and a message safe to show the user. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: FieldErrors,
    /** Response headers that go with it (e.g. Retry-After on a 429). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const INVALID_MESSAGE = 'The given data was invalid.';
export const notFound = (what = 'The item') => new HttpError(404, `${what} was not found.`);
export const forbidden = () => new HttpError(403, 'You do not have permission to do that.');
export const unauthenticated = () => new HttpError(401, 'Please sign in to continue.');
export const invalid = (errors: FieldErrors, message = INVALID_MESSAGE) => new HttpError(422, message, errors);
export const fieldError = (field: string, message: string) => invalid({ [field]: [message] });

export function zodFieldErrors(error: ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    const list = (errors[key] ??= []);
    if (!list.includes(issue.message)) list.push(issue.message);
  }
  return errors;
}

/** Parse with a zod schema; a failure becomes a 422 with one message list per field. */
export function parseOr422<T>(
  schema: { safeParse: (v: unknown) => { success: true; data: T } | { success: false; error: ZodError } },
  value: unknown,
): T {
  const r = schema.safeParse(value);
  if (!r.success) throw invalid(zodFieldErrors(r.error));
  return r.data;
}

/**
 * The SQLSTATE of a database error. drizzle wraps the driver's error in a DrizzleQueryError
 * (message: the SQL) and keeps the original in `cause`, so look through the cause chain.
 */
export function dbErrorCode(error: unknown): string | undefined {
  let e: unknown = error;
  for (let depth = 0; e && depth < 5; depth++) {
    if (e instanceof pg.DatabaseError) return e.code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

export const isUniqueViolation = (error: unknown) => dbErrorCode(error) === '23505';

/**
 * Runs a save whose uniqueness was checked first: a unique violation (a race past the check, or
 * a rule only the index knows) becomes the same 422 on `field`, never a 500. The pattern for every
 * save with a unique index behind a form field.
 */
export async function uniqueOrFieldError<T>(field: string, message: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError(field, message);
    throw error;
  }
}
