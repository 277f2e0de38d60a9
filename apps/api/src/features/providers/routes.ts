import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  IdParam,
  NotifyProviderResult,
  ProjectRatings,
  ProjectView,
  ProviderAssign,
  ProviderInput,
  ProviderListQuery,
  ProviderOptionList,
  ProviderOptionsQuery,
  ProviderPage,
  ProviderSearchQuery,
  ProviderSearchResponse,
  ProviderUserInput,
  ProviderView,
  RatingInput,
  RatingKindParam,
} from '@siteflow/core';
import { authorize, requireActor, tenantOf, type Deps } from '../../platform/context.js';
import { roleAudit } from '../../platform/security-log.js';
import { errorResponses as errors, guard, numericId, NumericIdParam, uuidId } from '../../platform/http.js';
import { cachedJson, sendJson } from '../../platform/read-cache.js';
import { featureRoutes } from '../../platform/route-helpers.js';
import { assignProvider, notificationStatus, notifyProvider } from './assignment.js';
import { getRatings, rateProject } from './ratings.js';
import { searchProviders } from './search.js';
import * as svc from './service.js';

const UserParams = z.object({ id: uuidId, userId: uuidId });
const NotificationParams = z.object({ id: numericId, notificationId: uuidId });
const RatingParams = z.object({ id: numericId, kind: RatingKindParam });
const ActiveBody = z.object({ active: z.boolean({ error: 'Choose active or inactive.' }) });

/** The rating kind decides the ability: performance (staff), customer (the project's client users). */
const rateGuard = {
  preValidation: async (request: FastifyRequest) => {
    const kind = (request.params as { kind?: string }).kind;
    authorize(request, kind === 'customer' ? 'projects.rateCustomer' : 'projects.ratePerformance');
  },
};

