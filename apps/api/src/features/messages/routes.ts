import type { FastifyInstance } from 'fastify';
import {
  IdParam,
  MESSAGE_TEMPLATE_TEXT,
  MessageTemplateInput,
  MessageTemplateListQuery,
  MessageTemplatePage,
  MessageTemplatePreview,
  MessageTemplatePreviewInput,
  MessageTemplateView,
  OkResponse,
} from '@siteflow/core';
import { requireActor, tenantOf, type Deps } from '../../platform/context.js';
import { errorResponses as errors } from '../../platform/http.js';
import { featureRoutes } from '../../platform/route-helpers.js';
import * as svc from './service.js';

/** E-mail and SMS templates (settings): company admins and employees. */
export function messageTemplateRoutes(app: FastifyInstance, deps: Deps) {
  const { r, tags, manage } = featureRoutes(app, 'messages', { manage: 'messageTemplates.manage' });

  r.get(
    '/api/message-templates',
    {
      ...manage,
      schema: { tags, querystring: MessageTemplateListQuery, response: { 200: MessageTemplatePage, ...errors } },
    },
    async (request) => svc.listTemplates(deps, tenantOf(request), request.query),
  );
  r.post(
    '/api/message-templates',
    { ...manage, schema: { tags, body: MessageTemplateInput, response: { 201: MessageTemplateView, ...errors } } },
    async (request, reply) => {
      reply.code(201);
      return svc.createTemplate(deps, tenantOf(request), request.body);
    },
  );
  r.post(
    '/api/message-templates/preview',
    {
      ...manage,
      schema: { tags, body: MessageTemplatePreviewInput, response: { 200: MessageTemplatePreview, ...errors } },
    },
    async (request) => svc.previewTemplate(deps, tenantOf(request), requireActor(request), request.body),
  );
  r.get(
    '/api/message-templates/:id',
    { ...manage, schema: { tags, params: IdParam, response: { 200: MessageTemplateView, ...errors } } },
    async (request) => svc.getTemplate(deps, tenantOf(request), request.params.id),
  );
  r.put(
    '/api/message-templates/:id',
    {
      ...manage,
      schema: { tags, params: IdParam, body: MessageTemplateInput, response: { 200: MessageTemplateView, ...errors } },
    },
    async (request) => svc.updateTemplate(deps, tenantOf(request), request.params.id, request.body),
  );
  r.delete(
    '/api/message-templates/:id',
    { ...manage, schema: { tags, params: IdParam, response: { 200: OkResponse, ...errors } } },
    async (request) => {
      await svc.deleteTemplate(deps, tenantOf(request), request.params.id);
      return { message: MESSAGE_TEMPLATE_TEXT.removed };
    },
  );
}
