import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PlaceList, PlaceQuery, POSTCODE_MESSAGE, STATES } from '@siteflow/core';
import { type Deps } from '../../platform/context.js';
import { errorResponses as errors } from '../../platform/http.js';
import { featureRoutes } from '../../platform/route-helpers.js';
import { postcodeState } from './geocode.js';
import { searchPlaces } from './places.js';

const PostcodeStateQuery = z.object({
  postcode: z
    .string({ error: POSTCODE_MESSAGE })
    .trim()
    .regex(/^\d{1,4}$/, POSTCODE_MESSAGE),
  suburb: z.string().trim().max(100).optional(),
});
const PostcodeState = z.object({ state: z.enum(STATES).nullable() });

export function geoRoutes(app: FastifyInstance, deps: Pick<Deps, 'db'>) {
  const { r, tags, view } = featureRoutes(app, 'geo', { view: 'projects.view' });

  r.get(
    '/api/geo/places',
    {
      ...view,
      schema: {
        tags,
        description:
          'Address autocomplete (AU suburbs with postcodes, NZ towns) from the offline gazetteer: digits match postcodes by prefix, words match place names (typos tolerated). At most 10.',
        querystring: PlaceQuery,
        response: { 200: PlaceList, ...errors },
      },
    },
    async (request) => ({ items: await searchPlaces(deps, request.query.q, request.query.country) }),
  );

  r.get(
    '/api/geo/postcode-state',
    {
      ...view,
      schema: {
        tags,
        description:
          "The state of a postcode: the gazetteer's where it knows the postcode (and suburb), else the rule of spec 1 section 9.",
        querystring: PostcodeStateQuery,
        response: { 200: PostcodeState, ...errors },
      },
    },
    async (request) => ({ state: await postcodeState(deps.db, request.query.postcode, request.query.suburb || null) }),
  );
}
