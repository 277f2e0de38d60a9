import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CLASSIFICATION, PROJECT_TEXT, REFERENCE_TEXT } from '@siteflow/core';
import { createCatalogue, createClientCo, createClientUser, createProject } from '../../../test/factories.js';
import {
  asOwner,
  createTenant,
  createUser,
  request,
  signIn,
  uniq,
  type RequestOptions,
} from '../../../test/harness.js';
import {
  signedIn,
  twoCompanies,
  type As,
  type TestApp,
  type TestTenant,
  signInPlatformAdmin,
} from '../../../test/companies.js';
import { customerInput } from '../../../test/inputs.js';
import { classifications, projects, projectTags, tags } from '../../platform/db/schema.js';

let t: TestApp, a: TestTenant, asA: As, asB: As, asEmployee: As, asClientUser: As;

beforeAll(async () => {
  ({ t, a, asA, asB } = await twoCompanies());
  const client = await createClientCo(a);
  [asEmployee, asClientUser] = await Promise.all([
    signedIn(t, a, await createUser(a, 'company_employee')),
    signedIn(t, a, await createClientUser(a, client.id, 'client_admin')),
  ]);
});
afterAll(() => t.close());

describe('reference: services and categories', () => {
  it('creates services and a category offering them; lists and updates; category-services links', async () => {
    const s1 = await asA({ method: 'POST', url: '/api/services', body: { name: `Tiling ${uniq()}` } });
    const s2 = await asA({ method: 'POST', url: '/api/services', body: { name: `Grouting ${uniq()}` } });
    expect(s1.status).toBe(201);
    expect(s1.json).toMatchObject({ active: true, category_count: 0 });

    const name = `Bathrooms ${uniq()}`;
    const cat = await asA({
      method: 'POST',
      url: '/api/categories',
      body: { name, service_ids: [s1.json.id, s2.json.id] },
    });
    expect(cat.status).toBe(201);
    expect(cat.json).toMatchObject({ name, active: true });
    expect(cat.json.services.map((s: { id: string }) => s.id).sort()).toEqual([s1.json.id, s2.json.id].sort());

    const list = await asA({ url: '/api/categories' });
    expect(list.json.items.find((c: { id: string }) => c.id === cat.json.id)).toEqual(cat.json);
    const svcList = await asA({ url: '/api/services' });
    expect(svcList.json.items.find((s: { id: string }) => s.id === s1.json.id).category_count).toBe(1);

    const links = await asA({ url: '/api/category-services' });
    expect(links.status).toBe(200);
    expect(links.json.items).toContainEqual({
      category_id: cat.json.id,
      service_id: s1.json.id,
      service_name: s1.json.name,
    });

    const upd = await asA({
      method: 'PUT',
      url: `/api/categories/${cat.json.id}`,
      body: { name: `${name} 2`, active: false, service_ids: [s2.json.id] },
    });
    expect(upd.status).toBe(200);
    expect(upd.json).toMatchObject({
      name: `${name} 2`,
      active: false,
      services: [{ id: s2.json.id, name: s2.json.name }],
    });
    // Inactive categories offer nothing on the forms.
    const after = await asA({ url: '/api/category-services' });
    expect(after.json.items.some((l: { category_id: string }) => l.category_id === cat.json.id)).toBe(false);

    const svcUpd = await asA({
      method: 'PUT',
      url: `/api/services/${s1.json.id}`,
      body: { name: `${s1.json.name} X`, active: false },
    });
    expect(svcUpd.json).toMatchObject({ name: `${s1.json.name} X`, active: false });
  });

  it('refuses duplicate names whatever the case, unknown service ids, and blank names', async () => {
    const name = `Roofing ${uniq()}`;
    expect((await asA({ method: 'POST', url: '/api/categories', body: { name } })).status).toBe(201);
    const dup = await asA({ method: 'POST', url: '/api/categories', body: { name: name.toUpperCase() } });
    expect(dup.status).toBe(422);
    expect(dup.json.errors).toEqual({ name: [REFERENCE_TEXT.nameTaken] });

    const svc = `Gutters ${uniq()}`;
    await asA({ method: 'POST', url: '/api/services', body: { name: svc } });
    expect(
      (await asA({ method: 'POST', url: '/api/services', body: { name: ` ${svc.toLowerCase()} ` } })).json.errors,
    ).toEqual({ name: [REFERENCE_TEXT.nameTaken] });

    const unknown = await asA({
      method: 'POST',
      url: '/api/categories',
      body: { name: `X ${uniq()}`, service_ids: [crypto.randomUUID()] },
    });
    expect(unknown.status).toBe(422);
    expect(unknown.json.errors).toEqual({ service_ids: [PROJECT_TEXT.notFoundOption] });

    const blank = await asA({ method: 'POST', url: '/api/categories', body: { name: '  ' } });
    expect(blank.json.errors).toEqual({ name: [REFERENCE_TEXT.nameRequired] });
    expect((await asA({ method: 'POST', url: '/api/classifications', body: {} })).json.errors).toEqual({
      title: [REFERENCE_TEXT.titleRequired],
    });
  });

  it('deleting a category or service used by a project is refused; unused ones are removed', async () => {
    const cat = await createCatalogue(a);
    const client = await createClientCo(a);
    await createProject(a, client, { categoryId: cat.categories[0]!.id, serviceId: cat.services[0]!.id });

    const usedCat = await asA({ method: 'DELETE', url: `/api/categories/${cat.categories[0]!.id}` });
    expect(usedCat.status).toBe(422);
    expect(usedCat.json.message).toBe(REFERENCE_TEXT.inUse);
    expect((await asA({ method: 'DELETE', url: `/api/services/${cat.services[0]!.id}` })).json.message).toBe(
      REFERENCE_TEXT.inUse,
    );

    const freeCat = await asA({ method: 'DELETE', url: `/api/categories/${cat.categories[1]!.id}` });
    expect(freeCat.status).toBe(200);
    expect(freeCat.json.message).toBe(REFERENCE_TEXT.removed);
    expect((await asA({ method: 'DELETE', url: `/api/services/${cat.services[2]!.id}` })).status).toBe(200);
    expect((await asA({ method: 'DELETE', url: `/api/services/${cat.services[2]!.id}` })).status).toBe(404);
  });
});

