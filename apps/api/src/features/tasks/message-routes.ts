import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  OkResponse,
  TaskAttachmentLink,
  TaskEmailSend,
  TaskEmailTemplate,
  TaskEmailTemplateInput,
  TaskMessageChoice,
  TaskMessagePreview,
} from '@siteflow/core';
import { requireActor, tenantOf, type Deps } from '../../platform/context.js';
import { errorResponses as errors, NumericIdParam } from '../../platform/http.js';
import { featureRoutes } from '../../platform/route-helpers.js';
import * as svc from './messages.js';

const Saved = z.object({ message: z.string(), preview: TaskMessagePreview });
const Customised = z.object({ template: TaskEmailTemplate, preview: TaskMessagePreview });
const CHANNELS = { email: 'email', sms: 'sms' } as const;

/**
 * A task's e-mail and SMS (spec 2 sections 2.5 and 7): GET the message as it would go now, PUT the
 * recipient, contact and template ('Email Saved' / 'SMS Saved'), DELETE to clear, POST .../send to
 * send it through the outbox (recorded in the task's history). Company roles only.
 */
export function taskMessageRoutes(app: FastifyInstance, deps: Deps) {
  const { r, tags, manage } = featureRoutes(app, 'tasks', { manage: 'tasks.manage' });
  const options = <S extends object, R extends object>(schema: S, response: R) => ({
    ...manage,
    schema: { tags, params: NumericIdParam, ...schema, response: { ...response, ...errors } },
  });
  for (const channel of Object.values(CHANNELS)) {
    const path = `/api/tasks/:id/${channel}`;
    r.get(path, options({}, { 200: TaskMessagePreview }), async (request) =>
      svc.previewTaskMessage(deps, tenantOf(request), requireActor(request), request.params.id, channel),
    );
    r.put(path, options({ body: TaskMessageChoice }, { 200: Saved }), async (request) =>
      svc.saveTaskMessage(deps, tenantOf(request), requireActor(request), request.params.id, channel, request.body),
    );
    r.delete(path, options({}, { 200: Saved }), async (request) =>
      svc.clearTaskMessage(deps, tenantOf(request), requireActor(request), request.params.id, channel),
    );
    r.post(
      `${path}/send`,
      options({ body: channel === 'email' ? TaskEmailSend : TaskEmailSend.pick({}) }, { 200: OkResponse }),
      async (request) =>
        svc.sendTaskMessage(deps, tenantOf(request), requireActor(request), request.params.id, channel, {
          cc: [],
          attachments: [],
          ...(request.body as object),
        } as z.output<typeof TaskEmailSend>),
    );
  }

  // The documents (project links) the task's e-mail can list.
  r.get(
    '/api/tasks/:id/email/attachments',
    options({}, { 200: z.object({ items: z.array(TaskAttachmentLink) }) }),
    async (request) => svc.listTaskAttachments(deps, tenantOf(request), request.params.id),
  );

  // Edit Template: the task's own copy of its e-mail template ('(Custom Email)'); DELETE reverts.
  const templatePath = '/api/tasks/:id/email/template';
  r.get(templatePath, options({}, { 200: TaskEmailTemplate }), async (request) =>
    svc.getTaskEmailTemplate(deps, tenantOf(request), request.params.id),
  );
  r.put(templatePath, options({ body: TaskEmailTemplateInput }, { 200: Customised }), async (request) =>
    svc.customiseTaskEmail(deps, tenantOf(request), requireActor(request), request.params.id, request.body),
  );
  r.delete(templatePath, options({}, { 200: Customised }), async (request) =>
    svc.revertTaskEmail(deps, tenantOf(request), requireActor(request), request.params.id),
  );
}