export function providerRoutes(app: FastifyInstance, deps: Deps) {
  const { r, tags, view, manage } = featureRoutes(app, 'service providers', {
    view: 'providers.view',
    manage: 'providers.manage',
  });
  const own = 'Provider users (sp_admin, sp_employee) see only their own provider; another id is 404.';

  r.get(
    '/api/service-providers',
    {
      ...view,
      schema: {
        tags,
        description: `Search matches name, suburb, postcode and e-mail. Status label and colour of the details set. ${own}`,
        querystring: ProviderListQuery,
        response: { 200: ProviderPage, ...errors },
      },
    },
    async (request) => svc.listProviders(deps, tenantOf(request), requireActor(request), request.query),
  );

  r.get(
    '/api/service-providers/options',
    {
      ...guard('projects.assignProvider'),
      schema: {
        tags,
        description: 'The picker by trading name (up to 20, deleted providers left out), each with its active staff.',
        querystring: ProviderOptionsQuery,
        response: { 200: ProviderOptionList, ...errors },
      },
    },
    async (request) => svc.providerOptions(deps, tenantOf(request), requireActor(request), request.query.q),
  );

  r.get(
    '/api/service-providers/search',
    {
      ...guard('providers.search'),
      schema: {
        tags,
        description:
          'The search / assignment map. With project_id (automatic mode) the project’s place, dates, categories and services are used and the other fields ignored. distance 0: no limit, otherwise providers at or under the distance (km as shown, one decimal); without a centre (no project location and no address found) no distance applies. Categories: any of them; services: any of them. Deleted providers are left out. Nearest first, then by name; `total` counts every match.',
        querystring: ProviderSearchQuery,
        response: { 200: ProviderSearchResponse, ...errors },
      },
    },
    async (request, reply) =>
      sendJson(
        reply,
        await cachedJson(deps, request, reply, () =>
          searchProviders(deps, tenantOf(request), requireActor(request), request.query),
        ),
      ),
  );

  r.get(
    '/api/service-providers/:id',
    { ...view, schema: { tags, description: own, params: IdParam, response: { 200: ProviderView, ...errors } } },
    async (request) => svc.getProvider(deps, tenantOf(request), requireActor(request), request.params.id),
  );

  r.post(
    '/api/service-providers',
    {
      ...manage,
      schema: {
        tags,
        description: 'The business address is placed with the gazetteer (no address, or not found: no location).',
        body: ProviderInput,
        response: { 201: ProviderView, ...errors },
      },
    },
    async (request, reply) => {
      const created = await svc.createProvider(deps, tenantOf(request), requireActor(request), request.body);
      reply.code(201);
      return created;
    },
  );

  r.put(
    '/api/service-providers/:id',
    {
      ...manage,
      schema: {
        tags,
        description: 'Categories, services and availabilities are replaced as whole sets.',
        params: IdParam,
        body: ProviderInput,
        response: { 200: ProviderView, ...errors },
      },
    },
    async (request) =>
      svc.updateProvider(deps, tenantOf(request), requireActor(request), request.params.id, request.body),
  );

  r.post(
    '/api/service-providers/:id/users',
    {
      ...manage,
      schema: {
        tags,
        description:
          'Creates a provider user and e-mails them an invitation to set a password. Answers the refreshed provider.',
        params: IdParam,
        body: ProviderUserInput,
        response: { 201: ProviderView, ...errors },
      },
    },
    async (request, reply) => {
      const tenant = tenantOf(request);
      const actor = requireActor(request);
      await svc.createProviderUser(deps, tenant, actor, request.params.id, request.body);
      reply.code(201);
      return svc.getProvider(deps, tenant, actor, request.params.id);
    },
  );

  r.put(
    '/api/service-providers/:id/users/:userId',
    {
      ...manage,
      schema: { tags, params: UserParams, body: ProviderUserInput, response: { 200: ProviderView, ...errors } },
    },
    async (request) => {
      const tenant = tenantOf(request);
      const actor = requireActor(request);
      await svc.updateProviderUser(
        deps,
        tenant,
        actor,
        request.params.id,
        request.params.userId,
        request.body,
        roleAudit(request),
      );
      return svc.getProvider(deps, tenant, actor, request.params.id);
    },
  );

  r.put(
    '/api/service-providers/:id/users/:userId/active',
    {
      ...manage,
      schema: {
        tags,
        description: 'Deactivating ends every session of the user.',
        params: UserParams,
        body: ActiveBody,
        response: { 200: ProviderView, ...errors },
      },
    },
    async (request) => {
      const tenant = tenantOf(request);
      const actor = requireActor(request);
      await svc.setProviderUserActive(
        deps,
        tenant,
        actor,
        request.params.id,
        request.params.userId,
        request.body.active,
      );
      return svc.getProvider(deps, tenant, actor, request.params.id);
    },
  );

  // ---------------------------------------------------------------------------------------------
  // On a project

  const projectTags = ['projects'];

  r.post(
    '/api/projects/:id/service-provider',
    {
      ...guard('projects.assignProvider'),
      schema: {
        tags: projectTags,
        description:
          'Assigns the provider and staff of it, replacing the previous ones; with send_email_sp the provider is e-mailed (as notify-provider). Answers the refreshed project.',
        params: NumericIdParam,
        body: ProviderAssign,
        response: { 200: ProjectView, ...errors },
      },
    },
    async (request) => assignProvider(deps, tenantOf(request), requireActor(request), request.params.id, request.body),
  );

  r.post(
    '/api/projects/:id/notify-provider',
    {
      ...guard('projects.notifyProvider'),
      schema: {
        tags: projectTags,
        description:
          'E-mails the project’s provider (its address and the assigned staff) through the job queue. Status pending until delivered.',
        params: NumericIdParam,
        response: { 200: NotifyProviderResult, ...errors },
      },
    },
    async (request) => notifyProvider(deps, tenantOf(request), requireActor(request), request.params.id),
  );

  r.get(
    '/api/projects/:id/notify-provider/:notificationId',
    {
      ...guard('projects.notifyProvider'),
      schema: { tags: projectTags, params: NotificationParams, response: { 200: NotifyProviderResult, ...errors } },
    },
    async (request) =>
      notificationStatus(
        deps,
        tenantOf(request),
        requireActor(request),
        request.params.id,
        request.params.notificationId,
      ),
  );

  r.get(
    '/api/projects/:id/ratings',
    {
      ...guard('projects.view'),
      schema: {
        tags: projectTags,
        description: 'Client roles get performance: null.',
        params: NumericIdParam,
        response: { 200: ProjectRatings, ...errors },
      },
    },
    async (request) => getRatings(deps, tenantOf(request), requireActor(request), request.params.id),
  );

  r.put(
    '/api/projects/:id/ratings/:kind',
    {
      ...rateGuard,
      schema: {
        tags: projectTags,
        description:
          'performance: staff (projects.ratePerformance); customer: users of the project’s client (projects.rateCustomer). Only once the project is completed or closed and has a provider. Recomputes the provider’s averages.',
        params: RatingParams,
        body: RatingInput,
        response: { 200: ProjectRatings, ...errors },
      },
    },
    async (request) =>
      rateProject(deps, tenantOf(request), requireActor(request), request.params.id, request.params.kind, request.body),
  );
}
