import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DirectionsView, ErrorResponse, NearbyProviders, NearbyProvidersQuery, PlaceList, PlaceQuery, POSTCODE_MESSAGE, STATES } from '@siteflow/core';
import { authorize, requireActor, tenantOf, type Deps } from '../../platform/context.js';
import { guard, NumericIdParam } from '../../platform/http.js';
import { projectDirections, type DirectionsDeps } from './directions.js';
import { postcodeState } from './geocode.js';
import { nearbyProviders } from './nearby.js';
import { searchPlaces } from './places.js';

const errors = { 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 422: ErrorResponse };
const PostcodeStateQuery = z.object({
  postcode: z
    .string({ error: POSTCODE_MESSAGE })
    .trim()
    .regex(/^\d{1,4}$/, POSTCODE_MESSAGE),
  suburb: z.string().trim().max(100).optional(),
});
const PostcodeState = z.object({ state: z.enum(STATES).nullable() });

export function geoRoutes(app: FastifyInstance, deps: Pick<Deps, 'db'>) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/geo/places',
    {
      schema: {
        tags: ['geo'],
        description:
          'Address autocomplete (AU suburbs with postcodes, NZ towns) from the offline gazetteer: digits match postcodes by prefix, words match place names (typos tolerated). At most 10.',
        querystring: PlaceQuery,
        response: { 200: PlaceList, ...errors },
      },
    },
    async (request) => {
      authorize(request, 'projects.view');
      return { items: await searchPlaces(deps.db, request.query.q, request.query.country) };
    },
  );

  r.get(
    '/api/geo/postcode-state',
    {
      schema: {
        tags: ['geo'],
        description:
          "The state of a postcode: the gazetteer's where it knows the postcode (and suburb), else the rule of spec 1 section 9.",
        querystring: PostcodeStateQuery,
        response: { 200: PostcodeState, ...errors },
      },
    },
    async (request) => {
      authorize(request, 'projects.view');
      return { state: await postcodeState(deps.db, request.query.postcode, request.query.suburb || null) };
    },
  );
}

/** Driving routes for a project: directions from its provider, and the providers near it. */
export function routingRoutes(app: FastifyInstance, deps: DirectionsDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/projects/:id/directions',
    {
      ...guard('projects.view'),
      schema: {
        tags: ['projects'],
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
      ...guard('projects.assignProvider'),
      schema: {
        tags: ['projects'],
        description:
          'Providers (not deleted, with a location) whose driving distance to the project is at most `distance` x 1000 m, nearest first. Candidates are the 200 nearest within `distance` km as the crow flies; a provider whose route lookup fails is left out and counted in `failed`. A project without coordinates has no origin and no items.',
        params: NumericIdParam,
        querystring: NearbyProvidersQuery,
        response: { 200: NearbyProviders, ...errors },
      },
    },
    async (request) => nearbyProviders(deps, tenantOf(request), requireActor(request), request.params.id, request.query.distance),
  );
}
