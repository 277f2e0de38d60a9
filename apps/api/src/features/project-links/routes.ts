import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  OkResponse,
  PROJECT_LINK_TEXT,
  ProjectLinkInput,
  ProjectLinkPage,
  ProjectLinkSaved,
  ProjectLinkView,
} from '@siteflow/core';
import { requireActor, tenantOf, type Deps } from '../../platform/context.js';
import { errorResponses as errors, numericId, NumericIdParam, uuidId } from '../../platform/http.js';
import { featureRoutes } from '../../platform/route-helpers.js';
import * as svc from './service.js';

const LinkParams = z.object({ id: numericId, linkId: uuidId });
const LinkPageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});
export const LINK_DELETED = 'Deleted Item...';

/** The project links panel: anyone who can see the project reads; projectLinks.manage writes. */
export function projectLinkRoutes(app: FastifyInstance, deps: Deps) {
  const { r, tags, view, manage } = featureRoutes(app, 'project-links', {
    view: 'projects.view',
    manage: 'projectLinks.manage',
  });

  r.get(
    '/api/projects/:id/links',
    {
      ...view,
      schema: {
        tags,
        description: 'Newest first.',
        params: NumericIdParam,
        querystring: LinkPageQuery,
        response: { 200: ProjectLinkPage, ...errors },
      },
    },
    async (request) =>
      svc.listLinks(
        deps,
        tenantOf(request),
        requireActor(request),
        request.params.id,
        request.query.page,
        request.query.pageSize,
      ),
  );
  r.get(
    '/api/projects/:id/links/:linkId',
    { ...view, schema: { tags, params: LinkParams, response: { 200: ProjectLinkView, ...errors } } },
    async (request) =>
      svc.getLink(deps, tenantOf(request), requireActor(request), request.params.id, request.params.linkId),
  );
  r.post(
    '/api/projects/:id/links',
    {
      ...manage,
      schema: {
        tags,
        description: 'The url is stored with https:// (an http:// or https:// typed is replaced).',
        params: NumericIdParam,
        body: ProjectLinkInput,
        response: { 201: ProjectLinkSaved, ...errors },
      },
    },
    async (request, reply) => {
      const link = await svc.createLink(
        deps,
        tenantOf(request),
        requireActor(request),
        request.params.id,
        request.body,
      );
      reply.code(201);
      return { message: PROJECT_LINK_TEXT.created, link };
    },
  );
  r.put(
    '/api/projects/:id/links/:linkId',
    {
      ...manage,
      schema: { tags, params: LinkParams, body: ProjectLinkInput, response: { 200: ProjectLinkSaved, ...errors } },
    },
    async (request) => ({
      message: PROJECT_LINK_TEXT.saved,
      link: await svc.updateLink(
        deps,
        tenantOf(request),
        requireActor(request),
        request.params.id,
        request.params.linkId,
        request.body,
      ),
    }),
  );
  r.delete(
    '/api/projects/:id/links/:linkId',
    { ...manage, schema: { tags, params: LinkParams, response: { 200: OkResponse, ...errors } } },
    async (request) => {
      await svc.deleteLink(deps, tenantOf(request), requireActor(request), request.params.id, request.params.linkId);
      return { message: LINK_DELETED };
    },
  );
}
