import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ClientQuoteResponseInput, ClientQuoteView, QuoteView } from '@siteflow/core';
import { requireActor, tenantOf, type Deps } from '../../platform/context.js';
import { errorResponses as errors, NumericIdParam, numericId } from '../../platform/http.js';
import { featureRoutes } from '../../platform/route-helpers.js';
import * as svc from './client-service.js';

const QuoteParams = z.object({ id: numericId, quoteId: numericId });

/**
 * The client answers a quote online (issue 13 section 6): staff send a Draft to the client's
 * users (quotes.manage); client users read the project's sent quote and accept or reject it
 * (quotes.respond, client roles only).
 */
export function clientQuoteRoutes(app: FastifyInstance, deps: Deps) {
  const { r, tags, manage, respond } = featureRoutes(app, 'quotes', {
    manage: 'quotes.manage',
    respond: 'quotes.respond',
  });
  const as = <G extends object, S extends object, R extends object>(guard: G, schema: S, response: R) => ({
    ...guard,
    schema: { tags, ...schema, response: { ...response, ...errors } },
  });
  const who = (request: FastifyRequest) => [deps, tenantOf(request), requireActor(request)] as const;

  r.post('/api/projects/:id/quotes/:quoteId/send', as(manage, { params: QuoteParams }, { 200: QuoteView }), (request) =>
    svc.sendQuote(...who(request), request.params.id, request.params.quoteId),
  );
  r.get(
    '/api/projects/:id/client-quote',
    as(respond, { params: NumericIdParam }, { 200: ClientQuoteView }),
    (request) => svc.getClientQuote(...who(request), request.params.id),
  );
  r.post(
    '/api/projects/:id/client-quote/respond',
    as(respond, { params: NumericIdParam, body: ClientQuoteResponseInput }, { 200: QuoteView }),
    (request) => svc.respondToQuote(...who(request), request.params.id, request.body),
  );
}
