import type { FastifyRequest } from 'fastify';
import type { Action } from '@siteflow/core';
import { ErrorResponse } from '@siteflow/core';
import { z } from 'zod';
import { authorize } from './context.js';

/**
 * Route helpers every feature shares: authorization before validation, the documented error
 * responses and the path id schemas.
 */

/**
 * Route options that authorize before the body and query are validated, so a user who may not
 * act gets 403 whatever they send (and learns nothing from validation messages).
 */
export const guard = (action: Action) => ({
  preValidation: async (request: FastifyRequest) => {
    authorize(request, action);
  },
});

/** The error responses every JSON route documents. */
export const errorResponses = {
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
  422: ErrorResponse,
};

/** The error responses every JSON route documents, plus those only some routes give (429 on sign-in). */
export function errorResponsesWith<const S extends number>(...statuses: S[]) {
  type Extra = Record<S, typeof ErrorResponse>;
  const extra = Object.fromEntries(statuses.map((status) => [status, ErrorResponse])) as Extra;
  return { ...errorResponses, ...extra };
}

const notFound = { error: 'Not found.' };

/** A uuid in a path: anything else is a record that does not exist (404-style message). */
export const uuidId = z.uuid(notFound);

/** A positive integer id in a path (projects are opened with a numeric id); anything else is 'Not found.'. */
export const numericId = z.coerce
  .number(notFound)
  .int(notFound)
  .positive(notFound)
  .max(Number.MAX_SAFE_INTEGER, notFound);

/** `{ id }` as a numeric id (project screens). */
export const NumericIdParam = z.object({ id: numericId });
