import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  IdParam,
  STAFF_TEXT,
  StaffFormOptions,
  StaffInput,
  StaffListQuery,
  StaffPage,
  StaffView,
} from '@siteflow/core';
import { requireActor, tenantOf, type Deps } from '../../platform/context.js';
import { errorResponses as errors } from '../../platform/http.js';
import { featureRoutes, readImageForm } from '../../platform/route-helpers.js';
import { sendImage } from '../../platform/images.js';
import { roleAudit } from '../../platform/security-log.js';
import {
  createStaff,
  getStaff,
  listStaff,
  presentStaff,
  setStaffActive,
  staffFormOptions,
  updateStaff,
} from './service.js';

const formNote =
  'JSON, or multipart/form-data with the fields and an optional profile picture in `file` (jpg/png under 500 kB).';
const WithMessage = z.object({ message: z.string(), staff: StaffView });

export function staffRoutes(app: FastifyInstance, deps: Deps) {
  const { r, tags, view, manage } = featureRoutes(app, 'staff', { view: 'staff.view', manage: 'staff.manage' });

  r.get(
    '/api/staff',
    { ...view, schema: { tags, querystring: StaffListQuery, response: { 200: StaffPage, ...errors } } },
    async (request) => listStaff(deps, tenantOf(request), request.query),
  );

  r.get(
    '/api/staff/form-options',
    {
      ...manage,
      schema: {
        tags,
        querystring: z.object({ id: z.uuid().optional() }),
        response: { 200: StaffFormOptions, ...errors },
      },
    },
    async (request) => staffFormOptions(deps, tenantOf(request), requireActor(request), request.query.id),
  );

  r.post(
    '/api/staff',
    { ...manage, schema: { tags, description: formNote, response: { 201: WithMessage, ...errors } } },
    async (request, reply) => {
      const { input, image } = await readImageForm(request, StaffInput);
      const staff = await createStaff(deps, tenantOf(request), requireActor(request), input, image);
      reply.code(201);
      return { message: STAFF_TEXT.created, staff };
    },
  );

  r.get(
    '/api/staff/:id',
    { ...view, schema: { tags, params: IdParam, response: { 200: StaffView, ...errors } } },
    async (request) => presentStaff(await getStaff(deps, tenantOf(request), request.params.id)),
  );

  r.put(
    '/api/staff/:id',
    { ...manage, schema: { tags, description: formNote, params: IdParam, response: { 200: WithMessage, ...errors } } },
    async (request) => {
      const { input, image } = await readImageForm(request, StaffInput);
      const actor = requireActor(request);
      const staff = await updateStaff(
        deps,
        tenantOf(request),
        actor,
        request.params.id,
        input,
        image,
        roleAudit(request),
      );
      return { message: STAFF_TEXT.saved, staff };
    },
  );

  for (const [path, active, message] of [
    ['deactivate', false, STAFF_TEXT.deactivated],
    ['activate', true, STAFF_TEXT.activated],
  ] as const) {
    r.post(
      `/api/staff/:id/${path}`,
      { ...manage, schema: { tags, params: IdParam, response: { 200: WithMessage, ...errors } } },
      async (request) => ({
        message,
        staff: await setStaffActive(deps, tenantOf(request), requireActor(request), request.params.id, active),
      }),
    );
  }

  r.get('/api/staff/:id/picture', { ...view, schema: { tags, params: IdParam } }, async (request, reply) => {
    const staff = await getStaff(deps, tenantOf(request), request.params.id);
    return sendImage(deps, reply, staff.pictureKey);
  });
}
