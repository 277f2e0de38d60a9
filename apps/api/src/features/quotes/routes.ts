import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { OkResponse, QuoteList, QuoteSaveInput, QuoteStatusInput, QuoteView } from '@siteflow/core';
import { requireActor, tenantOf, type Deps } from '../../platform/context.js';
import { errorResponses as errors, NumericIdParam, numericId } from '../../platform/http.js';
import { featureRoutes } from '../../platform/route-helpers.js';
import * as svc from './service.js';

/** The largest quote body a save accepts (bytes). */
const SAVE_BODY_LIMIT = 16 * 1024 * 1024;
const QuoteParams = z.object({ id: numericId, quoteId: numericId });

/**
 * A project's quotes (issue 13 section 1; spec 3): the list, a new Draft, one quote, saving the
 * whole quote, its status, a revision and deleting. Company roles only for now (quotes.view,
 * quotes.manage); the view strips internal figures for anyone else all the same.
 */
export function quoteRoutes(app: FastifyInstance, deps: Deps) {
  const { r, tags, view, manage } = featureRoutes(app, 'quotes', { view: 'quotes.view', manage: 'quotes.manage' });
  const as = <G extends object, S extends object, R extends object>(guard: G, schema: S, response: R) => ({
    ...guard,
    schema: { tags, ...schema, response: { ...response, ...errors } },
  });
  const onProject = (request: FastifyRequest & { params: { id: number } }) =>
    [deps, tenantOf(request), requireActor(request), request.params.id] as const;
  const onQuote = (request: FastifyRequest & { params: { id: number; quoteId: number } }) =>
    [deps, tenantOf(request), requireActor(request), request.params.id, request.params.quoteId] as const;
  const base = '/api/projects/:id/quotes';
  const one = `${base}/:quoteId`;

  r.get(base, as(view, { params: NumericIdParam }, { 200: QuoteList }), async (request) =>
    svc.listQuotes(...onProject(request)),
  );
  r.post(base, as(manage, { params: NumericIdParam }, { 201: QuoteView }), async (request, reply) => {
    reply.code(201);
    return svc.createQuote(...onProject(request));
  });
  r.get(one, as(view, { params: QuoteParams }, { 200: QuoteView }), async (request) =>
    svc.getQuote(...onQuote(request)),
  );
  // A whole quote is one body: 50 sections of 40 lines with their texts is past the app's 1 MB.
  r.put(
    one,
    { ...as(manage, { params: QuoteParams, body: QuoteSaveInput }, { 200: QuoteView }), bodyLimit: SAVE_BODY_LIMIT },
    async (request) => svc.saveQuote(...onQuote(request), request.body),
  );
  r.delete(one, as(manage, { params: QuoteParams }, { 200: OkResponse }), async (request) =>
    svc.deleteQuote(...onQuote(request)),
  );
  r.post(
    `${one}/status`,
    as(manage, { params: QuoteParams, body: QuoteStatusInput }, { 200: QuoteView }),
    async (request) => svc.changeStatus(...onQuote(request), request.body),
  );
  r.post(`${one}/revisions`, as(manage, { params: QuoteParams }, { 201: QuoteView }), async (request, reply) => {
    reply.code(201);
    return svc.reviseQuote(...onQuote(request));
  });
}
