import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorResponse, IdParam, OkResponse, SETTING_TEXT, SettingCreate, SettingList, SettingUpdate, SettingView } from '@siteflow/core';
import { authorize, tenantOf, type Deps } from '../../platform/context.js';
import { createSetting, deleteSetting, getSetting, listSettings, updateSetting } from './service.js';

const errors = { 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse, 422: ErrorResponse };

export function settingRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/settings', { schema: { tags: ['settings'], response: { 200: SettingList, ...errors } } }, async (request) => {
    authorize(request, 'settings.view');
    return listSettings(deps, tenantOf(request));
  });

  r.post('/api/settings', { schema: { tags: ['settings'], body: SettingCreate, response: { 201: SettingView, ...errors } } }, async (request, reply) => {
    const actor = authorize(request, 'settings.manage');
    reply.code(201);
    return createSetting(deps, tenantOf(request), actor, request.body);
  });

  r.get('/api/settings/:id', { schema: { tags: ['settings'], params: IdParam, response: { 200: SettingView, ...errors } } }, async (request) => {
    authorize(request, 'settings.view');
    return getSetting(deps, tenantOf(request), request.params.id);
  });

  r.put('/api/settings/:id', { schema: { tags: ['settings'], params: IdParam, body: SettingUpdate, response: { 200: SettingView, ...errors } } }, async (request) => {
    const actor = authorize(request, 'settings.manage');
    return updateSetting(deps, tenantOf(request), actor, request.params.id, request.body);
  });

  r.delete('/api/settings/:id', { schema: { tags: ['settings'], params: IdParam, response: { 200: OkResponse, ...errors } } }, async (request) => {
    authorize(request, 'settings.manage');
    await deleteSetting(deps, tenantOf(request), request.params.id);
    return { message: SETTING_TEXT.removed };
  });
}
