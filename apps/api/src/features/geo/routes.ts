import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PlaceList, PlaceQuery, POSTCODE_MESSAGE, STATES } from '@siteflow/core';
import { type Deps } from '../../platform/context.js';
import { errorResponses as errors, guard } from '../../platform/http.js';
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
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/geo/places',
    {
      ...guard('projects.view'),
      schema: {
        tags: ['geo'],
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
      ...guard('projects.view'),
      schema: {
        tags: ['geo'],
        description:
          "The state of a postcode: the gazetteer's where it knows the postcode (and suburb), else the rule of spec 1 section 9.",
        querystring: PostcodeStateQuery,
        response: { 200: PostcodeState, ...errors },
      },
    },
    async (request) => ({ state: await postcodeState(deps.db, request.query.postcode, request.query.suburb || null) }),
  );
}
