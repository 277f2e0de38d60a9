import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/context.js';

/** The finance report (issue 14 section 3): helper h13 fills this in. */
export function reportRoutes(_app: FastifyInstance, _deps: Deps) {}
