import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AgreementResponseInput, AgreementSaveInput, ProviderAgreementListQuery } from '@siteflow/core';
import { requireActor, tenantOf, type Deps } from '../../platform/context.js';
import { errorResponses as errors, numericId } from '../../platform/http.js';
import { featureRoutes } from '../../platform/route-helpers.js';
import { agreementPdfRoutes } from './pdf-routes.js';
import * as svc from './service.js';

const QuoteParams = z.object({ id: numericId, quoteId: numericId });
const AgreementParams = z.object({ id: numericId, quoteId: numericId, agreementId: numericId });
const ProviderAgreementParams = z.object({ agreementId: numericId });
/** The views are core's TypeScript types (packages/core/src/agreements), documented by name. */
const view = (name: string) => z.unknown().describe(name);

/**
 * Service provider agreements (issue 14 section 1; spec 3 sections 2.2, 4, 7, 9). Staff
 * (agreements.manage), from an Accepted quote: its agreements, a new one, save, void, delete.
 * Provider users (agreements.respond): their provider's agreements, one of them, and their answer.
 * The views are core's types (QuoteAgreementsView, AgreementView, ProviderAgreementList,
 * ProviderAgreementView); the PDFs are in pdf-routes.ts.
 */
export function agreementRoutes(app: FastifyInstance, deps: Deps) {
  const { r, tags, manage, respond } = featureRoutes(app, 'agreements', {
    manage: 'agreements.manage',
    respond: 'agreements.respond',
  });
  const as = <G extends object, S extends object, R extends object>(
    guard: G,
    description: string,
    schema: S,
    response: R,
  ) => ({ ...guard, schema: { tags, description, ...schema, response: { ...response, ...errors } } });
  const who = (request: FastifyRequest) => [deps, tenantOf(request), requireActor(request)] as const;
  const base = '/api/projects/:id/quotes/:quoteId/agreements';
  const one = `${base}/:agreementId`;

  r.get(
    base,
    as(manage, "The quote's agreements.", { params: QuoteParams }, { 200: view('QuoteAgreementsView') }),
    (request) => svc.getQuoteAgreements(...who(request), request.params.id, request.params.quoteId),
  );
  r.post(
    base,
    as(manage, 'A new empty agreement.', { params: QuoteParams }, { 201: view('AgreementView') }),
    async (request, reply) => {
      const view = await svc.createAgreement(...who(request), request.params.id, request.params.quoteId);
      return reply.code(201).send(view);
    },
  );
  r.put(
    one,
    as(
      manage,
      'Save the provider, notes and sections.',
      { params: AgreementParams, body: AgreementSaveInput },
      { 200: view('AgreementView') },
    ),
    (request) => {
      const { id, quoteId, agreementId } = request.params;
      return svc.saveAgreement(...who(request), id, quoteId, agreementId, request.body);
    },
  );
  r.patch(
    `${one}/void`,
    as(
      manage,
      'Void the agreement: its sections are freed.',
      { params: AgreementParams },
      { 200: view('AgreementView') },
    ),
    (request) => {
      const { id, quoteId, agreementId } = request.params;
      return svc.voidAgreement(...who(request), id, quoteId, agreementId);
    },
  );
  r.delete(
    one,
    as(manage, 'Delete the agreement.', { params: AgreementParams }, { 204: z.null() }),
    async (request, reply) => {
      const { id, quoteId, agreementId } = request.params;
      await svc.deleteAgreement(...who(request), id, quoteId, agreementId);
      return reply.code(204).send(null);
    },
  );

  r.get(
    '/api/agreements',
    as(
      respond,
      "The provider's agreements, newest first.",
      { querystring: ProviderAgreementListQuery },
      { 200: view('ProviderAgreementList') },
    ),
    (request) => svc.listProviderAgreements(...who(request), request.query),
  );
  r.get(
    '/api/agreements/:agreementId',
    as(
      respond,
      "One of the provider's agreements.",
      { params: ProviderAgreementParams },
      { 200: view('ProviderAgreementView') },
    ),
    (request) => svc.getProviderAgreement(...who(request), request.params.agreementId),
  );
  r.post(
    '/api/agreements/:agreementId/response',
    as(
      respond,
      "The provider's answer: Accepted, or Declined with a reason.",
      { params: ProviderAgreementParams, body: AgreementResponseInput },
      { 200: view('ProviderAgreementView') },
    ),
    (request) => svc.respondToAgreement(...who(request), request.params.agreementId, request.body),
  );
  agreementPdfRoutes(app, deps);
}
