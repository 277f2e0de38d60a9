import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_CLASSIFICATION,
  formatProjectCode,
  PROJECT_TEXT,
  type ProjectCreate,
  type ProjectView,
  wallClockAt,
} from '@siteflow/core';
import * as factories from '../../../test/factories.js';
import type { TestCatalogue, TestClient } from '../../../test/factories.js';
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
  type TestUser,
} from '../../../test/companies.js';
import { projectDateChanges, tags } from '../../platform/db/schema.js';

let t: TestApp, a: TestTenant, b: TestTenant, asA: As, asB: As, asEmployee: As;
let employee: TestUser;
let cat: TestCatalogue;
let client: TestClient;
let am: TestUser;

beforeAll(async () => {
  ({ t, a, b, asA, asB } = await twoCompanies({ gazetteer: true }));
  [employee, cat, client] = await Promise.all([
    createUser(a, 'company_employee', { firstName: 'Emma', lastName: 'Employee', isProjectManager: true }),
    factories.createCatalogue(a),
    factories.createClientCo(a),
  ]);
  am = await factories.createClientUser(a, client.id, 'client_am', { firstName: 'Andy', lastName: 'Manager' });
  asEmployee = await signedIn(t, a, employee);
});
afterAll(() => t.close());

const as = (cookie: string) => (opts: RequestOptions) => request(t, { host: a.host, cookie, ...opts });

const createInput = (over: Partial<Record<keyof ProjectCreate, unknown>> = {}): Record<string, unknown> => ({
  name: `Switchboard upgrade ${uniq()}`,
  start_date: '2026-11-21T08:00',
  end_date: '2026-11-21T17:00',
  project_manager: employee.id,
  project_administrator: a.admin.id,
  project_sales_representative: employee.id,
  client: client.id,
  client_am: am.id,
  client_comments: 'Please call ahead.',
  order_reference: `PO-${uniq()}`,
  summary: 'Replace the main switchboard.',
  categories: [cat.categories[0]!.id],
  services: [cat.services[0]!.id, cat.services[1]!.id],
  tags: ['Urgent'],
  street: '100 Queen Street',
  suburb: 'Brisbane City',
  state: 'QLD',
  postcode: '4000',
  country: 'Australia',
  site_contact_name: 'Sam Site',
  site_contacts: [
    { name: 'Sam Site', position: 'Foreman', email: 'Sam@Site.test', phone: '0400 000 001', note: 'Gate code 1234' },
    { name: 'Pat Second', position: null, email: null, phone: null, note: null },
  ],
  ...over,
});

async function create(over: Partial<Record<keyof ProjectCreate, unknown>> = {}) {
  const res = await asA({ method: 'POST', url: '/api/projects', body: createInput(over) });
  expect(res.status, res.text).toBe(201);
  return res.json as { id: number; project_code: string; redirect_url: string; message: string };
}
const view = async (id: number, asWho = asA) => {
  const res = await asWho({ url: `/api/projects/${id}` });
  expect(res.status, res.text).toBe(200);
  return res.json as ProjectView;
};

describe('projects: create data', () => {
  it('offers the current user, Installation, active clients by name, category-service links, managers and staff', async () => {
    const inactive = await factories.createClientCo(a, { tradingName: `Aaa Inactive ${uniq()}`, active: false });
    await createUser(a, 'company_employee', { firstName: 'Ivy', lastName: 'Inactive', active: false });
    const res = await asEmployee({ url: '/api/projects/create-data' });
    expect(res.status).toBe(200);
    const d = res.json;
    expect(d.user).toEqual({ id: employee.id, full_name: 'Emma Employee' });
    expect(d.classifications.map((c: { title: string }) => c.title)).toContain(DEFAULT_CLASSIFICATION);
    const names = d.clients.map((c: { trading_name: string }) => c.trading_name);
    expect(names).toContain(client.tradingName);
    expect(names).not.toContain(inactive.tradingName);
    expect(names).toEqual([...names].sort());
    expect(d.category_services).toContainEqual({
      category_id: cat.categories[0]!.id,
      service_id: cat.services[0]!.id,
      service_name: cat.services[0]!.name,
    });
    expect(d.categories.map((c: { id: string }) => c.id)).toEqual(
      expect.arrayContaining(cat.categories.map((c) => c.id)),
    );
    // Only Emma is flagged as a project manager; staff lists every active company user, no client users.
    expect(d.project_managers).toEqual([{ id: employee.id, full_name: 'Emma Employee' }]);
    const staff = d.staff.map((s: { full_name: string }) => s.full_name);
    expect(staff).toEqual(expect.arrayContaining(['Ada Admin', 'Emma Employee']));
    expect(staff).not.toContain('Ivy Inactive');
    expect(staff).not.toContain('Andy Manager');
  });

  it('falls back to all active staff as project managers when nobody is flagged', async () => {
    const fresh = await createTenant();
    const res = await request(t, {
      host: fresh.host,
      cookie: await signIn(t, fresh.host, fresh.admin.email),
      url: '/api/projects/create-data',
    });
    expect(res.json.project_managers).toEqual([{ id: fresh.admin.id, full_name: 'Ada Admin' }]);
    expect(res.json.classifications).toEqual([{ id: expect.any(String), title: DEFAULT_CLASSIFICATION }]);
  });
});