describe('reference: tags', () => {
  it('creates, lists with project counts, refuses duplicates and deleting a used tag', async () => {
    const name = `Urgent ${uniq()}`;
    const created = await asA({ method: 'POST', url: '/api/tags', body: { name } });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ name, project_count: 0 });
    expect((await asA({ method: 'POST', url: '/api/tags', body: { name: name.toLowerCase() } })).json.errors).toEqual({
      name: [REFERENCE_TEXT.nameTaken],
    });

    const client = await createClientCo(a);
    const p = await createProject(a, client);
    await asOwner(a.id, (tx) =>
      tx.insert(projectTags).values({ tenantId: a.id, projectId: p.id, tagId: created.json.id }),
    );
    const list = await asA({ url: '/api/tags' });
    expect(list.json.items.find((x: { id: string }) => x.id === created.json.id)).toEqual({
      id: created.json.id,
      name,
      project_count: 1,
    });
    expect((await asA({ method: 'DELETE', url: `/api/tags/${created.json.id}` })).json.message).toBe(
      REFERENCE_TEXT.tagInUse,
    );

    const free = await asA({ method: 'POST', url: '/api/tags', body: { name: `Free ${uniq()}` } });
    expect((await asA({ method: 'DELETE', url: `/api/tags/${free.json.id}` })).status).toBe(200);
    expect(await asOwner(a.id, (tx) => tx.select().from(tags).where(eq(tags.id, free.json.id)))).toEqual([]);
  });
});

describe('reference: classifications', () => {
  it("every company has 'Installation' (seeded lazily for existing ones), and new ones can be added", async () => {
    const fresh = await createTenant();
    const cookie = await signIn(t, fresh.host, fresh.admin.email);
    const list = await request(t, { host: fresh.host, cookie, url: '/api/classifications' });
    expect(list.status).toBe(200);
    expect(list.json.items.map((c: { title: string }) => c.title)).toEqual([DEFAULT_CLASSIFICATION]);
    // Listing again does not add a second one.
    expect((await request(t, { host: fresh.host, cookie, url: '/api/classifications' })).json.items).toHaveLength(1);

    const title = `Maintenance ${uniq()}`;
    const created = await asA({ method: 'POST', url: '/api/classifications', body: { title } });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ title, active: true });
    expect(
      (
        await asA({
          method: 'POST',
          url: '/api/classifications',
          body: { title: DEFAULT_CLASSIFICATION.toUpperCase() },
        })
      ).json.errors,
    ).toEqual({
      title: [REFERENCE_TEXT.titleTaken],
    });
    const upd = await asA({
      method: 'PUT',
      url: `/api/classifications/${created.json.id}`,
      body: { title: `${title}!`, active: false },
    });
    expect(upd.json).toEqual({ id: created.json.id, title: `${title}!`, active: false });
  });

  it('a new customer created by the platform admin gets Installation at once', async () => {
    const cookie = await signInPlatformAdmin(t);
    const res = await request(t, { method: 'POST', url: '/api/customers', cookie, body: customerInput() });
    expect(res.status, res.text).toBe(201);
    const rows = await asOwner(res.json.id, (tx) =>
      tx.select().from(classifications).where(eq(classifications.tenantId, res.json.id)),
    );
    expect(rows.map((r) => r.title)).toEqual([DEFAULT_CLASSIFICATION]);
  });

  it('deleting a classification used by a project is refused', async () => {
    const created = await asA({ method: 'POST', url: '/api/classifications', body: { title: `Used ${uniq()}` } });
    const client = await createClientCo(a);
    const p = await createProject(a, client);
    await asOwner(a.id, (tx) =>
      tx.update(projects).set({ classificationId: created.json.id }).where(eq(projects.id, p.id)),
    );
    expect((await asA({ method: 'DELETE', url: `/api/classifications/${created.json.id}` })).json.message).toBe(
      REFERENCE_TEXT.inUse,
    );
    const free = await asA({ method: 'POST', url: '/api/classifications', body: { title: `Free ${uniq()}` } });
    expect((await asA({ method: 'DELETE', url: `/api/classifications/${free.json.id}` })).status).toBe(200);
  });
});

