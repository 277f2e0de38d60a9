import type { FastifyInstance } from 'fastify';
import { ProjectMapOptions, ProjectMapQuery, ProjectMapResponse } from '@siteflow/core';
import { requireActor, tenantOf, type Deps } from '../../platform/context.js';
import { errorResponses as errors } from '../../platform/http.js';
import { cachedJson, sendJson } from '../../platform/read-cache.js';
import { featureRoutes } from '../../platform/route-helpers.js';
import { projectMapOptions } from './options.js';
import { projectMap } from './service.js';

export function projectMapRoutes(app: FastifyInstance, deps: Pick<Deps, 'db' | 'clock'>) {
  const { r, tags, view } = featureRoutes(app, 'project-map', { view: 'projectMap.view' });
  r.get(
    '/api/project-map',
    {
      ...view,
      schema: {
        tags,
        description:
          'The projects the user may see, filtered by role (spec 1 section 6: client roles have no project manager, client or performance filter and get performance_rating null; provider roles no project manager or client filter). The centre is lat/lng when given, else the geocoded postcode/suburb/state; with a centre, distance keeps projects strictly under it (great circle). `markers`: the located projects in `bbox` (south,west,north,east; all when absent) clustered on a grid of 60-pixel cells at `zoom` (up to zoom 12 for staff filtering by status alone, from per-status grid counts: a cell at the edge of the view counts all of its projects); a marker with count 1 carries its project. `items`: one page of the list (start date newest first, projects without coordinates included) with an exact `total`.',
        querystring: ProjectMapQuery,
        response: { 200: ProjectMapResponse, ...errors },
      },
    },
    async (request, reply) =>
      sendJson(
        reply,
        await cachedJson(deps, request, reply, () =>
          projectMap(deps, tenantOf(request), requireActor(request), request.query),
        ),
      ),
  );
  r.get(
    '/api/project-map/options',
    {
      ...view,
      schema: {
        tags,
        description:
          "The filters' options for any role that sees the map (categories with services; account managers: a client's own, or those of a provider's projects), and `home`, the user's own location for when the browser's location is refused.",
        response: { 200: ProjectMapOptions, ...errors },
      },
    },
    async (request) => projectMapOptions(deps, tenantOf(request), requireActor(request)),
  );
}
