import type { FastifyInstance } from 'fastify';
import {
  IdParam,
  LegalList,
  OkResponse,
  SETTING_TEXT,
  SettingCreate,
  SettingList,
  SettingUpdate,
  SettingView,
} from '@siteflow/core';
import { requireActor, tenantOf, type Deps } from '../../platform/context.js';
import { errorResponses as errors } from '../../platform/http.js';
import { featureRoutes } from '../../platform/route-helpers.js';
import { createSetting, deleteSetting, getSetting, listLegal, listSettings, updateSetting } from './service.js';

export function settingRoutes(app: FastifyInstance, deps: Deps) {
  const { r, tags, view, manage } = featureRoutes(app, 'settings', {
    view: 'settings.view',
    manage: 'settings.manage',
  });

  // Public: the terms and policies are read before signing in (the sign-in page links them) and by
  // every role; only the settings screen's list, with ids and authors, needs settings.view.
  r.get('/api/legal', { schema: { tags, response: { 200: LegalList, ...errors } } }, async (request) =>
    listLegal(deps, tenantOf(request)),
  );

  r.get('/api/settings', { ...view, schema: { tags, response: { 200: SettingList, ...errors } } }, async (request) =>
    listSettings(deps, tenantOf(request)),
  );

  r.post(
    '/api/settings',
    { ...manage, schema: { tags, body: SettingCreate, response: { 201: SettingView, ...errors } } },
    async (request, reply) => {
      const setting = await createSetting(deps, tenantOf(request), requireActor(request), request.body);
      reply.code(201);
      return setting;
    },
  );

  r.get(
    '/api/settings/:id',
    { ...view, schema: { tags, params: IdParam, response: { 200: SettingView, ...errors } } },
    async (request) => getSetting(deps, tenantOf(request), request.params.id),
  );

  r.put(
    '/api/settings/:id',
    { ...manage, schema: { tags, params: IdParam, body: SettingUpdate, response: { 200: SettingView, ...errors } } },
    async (request) => updateSetting(deps, tenantOf(request), requireActor(request), request.params.id, request.body),
  );

  r.delete(
    '/api/settings/:id',
    { ...manage, schema: { tags, params: IdParam, response: { 200: OkResponse, ...errors } } },
    async (request) => {
      await deleteSetting(deps, tenantOf(request), request.params.id);
      return { message: SETTING_TEXT.removed };
    },
  );
}
