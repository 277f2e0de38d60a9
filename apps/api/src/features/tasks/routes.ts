import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ActionTakenInput,
  ApplyTemplateInput,
  Assignee,
  AssigneeQuery,
  BulkAssignInput,
  OkResponse,
  StoryboardQuery,
  StoryboardView,
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
import { storyboard } from './storyboard.js';
import * as bulk from './bulk.js';
import * as svc from './service.js';
import * as transitions from './transitions.js';

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
  const byId = <G extends object, S extends object, R extends object>(guard: G, schema: S, response: R) =>
    as(guard, { params: NumericIdParam, ...schema }, response);
  /** A handler's first arguments: the request's tenant and actor, and the route's :id. */
  const on = (request: FastifyRequest & { params: { id: number } }) =>
    [deps, tenantOf(request), requireActor(request), request.params.id] as const;

  r.get('/api/tasks', as(view, { querystring: TaskListQuery }, { 200: TaskList }), async (request) =>
    listTasks(deps, tenantOf(request), requireActor(request), request.query),
  );
  r.get(
    '/api/tasks/assignees',
    as(manage, { querystring: AssigneeQuery }, { 200: AssigneesResponse }),
    async (request) => svc.assignees(deps, tenantOf(request), request.query),
  );
  r.get('/api/tasks/:id', byId(view, {}, { 200: TaskView }), async (request) => svc.getTask(...on(request)));
  r.put('/api/tasks/:id', byId(manage, { body: TaskInput }, { 200: TaskView }), async (request) =>
    svc.updateTask(...on(request), request.body),
  );
  r.delete('/api/tasks/:id', byId(manage, {}, { 200: OkResponse }), async (request) =>
    transitions.deleteTask(...on(request)),
  );
  r.put('/api/tasks/:id/action-taken', byId(view, { body: ActionTakenInput }, { 200: TaskView }), async (request) =>
    svc.updateActionTaken(...on(request), request.body.action_taken),
  );
  r.post('/api/tasks/:id/complete', byId(view, {}, { 200: TaskView }), async (request) =>
    transitions.completeTask(...on(request)),
  );
  r.post('/api/tasks/:id/restore', byId(manage, {}, { 200: TaskView }), async (request) =>
    transitions.restoreTask(...on(request)),
  );
  r.post('/api/tasks/:id/void', byId(manage, {}, { 200: TaskView }), async (request) =>
    transitions.voidTask(...on(request)),
  );
  r.post('/api/tasks/:id/star', byId(view, {}, { 200: TaskView }), async (request) => svc.toggleStar(...on(request)));
  r.get('/api/tasks/:id/history', byId(manage, {}, { 200: HistoryResponse }), async (request) =>
    svc.taskHistoryOf(...on(request)),
  );

  // ----- a project's list
  r.post('/api/projects/:id/tasks', byId(manage, { body: TaskInput }, { 201: TaskView }), async (request, reply) => {
    reply.code(201);
    return svc.createTask(...on(request), request.body);
  });
  r.get(
    '/api/projects/:id/tasks/choices',
    byId(view, { querystring: ChoicesQuery }, { 200: ChoicesResponse }),
    async (request) => svc.taskChoices(...on(request), request.query.exclude),
  );
  r.get(
    '/api/projects/:id/storyboard',
    byId(view, { querystring: StoryboardQuery }, { 200: StoryboardView }),
    async (request) => storyboard(...on(request), request.query.board),
  );
  r.put('/api/projects/:id/tasks/order', byId(manage, { body: TaskOrderInput }, { 200: OkResponse }), async (request) =>
    bulk.reorderTasks(...on(request), request.body.ids),
  );
  r.post('/api/projects/:id/tasks/recalculate', byId(manage, {}, { 200: OkResponse }), async (request) =>
    bulk.recalculate(...on(request)),
  );
  r.post(
    '/api/projects/:id/tasks/assign',
    byId(manage, { body: BulkAssignInput }, { 200: CountResponse }),
    async (request) => bulk.bulkAssign(...on(request), request.body),
  );
  r.post(
    '/api/projects/:id/tasks/apply-template',
    byId(manage, { body: ApplyTemplateInput }, { 200: CountResponse }),
    async (request) => bulk.applyTemplate(...on(request), request.body.template_id),
  );
  r.post('/api/projects/:id/tasks/close-project', byId(manage, {}, { 200: OkResponse }), async (request) =>
    bulk.closeProject(...on(request)),
  );
}
