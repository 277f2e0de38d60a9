import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ErrorResponse } from '@siteflow/core';
import { tenantOf, type Deps } from '../../platform/context.js';
import { notFound, unauthenticated } from '../../platform/errors.js';
import { STORED_FILE_CSP } from '../../platform/uploads.js';
import { readableDocument } from './service.js';

const Params = z.object({ filableId: z.uuid(), fileId: z.uuid() });
const Query = z.object({ download: z.string().optional() });

/** RFC 6266: an ASCII fallback and the UTF-8 name. */
const disposition = (kind: 'inline' | 'attachment', name: string) =>
  `${kind}; filename="${name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/**
 * GET /documents/file/{filableId}/{fileId} (the spec's address, outside /api; registered before the
 * single-page app's fallback). Certificate files follow the owner rule (features/certificates/
 * owner.ts); type samples need certificates.view. Anything else, or another tenant's id, is 404.
 * Images are inline (the carousel), PDFs or ?download=1 an attachment with the file's name.
 */
export function documentRoutes(app: FastifyInstance, deps: Deps) {
  app.get(
    '/documents/file/:filableId/:fileId',
    {
      schema: {
        tags: ['certificates'],
        description: 'A certificate file or a type sample.',
        response: { 401: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request, reply) => {
      const params = Params.safeParse(request.params);
      if (!params.success) throw notFound('The file');
      const download = Query.safeParse(request.query).data?.download;
      const actor = request.actor;
      if (!actor || actor.area !== 'tenant') throw unauthenticated();
      const file = await readableDocument(deps, tenantOf(request), actor, params.data.filableId, params.data.fileId);
      if (!file) throw notFound('The file');
      const attachment =
        !file.mime.startsWith('image/') || (download !== undefined && download !== '0' && download !== 'false');
      return reply
        .type(file.mime)
        .header('content-disposition', disposition(attachment ? 'attachment' : 'inline', file.name))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', STORED_FILE_CSP)
        .send(file.data);
    },
  );
}
