import type { FastifyInstance } from 'fastify';
import { CustomerInput, CustomerPage, CustomerView, IdParam, PageQuery } from '@siteflow/core';
import { tenantOf, type Deps } from '../../platform/context.js';
import { errorResponses as errors } from '../../platform/http.js';
import { featureRoutes, readImageForm } from '../../platform/route-helpers.js';
import { sendImage } from '../../platform/images.js';
import { createCustomer, getCustomer, listCustomers, updateCustomer, viewCustomer } from './service.js';

const formNote =
  'Send as JSON, or as multipart/form-data with the fields and an optional image in `file` (jpg/png under 500 kB).';

/** Customer companies (tenants), managed by platform admins on the platform host. */
export function customerRoutes(app: FastifyInstance, deps: Deps) {
  const { r, tags, manage } = featureRoutes(app, 'customers', { manage: 'customers.manage' });

  r.get(
    '/api/customers',
    { ...manage, schema: { tags, querystring: PageQuery, response: { 200: CustomerPage, ...errors } } },
    async (request) => listCustomers(deps, request.query),
  );

  r.post(
    '/api/customers',
    { ...manage, schema: { tags, description: formNote, response: { 201: CustomerView, ...errors } } },
    async (request, reply) => {
      const { input, image } = await readImageForm(request, CustomerInput);
      reply.code(201);
      return createCustomer(deps, input, image);
    },
  );

  r.get(
    '/api/customers/:id',
    { ...manage, schema: { tags, params: IdParam, response: { 200: CustomerView, ...errors } } },
    async (request) => viewCustomer(deps, request.params.id),
  );

  r.put(
    '/api/customers/:id',
    { ...manage, schema: { tags, description: formNote, params: IdParam, response: { 200: CustomerView, ...errors } } },
    async (request) => {
      const { input, image } = await readImageForm(request, CustomerInput);
      return updateCustomer(deps, request.params.id, input, image);
    },
  );

  r.get('/api/customers/:id/logo', { ...manage, schema: { tags, params: IdParam } }, async (request, reply) => {
    const customer = await getCustomer(deps, request.params.id);
    return sendImage(deps, reply, customer.logoKey);
  });

  /** The logo of the company at this address, for its sign-in page and menu: public. */
  r.get('/api/tenant/logo', { schema: { tags } }, async (request, reply) =>
    sendImage(deps, reply, tenantOf(request).logoKey),
  );
}
