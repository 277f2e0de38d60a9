/**
 * The data-access pattern new features copy (issue 11): the request context is one round trip,
 * a detail view one statement whatever the number of its parts, a list page a count and a page.
 * These count the statements a request sends to PostgreSQL; a query per tag, contact or link
 * (N+1), or a context read in several steps, fails here before it shows in a benchmark.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneCompany, signedIn, type As, type OneCompany } from '../../../test/companies.js';
import { queryCounter, type StatementCount } from '../../../test/query-counter.js';
import { createUser } from '../../../test/harness.js';
import { createCatalogue, createClientCo, createProject, createProvider } from '../../../test/factories.js';

let world: OneCompany;
let asAdmin: As;
let count: StatementCount;
let bare: number;
let full: number;
let clientId: string;

beforeAll(async () => {
  world = await oneCompany();
  const { t, tenant } = world;
  asAdmin = await signedIn(t, tenant, tenant.admin);
  count = queryCounter(t.deps.db.$client);
  const client = await createClientCo(tenant);
  clientId = client.id;
  const catalogue = await createCatalogue(tenant);
  bare = (await createProject(tenant, client)).id;
  const provider = await createProvider(tenant);
  full = (await createProject(tenant, client, { providerId: provider.id })).id;
  const linked = await Promise.all([1, 2, 3].map(() => createProject(tenant, client)));
  // The full project has many of every part: tags, categories, services, links, date changes, a provider.
  const put = (url: string, body: unknown) => asAdmin({ method: 'PUT', url: `/api/projects/${full}${url}`, body });
  expect(
    (
      await put('/services', {
        tags: ['alpha', 'beta', 'gamma', 'delta'],
        categories: catalogue.categories.map((c) => c.id),
        services: catalogue.services.map((s) => s.id),
      })
    ).status,
  ).toBe(200);
  const view = (await asAdmin({ url: `/api/projects/${full}` })).json as Record<string, { id: string } | null>;
  expect(
    (
      await put('/details', {
        name: 'Full project',
        start_date: '2026-12-01T08:00',
        end_date: '2026-12-02T17:00',
        project_administrator_id: view.project_administrator!.id,
        project_manager_id: view.project_manager!.id,
        linked_projects: linked.map((p) => p.id),
      })
    ).status,
  ).toBe(200);
});

afterAll(() => world.t.close());

/** A GET answered by its service, not the read cache (which keeps what the last run answered). */
const uncached = (url: string) => {
  world.t.app.readCache.store!.clear();
  return asAdmin({ url });
};

