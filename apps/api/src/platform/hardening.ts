import type { FastifyInstance } from 'fastify';
import { invalid, type FieldErrors } from './errors.js';

/** A query-string or path value with a NUL byte: PostgreSQL text cannot hold one, so it can match nothing. */
export const nulMessage = (field: string) => `The ${field} field contains a character that is not allowed.`;
export const UNREADABLE_UPLOAD_MESSAGE = 'The upload could not be read.';

/**
 * The multipart parser's (busboy's) own errors: no boundary in the Content-Type, a boundary
 * longer than 256 characters, a part cut short. They carry no status, so without this they
 * would be 500s; they are the client's malformed request (400).
 */
const MULTIPART_ERRORS =
  /^(Multipart: Boundary not found|Boundary required|The needle cannot .*|.* terminated early due to unexpected end of multipart data|Unexpected end of multipart data|Unsupported Content-Type\.|Missing Content-Type-header\.)$/;

export function isUnreadableUpload(error: { message?: string; statusCode?: number }): boolean {
  return error.statusCode === undefined && typeof error.message === 'string' && MULTIPART_ERRORS.test(error.message);
}

function nulFields(values: unknown, errors: FieldErrors) {
  if (!values || typeof values !== 'object') return;
  for (const [key, value] of Object.entries(values)) {
    const list = Array.isArray(value) ? value : [value];
    if (key.includes('\u0000') || list.some((v) => typeof v === 'string' && v.includes('\u0000'))) {
      const field = key.split('\u0000').join('') || '_';
      // defineProperty: a field named __proto__ would otherwise replace the object's prototype
      Object.defineProperty(errors, field, {
        value: [nulMessage(field)],
        enumerable: true,
        configurable: true,
        writable: true,
      });
    }
  }
}

/**
 * HTTP rules that hold for every route (issue 9):
 * - a NUL byte in a query-string or path value is a 422 naming the field, before any route's
 *   validation (it would otherwise reach PostgreSQL, which refuses it);
 * - every answer to a signed-in request is `Cache-Control: no-store`, whatever the route chose
 *   (pictures and document files too): what a signed-in user saw must not stay in a browser's or
 *   proxy's cache after they sign out. Other /api/ and /documents/ answers are no-store too unless
 *   the route chose its own caching (the company logo on the sign-in page).
 */
export function registerHardening(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const errors: FieldErrors = {};
    nulFields(request.params, errors);
    nulFields(request.query, errors);
    if (Object.keys(errors).length) throw invalid(errors);
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.actor) {
      reply.header('cache-control', 'no-store');
      return;
    }
    if (reply.hasHeader('cache-control')) return;
    if (request.url.startsWith('/api/') || request.url.startsWith('/documents/'))
      reply.header('cache-control', 'no-store');
  });
}
