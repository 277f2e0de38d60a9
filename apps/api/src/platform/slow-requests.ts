import type { FastifyInstance } from 'fastify';

/**
 * A request answered later than `thresholdMs` after it arrived is logged as a warning, with its
 * route (the pattern, not the address: no ids or search terms), method, status and time. An
 * operator sees what was slow and when without info-level logs; a test run's server log (e2e)
 * shows what a screen that took long to load was waiting for. 0 turns it off.
 */
export function registerSlowRequestLog(app: FastifyInstance, thresholdMs: number) {
  if (thresholdMs <= 0) return;
  app.addHook('onResponse', async (request, reply) => {
    const ms = reply.elapsedTime;
    if (ms <= thresholdMs) return;
    request.log.warn(
      {
        event: 'request.slow',
        method: request.method,
        route: request.routeOptions.url ?? request.url.split('?')[0],
        status: reply.statusCode,
        ms: Math.round(ms),
      },
      'slow request',
    );
  });
}