describe('round trips per request', () => {
  it('GET /api/session is one statement: tenant, session and user together', async () => {
    expect(await count(() => asAdmin({ url: '/api/session' }))).toBe(1);
  });

  it('a project detail is the context and one statement for the view, whatever its parts', async () => {
    const forBare = await count(() => uncached(`/api/projects/${bare}`));
    const forFull = await count(() => uncached(`/api/projects/${full}`));
    expect(
      ((await asAdmin({ url: `/api/projects/${full}` })).json as { service_provider: unknown }).service_provider,
    ).not.toBeNull();
    // context 1; BEGIN + tenant 1; the view 1; COMMIT 1 (recently viewed is written behind: view-log.ts)
    expect(forBare).toBeLessThanOrEqual(4);
    expect(forFull).toBe(forBare);
  });

  it('a project detail seen again with nothing changed is the context alone; the list and search too (read cache)', async () => {
    await asAdmin({ url: `/api/projects/${full}` });
    await asAdmin({ url: '/api/projects?page=1&pageSize=20' });
    await asAdmin({ url: '/api/search/projects?q=project' });
    expect(await count(() => asAdmin({ url: `/api/projects/${full}` }))).toBe(1);
    expect(await count(() => asAdmin({ url: '/api/projects?page=1&pageSize=20' }))).toBe(1);
    expect(await count(() => asAdmin({ url: '/api/search/projects?q=project' }))).toBe(1);
  });

  it('views of several projects by several users are written to recently viewed as one statement', async () => {
    const { app } = world.t;
    const users = [world.tenant.admin.id, (await createUser(world.tenant, 'company_employee')).id];
    await app.viewLog.flush();
    const written = await count(async () => {
      for (const userId of users)
        for (const id of [bare, full])
          for (let i = 0; i < 5; i++) app.viewLog.record(world.tenant.id, userId, id, new Date());
      expect(app.viewLog.size).toBe(4); // one note per user and project
      await app.viewLog.flush();
      return { status: 200 };
    });
    expect(written).toBe(1);
  });

  it('a details save is a few statements whatever its links, and one more for each thing that moved', async () => {
    const detailsOf = async (id: number, over: Record<string, unknown> = {}) => {
      const v = (await asAdmin({ url: `/api/projects/${id}` })).json as Record<string, unknown>;
      const idOf = (x: unknown) => (x as { id: string } | null)?.id ?? null;
      return {
        name: v.name,
        start_date: v.start_date,
        end_date: v.end_date,
        completed_on: v.completed_on,
        project_administrator_id: idOf(v.project_administrator),
        project_manager_id: idOf(v.project_manager),
        project_sales_representative_id: idOf(v.project_sales_representative),
        classification_id: idOf(v.classification),
        linked_project_type: v.linked_project_type,
        summary: v.summary,
        linked_projects: (v.linked_projects as { id: number }[]).map((l) => l.id),
        ...over,
      };
    };
    // count() sends a request three times: `body` may give each its own.
    const save = async (id: number, body: unknown) => {
      let status = 0;
      let run = 0;
      const n = await count(async () => {
        const each = typeof body === 'function' ? (body as (run: number) => unknown)(run++) : body;
        const res = await asAdmin({ method: 'PUT', url: `/api/projects/${id}/details`, body: each });
        status = res.status;
        return res;
      });
      expect(status).toBe(200);
      return n;
    };
    const unchanged = await save(bare, await detailsOf(bare));
    // context 1; BEGIN + tenant 1; the lock 1; the staff check 1; the UPDATE with the links 1; the view 1; COMMIT 1
    expect(unchanged).toBeLessThanOrEqual(7);
    // Three links: one more, the check of their ids, and still one statement writing them.
    const fullBody = await detailsOf(full);
    expect(fullBody.linked_projects).toHaveLength(3);
    expect(await save(full, fullBody)).toBe(unchanged + 1);
    expect(await save(full, { ...fullBody, linked_projects: fullBody.linked_projects.slice(1) })).toBe(unchanged + 1);
    const bareBody = await detailsOf(bare);
    const moved = (run: number) => ({ ...bareBody, end_date: `2027-01-1${run}T17:00` });
    expect(await save(bare, moved)).toBe(unchanged + 2);
  });

  it('an early project list page is the context and one statement for the page with its total', async () => {
    // context 1; BEGIN + tenant 1; the page with its total 1; COMMIT 1
    expect(await count(() => uncached('/api/projects?page=1&pageSize=20'))).toBeLessThanOrEqual(4);
    expect(await count(() => uncached(`/api/projects?page=1&pageSize=20&client_id=${clientId}`))).toBeLessThanOrEqual(
      4,
    );
    // A page past the end has no row to carry the total: it is counted on its own.
    const past = (await asAdmin({ url: '/api/projects?page=9&pageSize=20' })).json as {
      items: unknown[];
      total: number;
    };
    const first = (await asAdmin({ url: '/api/projects?page=1&pageSize=20' })).json as {
      items: unknown[];
      total: number;
    };
    expect(past).toMatchObject({ items: [], total: first.items.length });
    expect(first.total).toBe(5);
  });

  it('a works-and-materials list page and an item are the context and one statement each', async () => {
    for (const n of [1, 2, 3]) {
      const res = await asAdmin({
        method: 'POST',
        url: '/api/catalogue',
        body: { name: `Item ${n}`, item_code: `I-${n}`, unit_sell_price: '10', unit_cost: '5' },
      });
      expect(res.status).toBe(201);
    }
    // context 1; BEGIN + tenant 1; the page with its total 1; COMMIT 1
    expect(await count(() => asAdmin({ url: '/api/catalogue?page=1&pageSize=2&search=item' }))).toBeLessThanOrEqual(4);
    const page = (await asAdmin({ url: '/api/catalogue?page=1&pageSize=2&search=item' })).json as {
      items: { id: number }[];
      total: number;
    };
    expect(page.total).toBe(3);
    expect(await count(() => asAdmin({ url: `/api/catalogue/${page.items[0]!.id}` }))).toBeLessThanOrEqual(4);
    expect(await count(() => asAdmin({ url: '/api/catalogue/options?search=item' }))).toBeLessThanOrEqual(4);
  });

  it('a task template is the context and one statement, whatever its number of tasks', async () => {
    const template = async (tasks: number) => {
      const res = await asAdmin({ method: 'POST', url: '/api/task-templates', body: { title: `Template ${tasks}` } });
      for (let i = 0; i < tasks; i++)
        await asAdmin({
          method: 'POST',
          url: `/api/task-templates/${res.json.id}/tasks`,
          body: { title: `Task ${i}` },
        });
      return res.json.id as string;
    };
    const [empty, many] = [await template(0), await template(6)];
    const forEmpty = await count(() => asAdmin({ url: `/api/task-templates/${empty}` }));
    // context 1; BEGIN + tenant 1; the template with its tasks 1; COMMIT 1
    expect(forEmpty).toBeLessThanOrEqual(4);
    expect(await count(() => asAdmin({ url: `/api/task-templates/${many}` }))).toBe(forEmpty);
    expect(await count(() => asAdmin({ url: '/api/task-templates' }))).toBe(forEmpty);
  });
  it('a quote is the context and one statement, whatever its number of sections and items', async () => {
    const quote = async (sections: number) => {
      const res = await asAdmin({ method: 'POST', url: `/api/projects/${bare}/quotes` });
      const line = {
        category: 'Service',
        description: 'Line',
        supplied_by: 'Company',
        quantity: '1',
        unit_sell_price: '1',
        unit_cost: '0',
      };
      const body = {
        version: 1,
        sections: Array.from({ length: sections }, (_, i) => ({ name: `S${i}`, line_items: [line, line, line] })),
      };
      const saved = await asAdmin({ method: 'PUT', url: `/api/projects/${bare}/quotes/${res.json.id}`, body });
      expect(saved.status, saved.text).toBe(200);
      return res.json.id as number;
    };
    const [empty, many] = [await quote(0), await quote(5)];
    const forEmpty = await count(() => asAdmin({ url: `/api/projects/${bare}/quotes/${empty}` }));
    // context 1; BEGIN + tenant 1; the quote with its sections and items 1; COMMIT 1
    expect(forEmpty).toBeLessThanOrEqual(4);
    expect(await count(() => asAdmin({ url: `/api/projects/${bare}/quotes/${many}` }))).toBe(forEmpty);
    expect(await count(() => asAdmin({ url: `/api/projects/${bare}/quotes` }))).toBe(forEmpty);
  });

  it("a project's finance is the context and one statement, whatever its number of lines", async () => {
    const line = (code: string) => ({ code, category: 'service', description: code, estimate: '100', actual: '90' });
    const forNone = await count(() => asAdmin({ url: `/api/projects/${bare}/finances` }));
    const saved = await asAdmin({
      method: 'PUT',
      url: `/api/projects/${full}/finances`,
      body: {
        version: 0,
        comments: null,
        revenues: ['R1', 'R2', 'R3'].map(line),
        expenses: ['E1', 'E2'].map(line),
      },
    });
    expect(saved.status, saved.text).toBe(200);
    // context 1; BEGIN + tenant 1; the finance with its lines (and the project's check) 1; COMMIT 1
    expect(forNone).toBeLessThanOrEqual(4);
    expect(await count(() => asAdmin({ url: `/api/projects/${full}/finances` }))).toBe(forNone);
  });

  it('the finance report is the context and one aggregate statement', async () => {
    const body = {
      period: 'custom',
      custom_start_date: '2026-01-01',
      custom_end_date: '2026-12-31',
      statuses: [],
      project_managers: ['all'],
    };
    const res = await asAdmin({ method: 'POST', url: '/api/reports/finance/generate', body });
    expect(res.status, res.text).toBe(200);
    // context 1; BEGIN + tenant 1; the report 1; COMMIT 1
    expect(
      await count(() => asAdmin({ method: 'POST', url: '/api/reports/finance/generate', body })),
    ).toBeLessThanOrEqual(4);
  });
});
