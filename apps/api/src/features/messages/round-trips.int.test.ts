/**
 * The data-access pattern (docs/architecture.md) for the message templates: a preview is the
 * context and one statement for the project's values, whatever its site contacts; a list page is
 * the context, the page and its count.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneCompany, signedIn, type As, type OneCompany } from '../../../test/companies.js';
import { queryCounter, type StatementCount } from '../../../test/query-counter.js';
import { createClientCo, createProject, createProvider } from '../../../test/factories.js';
import { asOwner } from '../../../test/harness.js';
import { siteContacts } from '../../platform/db/schema.js';

let world: OneCompany;
let asAdmin: As;
let count: StatementCount;

beforeAll(async () => {
  world = await oneCompany();
  asAdmin = await signedIn(world.t, world.tenant, world.tenant.admin);
  count = queryCounter(world.t.deps.db.$client);
});
afterAll(() => world.t.close());

const body = {
  channel: 'email',
  subject: '{{project_number}}',
  body: '<p>{{project_name}} {{site_contact_name}} {{service_provider_name}} {{account_manager_name}}</p>',
};

describe('message templates: round trips', () => {
  it('a preview is the context and one statement for the project, whatever its site contacts', async () => {
    const { tenant } = world;
    const client = await createClientCo(tenant);
    const bare = await createProject(tenant, client);
    const full = await createProject(tenant, client, { providerId: (await createProvider(tenant)).id });
    await asOwner(tenant.id, async (tx) => {
      await tx.delete(siteContacts).where(eq(siteContacts.projectId, full.id));
      await tx.insert(siteContacts).values(
        [1, 2, 3, 4, 5].map((position) => ({
          tenantId: tenant.id,
          projectId: full.id,
          position,
          name: `C${position}`,
        })),
      );
    });
    const preview = (project_id?: number) =>
      asAdmin({ method: 'POST', url: '/api/message-templates/preview', body: { ...body, project_id } });
    const withoutProject = await count(() => preview());
    const forBare = await count(() => preview(bare.id));
    expect(forBare).toBe(withoutProject + 1);
    expect(forBare).toBeLessThanOrEqual(4);
    expect(await count(() => preview(full.id))).toBe(forBare);
  });

  it('a list page is the context, the page and its count', async () => {
    expect(await count(() => asAdmin({ url: '/api/message-templates?page=1&pageSize=20' }))).toBeLessThanOrEqual(5);
  });
});
