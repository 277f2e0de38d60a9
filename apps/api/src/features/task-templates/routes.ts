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

  /** A route's options: for `manage`, under the feature's tag, with `schema` and its answers plus the errors. */
  const managed = <S extends object, R extends object>(schema: S, response: R) => ({
    ...manage,
    schema: { tags, ...schema, response: { ...response, ...errors } },
  });

  r.get('/api/task-templates', managed({}, { 200: TemplateList }), async (request) =>
    svc.listTemplates(deps, tenantOf(request)),
  );
  r.post(
    '/api/task-templates',
    managed({ body: TaskTemplateInput }, { 201: TaskTemplateView }),
    async (request, reply) => {
      reply.code(201);
      return svc.createTemplate(deps, tenantOf(request), request.body);
    },
  );
  r.get('/api/task-templates/:id', managed({ params: IdParam }, { 200: TaskTemplateView }), async (request) =>
    svc.getTemplate(deps, tenantOf(request), request.params.id),
  );
  r.put(
    '/api/task-templates/:id',
    managed({ params: IdParam, body: TaskTemplateInput }, { 200: TaskTemplateView }),
    async (request) => svc.updateTemplate(deps, tenantOf(request), request.params.id, request.body),
  );
  r.delete('/api/task-templates/:id', managed({ params: IdParam }, { 200: OkResponse }), async (request) => {
    await svc.deleteTemplate(deps, tenantOf(request), request.params.id);
    return { message: TASK_TEMPLATE_TEXT.removed };
  });
  r.post(
    '/api/task-templates/:id/tasks',
    managed({ params: IdParam, body: TemplateTaskInput }, { 201: TemplateTaskView }),
    async (request, reply) => {
      reply.code(201);
      return svc.createTask(deps, tenantOf(request), request.params.id, request.body);
    },
  );
  r.put(
    '/api/task-templates/:id/tasks/:taskId',
    managed({ params: TaskParams, body: TemplateTaskInput }, { 200: TemplateTaskView }),
    async (request) => svc.updateTask(deps, tenantOf(request), request.params.id, request.params.taskId, request.body),
  );
  r.delete(
    '/api/task-templates/:id/tasks/:taskId',
    managed({ params: TaskParams }, { 200: TaskTemplateView }),
    async (request) => svc.deleteTask(deps, tenantOf(request), request.params.id, request.params.taskId),
  );
  r.put(
    '/api/task-templates/:id/task-order',
    managed({ params: IdParam, body: TemplateTaskOrderInput }, { 200: TaskTemplateView }),
    async (request) => svc.reorderTasks(deps, tenantOf(request), request.params.id, request.body.ids),
  );
}
