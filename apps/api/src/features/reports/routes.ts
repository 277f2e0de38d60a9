import type { FastifyInstance } from 'fastify';
import { financeReportXlsxName, FinanceReportInput, FinanceReportOptions, FinanceReportView } from '@siteflow/core';
import { tenantOf, type Deps } from '../../platform/context.js';
import { errorResponses as errors } from '../../platform/http.js';
import { featureRoutes } from '../../platform/route-helpers.js';
import * as svc from './service.js';
import { financeReportXlsx } from './xlsx.js';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The finance report (issue 14 section 3; spec 3 sections 2.7, 7): the managers to choose from,
 * the report for the chosen period, statuses and managers, and the same report as an XLSX.
 * Staff only ('reports.view'); every statement runs in the caller's tenant (RLS).
 */
export function reportRoutes(app: FastifyInstance, deps: Deps) {
  const { r, tags, view } = featureRoutes(app, 'reports', { view: 'reports.view' });

  r.get(
    '/api/reports/finance/options',
    { ...view, schema: { tags, response: { 200: FinanceReportOptions, ...errors } } },
    async (request) => svc.financeReportOptions(deps, tenantOf(request)),
  );
  r.post(
    '/api/reports/finance/generate',
    { ...view, schema: { tags, body: FinanceReportInput, response: { 200: FinanceReportView, ...errors } } },
    async (request) => svc.financeReport(deps, tenantOf(request), request.body),
  );
  // The file: no response schema (the body is the file; errors are the usual JSON).
  r.post(
    '/api/reports/finance.xlsx',
    {
      ...view,
      schema: {
        tags,
        description:
          'The finance report as an XLSX (finance-report-{yyyy-MM-dd}.xlsx), for the same filters as generate.',
        body: FinanceReportInput,
      },
    },
    async (request, reply) => {
      const tenant = tenantOf(request);
      const { report, managers } = await svc.financeReportDocument(deps, tenant, request.body);
      const name = financeReportXlsxName(svc.reportToday(deps));
      return reply
        .type(XLSX_TYPE)
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('x-content-type-options', 'nosniff')
        .send(await financeReportXlsx(report, request.body, { companyName: tenant.name, managers }));
    },
  );
}
