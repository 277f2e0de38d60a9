import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CustomerInput, CustomerPage, CustomerView, ErrorResponse, IdParam, PageQuery } from '@siteflow/core';
import { authorize, tenantOf, type Deps } from '../../platform/context.js';
import { notFound, parseOr422 } from '../../platform/errors.js';
import { mimeOfKey, readFormWithImage, STORED_FILE_CSP } from '../../platform/uploads.js';
import { createCustomer, getCustomer, listCustomers, updateCustomer, viewCustomer } from './service.js';

const errors = { 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse, 422: ErrorResponse };
const formNote = 'Send as JSON, or as multipart/form-data with the fields and an optional image in `file` (jpg/png under 500 kB).';

export function customerRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/customers', { schema: { tags: ['customers'], querystring: PageQuery, response: { 200: CustomerPage, ...errors } } }, async (request) => {
    authorize(request, 'customers.manage');
    return listCustomers(deps, request.query);
  });

  r.post('/api/customers', { schema: { tags: ['customers'], description: formNote, response: { 201: CustomerView, ...errors } } }, async (request, reply) => {
    authorize(request, 'customers.manage');
    const form = await readFormWithImage(request);
    const input = parseOr422(CustomerInput, form.fields);
    reply.code(201);
    return createCustomer(deps, input, form.image);
  });

  r.get('/api/customers/:id', { schema: { tags: ['customers'], params: IdParam, response: { 200: CustomerView, ...errors } } }, async (request) => {
    authorize(request, 'customers.manage');
    return viewCustomer(deps, request.params.id);
  });

  r.put('/api/customers/:id', { schema: { tags: ['customers'], description: formNote, params: IdParam, response: { 200: CustomerView, ...errors } } }, async (request) => {
    authorize(request, 'customers.manage');
    const form = await readFormWithImage(request);
    const input = parseOr422(CustomerInput, form.fields);
    return updateCustomer(deps, request.params.id, input, form.image);
  });

  r.get('/api/customers/:id/logo', { schema: { tags: ['customers'], params: IdParam } }, async (request, reply) => {
    authorize(request, 'customers.manage');
    const customer = await getCustomer(deps, request.params.id);
    return sendImage(deps, reply, customer.logoKey);
  });

  /** The logo of the company at this address, for its sign-in page and menu: public. */
  r.get('/api/tenant/logo', { schema: { tags: ['customers'] } }, async (request, reply) => sendImage(deps, reply, tenantOf(request).logoKey));
}

async function sendImage(deps: Pick<Deps, 'files'>, reply: import('fastify').FastifyReply, key: string | null) {
  const data = key ? await deps.files.read(key) : null;
  if (!key || !data) throw notFound('The image');
  // Addresses carry a version (?v=) that changes with the image, so it may be cached for long.
  return reply
    .type(mimeOfKey(key))
    .header('cache-control', 'private, max-age=86400')
    .header('content-disposition', 'inline')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', STORED_FILE_CSP)
    .send(data);
}

export { sendImage };
