import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { buildApp } from '../app.js';
import { createTestApp, leaksInternals, type TestApp } from '../../test/harness.js';
import { HttpError } from './errors.js';

let t: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  t = await createTestApp();
  app = await buildApp(t.deps, { logger: false, serveWeb: false });
  // A route whose declared error body does not fit what the handler throws.
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/test-error-body',
    {
      schema: {
        response: {
          200: z.object({ ok: z.boolean() }),
          422: z.object({ message: z.literal('only this'), code: z.number() }),
        },
      },
    },
    () => {
      throw new HttpError(422, 'The given data was invalid.', { name: ['The name field is required.'] });
    },
  );
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await t.close();
});

describe('error bodies', () => {
  it('are sent as they are, even when they do not fit the route response schema (no fallback 500 naming internals)', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test-error-body', headers: { host: 'localhost' } });
    expect(res.statusCode).toBe(422);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({
      message: 'The given data was invalid.',
      errors: { name: ['The name field is required.'] },
    });
    expect(leaksInternals(res.body)).toBe(false);
  });
});
