import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/context.js';

/** Service provider agreements (issue 14 section 1): helper h10 fills this in. */
export function agreementRoutes(_app: FastifyInstance, _deps: Deps) {}
