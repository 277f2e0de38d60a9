import type { FastifyRequest } from 'fastify';
import type { Action } from '@siteflow/core';
import { ErrorResponse } from '@siteflow/core';
import { z } from 'zod';
import { authorize } from '../../platform/context.js';

/**
 * Route options that authorize before the body and query are validated, so a user who may not
 * act gets 403 whatever they send (and learns nothing from validation messages).
 */
export const guard = (action: Action) => ({
  preValidation: async (request: FastifyRequest) => {
    authorize(request, action);
  },
});

/** The error responses every JSON route of these features documents. */
export const errorResponses = {
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
  422: ErrorResponse,
};

export const projectIdField = z.coerce
  .number({ error: 'Not found.' })
  .int({ error: 'Not found.' })
  .positive({ error: 'Not found.' })
  .max(Number.MAX_SAFE_INTEGER, { error: 'Not found.' });

/** Numeric project ids in paths (the project screens are opened with a numeric id). */
export const ProjectIdParam = z.object({ id: projectIdField });
