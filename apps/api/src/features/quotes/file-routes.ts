import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  clientXlsxName,
  ImportableOptions,
  ImportableQuery,
  ImportableQuotes,
  QUOTE_FILE_TEXT,
  QuoteCloneInput,
  QuoteSaveInput,
  QuoteView,
  systemCsvName,
  wallClockAt,
} from '@siteflow/core';
import { authorize, inTenant, requireActor, tenantOf, type Deps } from '../../platform/context.js';
import { invalid, parseOr422 } from '../../platform/errors.js';
import { errorResponses as errors, NumericIdParam, numericId } from '../../platform/http.js';
import { featureRoutes } from '../../platform/route-helpers.js';
import { clientXlsx, quoteDocument, systemCsv } from './export.js';
import { attachSections, importableOptions, importableQuotes, importClone, importCsv } from './import.js';
import { quotePdf } from './pdf.js';
import { saveQuote } from './service.js';

/** The largest CSV an import reads, and the largest export body (a whole quote, as a save). */
const FILE_LIMIT = 16 * 1024 * 1024;
const QuoteParams = z.object({ id: numericId, quoteId: numericId });

/** RFC 6266: an ASCII fallback and the UTF-8 name. */
const disposition = (kind: 'inline' | 'attachment', name: string) =>
  `${kind}; filename="${name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/** The one file of a multipart import ('file'); 422 when there is none or it is too large. */
async function readCsvFile(request: FastifyRequest): Promise<{ name: string; data: Buffer }> {
  const none = () => invalid({ file: [QUOTE_FILE_TEXT.onlyCsv] }, QUOTE_FILE_TEXT.onlyCsv);
  if (!request.isMultipart()) throw none();
  let file: { name: string; data: Buffer } | null = null;
  for await (const part of request.parts({ limits: { fileSize: FILE_LIMIT, files: 1, fields: 10 } })) {
    if (part.type !== 'file') continue;
    const data = await part.toBuffer().catch(() => null);
    if (!data || part.file.truncated) throw invalid({ file: [QUOTE_FILE_TEXT.tooLarge] }, QUOTE_FILE_TEXT.tooLarge);
    if (part.fieldname === 'file') file = { name: part.filename ?? '', data };
  }
  if (!file) throw none();
  return file;
}

/**
 * A quote's files (issue 13 section 2; spec 3 sections 2.1, 7): System Friendly CSV and Client
 * Friendly XLSX exports, the PDF, importing a CSV, cloning another quote's sections into a new
 * quote or onto a Draft, and the import picker. Staff: quotes.view to read, quotes.manage to import.
 */
export function quoteFileRoutes(app: FastifyInstance, deps: Deps) {
  const { r, tags, view, manage } = featureRoutes(app, 'quotes', { view: 'quotes.view', manage: 'quotes.manage' });
  const base = '/api/projects/:id/quotes';
  const one = `${base}/:quoteId`;
  // Files: no response schema (the body is the file; errors are the usual JSON).
  const fileResponse = (description: string) => ({ tags, description });

  // The screen's Export sends the quote as the editor holds it: a Draft is saved first (409 as a
  // save), then exported as stored. The body is optional; a quote that is not Draft is exported as stored.
  r.post(
    `${one}/export/system.csv`,
    {
      ...view,
      bodyLimit: FILE_LIMIT,
      schema: {
        ...fileResponse('The quote saved, then as a System Friendly CSV ({code}_SYSTEM.csv).'),
        params: QuoteParams,
        // The quote save input (QuoteSaveInput), or nothing: read in the handler (an empty body is allowed).
        body: z.unknown().optional(),
      },
    },
    async (request, reply) => {
      const tenant = tenantOf(request);
      const actor = requireActor(request);
      const { id, quoteId } = request.params;
      const doc = await inTenant(deps, tenant.id, (tx) => quoteDocument(tx, actor, id, quoteId));
      let quote = doc.quote;
      const body = request.body;
      const sent = typeof body === 'object' && body !== null && Object.keys(body).length > 0;
      if (sent && quote.status === 'Draft') {
        authorize(request, 'quotes.manage');
        quote = await saveQuote(deps, tenant, actor, id, quoteId, parseOr422(QuoteSaveInput, body));
      }
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', disposition('attachment', systemCsvName(quote.code)))
        .header('x-content-type-options', 'nosniff')
        .send(systemCsv(quote));
    },
  );

  r.get(
    `${one}/export/client.xlsx`,
    {
      ...view,
      schema: { ...fileResponse('The quote as a Client Friendly XLSX ({code}_CLIENT.xlsx).'), params: QuoteParams },
    },
    async (request, reply) => {
      const tenant = tenantOf(request);
      const actor = requireActor(request);
      const doc = await inTenant(deps, tenant.id, (tx) =>
        quoteDocument(tx, actor, request.params.id, request.params.quoteId),
      );
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', disposition('attachment', clientXlsxName(doc.quote.code)))
        .header('x-content-type-options', 'nosniff')
        .send(await clientXlsx(doc, tenant.name));
    },
  );

  r.get(
    `${one}/pdf`,
    { ...view, schema: { ...fileResponse('The quote as a PDF for the client (inline).'), params: QuoteParams } },
    async (request, reply) => {
      const tenant = tenantOf(request);
      const actor = requireActor(request);
      const doc = await inTenant(deps, tenant.id, (tx) =>
        quoteDocument(tx, actor, request.params.id, request.params.quoteId),
      );
      const logo = tenant.logoKey ? await deps.files.read(tenant.logoKey).catch(() => null) : null;
      const date = wallClockAt(new Date(doc.quote.updated_at)).slice(0, 10).split('-').reverse().join('/');
      const pdf = await quotePdf(doc, { companyName: tenant.name, logo, date });
      return reply
        .type('application/pdf')
        .header('content-disposition', disposition('inline', `${doc.quote.code}.pdf`))
        .header('x-content-type-options', 'nosniff')
        .send(pdf);
    },
  );

  r.post(
    `${base}/import`,
    {
      ...manage,
      bodyLimit: FILE_LIMIT + 64 * 1024,
      schema: {
        tags,
        description: "A System Friendly CSV (multipart, field 'file') as a new Draft quote.",
        params: NumericIdParam,
        response: { 201: QuoteView, ...errors },
      },
    },
    async (request, reply) => {
      const file = await readCsvFile(request);
      const quote = await importCsv(deps, tenantOf(request), requireActor(request), request.params.id, file);
      reply.code(201);
      return quote;
    },
  );

  r.post(
    `${base}/import-clone`,
    {
      ...manage,
      schema: {
        tags,
        description: "Another quote's sections (all when none are chosen) as a new Draft quote.",
        params: NumericIdParam,
        body: QuoteCloneInput,
        response: { 201: QuoteView, ...errors },
      },
    },
    async (request, reply) => {
      const quote = await importClone(deps, tenantOf(request), requireActor(request), request.params.id, request.body);
      reply.code(201);
      return quote;
    },
  );

  r.post(
    `${one}/attach-sections`,
    {
      ...manage,
      schema: {
        tags,
        description: "Another quote's sections appended to this Draft quote (409 when not Draft).",
        params: QuoteParams,
        body: QuoteCloneInput,
        response: { 200: QuoteView, ...errors },
      },
    },
    async (request) =>
      attachSections(
        deps,
        tenantOf(request),
        requireActor(request),
        request.params.id,
        request.params.quoteId,
        request.body,
      ),
  );

  r.get(
    '/api/quotes/importable',
    { ...manage, schema: { tags, querystring: ImportableQuery, response: { 200: ImportableQuotes, ...errors } } },
    async (request) => importableQuotes(deps, tenantOf(request), requireActor(request), request.query),
  );
  r.get(
    '/api/quotes/importable/options',
    { ...manage, schema: { tags, response: { 200: ImportableOptions, ...errors } } },
    async (request) => importableOptions(deps, tenantOf(request), requireActor(request)),
  );
}
