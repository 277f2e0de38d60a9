import type { FastifyInstance } from 'fastify';
import { FinancePullQuery, FinancePullView, FinanceSaveInput, FinanceView } from '@siteflow/core';
import { requireActor, tenantOf, type Deps } from '../../platform/context.js';
import { errorResponses as errors, NumericIdParam } from '../../platform/http.js';
import { featureRoutes } from '../../platform/route-helpers.js';
import * as svc from './service.js';

/**
 * A project's finance (issue 14 section 2; spec 3 sections 2.6, 7): read it, save it whole, and
 * the lines proposed from the Accepted quote and its agreements. Staff only (finance.view to read,
 * finance.manage to save and pull; docs/decisions.md, "Finance").
 */
export function financeRoutes(app: FastifyInstance, deps: Deps) {
  const { r, tags, view, manage } = featureRoutes(app, 'finance', {
    view: 'finance.view',
    manage: 'finance.manage',
  });
  const base = '/api/projects/:id/finances';

  r.get(
    base,
    { ...view, schema: { tags, params: NumericIdParam, response: { 200: FinanceView, ...errors } } },
    async (request) => svc.getFinance(deps, tenantOf(request), requireActor(request), request.params.id),
  );
  r.put(
    base,
    {
      ...manage,
      schema: { tags, params: NumericIdParam, body: FinanceSaveInput, response: { 200: FinanceView, ...errors } },
    },
    async (request) => svc.saveFinance(deps, tenantOf(request), requireActor(request), request.params.id, request.body),
  );
  r.get(
    `${base}/pull`,
    {
      ...manage,
      schema: {
        tags,
        params: NumericIdParam,
        querystring: FinancePullQuery,
        response: { 200: FinancePullView, ...errors },
      },
    },
    async (request) =>
      svc.pullFinance(deps, tenantOf(request), requireActor(request), request.params.id, request.query),
  );
}
