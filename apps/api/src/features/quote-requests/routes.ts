import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  QUOTE_REQUEST_FILE_MAX_BYTES,
  QUOTE_REQUEST_MIMES,
  QUOTE_REQUEST_TEXT,
  QuoteRequestAccountManagers,
  QuoteRequestCreated,
  QuoteRequestFileUploaded,
  QuoteRequestInput,
  QuoteRequestSubmitted,
  quoteRequestFileAllowed,
} from '@siteflow/core';
import { requireActor, tenantOf, type Deps } from '../../platform/context.js';
import { fieldError } from '../../platform/errors.js';
import { errorResponses as errors, uuidId } from '../../platform/http.js';
import { featureRoutes } from '../../platform/route-helpers.js';
import { readFormWithFiles } from '../../platform/uploads.js';
import * as svc from './service.js';

const IdParam = z.object({ id: uuidId });
const FileParams = z.object({ id: uuidId, fileId: uuidId });
const Removed = z.object({ message: z.string() });

/**
 * The quote request (spec 3 sections 2.5 and 7, in this app's style): a draft (POST), the account
 * managers to choose from, one attachment per upload (multipart `file`, checked by content and
 * extension), removing one, and the submit that creates the proposed project. Client and
 * provider users only (quoteRequests.create); a request is its requester's alone.
 */
export function quoteRequestRoutes(app: FastifyInstance, deps: Deps) {
  const { r, tags, create } = featureRoutes(app, 'quote requests', { create: 'quoteRequests.create' });

  r.post(
    '/api/quote-requests',
    { ...create, schema: { tags, response: { 201: QuoteRequestCreated, ...errors } } },
    async (request, reply) => {
      const created = await svc.createQuoteRequest(deps, tenantOf(request), requireActor(request));
      reply.code(201);
      return created;
    },
  );
  r.get(
    '/api/quote-requests/account-managers',
    { ...create, schema: { tags, response: { 200: QuoteRequestAccountManagers, ...errors } } },
    async (request) => svc.accountManagers(deps, tenantOf(request), requireActor(request)),
  );
  r.post(
    '/api/quote-requests/:id/files',
    {
      ...create,
      schema: {
        tags,
        description:
          'multipart/form-data with one `file`: .png .jpg .jpeg .gif .bmp .pdf .doc .docx .xls .xlsx .msg whose content is ' +
          `of that type, at most 10 MB; at most 8 files per request (422 on \`file\`).`,
        params: IdParam,
        response: { 201: QuoteRequestFileUploaded, ...errors },
      },
    },
    async (request, reply) => {
      const tenant = tenantOf(request);
      const actor = requireActor(request);
      await svc.checkUploadable(deps, tenant, actor, request.params.id); // 404 / 409 / full before reading
      const form = await readFormWithFiles(request, {
        fileField: 'file',
        maxBytes: QUOTE_REQUEST_FILE_MAX_BYTES,
        maxCount: 1,
        mimes: QUOTE_REQUEST_MIMES,
        messages: {
          type: QUOTE_REQUEST_TEXT.fileType,
          size: QUOTE_REQUEST_TEXT.fileSize,
          count: QUOTE_REQUEST_TEXT.fileType,
        },
      });
      const file = form.files[0];
      if (!file || !quoteRequestFileAllowed(file.name, file.mime))
        throw fieldError('file', QUOTE_REQUEST_TEXT.fileType);
      reply.code(201);
      return { file: await svc.addFile(deps, tenant, actor, request.params.id, file) };
    },
  );
  r.delete(
    '/api/quote-requests/:id/files/:fileId',
    { ...create, schema: { tags, params: FileParams, response: { 200: Removed, ...errors } } },
    async (request) =>
      svc.removeFile(deps, tenantOf(request), requireActor(request), request.params.id, request.params.fileId),
  );
  r.post(
    '/api/quote-requests/:id/submit',
    {
      ...create,
      schema: { tags, params: IdParam, body: QuoteRequestInput, response: { 200: QuoteRequestSubmitted, ...errors } },
    },
    async (request) =>
      svc.submitQuoteRequest(deps, tenantOf(request), requireActor(request), request.params.id, request.body),
  );
}
