import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  PROJECT_TEXT,
  ProjectCreate,
  ProjectCreated,
  ProjectCreateData,
  ProjectDeleted,
  ProjectDetailsUpdate,
  ProjectListQuery,
  ProjectLocationUpdate,
  ProjectLookup,
  ProjectLookupQuery,
  ProjectOtherUpdate,
  ProjectPage,
  ProjectServicesUpdate,
  ProjectStatusUpdate,
  ProjectView,
} from '@siteflow/core';
import { requireActor, tenantOf, type Actor, type Deps, type TenantContext } from '../../platform/context.js';
import { errorResponses as errors, guard, NumericIdParam } from '../../platform/http.js';
import { cachedJson, sendJson } from '../../platform/read-cache.js';
import { featureRoutes } from '../../platform/route-helpers.js';
import { listProjects, lookupProjects } from './list.js';
import * as svc from './service.js';

export function projectRoutes(app: FastifyInstance, deps: Deps) {
  const { r, tags, view, edit } = featureRoutes(app, 'projects', { view: 'projects.view', edit: 'projects.edit' });

  r.get(
    '/api/projects',
    {
      ...view,
      schema: {
        tags,
        description: 'Projects the user may see. `total` is exact, or stops at 1,000 when `search` is given.',
        querystring: ProjectListQuery,
        response: { 200: ProjectPage, ...errors },
      },
    },
    async (request, reply) =>
      sendJson(
        reply,
        await cachedJson(deps, request, reply, () =>
          listProjects(deps, tenantOf(request), requireActor(request), request.query),
        ),
      ),
  );

  r.get(
    '/api/projects/create-data',
    { ...guard('projects.create'), schema: { tags, response: { 200: ProjectCreateData, ...errors } } },
    async (request) => svc.projectCreateData(deps, tenantOf(request), requireActor(request)),
  );

  r.get(
    '/api/projects/lookup',
    { ...view, schema: { tags, querystring: ProjectLookupQuery, response: { 200: ProjectLookup, ...errors } } },
    async (request) =>
      lookupProjects(deps, tenantOf(request), requireActor(request), request.query.q, request.query.exclude),
  );

  r.post(
    '/api/projects',
    {
      ...guard('projects.create'),
      schema: { tags, body: ProjectCreate, response: { 201: ProjectCreated, ...errors } },
    },
    async (request, reply) => {
      const created = await svc.createProject(deps, tenantOf(request), requireActor(request), request.body);
      reply.code(201);
      return { ...created, redirect_url: `/projects/${created.id}/show`, message: PROJECT_TEXT.created };
    },
  );

  r.get(
    '/api/projects/:id',
    {
      ...view,
      schema: {
        tags,
        description: 'Also records the project in the user’s recently viewed list.',
        params: NumericIdParam,
        response: { 200: ProjectView, ...errors },
      },
    },
    async (request, reply) => {
      const [tenant, actor, id] = [tenantOf(request), requireActor(request), request.params.id];
      const json = await cachedJson(deps, request, reply, () => svc.viewProject(deps, tenant, actor, id));
      // Seen: into the user's recently viewed list (written behind, view-log.ts), also when kept.
      app.viewLog.record(tenant.id, actor.userId, id, deps.clock.now());
      return sendJson(reply, json);
    },
  );

  /**
   * PUT /api/projects/:id/<section>: one section of the project form; answers the refreshed
   * project. Registered on `app` as the body schema is generic here (the zod type provider cannot
   * type it); the body is the `Body` it was validated against.
   */
  const section = <TBody>(
    name: string,
    Body: z.ZodType<TBody>,
    update: (deps: Deps, tenant: TenantContext, actor: Actor, id: number, input: TBody) => Promise<ProjectView>,
  ) =>
    app.put<{ Params: { id: number } }>(
      `/api/projects/:id/${name}`,
      { ...edit, schema: { tags, params: NumericIdParam, body: Body, response: { 200: ProjectView, ...errors } } },
      async (request) =>
        update(deps, tenantOf(request), requireActor(request), request.params.id, request.body as TBody),
    );
  section('details', ProjectDetailsUpdate, svc.updateDetails);
  section('services', ProjectServicesUpdate, svc.updateServices);
  section('other', ProjectOtherUpdate, svc.updateOther);
  section('location', ProjectLocationUpdate, svc.updateLocation);
  section('status', ProjectStatusUpdate, svc.updateStatus);

  r.delete(
    '/api/projects/:id',
    {
      ...guard('projects.delete'),
      schema: { tags, params: NumericIdParam, response: { 200: ProjectDeleted, ...errors } },
    },
    async (request) => {
      await svc.deleteProject(deps, tenantOf(request), requireActor(request), request.params.id);
      return { message: PROJECT_TEXT.deleted, redirect_url: '/projects' };
    },
  );
}
