import type { FastifyInstance } from 'fastify';
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
import { tenantOf, type Deps, type TenantContext } from '../../platform/context.js';
import { errorResponses as errors } from '../../platform/http.js';
import { featureRoutes } from '../../platform/route-helpers.js';
import * as ref from './service.js';

const listOf = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item) });
const CategoryServiceList = listOf(z.object({ category_id: z.uuid(), service_id: z.uuid(), service_name: z.string() }));
const removed = { message: REFERENCE_TEXT.removed };

type D = Pick<Deps, 'db'>;

/** What the routes of one list call: list, create, update (tags have none) and delete. */
type ListService<TInput, TView> = {
  list: (deps: D, tenant: TenantContext) => Promise<{ items: TView[] }>;
  create: (deps: D, tenant: TenantContext, input: TInput) => Promise<TView>;
  update?: (deps: D, tenant: TenantContext, id: string, input: TInput) => Promise<TView>;
  remove: (deps: D, tenant: TenantContext, id: string) => Promise<void>;
};

/** Reference data of the project forms: categories, services, tags and classifications. */
export function referenceRoutes(app: FastifyInstance, deps: Deps) {
  const { r, tags, view, manage } = featureRoutes(app, 'reference', {
    view: 'reference.view',
    manage: 'reference.manage',
  });

  /**
   * GET and POST /api/<list>, PUT (when the list has `update`) and DELETE /api/<list>/:id. The
   * zod schemas validate the requests and document the routes as everywhere, but are registered
   * on `app`: the zod type provider cannot type a body from a generic schema, so the body is
   * typed here as the `Input` it was validated against.
   */
  function listRoutes<TInput, TView>(
    list: string,
    schemas: { Input: z.ZodType<TInput>; View: z.ZodType<TView> },
    service: ListService<TInput, TView>,
  ) {
    const { Input, View } = schemas;
    type ById = { Params: { id: string } };
    app.get(
      `/api/${list}`,
      { ...view, schema: { tags, response: { 200: listOf(View), ...errors } } },
      async (request) => service.list(deps, tenantOf(request)),
    );
    app.post(
      `/api/${list}`,
      { ...manage, schema: { tags, body: Input, response: { 201: View, ...errors } } },
      async (request, reply) => {
        reply.code(201);
        return service.create(deps, tenantOf(request), request.body as TInput);
      },
    );
    const { update } = service;
    if (update)
      app.put<ById>(
        `/api/${list}/:id`,
        { ...manage, schema: { tags, params: IdParam, body: Input, response: { 200: View, ...errors } } },
        async (request) => update(deps, tenantOf(request), request.params.id, request.body as TInput),
      );
    app.delete<ById>(
      `/api/${list}/:id`,
      { ...manage, schema: { tags, params: IdParam, response: { 200: OkResponse, ...errors } } },
      async (request) => {
        await service.remove(deps, tenantOf(request), request.params.id);
        return removed;
      },
    );
  }

  listRoutes(
    'categories',
    { Input: CategoryInput, View: CategoryView },
    {
      list: ref.listCategories,
      create: ref.createCategory,
      update: ref.updateCategory,
      remove: ref.deleteCategory,
    },
  );
  listRoutes(
    'services',
    { Input: ServiceInput, View: ServiceView },
    {
      list: ref.listServices,
      create: ref.createService,
      update: ref.updateService,
      remove: ref.deleteService,
    },
  );
  r.get(
    '/api/category-services',
    { ...view, schema: { tags, response: { 200: CategoryServiceList, ...errors } } },
    async (request) => ref.listCategoryServices(deps, tenantOf(request)),
  );
  listRoutes(
    'tags',
    { Input: TagInput, View: TagView },
    { list: ref.listTags, create: ref.createTag, remove: ref.deleteTag },
  );
  listRoutes(
    'classifications',
    { Input: ClassificationInput, View: ClassificationView },
    {
      list: ref.listClassifications,
      create: ref.createClassification,
      update: ref.updateClassification,
      remove: ref.deleteClassification,
    },
  );
}