describe('reference: access', () => {
  const LISTS = ['/api/categories', '/api/services', '/api/tags', '/api/classifications', '/api/category-services'];

  it('staff read; only company admins write (403 for employees and client users, who also cannot read)', async () => {
    for (const url of LISTS) {
      expect((await asEmployee({ url })).status, url).toBe(200);
      expect((await asClientUser({ url })).status, url).toBe(403);
      expect((await request(t, { host: a.host, url })).status, url).toBe(401);
    }
    const cat = await createCatalogue(a);
    const writes: RequestOptions[] = [
      { method: 'POST', url: '/api/categories', body: { name: `E ${uniq()}` } },
      { method: 'PUT', url: `/api/categories/${cat.categories[0]!.id}`, body: { name: 'E' } },
      { method: 'DELETE', url: `/api/categories/${cat.categories[1]!.id}` },
      { method: 'POST', url: '/api/services', body: { name: `E ${uniq()}` } },
      { method: 'PUT', url: `/api/services/${cat.services[0]!.id}`, body: { name: 'E' } },
      { method: 'DELETE', url: `/api/services/${cat.services[2]!.id}` },
      { method: 'POST', url: '/api/tags', body: { name: `E ${uniq()}` } },
      { method: 'POST', url: '/api/classifications', body: { title: `E ${uniq()}` } },
      // An invalid body still gets 403, not a validation answer.
      { method: 'POST', url: '/api/categories', body: { name: '' } },
    ];
    for (const w of writes) {
      expect((await asEmployee(w)).status, `${w.method} ${w.url}`).toBe(403);
      expect((await asClientUser(w)).status, `${w.method} ${w.url}`).toBe(403);
    }
  });

  it("another company's ids are 404 and its data never listed", async () => {
    const cat = await createCatalogue(a);
    const tag = await asA({ method: 'POST', url: '/api/tags', body: { name: `Secret ${uniq()}` } });
    const cls = await asA({ method: 'POST', url: '/api/classifications', body: { title: `Secret ${uniq()}` } });
    for (const w of [
      { method: 'PUT', url: `/api/categories/${cat.categories[0]!.id}`, body: { name: 'Stolen' } },
      { method: 'DELETE', url: `/api/categories/${cat.categories[1]!.id}` },
      { method: 'PUT', url: `/api/services/${cat.services[0]!.id}`, body: { name: 'Stolen' } },
      { method: 'DELETE', url: `/api/services/${cat.services[2]!.id}` },
      { method: 'DELETE', url: `/api/tags/${tag.json.id}` },
      { method: 'PUT', url: `/api/classifications/${cls.json.id}`, body: { title: 'Stolen' } },
      { method: 'DELETE', url: `/api/classifications/${cls.json.id}` },
    ] as RequestOptions[]) {
      expect((await asB(w)).status, `${w.method} ${w.url}`).toBe(404);
    }
    // B's category cannot offer A's services either.
    const res = await asB({
      method: 'POST',
      url: '/api/categories',
      body: { name: `B ${uniq()}`, service_ids: [cat.services[0]!.id] },
    });
    expect(res.json.errors).toEqual({ service_ids: [PROJECT_TEXT.notFoundOption] });
    for (const url of LISTS) {
      const text = (await asB({ url })).text;
      for (const secret of [cat.categories[0]!.name, cat.services[0]!.name, tag.json.name, cls.json.title])
        expect(text, url).not.toContain(secret);
    }
    // A is untouched.
    expect(
      (await asA({ url: '/api/categories' })).json.items.some(
        (c: { name: string }) => c.name === cat.categories[0]!.name,
      ),
    ).toBe(true);
  });
});
