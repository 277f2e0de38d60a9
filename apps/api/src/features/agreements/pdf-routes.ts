import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AgreementPdfQuery, wallClockAt } from '@siteflow/core';
import { requireActor, tenantOf, type Deps } from '../../platform/context.js';
import { numericId } from '../../platform/http.js';
import { featureRoutes } from '../../platform/route-helpers.js';
import { agreementPdfName, type AgreementDocument } from './document.js';
import { agreementPdf } from './pdf.js';
import { agreementDocument } from './service.js';

const AgreementParams = z.object({ id: numericId, quoteId: numericId, agreementId: numericId });
const ProviderAgreementParams = z.object({ agreementId: numericId });

/** RFC 6266: an ASCII fallback and the UTF-8 name. */
const disposition = (name: string) =>
  `inline; filename="${name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/**
 * The agreement PDFs (spec 3 section 9: ?type=swms|sow|ja, 422 for another type), inline, named
 * '{agreement name}_{TYPE}.pdf': staff from the quote (agreements.manage), provider users for
 * their own agreements (agreements.respond). 409 while the agreement has no provider.
 */
export function agreementPdfRoutes(app: FastifyInstance, deps: Deps) {
  const { r, tags, manage, respond } = featureRoutes(app, 'agreements', {
    manage: 'agreements.manage',
    respond: 'agreements.respond',
  });
  // Files: no response schema (the body is the file; errors are the usual JSON).
  const description = 'The agreement as a PDF (SWMS, SOW or JA), inline.';

  async function send(
    request: FastifyRequest,
    reply: FastifyReply,
    doc: AgreementDocument,
    type: AgreementPdfQuery['type'],
  ) {
    const tenant = tenantOf(request);
    const logo = tenant.logoKey ? await deps.files.read(tenant.logoKey).catch(() => null) : null;
    const date = wallClockAt(new Date(doc.agreement.updated_at)).slice(0, 10).split('-').reverse().join('/');
    const pdf = await agreementPdf(type, doc, { companyName: tenant.name, logo, date });
    return reply
      .type('application/pdf')
      .header('content-disposition', disposition(agreementPdfName(doc, type)))
      .header('x-content-type-options', 'nosniff')
      .send(pdf);
  }

  r.get(
    '/api/projects/:id/quotes/:quoteId/agreements/:agreementId/pdf',
    { ...manage, schema: { tags, description, params: AgreementParams, querystring: AgreementPdfQuery } },
    async (request, reply) => {
      const { id, quoteId, agreementId } = request.params;
      const doc = await agreementDocument(deps, tenantOf(request), requireActor(request), {
        projectId: id,
        quoteId,
        agreementId,
      });
      return send(request, reply, doc, request.query.type);
    },
  );
  r.get(
    '/api/agreements/:agreementId/pdf',
    { ...respond, schema: { tags, description, params: ProviderAgreementParams, querystring: AgreementPdfQuery } },
    async (request, reply) => {
      const doc = await agreementDocument(deps, tenantOf(request), requireActor(request), {
        agreementId: request.params.agreementId,
      });
      return send(request, reply, doc, request.query.type);
    },
  );
}
