import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  IdParam,
  OkResponse,
  TASK_TEMPLATE_TEXT,
  TaskTemplateInput,
  TaskTemplateSummary,
  TaskTemplateView,
  TemplateTaskInput,
  TemplateTaskOrderInput,
  TemplateTaskView,
} from '@siteflow/core';
import { tenantOf, type Deps } from '../../platform/context.js';
import { errorResponses as errors, uuidId } from '../../platform/http.js';
import { featureRoutes } from '../../platform/route-helpers.js';
import * as svc from './service.js';

const TaskParams = z.object({ id: uuidId, taskId: uuidId });
const TemplateList = z.object({ items: z.array(TaskTemplateSummary) });

/** Task templates (settings): templates and their ordered tasks, for company admins and employees. */
export function taskTemplateRoutes(app: FastifyInstance, deps: Deps) {
  const { r, tags, manage } = featureRoutes(app, 'task-templates', { manage: 'taskTemplates.manage' });

  r.get(
    '/api/task-templates',
    { ...manage, schema: { tags, response: { 200: TemplateList, ...errors } } },
    async (request) => svc.listTemplates(deps, tenantOf(request)),
  );
  r.post(
    '/api/task-templates',
    { ...manage, schema: { tags, body: TaskTemplateInput, response: { 201: TaskTemplateView, ...errors } } },
    async (request, reply) => {
      reply.code(201);
      return svc.createTemplate(deps, tenantOf(request), request.body);
    },
  );
  r.get(
    '/api/task-templates/:id',
    { ...manage, schema: { tags, params: IdParam, response: { 200: TaskTemplateView, ...errors } } },
    async (request) => svc.getTemplate(deps, tenantOf(request), request.params.id),
  );
  r.put(
    '/api/task-templates/:id',
    {
      ...manage,
      schema: { tags, params: IdParam, body: TaskTemplateInput, response: { 200: TaskTemplateView, ...errors } },
    },
    async (request) => svc.updateTemplate(deps, tenantOf(request), request.params.id, request.body),
  );
  r.delete(
    '/api/task-templates/:id',
    { ...manage, schema: { tags, params: IdParam, response: { 200: OkResponse, ...errors } } },
    async (request) => {
      await svc.deleteTemplate(deps, tenantOf(request), request.params.id);
      return { message: TASK_TEMPLATE_TEXT.removed };
    },
  );
  r.post(
    '/api/task-templates/:id/tasks',
    {
      ...manage,
      schema: { tags, params: IdParam, body: TemplateTaskInput, response: { 201: TemplateTaskView, ...errors } },
    },
    async (request, reply) => {
      reply.code(201);
      return svc.createTask(deps, tenantOf(request), request.params.id, request.body);
    },
  );
  r.put(
    '/api/task-templates/:id/tasks/:taskId',
    {
      ...manage,
      schema: { tags, params: TaskParams, body: TemplateTaskInput, response: { 200: TemplateTaskView, ...errors } },
    },
    async (request) => svc.updateTask(deps, tenantOf(request), request.params.id, request.params.taskId, request.body),
  );
  r.delete(
    '/api/task-templates/:id/tasks/:taskId',
    { ...manage, schema: { tags, params: TaskParams, response: { 200: TaskTemplateView, ...errors } } },
    async (request) => svc.deleteTask(deps, tenantOf(request), request.params.id, request.params.taskId),
  );
  r.put(
    '/api/task-templates/:id/task-order',
    {
      ...manage,
      schema: {
        tags,
        params: IdParam,
        body: TemplateTaskOrderInput,
        response: { 200: TaskTemplateView, ...errors },
      },
    },
    async (request) => svc.reorderTasks(deps, tenantOf(request), request.params.id, request.body.ids),
  );
}
