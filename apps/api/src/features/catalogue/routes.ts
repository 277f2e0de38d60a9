import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  CATALOGUE_TEXT,
  WorkItemInput,
  WorkItemListQuery,
  WorkItemOptions,
  WorkItemOptionsQuery,
  WorkItemPage,
  WorkItemView,
} from '@siteflow/core';
import { tenantOf, type Deps } from '../../platform/context.js';
import { errorResponses as errors, NumericIdParam } from '../../platform/http.js';
import { featureRoutes } from '../../platform/route-helpers.js';
import * as svc from './service.js';

const WorkItemSaved = z.object({ message: z.string(), work: WorkItemView });

/** The works-and-materials catalogue (spec 3 section 2.3) and the quote line item picker. */
export function catalogueRoutes(app: FastifyInstance, deps: Deps) {
  const { r, tags, view, manage } = featureRoutes(app, 'catalogue', {
    view: 'catalogue.view',
    manage: 'catalogue.manage',
  });

  r.get(
    '/api/catalogue',
    { ...view, schema: { tags, querystring: WorkItemListQuery, response: { 200: WorkItemPage, ...errors } } },
    async (request) => svc.listWorkItems(deps, tenantOf(request), request.query),
  );
  r.get(
    '/api/catalogue/options',
    { ...view, schema: { tags, querystring: WorkItemOptionsQuery, response: { 200: WorkItemOptions, ...errors } } },
    async (request) => svc.workItemOptions(deps, tenantOf(request), request.query.search),
  );
  r.post(
    '/api/catalogue',
    { ...manage, schema: { tags, body: WorkItemInput, response: { 201: WorkItemSaved, ...errors } } },
    async (request, reply) => {
      const work = await svc.createWorkItem(deps, tenantOf(request), request.body);
      reply.code(201);
      return { message: CATALOGUE_TEXT.created, work };
    },
  );
  r.get(
    '/api/catalogue/:id',
    { ...view, schema: { tags, params: NumericIdParam, response: { 200: WorkItemView, ...errors } } },
    async (request) => svc.getWorkItem(deps, tenantOf(request), request.params.id),
  );
  r.put(
    '/api/catalogue/:id',
    {
      ...manage,
      schema: { tags, params: NumericIdParam, body: WorkItemInput, response: { 200: WorkItemSaved, ...errors } },
    },
    async (request) => ({
      message: CATALOGUE_TEXT.saved,
      work: await svc.updateWorkItem(deps, tenantOf(request), request.params.id, request.body),
    }),
  );
}
