import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { BomItemView, BomListQuery, BomPage, BomPatchInput } from '@siteflow/core';
import { requireActor, tenantOf, type Deps } from '../../platform/context.js';
import { errorResponses as errors, NumericIdParam, numericId } from '../../platform/http.js';
import { featureRoutes } from '../../platform/route-helpers.js';
import * as svc from './service.js';

const ItemParams = z.object({ id: numericId, itemId: numericId });

/**
 * A project's bill of materials (issue 13 section 4; spec 3 section 2.4): the products of its
 * current quote, one product, and its order details. Staff, as the quote screen (quotes.view to
 * read, quotes.manage to update).
 */
export function bomRoutes(app: FastifyInstance, deps: Deps) {
  const { r, tags, view, manage } = featureRoutes(app, 'bom', { view: 'quotes.view', manage: 'quotes.manage' });
  const base = '/api/projects/:id/bill-of-materials';

  r.get(
    base,
    {
      ...view,
      schema: { tags, params: NumericIdParam, querystring: BomListQuery, response: { 200: BomPage, ...errors } },
    },
    async (request) => svc.listBom(deps, tenantOf(request), requireActor(request), request.params.id, request.query),
  );
  r.get(
    `${base}/:itemId`,
    { ...view, schema: { tags, params: ItemParams, response: { 200: BomItemView, ...errors } } },
    async (request) =>
      svc.getBomItem(deps, tenantOf(request), requireActor(request), request.params.id, request.params.itemId),
  );
  r.patch(
    `${base}/:itemId`,
    { ...manage, schema: { tags, params: ItemParams, body: BomPatchInput, response: { 200: BomItemView, ...errors } } },
    async (request) =>
      svc.patchBomItem(
        deps,
        tenantOf(request),
        requireActor(request),
        request.params.id,
        request.params.itemId,
        request.body,
      ),
  );
}
