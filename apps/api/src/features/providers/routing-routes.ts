import type { FastifyInstance } from 'fastify';
import { DirectionsView, ErrorResponse, NearbyProviders, NearbyProvidersQuery } from '@siteflow/core';
import { requireActor, tenantOf } from '../../platform/context.js';
import { NumericIdParam } from '../../platform/http.js';
import { featureRoutes } from '../../platform/route-helpers.js';
import { projectDirections, type DirectionsDeps } from './directions.js';
import { nearbyProviders } from './nearby.js';

const errors = { 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 422: ErrorResponse };

/** Driving routes for a project: directions from its provider, and the providers near it. */
export function routingRoutes(app: FastifyInstance, deps: DirectionsDeps) {
  const { r, tags, view, assign } = featureRoutes(app, 'projects', {
    view: 'projects.view',
    assign: 'projects.assignProvider',
  });

  r.get(
    '/api/projects/:id/directions',
    {
      ...view,
      schema: {
        tags,
        description:
          "From the project's service provider (A, business address) to the project (B). Client roles get the project only. `status` NO_PROVIDER without a provider; NOT_FOUND when either has no coordinates; a routing failure keeps the points with the spec's message. `route.approximate` is true for the offline estimate (also the fallback when the routing service fails).",
        params: NumericIdParam,
        response: { 200: DirectionsView, ...errors },
      },
    },
    async (request) => projectDirections(deps, tenantOf(request), requireActor(request), request.params.id),
  );

  r.get(
    '/api/projects/:id/nearby-providers',
    {
      ...assign,
      schema: {
        tags,
        description:
          'Providers (not deleted, with a location) whose driving distance to the project is at most `distance` x 1000 m, nearest first. Candidates are the 200 nearest within `distance` km as the crow flies; a provider whose route lookup fails is left out and counted in `failed`. A project without coordinates has no origin and no items.',
        params: NumericIdParam,
        querystring: NearbyProvidersQuery,
        response: { 200: NearbyProviders, ...errors },
      },
    },
    async (request) =>
      nearbyProviders(deps, tenantOf(request), requireActor(request), request.params.id, request.query.distance),
  );
}
