import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneCompany, type TestApp, type TestTenant } from '../../../test/companies.js';
import type { Actor } from '../../platform/context.js';
import { withTenant } from '../../platform/db/client.js';
import { dbErrorCode } from '../../platform/errors.js';
import { allMatchingIds, containsTerm, matchProjects } from './match.js';

let t: TestApp, tenant: TestTenant, actor: Actor;

beforeAll(async () => {
  ({ t, tenant } = await oneCompany());
  actor = {
    userId: tenant.admin.id,
    role: 'company_admin',
    sessionId: '',
    tenantId: tenant.id,
    area: 'tenant',
    clientId: null,
    providerId: null,
  };
});
afterAll(() => t.close());

describe('text matching', () => {
  it('reports the database’s own error for a term it refuses, not "transaction aborted" (a 422, not a 500)', async () => {
    // A NUL byte reaches here only past the HTTP rule (platform/hardening.ts); PostgreSQL refuses it (22021).
    const error = await withTenant(t.deps.db, tenant.id, (tx) =>
      matchProjects(tx, actor, 'a\u0000b', { limit: 10, offset: 0 }),
    ).catch((e: unknown) => e);
    expect(dbErrorCode(error)).toBe('22021');
    // The project list's search goes through the trigram index with planner settings switched off and on again.
    const listError = await withTenant(t.deps.db, tenant.id, (tx) =>
      allMatchingIds(tx, containsTerm('a\u0000b'), 1000),
    ).catch((e: unknown) => e);
    expect(dbErrorCode(listError)).toBe('22021');
  });
});
