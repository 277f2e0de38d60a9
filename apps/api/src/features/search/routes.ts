import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { OkResponse, QuickSearchQuery, QuickSearchResult, RecentlyViewedPage } from '@siteflow/core';
import { requireActor, tenantOf, type Deps } from '../../platform/context.js';
import { errorResponses as errors, numericId } from '../../platform/http.js';
import { cachedJson, sendJson } from '../../platform/read-cache.js';
import { featureRoutes } from '../../platform/route-helpers.js';
import { forgetRecentlyViewed, quickSearch, recentlyViewed } from './service.js';

const RecentQuery = z.object({
  page: z.coerce.number().int().min(1).max(10000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
});
export const RECENT_REMOVED = 'Removed from recently viewed.';

/** Quick search (Ctrl+K) and the Recently Viewed popup. */
export function searchRoutes(app: FastifyInstance, deps: Deps) {
  const { r, tags, view } = featureRoutes(app, 'search', { view: 'projects.view' });

  r.get(
    '/api/search/projects',
    {
      ...view,
      schema: {
        tags,
        description:
          'Matches code, name, order reference, client and address: the term as typed, else every word of it anywhere, else with typing slips corrected against the words of the company’s projects; newest first. `total` stops at 1,000. `service_provider_name` is left out for client roles.',
        querystring: QuickSearchQuery,
        response: { 200: QuickSearchResult, ...errors },
      },
    },
    async (request, reply) =>
      sendJson(
        reply,
        await cachedJson(deps, request, reply, () =>
          quickSearch(deps, tenantOf(request), requireActor(request), request.query),
        ),
      ),
  );

  r.get(
    '/api/recently-viewed',
    {
      ...view,
      schema: { tags, querystring: RecentQuery, response: { 200: RecentlyViewedPage, ...errors } },
    },
    async (request) => {
      await app.viewLog.flush(); // the views this process has noted but not written yet
      return recentlyViewed(deps, tenantOf(request), requireActor(request), request.query);
    },
  );

  r.delete(
    '/api/recently-viewed/:projectId',
    {
      ...view,
      schema: {
        tags,
        params: z.object({ projectId: numericId }),
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => {
      await app.viewLog.flush(); // a view noted but not written yet would bring the project back
      await forgetRecentlyViewed(deps, tenantOf(request), requireActor(request), request.params.projectId);
      return { message: RECENT_REMOVED };
    },
  );
}
