import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as factories from '../../../test/factories.js';
import { asOwner, uniq } from '../../../test/harness.js';
import { signedIn, twoCompanies, type As, type TestApp, type TestTenant } from '../../../test/companies.js';
import { tasks } from '../../platform/db/schema.js';

// The storyboards (issue 12 section 4): the actions shared with the client and with the provider,
// per project, each read by its own side.
let t: TestApp, a: TestTenant, asA: As, asB: As, asClient: As, asOtherClient: As, asProvider: As;
let project: factories.TestProject;

beforeAll(async () => {
  ({ t, a, asA, asB } = await twoCompanies());
  const [client, other, provider] = await Promise.all([
    factories.createClientCo(a),
    factories.createClientCo(a),
    factories.createProvider(a),
  ]);
  project = await factories.createProject(a, client, { providerId: provider.id });
  [asClient, asOtherClient, asProvider] = await Promise.all([
    signedIn(t, a, await factories.createClientUser(a, client.id, 'client_admin')),
    signedIn(t, a, await factories.createClientUser(a, other.id, 'client_admin')),
    signedIn(t, a, await factories.createProviderUser(a, provider.id, 'sp_admin')),
  ]);
  await asOwner(a.id, (tx) =>
    tx.insert(tasks).values([
      {
        tenantId: a.id,
        projectId: project.id,
        position: 1,
        title: 'For the client',
        shareActionOnClient: true,
        actionTaken: 'Booked.',
      },
      { tenantId: a.id, projectId: project.id, position: 2, title: 'For the provider', shareActionOnSp: true },
      {
        tenantId: a.id,
        projectId: project.id,
        position: 3,
        title: 'For both',
        shareActionOnClient: true,
        shareActionOnSp: true,
      },
      { tenantId: a.id, projectId: project.id, position: 4, title: 'Internal', status: 'Pending' },
      {
        tenantId: a.id,
        projectId: project.id,
        position: 5,
        title: `Voided ${uniq()}`,
        shareActionOnClient: true,
        status: 'Voided',
      },
    ]),
  );
});
afterAll(() => t.close());

const titles = (res: { json: { items: { title: string }[] } }) => res.json.items.map((i) => i.title).sort();

describe('storyboards', () => {
  it('shows the client’s users the actions shared with the client, and the provider’s users theirs', async () => {
    const client = await asClient({ url: `/api/projects/${project.id}/storyboard?board=sp` });
    expect(client.status).toBe(200);
    expect(client.json).toMatchObject({ board: 'client', boards: ['client'] });
    expect(titles(client)).toEqual(['For both', 'For the client']);
    expect(client.json.items.find((i: { title: string }) => i.title === 'For the client').action_taken).toBe('Booked.');

    const provider = await asProvider({ url: `/api/projects/${project.id}/storyboard` });
    expect(provider.json).toMatchObject({ board: 'sp', boards: ['sp'] });
    expect(titles(provider)).toEqual(['For both', 'For the provider']);
  });

  it('lets company users read either board', async () => {
    const sp = await asA({ url: `/api/projects/${project.id}/storyboard?board=sp` });
    expect(sp.json).toMatchObject({ board: 'sp', boards: ['client', 'sp'] });
    expect(titles(sp)).toEqual(['For both', 'For the provider']);
    expect(titles(await asA({ url: `/api/projects/${project.id}/storyboard` }))).toEqual([
      'For both',
      'For the client',
    ]);
  });

  it('is 404 for a project the user does not see, or another company’s', async () => {
    expect((await asOtherClient({ url: `/api/projects/${project.id}/storyboard` })).status).toBe(404);
    expect((await asB({ url: `/api/projects/${project.id}/storyboard` })).status).toBe(404);
  });
});
