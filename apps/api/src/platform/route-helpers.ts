import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Action } from '@siteflow/core';
import { parseOr422 } from './errors.js';
import { guard } from './http.js';
import { readFormWithImage } from './uploads.js';

type Guard = ReturnType<typeof guard>;

/**
 * The start of a feature's routes: `r`, the instance that types each request from its zod
 * schemas; `tags`, the OpenAPI tags its routes are listed under; and a `guard` (platform/http.ts)
 * for each named action, e.g. `featureRoutes(app, 'clients', { view: 'clients.view' })` gives
 * `{ r, tags: ['clients'], view: guard('clients.view') }`.
 */
export function featureRoutes<const TGuards extends Record<string, Action>>(
  app: FastifyInstance,
  tag: string,
  actions: TGuards,
) {
  const guards = Object.fromEntries(Object.entries(actions).map(([name, action]) => [name, guard(action)]));
  return { r: app.withTypeProvider<ZodTypeProvider>(), tags: [tag], ...(guards as { [K in keyof TGuards]: Guard }) };
}

/**
 * A form sent as JSON or as multipart/form-data with an optional image (platform/uploads.ts): its
 * fields parsed by `schema` (422 with the field errors when invalid) and the image.
 */
export async function readImageForm<T>(request: FastifyRequest, schema: z.ZodType<T>) {
  const form = await readFormWithImage(request);
  return { input: parseOr422(schema, form.fields), image: form.image };
}