describe('projects: create', () => {
  it('saves everything, numbers the project, defaults status and classification, geocodes, and shows it', async () => {
    const linked = await create();
    const input = createInput({ linked_projects: [linked.id], tags: ['Urgent', 'urgent ', 'After Hours'] });
    const res = await asA({ method: 'POST', url: '/api/projects', body: input });
    expect(res.status, res.text).toBe(201);
    expect(res.json).toEqual({
      id: expect.any(Number),
      project_code: expect.stringMatching(/^PRJ-\d{5}$/),
      redirect_url: `/projects/${res.json.id}/show`,
      message: PROJECT_TEXT.created,
    });

    const p = await view(res.json.id);
    expect(p).toMatchObject({
      id: res.json.id,
      project_code: res.json.project_code,
      id_code: res.json.project_code,
      name: input.name,
      title: input.name,
      status: 'order',
      status_label: 'Order',
      allowed_statuses: ['scheduled', 'on_hold', 'cancelled', 'quote'],
      start_date: '2026-11-21T08:00',
      end_date: '2026-11-21T17:00',
      completed_on: null,
      order_reference: input.order_reference,
      client_comments: 'Please call ahead.',
      summary: 'Replace the main switchboard.',
      location: {
        street: '100 Queen Street',
        suburb: 'Brisbane City',
        state: 'QLD',
        postcode: '4000',
        country: 'Australia',
      },
      client: { id: client.id, trading_name: client.tradingName },
      account_manager: { id: am.id, full_name: 'Andy Manager' },
      project_manager: { id: employee.id, full_name: 'Emma Employee' },
      project_administrator: { id: a.admin.id, full_name: 'Ada Admin' },
      project_sales_representative: { id: employee.id },
      classification: { title: DEFAULT_CLASSIFICATION },
      linked_project_type: 'master',
      linked_projects: [{ id: linked.id, project_code: linked.project_code }],
      sub_linked_projects: [],
      abilities: { edit: true, delete: true },
      date_changes: [],
      service_provider: null,
    });
    expect(p.co_ords.precision).toBe('suburb');
    expect(p.co_ords.lat).toBeCloseTo(-27.47, 1);
    expect(p.co_ords.long).toBeCloseTo(153.02, 1);
    expect(p.tags.map((x) => x.name).sort()).toEqual(['After Hours', 'Urgent']);
    expect(p.categories).toEqual([cat.categories[0]]);
    expect(p.services.map((s) => s.id).sort()).toEqual([cat.services[0]!.id, cat.services[1]!.id].sort());
    expect(p.site_contacts).toEqual([
      {
        id: expect.any(String),
        name: 'Sam Site',
        position: 'Foreman',
        email: 'sam@site.test',
        phone: '0400 000 001',
        note: 'Gate code 1234',
      },
      { id: expect.any(String), name: 'Pat Second', position: null, email: null, phone: null, note: null },
    ]);
    // The linked project shows this one as linking to it.
    expect((await view(linked.id)).sub_linked_projects).toEqual([
      { id: res.json.id, project_code: res.json.project_code, name: input.name },
    ]);
  });

  it('creates tags by name once, whatever the case, reusing existing ones', async () => {
    const name = `Vip ${uniq()}`;
    await asA({ method: 'POST', url: '/api/tags', body: { name } });
    const p1 = await create({ tags: [name.toUpperCase(), `New ${name}`, `new ${name}`] });
    const p2 = await create({ tags: [`NEW ${name}`] });
    const rows = await asOwner(a.id, (tx) => tx.select().from(tags).where(eq(tags.tenantId, a.id)));
    expect(rows.filter((r) => r.name.toLowerCase() === name.toLowerCase())).toHaveLength(1);
    expect(rows.filter((r) => r.name.toLowerCase() === `new ${name}`.toLowerCase()).map((r) => r.name)).toEqual([
      `New ${name}`,
    ]);
    expect((await view(p1.id)).tags.map((x) => x.name).sort()).toEqual([name, `New ${name}`].sort());
    expect((await view(p2.id)).tags.map((x) => x.name)).toEqual([`New ${name}`]);
  });

  it('numbers concurrent creates with distinct, consecutive codes', async () => {
    const fresh = await createTenant();
    const freshClient = await factories.createClientCo(fresh);
    const freshAm = await factories.createClientUser(fresh, freshClient.id, 'client_am');
    const freshCat = await factories.createCatalogue(fresh);
    const cookie = await signIn(t, fresh.host, fresh.admin.email);
    const body = () =>
      createInput({
        project_manager: fresh.admin.id,
        project_administrator: fresh.admin.id,
        project_sales_representative: null,
        client: freshClient.id,
        client_am: freshAm.id,
        categories: [freshCat.categories[1]!.id],
        services: [freshCat.services[2]!.id],
      });
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        request(t, { method: 'POST', url: '/api/projects', host: fresh.host, cookie, body: body() }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    expect(results.map((r) => r.json.project_code).sort()).toEqual([1, 2, 3, 4, 5].map(formatProjectCode));
    // The unfiltered list's total is the running count (kept by triggers), through creates and deletes.
    const total = async () => (await request(t, { host: fresh.host, cookie, url: '/api/projects' })).json.total;
    expect(await total()).toBe(5);
    await request(t, { method: 'DELETE', url: `/api/projects/${results[0]!.json.id}`, host: fresh.host, cookie });
    await factories.createProject(fresh, freshClient);
    await factories.createProject(fresh, freshClient);
    expect(await total()).toBe(6);
    expect((await request(t, { host: fresh.host, cookie, url: '/api/projects?status=order' })).json.total).toBe(6);
  });

  it('answers every missing field at once, with the exact messages', async () => {
    const res = await asA({ method: 'POST', url: '/api/projects', body: {} });
    expect(res.status).toBe(422);
    expect(res.json.errors).toEqual({
      name: [PROJECT_TEXT.nameRequired],
      project_manager: [PROJECT_TEXT.managerRequired],
      project_administrator: [PROJECT_TEXT.administratorRequired],
      client: [PROJECT_TEXT.clientRequired],
      client_am: [PROJECT_TEXT.accountManagerRequired],
      order_reference: [PROJECT_TEXT.orderReferenceRequired],
      categories: [PROJECT_TEXT.categoriesRequired],
      services: [PROJECT_TEXT.servicesRequired],
      street: [PROJECT_TEXT.streetRequired],
      suburb: [PROJECT_TEXT.suburbRequired],
      state: [PROJECT_TEXT.stateRequired],
      postcode: [PROJECT_TEXT.postcodeRequired],
      site_contacts: expect.any(Array),
    });
  });

  it('keys site-contact errors by index and field, and checks the date order', async () => {
    const res = await asA({
      method: 'POST',
      url: '/api/projects',
      body: createInput({ site_contacts: [{ name: 'Ok' }, { name: '', email: 'not-an-email' }] }),
    });
    expect(res.status).toBe(422);
    expect(res.json.errors['site_contacts.1.name']).toEqual([PROJECT_TEXT.siteContactNameRequired]);
    expect(res.json.errors['site_contacts.1.email']).toEqual(['The email must be a valid email address.']);
    expect(res.json.errors['site_contacts.0.name']).toBeUndefined();
    const order = await asA({
      method: 'POST',
      url: '/api/projects',
      body: createInput({ start_date: '2026-11-21T17:00', end_date: '2026-11-21T08:00' }),
    });
    expect(order.json.errors).toEqual({ end_date: [PROJECT_TEXT.endBeforeStart] });
    const badDate = await asA({
      method: 'POST',
      url: '/api/projects',
      body: createInput({ start_date: '21/11/2026' }),
    });
    expect(badDate.json.errors.start_date).toEqual([PROJECT_TEXT.dateFormat]);
  });

  it('checks every reference against this company: staff, client, account manager, services, linked projects', async () => {
    const otherClient = await factories.createClientCo(a);
    const otherAm = await factories.createClientUser(a, otherClient.id, 'client_am');
    const inactiveAm = await factories.createClientUser(a, client.id, 'client_am', { active: false });
    const inactiveStaff = await createUser(a, 'company_employee', { active: false });
    const bClient = await factories.createClientCo(b);
    const res = await asA({
      method: 'POST',
      url: '/api/projects',
      body: createInput({
        project_manager: am.id, // a client user is not staff
        project_administrator: inactiveStaff.id,
        project_sales_representative: b.admin.id, // another company's user
        client_am: otherAm.id,
        services: [cat.services[2]!.id], // offered by the other category only
        linked_projects: [999_999_999],
        classification: crypto.randomUUID(),
      }),
    });
    expect(res.status).toBe(422);
    expect(res.json.errors).toEqual({
      project_manager: [PROJECT_TEXT.notFoundOption],
      project_administrator: [PROJECT_TEXT.notFoundOption],
      project_sales_representative: [PROJECT_TEXT.notFoundOption],
      client_am: [PROJECT_TEXT.accountManagerInvalid],
      services: [PROJECT_TEXT.serviceNotInCategories],
      linked_projects: [PROJECT_TEXT.notFoundOption],
      classification: [PROJECT_TEXT.notFoundOption],
    });
    const inactive = await asA({
      method: 'POST',
      url: '/api/projects',
      body: createInput({ client_am: inactiveAm.id }),
    });
    expect(inactive.json.errors).toEqual({ client_am: [PROJECT_TEXT.accountManagerInvalid] });
    const foreign = await asA({ method: 'POST', url: '/api/projects', body: createInput({ client: bClient.id }) });
    expect(foreign.json.errors).toEqual({ client: [PROJECT_TEXT.notFoundOption] });
    const inactiveClient = await factories.createClientCo(a, { active: false });
    expect(
      (await asA({ method: 'POST', url: '/api/projects', body: createInput({ client: inactiveClient.id }) })).json
        .errors,
    ).toEqual({ client: [PROJECT_TEXT.notFoundOption] });
    const foreignCategory = await factories.createCatalogue(b);
    const cats = await asA({
      method: 'POST',
      url: '/api/projects',
      body: createInput({
        categories: [foreignCategory.categories[0]!.id],
        services: [foreignCategory.services[0]!.id],
      }),
    });
    expect(cats.json.errors).toEqual({
      categories: [PROJECT_TEXT.notFoundOption],
      services: [PROJECT_TEXT.notFoundOption],
    });
  });
});

describe('projects: section saves', () => {
  const details = (p: ProjectView, over: Record<string, unknown> = {}) => ({
    name: p.name,
    start_date: p.start_date,
    end_date: p.end_date,
    completed_on: p.completed_on,
    project_administrator_id: p.project_administrator.id,
    project_manager_id: p.project_manager.id,
    project_sales_representative_id: p.project_sales_representative?.id ?? null,
    linked_project_type: p.linked_project_type,
    classification_id: p.classification?.id ?? null,
    summary: p.summary,
    linked_projects: p.linked_projects.map((l) => l.id),
    ...over,
  });

  it('a new project’s template tasks go to its manager, administrator and account manager; a later change of manager leaves them', async () => {
    const cls = await asA({ method: 'POST', url: '/api/classifications', body: { title: `Class ${uniq()}` } });
    const template = await asA({
      method: 'POST',
      url: '/api/task-templates',
      body: { title: `T ${uniq()}`, classification_id: cls.json.id },
    });
    const people: [string, string][] = [
      ['Company', 'Project Manager'],
      ['Company', 'Project Administrator'],
      ['Client', 'Account Manager'],
      ['Company', 'Employee'],
    ];
    for (const [action_by, staff_responsible] of people) {
      const res = await asA({
        method: 'POST',
        url: `/api/task-templates/${template.json.id}/tasks`,
        body: { title: staff_responsible, action_by, staff_responsible, trigger: 'Project Commencement Date' },
      });
      expect(res.status, res.text).toBe(201);
    }
    const { id } = await create({ classification: cls.json.id });
    const holders = async () => {
      const res = await asA({ url: `/api/tasks?project_id=${id}` });
      expect(res.status, res.text).toBe(200);
      const items = res.json.tasks as { title: string; user_id: string | null }[];
      return Object.fromEntries(items.map((x) => [x.title, x.user_id]));
    };
    const expected = {
      'Project Manager': employee.id,
      'Project Administrator': a.admin.id,
      'Account Manager': am.id,
      Employee: null,
    };
    expect(await holders()).toEqual(expected);
    const p = await view(id);
    const res = await asA({
      method: 'PUT',
      url: `/api/projects/${id}/details`,
      body: details(p, { project_manager_id: a.admin.id }),
    });
    expect(res.status, res.text).toBe(200);
    expect(await holders()).toEqual(expected);
  });

  it('details: a date that does not exist or an hour past 23 is a 422 on its field, and nothing changes', async () => {
    const { id } = await create();
    const p = await view(id);
    for (const [field, value] of [
      ['start_date', '2027-02-30T08:00'],
      ['start_date', '2027-01-01T24:00'],
      ['end_date', '2027-02-29T17:00'],
      ['completed_on', '2026-11-31T09:00'],
    ] as const) {
      const res = await asA({
        method: 'PUT',
        url: `/api/projects/${id}/details`,
        body: details(p, { start_date: '2026-11-01T08:00', [field]: value }),
      });
      expect(res.status, `${field}=${value}: ${res.text}`).toBe(422);
      expect(res.json.errors).toEqual({ [field]: [PROJECT_TEXT.dateNotReal] });
    }
    expect(await view(id)).toMatchObject({ start_date: p.start_date, end_date: p.end_date });
  });

  it('details: records date changes with the shift answer (newest first, with who changed them)', async () => {
    const { id } = await create();
    const p = await view(id);
    // Same dates: no history.
    await asA({ method: 'PUT', url: `/api/projects/${id}/details`, body: details(p, { name: 'Renamed' }) });
    expect((await view(id)).date_changes).toEqual([]);

    const official = await asA({
      method: 'PUT',
      url: `/api/projects/${id}/details`,
      body: details(p, {
        name: 'Renamed',
        start_date: '2026-11-22T08:00',
        end_date: '2026-11-22T17:00',
        official_shift: true,
        shift_reason: '',
      }),
    });
    expect(official.status, official.text).toBe(200);
    expect(official.json.date_changes).toEqual([
      expect.objectContaining({
        old_start: '2026-11-21T08:00',
        new_start: '2026-11-22T08:00',
        old_end: '2026-11-21T17:00',
        new_end: '2026-11-22T17:00',
        official_shift: true,
        reason: PROJECT_TEXT.defaultShiftReason,
        changed_by: 'Ada Admin',
      }),
    ]);
    t.clock.advance(1000);
    const withReason = await asEmployee({
      method: 'PUT',
      url: `/api/projects/${id}/details`,
      body: details(official.json, { end_date: '2026-11-23T17:00', official_shift: true, shift_reason: 'Rain' }),
    });
    expect(withReason.json.date_changes[0]).toMatchObject({
      new_end: '2026-11-23T17:00',
      official_shift: true,
      reason: 'Rain',
      changed_by: 'Emma Employee',
    });
    t.clock.advance(1000);
    const notOfficial = await asA({
      method: 'PUT',
      url: `/api/projects/${id}/details`,
      body: details(withReason.json, {
        start_date: '2026-11-23T07:00',
        official_shift: false,
        shift_reason: 'ignored',
      }),
    });
    expect(
      notOfficial.json.date_changes.map((c: { official_shift: boolean; reason: string | null }) => [
        c.official_shift,
        c.reason,
      ]),
    ).toEqual([
      [false, null],
      [true, 'Rain'],
      [true, PROJECT_TEXT.defaultShiftReason],
    ]);
    expect(notOfficial.json.name).toBe('Renamed');
    const rows = await asOwner(a.id, (tx) =>
      tx.select().from(projectDateChanges).where(eq(projectDateChanges.projectId, id)),
    );
    expect(rows).toHaveLength(3);
  });

  it('details: replaces linked projects, refuses a self-link or unknown ones, and keeps Completed Date only when completed', async () => {
    const { id } = await create();
    const l1 = await create();
    const l2 = await create();
    const p = await view(id);
    const res = await asA({
      method: 'PUT',
      url: `/api/projects/${id}/details`,
      body: details(p, {
        linked_projects: [l1.id, l2.id],
        linked_project_type: 'sub_project',
        completed_on: '2026-11-25T10:00',
      }),
    });
    expect(res.json.linked_projects.map((l: { id: number }) => l.id)).toEqual([l1.id, l2.id]);
    expect(res.json.linked_project_type).toBe('sub_project');
    expect(res.json.completed_on).toBeNull();
    const again = await asA({
      method: 'PUT',
      url: `/api/projects/${id}/details`,
      body: details(p, { linked_projects: [l2.id] }),
    });
    expect(again.json.linked_projects.map((l: { id: number }) => l.id)).toEqual([l2.id]);
    const self = await asA({
      method: 'PUT',
      url: `/api/projects/${id}/details`,
      body: details(p, { linked_projects: [id] }),
    });
    expect(self.status).toBe(422);
    expect(self.json.errors).toEqual({ linked_projects: [PROJECT_TEXT.notFoundOption] });
    const bad = await asA({
      method: 'PUT',
      url: `/api/projects/${id}/details`,
      body: details(p, { project_manager_id: am.id, name: '' }),
    });
    expect(bad.json.errors).toEqual({ name: [PROJECT_TEXT.nameRequired] });
    const badRef = await asA({
      method: 'PUT',
      url: `/api/projects/${id}/details`,
      body: details(p, { project_manager_id: am.id }),
    });
    expect(badRef.json.errors).toEqual({ project_manager_id: [PROJECT_TEXT.notFoundOption] });

    await asA({ method: 'PUT', url: `/api/projects/${id}/status`, body: { status: 'scheduled' } });
    await asA({
      method: 'PUT',
      url: `/api/projects/${id}/status`,
      body: { status: 'completed', completed_on: '2026-11-24T16:00' },
    });
    const completed = await asA({
      method: 'PUT',
      url: `/api/projects/${id}/details`,
      body: details(await view(id), { completed_on: '2026-11-25T10:00' }),
    });
    expect(completed.json.completed_on).toBe('2026-11-25T10:00');
  });

  it('services: replaces tags, categories and services; services must belong to the categories', async () => {
    const { id } = await create();
    const res = await asA({
      method: 'PUT',
      url: `/api/projects/${id}/services`,
      body: { tags: ['Night Works'], categories: [cat.categories[1]!.id], services: [cat.services[2]!.id] },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json.tags.map((x: { name: string }) => x.name)).toEqual(['Night Works']);
    expect(res.json.categories).toEqual([cat.categories[1]]);
    expect(res.json.services).toEqual([cat.services[2]]);
    const bad = await asA({
      method: 'PUT',
      url: `/api/projects/${id}/services`,
      body: { tags: [], categories: [cat.categories[1]!.id], services: [cat.services[0]!.id] },
    });
    expect(bad.status).toBe(422);
    expect(bad.json.errors).toEqual({ services: [PROJECT_TEXT.serviceNotInCategories] });
    const empty = await asA({
      method: 'PUT',
      url: `/api/projects/${id}/services`,
      body: { categories: [], services: [] },
    });
    expect(empty.json.errors).toEqual({
      categories: [PROJECT_TEXT.categoriesRequired],
      services: [PROJECT_TEXT.servicesRequired],
    });
  });

  it('other: client, order reference, account manager (of that client) and site contacts (the answer is the saved list)', async () => {
    const { id } = await create();
    const newClient = await factories.createClientCo(a);
    const newAm = await factories.createClientUser(a, newClient.id, 'client_am', {
      firstName: 'Nina',
      lastName: 'New',
    });
    const mismatch = await asA({
      method: 'PUT',
      url: `/api/projects/${id}/other`,
      body: { client_id: newClient.id, client_order_reference: 'PO-2', account_manager_id: am.id, site_contacts: [] },
    });
    expect(mismatch.status).toBe(422);
    expect(mismatch.json.errors).toEqual({ account_manager_id: [PROJECT_TEXT.accountManagerInvalid] });

    const res = await asA({
      method: 'PUT',
      url: `/api/projects/${id}/other`,
      body: {
        client_id: newClient.id,
        client_order_reference: 'PO-2',
        account_manager_id: newAm.id,
        site_contacts: [{ name: 'Only One', phone: '07 1234 5678' }],
      },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({
      client: { id: newClient.id, trading_name: newClient.tradingName },
      order_reference: 'PO-2',
      account_manager: { id: newAm.id, full_name: 'Nina New' },
    });
    expect(res.json.site_contacts).toEqual([
      { id: expect.any(String), name: 'Only One', position: null, email: null, phone: '07 1234 5678', note: null },
    ]);
    // The list search finds it under the new client's name.
    const found = await asA({ url: `/api/projects?search=${encodeURIComponent(newClient.tradingName)}` });
    expect(found.json.items.map((p: { id: number }) => p.id)).toEqual([id]);

    const missing = await asA({
      method: 'PUT',
      url: `/api/projects/${id}/other`,
      body: { site_contacts: [{ name: 'x' }, { name: '' }] },
    });
    expect(missing.json.errors).toEqual({
      client_id: [PROJECT_TEXT.clientRequired],
      client_order_reference: [PROJECT_TEXT.orderReferenceRequired],
      account_manager_id: [PROJECT_TEXT.accountManagerRequired],
      'site_contacts.1.name': [PROJECT_TEXT.siteContactNameRequired],
    });
  });

  it('location: saves the address and geocodes it again', async () => {
    const { id } = await create();
    const res = await asA({
      method: 'PUT',
      url: `/api/projects/${id}/location`,
      body: { street: '1 Smith Street', suburb: 'Parramatta', state: 'NSW', postcode: '2150' },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json.location).toEqual({
      street: '1 Smith Street',
      suburb: 'Parramatta',
      state: 'NSW',
      postcode: '2150',
      country: 'Australia',
    });
    expect(res.json.co_ords.precision).toBe('suburb');
    expect(res.json.co_ords.lat).toBeCloseTo(-33.8, 0);
    const unknown = await asA({
      method: 'PUT',
      url: `/api/projects/${id}/location`,
      body: { street: '1 Nowhere Road', suburb: 'Nowhereville', state: 'QLD', postcode: '9999' },
    });
    expect(unknown.json.co_ords).toMatchObject({ precision: expect.toBeOneOf(['postcode', 'state', null]) });
    const bad = await asA({
      method: 'PUT',
      url: `/api/projects/${id}/location`,
      body: { street: '', suburb: '', state: 'XX', postcode: 'abc' },
    });
    expect(bad.json.errors).toEqual({
      street: [PROJECT_TEXT.streetRequired],
      suburb: [PROJECT_TEXT.suburbRequired],
      state: [PROJECT_TEXT.stateRequired],
      postcode: ['The postcode must be a number from 0 to 9999.'],
    });
  });
});

describe('projects: status', () => {
  it('moves along the allowed transitions; completing records the time at the site; reopening clears it', async () => {
    const { id } = await create();
    const bad = await asA({ method: 'PUT', url: `/api/projects/${id}/status`, body: { status: 'completed' } });
    expect(bad.status).toBe(422);
    expect(bad.json.errors).toEqual({ status: ['The project cannot move from Order to Completed.'] });

    expect(
      (await asA({ method: 'PUT', url: `/api/projects/${id}/status`, body: { status: 'scheduled' } })).json,
    ).toMatchObject({ status: 'scheduled', allowed_statuses: ['completed', 'on_hold', 'cancelled', 'order'] });
    const before = wallClockAt(t.clock.now());
    const done = await asA({ method: 'PUT', url: `/api/projects/${id}/status`, body: { status: 'completed' } });
    const after = wallClockAt(t.clock.now());
    expect(done.json.status).toBe('completed');
    expect([before, after].map((v) => v.replace(' ', 'T'))).toContain(done.json.completed_on);

    const closed = await asA({ method: 'PUT', url: `/api/projects/${id}/status`, body: { status: 'closed' } });
    expect(closed.json).toMatchObject({ status: 'closed', completed_on: done.json.completed_on, allowed_statuses: [] });
    const stuck = await asA({ method: 'PUT', url: `/api/projects/${id}/status`, body: { status: 'order' } });
    expect(stuck.json.errors).toEqual({ status: ['The project cannot move from Closed to Order.'] });

    const other = await create();
    await asA({ method: 'PUT', url: `/api/projects/${other.id}/status`, body: { status: 'scheduled' } });
    const given = await asA({
      method: 'PUT',
      url: `/api/projects/${other.id}/status`,
      body: { status: 'completed', completed_on: '2026-12-01T15:30' },
    });
    expect(given.json.completed_on).toBe('2026-12-01T15:30');
    const reopened = await asA({
      method: 'PUT',
      url: `/api/projects/${other.id}/status`,
      body: { status: 'scheduled' },
    });
    expect(reopened.json).toMatchObject({ status: 'scheduled', completed_on: null });
    expect(
      (await asA({ method: 'PUT', url: `/api/projects/${other.id}/status`, body: { status: 'finished' } })).json.errors,
    ).toEqual({ status: [PROJECT_TEXT.notFoundOption] });
  });

  it('the completion clock is Brisbane time (UTC+10, no daylight saving)', () => {
    const at = (iso: string) => wallClockAt(new Date(iso));
    expect(at('2026-01-15T22:30:00Z')).toBe('2026-01-16 08:30');
    expect(at('2026-07-15T13:59:00Z')).toBe('2026-07-15 23:59');
  });
});

describe('projects: delete', () => {
  it('a company admin deletes (children go too); an employee may not', async () => {
    const { id } = await create({ linked_projects: [] });
    expect((await asEmployee({ method: 'DELETE', url: `/api/projects/${id}` })).status).toBe(403);
    const res = await asA({ method: 'DELETE', url: `/api/projects/${id}` });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ message: PROJECT_TEXT.deleted, redirect_url: '/projects' });
    expect((await asA({ url: `/api/projects/${id}` })).status).toBe(404);
    expect((await asA({ method: 'DELETE', url: `/api/projects/${id}` })).status).toBe(404);
  });
});

describe('projects: list and lookup', () => {
  it('filters by status, client, manager and text; sorts and pages', async () => {
    const tag = `Lq${uniq()}`;
    const c1 = await factories.createClientCo(a, { tradingName: `${tag} Client One` });
    const c2 = await factories.createClientCo(a, { tradingName: `${tag} Client Two` });
    const p1 = await factories.createProject(a, c1, {
      name: `${tag} Alpha`,
      status: 'scheduled',
      managerId: employee.id,
      startDate: '2026-01-01 08:00',
    });
    const p2 = await factories.createProject(a, c1, {
      name: `${tag} Beta`,
      status: 'order',
      startDate: '2026-03-01 08:00',
    });
    const p3 = await factories.createProject(a, c2, {
      name: `${tag} Gamma`,
      status: 'order',
      startDate: null,
      endDate: null,
    });
    const ids = async (query: string) => {
      const res = await asA({ url: `/api/projects?search=${tag}&${query}` });
      expect(res.status, res.text).toBe(200);
      return res.json.items.map((p: { id: number }) => p.id);
    };
    // Default: start date, newest first, undated last.
    expect(await ids('')).toEqual([p2.id, p1.id, p3.id]);
    expect(await ids('order=asc')).toEqual([p3.id, p1.id, p2.id]);
    expect(await ids('sort=name&order=asc')).toEqual([p1.id, p2.id, p3.id]);
    expect(await ids('sort=code&order=desc')).toEqual([p3.id, p2.id, p1.id]);
    expect(await ids('sort=client&order=desc')).toEqual([p3.id, p2.id, p1.id]);
    expect(await ids('status=order&sort=name')).toEqual([p3.id, p2.id]);
    expect(await ids(`client_id=${c1.id}&sort=name&order=asc`)).toEqual([p1.id, p2.id]);
    expect(await ids(`project_manager_id=${employee.id}`)).toEqual([p1.id]);

    const page = await asA({ url: `/api/projects?search=${tag}&pageSize=2&page=2` });
    expect(page.json).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(page.json.items[0]).toEqual({
      id: p3.id,
      project_code: p3.code,
      name: `${tag} Gamma`,
      status: 'order',
      status_label: 'Order',
      status_colour: 'blue',
      client: { id: c2.id, trading_name: c2.tradingName },
      project_manager: { id: a.admin.id, full_name: 'Ada Admin' },
      order_reference: expect.any(String),
      start_date: null,
      end_date: null,
      suburb: 'Testville',
      state: 'QLD',
    });
    const all = await asA({ url: '/api/projects' });
    expect(all.json.total).toBeGreaterThanOrEqual(3);
    expect((await asA({ url: '/api/projects?sort=nonsense' })).status).toBe(422);
  });

  it('pages past the middle (read from the far end) continue the same order, for every sort', async () => {
    const c = await factories.createClientCo(a);
    const dates = [
      '2026-02-01 08:00',
      null,
      '2026-01-01 08:00',
      '2026-02-01 08:00',
      null,
      '2026-03-01 08:00',
      '2026-01-15 08:00',
    ];
    const names = ['b', 'a', 'c', 'a', 'd', 'b', 'e'];
    const statuses = ['order', 'scheduled', 'order', 'quote', 'order', 'scheduled', 'order'] as const;
    for (let i = 0; i < dates.length; i++)
      await factories.createProject(a, c, {
        startDate: dates[i]!,
        endDate: dates[i]!,
        name: names[i]!,
        status: statuses[i]!,
      });
    for (const sort of ['start_date', 'code', 'name', 'status', 'client', 'created_at']) {
      for (const order of ['asc', 'desc']) {
        const base = `/api/projects?client_id=${c.id}&sort=${sort}&order=${order}`;
        const whole = (await asA({ url: `${base}&pageSize=100` })).json.items.map((p: { id: number }) => p.id);
        expect(whole).toHaveLength(7);
        const paged: number[] = [];
        for (let page = 1; page <= 4; page++) {
          const res = await asA({ url: `${base}&pageSize=2&page=${page}` });
          expect(res.json.total).toBe(7);
          paged.push(...res.json.items.map((p: { id: number }) => p.id));
        }
        expect(paged, `${sort} ${order}`).toEqual(whole);
        expect((await asA({ url: `${base}&pageSize=2&page=5` })).json.items).toEqual([]);
      }
    }
  });

  it('lookup finds by code or name (typos too), excludes one, and lists the newest without a term', async () => {
    const name = `Harbourview Tower ${uniq()}`;
    const p = await factories.createProject(a, client, { name });
    const q = async (query: string) =>
      (await asA({ url: `/api/projects/lookup?${query}` })).json.items.map((x: { id: number }) => x.id);
    expect(await q(`q=${encodeURIComponent(name.slice(0, 18))}`)).toContain(p.id);
    expect(await q(`q=${p.code}`)).toEqual([p.id]);
    expect(await q(`q=${p.code.toLowerCase().replace('-', ' ')}`)).toEqual([p.id]);
    expect(await q(`q=${encodeURIComponent(name.replace('Harbourview', 'Harbrview'))}`)).toContain(p.id);
    expect(await q(`q=${p.code}&exclude=${p.id}`)).not.toContain(p.id);
    const newest = await asA({ url: '/api/projects/lookup' });
    expect(newest.json.items.length).toBeLessThanOrEqual(20);
    expect(newest.json.items[0]).toEqual({
      id: expect.any(Number),
      project_code: expect.any(String),
      name: expect.any(String),
    });
  });
});

describe('projects: who sees what', () => {
  it('a client user sees only their client’s projects, read-only', async () => {
    const mine = await factories.createClientCo(a);
    const cu = await factories.createClientUser(a, mine.id, 'client_admin');
    const cookie = await signIn(t, a.host, cu.email);
    const tag = `Cv${uniq()}`;
    const own = await factories.createProject(a, mine, { name: `${tag} Own` });
    const others = await factories.createProject(a, client, { name: `${tag} Other` });
    const asClient = as(cookie);

    const list = await asClient({ url: `/api/projects?search=${tag}` });
    expect(list.json.items.map((p: { id: number }) => p.id)).toEqual([own.id]);
    expect((await asClient({ url: '/api/projects' })).json.total).toBe(1);
    const detail = await view(own.id, asClient);
    expect(detail).toMatchObject({
      abilities: { edit: false, delete: false },
      allowed_statuses: [],
      client: { id: mine.id },
    });
    expect((await asClient({ url: `/api/projects/${others.id}` })).status).toBe(404);
    expect(
      (await asClient({ url: `/api/projects/lookup?q=${tag}` })).json.items.map((p: { id: number }) => p.id),
    ).toEqual([own.id]);
    // Filtering by another client shows nothing rather than that client's projects.
    expect((await asClient({ url: `/api/projects?client_id=${client.id}` })).json.total).toBe(0);
  });

  it('a provider user sees only assigned projects, without Client Information', async () => {
    const provider = await factories.createProvider(a);
    const pu = await factories.createProviderUser(a, provider.id, 'sp_employee');
    const am = await factories.createClientUser(a, client.id, 'client_am');
    const cookie = await signIn(t, a.host, pu.email);
    const tag = `Pv${uniq()}`;
    const assigned = await factories.createProject(a, client, {
      name: `${tag} Assigned`,
      providerId: provider.id,
      amId: am.id,
    });
    const notAssigned = await factories.createProject(a, client, { name: `${tag} Not` });
    const asProvider = as(cookie);
    const list = await asProvider({ url: `/api/projects?search=${tag}` });
    expect(list.json.items.map((p: { id: number; client: unknown }) => [p.id, p.client])).toEqual([
      [assigned.id, null],
    ]);
    const detail = await view(assigned.id, asProvider);
    expect(detail).toMatchObject({
      client: null,
      account_manager: null,
      site_contacts: [],
      abilities: { edit: false },
      service_provider: { id: provider.id, name: provider.name },
    });
    // Not merely hidden on screen: the client's people and their details are not in the answer.
    const text = JSON.stringify(detail);
    for (const secret of [client.id, am.id, am.email, 'Site Sam']) expect(text).not.toContain(secret);
    // Staff still see the Client Information.
    expect(await view(assigned.id)).toMatchObject({
      client: { id: client.id },
      account_manager: { id: am.id },
      site_contacts: [{ name: 'Site Sam' }],
    });
    expect((await asProvider({ url: `/api/projects/${notAssigned.id}` })).status).toBe(404);
    expect(
      (await asProvider({ url: `/api/projects/lookup?q=${tag}` })).json.items.map((p: { id: number }) => p.id),
    ).toEqual([assigned.id]);
  });

  it('a client user without a client, or a provider user without a provider, sees nothing', async () => {
    await factories.createProject(a, client);
    for (const role of ['client_am', 'sp_admin'] as const) {
      const u = await createUser(a, role);
      const cookie = await signIn(t, a.host, u.email);
      expect((await as(cookie)({ url: '/api/projects' })).json.total, role).toBe(0);
    }
  });

  it('client and provider users may not create, edit or delete (403)', async () => {
    const { id } = await create();
    const provider = await factories.createProvider(a);
    const users = [
      await factories.createClientUser(a, client.id, 'client_admin'),
      await factories.createClientUser(a, client.id, 'client_am'),
      await factories.createProviderUser(a, provider.id, 'sp_admin'),
    ];
    for (const u of users) {
      const asU = as(await signIn(t, a.host, u.email));
      for (const w of [
        { method: 'POST', url: '/api/projects', body: createInput() },
        { url: '/api/projects/create-data' },
        { method: 'PUT', url: `/api/projects/${id}/details`, body: {} },
        { method: 'PUT', url: `/api/projects/${id}/services`, body: {} },
        { method: 'PUT', url: `/api/projects/${id}/other`, body: {} },
        { method: 'PUT', url: `/api/projects/${id}/location`, body: {} },
        { method: 'PUT', url: `/api/projects/${id}/status`, body: { status: 'scheduled' } },
        { method: 'DELETE', url: `/api/projects/${id}` },
      ] as RequestOptions[]) {
        expect((await asU(w)).status, `${u.role} ${w.method ?? 'GET'} ${w.url}`).toBe(403);
      }
    }
    expect((await view(id)).status).toBe('order');
  });

  it("another company's project is 404 on every route, and its data never shows", async () => {
    const { id, project_code } = await create();
    for (const w of [
      { url: `/api/projects/${id}` },
      {
        method: 'PUT',
        url: `/api/projects/${id}/details`,
        body: { name: 'x', project_manager_id: b.admin.id, project_administrator_id: b.admin.id },
      },
      {
        method: 'PUT',
        url: `/api/projects/${id}/services`,
        body: { categories: [cat.categories[0]!.id], services: [cat.services[0]!.id] },
      },
      {
        method: 'PUT',
        url: `/api/projects/${id}/other`,
        body: { client_id: client.id, client_order_reference: 'x', account_manager_id: am.id },
      },
      {
        method: 'PUT',
        url: `/api/projects/${id}/location`,
        body: { street: 'x', suburb: 'y', state: 'QLD', postcode: '4000' },
      },
      { method: 'PUT', url: `/api/projects/${id}/status`, body: { status: 'scheduled' } },
      { method: 'DELETE', url: `/api/projects/${id}` },
    ] as RequestOptions[]) {
      const res = await asB(w);
      expect(res.status, `${w.method ?? 'GET'} ${w.url}: ${res.text}`).toBe(404);
    }
    expect((await asB({ url: `/api/projects?search=${project_code}` })).json.total).toBe(0);
    expect(
      (await asB({ url: `/api/projects/lookup?q=${project_code}` })).json.items.filter(
        (p: { id: number }) => p.id === id,
      ),
    ).toEqual([]);
    // Nor can B link to it.
    const bClient = await factories.createClientCo(b);
    const bAm = await factories.createClientUser(b, bClient.id);
    const bCat = await factories.createCatalogue(b);
    const linkRes = await asB({
      method: 'POST',
      url: '/api/projects',
      body: createInput({
        project_manager: b.admin.id,
        project_administrator: b.admin.id,
        project_sales_representative: null,
        client: bClient.id,
        client_am: bAm.id,
        categories: [bCat.categories[0]!.id],
        services: [bCat.services[0]!.id],
        linked_projects: [id],
      }),
    });
    expect(linkRes.json.errors).toEqual({ linked_projects: [PROJECT_TEXT.notFoundOption] });
    expect((await view(id)).name).not.toBe('x');
  });

  it('bad ids give 4xx, never 500', async () => {
    for (const bad of ['abc', '0', '-1', '1.5', '1e400', '99999999999999999999', "1'%20or%20'1'='1"]) {
      const res = await asA({ url: `/api/projects/${bad}` });
      expect(res.status, bad).toBeGreaterThanOrEqual(400);
      expect(res.status, bad).toBeLessThan(500);
    }
  });
});
