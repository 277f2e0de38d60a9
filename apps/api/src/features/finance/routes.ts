import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/context.js';

/** A project's finance (issue 14 section 2): helper h12 fills this in. */
export function financeRoutes(_app: FastifyInstance, _deps: Deps) {}
