import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ActionTakenInput,
  ApplyTemplateInput,
  Assignee,
  AssigneeQuery,
  BulkAssignInput,
  OkResponse,
  TaskChoice,
  TaskHistoryRow,
  TaskInput,
  TaskList,
  TaskListQuery,
  TaskOrderInput,
  TaskView,
} from '@siteflow/core';
import { requireActor, tenantOf, type Deps } from '../../platform/context.js';
import { errorResponses as errors, NumericIdParam } from '../../platform/http.js';
import { featureRoutes } from '../../platform/route-helpers.js';
import { listTasks } from './list.js';
import * as svc from './service.js';

const CountResponse = z.object({ message: z.string(), count: z.number().int() });
const HistoryResponse = z.object({ items: z.array(TaskHistoryRow) });
const AssigneesResponse = z.object({ items: z.array(Assignee) });
const ChoicesResponse = z.object({ items: z.array(TaskChoice) });
const ChoicesQuery = z.object({
  exclude: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional().catch(undefined),
});

/**
 * A project's action list (issue 12; spec 2): the list of one project or of all, a task's editor,
 * its status changes, star, history and the project's order, recalculation, bulk assignment,
 * templates and closing. Reading, Actions Taken, completing and starring are for every role that
 * sees the project (tasks.view); the rest for company roles (tasks.manage).
 */
export function taskRoutes(app: FastifyInstance, deps: Deps) {
  const { r, tags, view, manage } = featureRoutes(app, 'tasks', { view: 'tasks.view', manage: 'tasks.manage' });
  const as = <G extends object, S extends object, R extends object>(guard: G, schema: S, response: R) => ({
    ...guard,
    schema: { tags, ...schema, response: { ...response, ...errors } },
  });

  r.get('/api/tasks', as(view, { querystring: TaskListQuery }, { 200: TaskList }), async (request) =>
    listTasks(deps, tenantOf(request), requireActor(request), request.query),
  );
  r.get(
    '/api/tasks/assignees',
    as(manage, { querystring: AssigneeQuery }, { 200: AssigneesResponse }),
    async (request) => svc.assignees(deps, tenantOf(request), request.query),
  );
  r.get('/api/tasks/:id', as(view, { params: NumericIdParam }, { 200: TaskView }), async (request) =>
    svc.getTask(deps, tenantOf(request), requireActor(request), request.params.id),
  );
  r.put('/api/tasks/:id', as(manage, { params: NumericIdParam, body: TaskInput }, { 200: TaskView }), async (request) =>
    svc.updateTask(deps, tenantOf(request), requireActor(request), request.params.id, request.body),
  );
  r.delete('/api/tasks/:id', as(manage, { params: NumericIdParam }, { 200: OkResponse }), async (request) =>
    svc.deleteTask(deps, tenantOf(request), requireActor(request), request.params.id),
  );
  r.put(
    '/api/tasks/:id/action-taken',
    as(view, { params: NumericIdParam, body: ActionTakenInput }, { 200: TaskView }),
    async (request) =>
      svc.updateActionTaken(
        deps,
        tenantOf(request),
        requireActor(request),
        request.params.id,
        request.body.action_taken,
      ),
  );
  r.post('/api/tasks/:id/complete', as(view, { params: NumericIdParam }, { 200: TaskView }), async (request) =>
    svc.completeTask(deps, tenantOf(request), requireActor(request), request.params.id),
  );
  r.post('/api/tasks/:id/restore', as(manage, { params: NumericIdParam }, { 200: TaskView }), async (request) =>
    svc.restoreTask(deps, tenantOf(request), requireActor(request), request.params.id),
  );
  r.post('/api/tasks/:id/void', as(manage, { params: NumericIdParam }, { 200: TaskView }), async (request) =>
    svc.voidTask(deps, tenantOf(request), requireActor(request), request.params.id),
  );
  r.post('/api/tasks/:id/star', as(view, { params: NumericIdParam }, { 200: TaskView }), async (request) =>
    svc.toggleStar(deps, tenantOf(request), requireActor(request), request.params.id),
  );
  r.get('/api/tasks/:id/history', as(manage, { params: NumericIdParam }, { 200: HistoryResponse }), async (request) =>
    svc.taskHistoryOf(deps, tenantOf(request), requireActor(request), request.params.id),
  );

  // ----- a project's list
  r.post(
    '/api/projects/:id/tasks',
    as(manage, { params: NumericIdParam, body: TaskInput }, { 201: TaskView }),
    async (request, reply) => {
      reply.code(201);
      return svc.createTask(deps, tenantOf(request), requireActor(request), request.params.id, request.body);
    },
  );
  r.get(
    '/api/projects/:id/tasks/choices',
    as(view, { params: NumericIdParam, querystring: ChoicesQuery }, { 200: ChoicesResponse }),
    async (request) =>
      svc.taskChoices(deps, tenantOf(request), requireActor(request), request.params.id, request.query.exclude),
  );
  r.put(
    '/api/projects/:id/tasks/order',
    as(manage, { params: NumericIdParam, body: TaskOrderInput }, { 200: OkResponse }),
    async (request) =>
      svc.reorderTasks(deps, tenantOf(request), requireActor(request), request.params.id, request.body.ids),
  );
  r.post(
    '/api/projects/:id/tasks/recalculate',
    as(manage, { params: NumericIdParam }, { 200: OkResponse }),
    async (request) => svc.recalculate(deps, tenantOf(request), requireActor(request), request.params.id),
  );
  r.post(
    '/api/projects/:id/tasks/assign',
    as(manage, { params: NumericIdParam, body: BulkAssignInput }, { 200: CountResponse }),
    async (request) => svc.bulkAssign(deps, tenantOf(request), requireActor(request), request.params.id, request.body),
  );
  r.post(
    '/api/projects/:id/tasks/apply-template',
    as(manage, { params: NumericIdParam, body: ApplyTemplateInput }, { 200: CountResponse }),
    async (request) =>
      svc.applyTemplate(deps, tenantOf(request), requireActor(request), request.params.id, request.body.template_id),
  );
  r.post(
    '/api/projects/:id/tasks/close-project',
    as(manage, { params: NumericIdParam }, { 200: OkResponse }),
    async (request) => svc.closeProject(deps, tenantOf(request), requireActor(request), request.params.id),
  );
}
