import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponse, IdParam, STAFF_TEXT, StaffFormOptions, StaffInput, StaffListQuery, StaffPage, StaffView } from '@siteflow/core';
import { authorize, tenantOf, type Deps } from '../../platform/context.js';
import { parseOr422 } from '../../platform/errors.js';
import { roleAudit } from '../../platform/security-log.js';
import { readFormWithImage } from '../../platform/uploads.js';
import { sendImage } from '../customers/routes.js';
import { createStaff, getStaff, listStaff, presentStaff, setStaffActive, staffFormOptions, updateStaff } from './service.js';

const errors = { 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse, 422: ErrorResponse };
const formNote = 'JSON, or multipart/form-data with the fields and an optional profile picture in `file` (jpg/png under 500 kB).';
const WithMessage = z.object({ message: z.string(), staff: StaffView });

export function staffRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/staff', { schema: { tags: ['staff'], querystring: StaffListQuery, response: { 200: StaffPage, ...errors } } }, async (request) => {
    authorize(request, 'staff.view');
    return listStaff(deps, tenantOf(request), request.query);
  });

  r.get(
    '/api/staff/form-options',
    { schema: { tags: ['staff'], querystring: z.object({ id: z.uuid().optional() }), response: { 200: StaffFormOptions, ...errors } } },
    async (request) => staffFormOptions(tenantOf(request), authorize(request, 'staff.manage'), request.query.id),
  );

  r.post('/api/staff', { schema: { tags: ['staff'], description: formNote, response: { 201: WithMessage, ...errors } } }, async (request, reply) => {
    const actor = authorize(request, 'staff.manage');
    const form = await readFormWithImage(request);
    const input = parseOr422(StaffInput, form.fields);
    const staff = await createStaff(deps, tenantOf(request), actor, input, form.image);
    reply.code(201);
    return { message: STAFF_TEXT.created, staff };
  });

  r.get('/api/staff/:id', { schema: { tags: ['staff'], params: IdParam, response: { 200: StaffView, ...errors } } }, async (request) => {
    authorize(request, 'staff.view');
    return presentStaff(await getStaff(deps, tenantOf(request), request.params.id));
  });

  r.put('/api/staff/:id', { schema: { tags: ['staff'], description: formNote, params: IdParam, response: { 200: WithMessage, ...errors } } }, async (request) => {
    const actor = authorize(request, 'staff.manage');
    const form = await readFormWithImage(request);
    const input = parseOr422(StaffInput, form.fields);
    const staff = await updateStaff(deps, tenantOf(request), actor, request.params.id, input, form.image, roleAudit(request));
    return { message: STAFF_TEXT.saved, staff };
  });

  for (const [path, active, message] of [
    ['deactivate', false, STAFF_TEXT.deactivated],
    ['activate', true, STAFF_TEXT.activated],
  ] as const) {
    r.post(`/api/staff/:id/${path}`, { schema: { tags: ['staff'], params: IdParam, response: { 200: WithMessage, ...errors } } }, async (request) => {
      const actor = authorize(request, 'staff.manage');
      const staff = await setStaffActive(deps, tenantOf(request), actor, request.params.id, active);
      return { message, staff };
    });
  }

  r.get('/api/staff/:id/picture', { schema: { tags: ['staff'], params: IdParam } }, async (request, reply) => {
    authorize(request, 'staff.view');
    const staff = await getStaff(deps, tenantOf(request), request.params.id);
    return sendImage(deps, reply, staff.pictureKey);
  });
}
