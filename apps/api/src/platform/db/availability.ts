import pg from 'pg';

export const UNAVAILABLE_MESSAGE = 'The service is busy or restarting. Please try again in a moment.';
/** Seconds a client is asked to wait before trying again (Retry-After). */
export const UNAVAILABLE_RETRY_AFTER = '5';

/**
 * SQLSTATEs meaning the database cannot serve now, not that the request is wrong: class 08
 * (connection exceptions), 57P01-57P03 (shutting down, crashed, starting up), 53300 (too many
 * connections), and the role's limits (platform/db/bootstrap.ts): 57014 statement_timeout,
 * 55P03 lock_timeout, 25P03 idle-in-transaction timeout; and a deadlock (40P01) or serialization
 * failure (40001) that was still there after withTenant tried the transaction three times.
 */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300', '57014', '55P03', '25P03', '40P01', '40001']);

/** Node socket errors on the way to the server. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ENOTFOUND',
]);

/** What pg and pg-pool say when a connection cannot be had or died (they carry no code). */
const DRIVER_MESSAGES = [
  'timeout exceeded when trying to connect', // pg-pool: no free connection within connectionTimeoutMillis
  'Connection terminated', // ... unexpectedly / due to connection timeout
  'is not queryable', // a client whose connection already failed or was closed
];

/**
 * True when the error (or one it wraps: drizzle puts the driver's error in `cause`) says the
 * database is unreachable, restarting or too busy: such a request is answered 503, not 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let e: unknown = error;
  for (let depth = 0; e && depth < 6; depth++) {
    if (e instanceof pg.DatabaseError) return !!e.code && (e.code.startsWith('08') || UNAVAILABLE_STATES.has(e.code));
    const { code, message, errors } = e as { code?: unknown; message?: unknown; errors?: unknown };
    if (typeof code === 'string' && NETWORK_CODES.has(code)) return true;
    if (typeof message === 'string' && DRIVER_MESSAGES.some((m) => message.includes(m))) return true;
    // A host name with two addresses (IPv4 and IPv6) fails with an AggregateError of both.
    if (Array.isArray(errors) && errors.some((x) => isDatabaseUnavailable(x))) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
