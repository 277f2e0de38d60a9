import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CategoryInput,
  CategoryView,
  ClassificationInput,
  ClassificationView,
  IdParam,
  OkResponse,
  REFERENCE_TEXT,
  ServiceInput,
  ServiceView,
  TagInput,
  TagView,
} from '@siteflow/core';
import { tenantOf, type Deps } from '../../platform/context.js';
import { errorResponses as errors, guard } from '../../platform/http.js';
import * as ref from './service.js';

const listOf = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item) });
const CategoryServiceList = listOf(z.object({ category_id: z.uuid(), service_id: z.uuid(), service_name: z.string() }));
const removed = { message: REFERENCE_TEXT.removed };

/** Reference data of the project forms: categories, services, tags and classifications. */
export function referenceRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['reference'];
  const view = guard('reference.view');
  const manage = guard('reference.manage');

  r.get(
    '/api/categories',
    { ...view, schema: { tags, response: { 200: listOf(CategoryView), ...errors } } },
    async (request) => ref.listCategories(deps, tenantOf(request)),
  );
  r.post(
    '/api/categories',
    { ...manage, schema: { tags, body: CategoryInput, response: { 201: CategoryView, ...errors } } },
    async (request, reply) => {
      reply.code(201);
      return ref.createCategory(deps, tenantOf(request), request.body);
    },
  );
  r.put(
    '/api/categories/:id',
    { ...manage, schema: { tags, params: IdParam, body: CategoryInput, response: { 200: CategoryView, ...errors } } },
    async (request) => ref.updateCategory(deps, tenantOf(request), request.params.id, request.body),
  );
  r.delete(
    '/api/categories/:id',
    { ...manage, schema: { tags, params: IdParam, response: { 200: OkResponse, ...errors } } },
    async (request) => {
      await ref.deleteCategory(deps, tenantOf(request), request.params.id);
      return removed;
    },
  );

  r.get(
    '/api/services',
    { ...view, schema: { tags, response: { 200: listOf(ServiceView), ...errors } } },
    async (request) => ref.listServices(deps, tenantOf(request)),
  );
  r.post(
    '/api/services',
    { ...manage, schema: { tags, body: ServiceInput, response: { 201: ServiceView, ...errors } } },
    async (request, reply) => {
      reply.code(201);
      return ref.createService(deps, tenantOf(request), request.body);
    },
  );
  r.put(
    '/api/services/:id',
    { ...manage, schema: { tags, params: IdParam, body: ServiceInput, response: { 200: ServiceView, ...errors } } },
    async (request) => ref.updateService(deps, tenantOf(request), request.params.id, request.body),
  );
  r.delete(
    '/api/services/:id',
    { ...manage, schema: { tags, params: IdParam, response: { 200: OkResponse, ...errors } } },
    async (request) => {
      await ref.deleteService(deps, tenantOf(request), request.params.id);
      return removed;
    },
  );

  r.get(
    '/api/category-services',
    { ...view, schema: { tags, response: { 200: CategoryServiceList, ...errors } } },
    async (request) => ref.listCategoryServices(deps, tenantOf(request)),
  );

  r.get('/api/tags', { ...view, schema: { tags, response: { 200: listOf(TagView), ...errors } } }, async (request) =>
    ref.listTags(deps, tenantOf(request)),
  );
  r.post(
    '/api/tags',
    { ...manage, schema: { tags, body: TagInput, response: { 201: TagView, ...errors } } },
    async (request, reply) => {
      reply.code(201);
      return ref.createTag(deps, tenantOf(request), request.body);
    },
  );
  r.delete(
    '/api/tags/:id',
    { ...manage, schema: { tags, params: IdParam, response: { 200: OkResponse, ...errors } } },
    async (request) => {
      await ref.deleteTag(deps, tenantOf(request), request.params.id);
      return removed;
    },
  );

  r.get(
    '/api/classifications',
    { ...view, schema: { tags, response: { 200: listOf(ClassificationView), ...errors } } },
    async (request) => ref.listClassifications(deps, tenantOf(request)),
  );
  r.post(
    '/api/classifications',
    { ...manage, schema: { tags, body: ClassificationInput, response: { 201: ClassificationView, ...errors } } },
    async (request, reply) => {
      reply.code(201);
      return ref.createClassification(deps, tenantOf(request), request.body);
    },
  );
  r.put(
    '/api/classifications/:id',
    {
      ...manage,
      schema: { tags, params: IdParam, body: ClassificationInput, response: { 200: ClassificationView, ...errors } },
    },
    async (request) => ref.updateClassification(deps, tenantOf(request), request.params.id, request.body),
  );
  r.delete(
    '/api/classifications/:id',
    { ...manage, schema: { tags, params: IdParam, response: { 200: OkResponse, ...errors } } },
    async (request) => {
      await ref.deleteClassification(deps, tenantOf(request), request.params.id);
      return removed;
    },
  );
}
