import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TASK_MESSAGE_TEXT, TASK_PAGE_SIZE, TASK_TEMPLATE_TEXT, TASK_TEXT, wallClockAt } from '@siteflow/core';
import * as factories from '../../../test/factories.js';
import { asOwner, createUser, uniq, type TestUser } from '../../../test/harness.js';
import { signedIn, twoCompanies, type As, type TestApp, type TestTenant } from '../../../test/companies.js';
import { tasks } from '../../platform/db/schema.js';
import { TASK_SERVICE_TEXT } from './service.js';

// The action list API (issue 12; spec 2). Jobs are held, so 'generating' can be seen and the
// due-date job run when a test wants it.
let t: TestApp, a: TestTenant, b: TestTenant, asA: As, asB: As;
let asEmployee: As, asClientUser: As, asProviderUser: As;
let client: factories.TestClient, otherClient: factories.TestClient, provider: { id: string; name: string };
let clientUser: TestUser, employee: TestUser;
/** P: the client user's client, the provider user's provider. Q: another client, no provider. B: tenant B's. */
let P: factories.TestProject, Q: factories.TestProject, B: factories.TestProject;

beforeAll(async () => {
  ({ t, a, b, asA, asB } = await twoCompanies({ app: { holdJobs: true } }));
  [client, otherClient, provider] = await Promise.all([
    factories.createClientCo(a),
    factories.createClientCo(a),
    factories.createProvider(a),
  ]);
  const bClient = await factories.createClientCo(b);
  [P, Q, B] = await Promise.all([
    factories.createProject(a, client, { providerId: provider.id }),
    factories.createProject(a, otherClient),
    factories.createProject(b, bClient),
  ]);
  employee = await createUser(a, 'company_employee', { firstName: 'Emma', lastName: `Employee ${uniq()}` });
  clientUser = await factories.createClientUser(a, client.id, 'client_admin');
  const providerUser = await factories.createProviderUser(a, provider.id, 'sp_admin');
  [asEmployee, asClientUser, asProviderUser] = await Promise.all([
    signedIn(t, a, employee),
    signedIn(t, a, clientUser),
    signedIn(t, a, providerUser),
  ]);
});
afterAll(() => t.close());

const today = () => wallClockAt(t.clock.now()).slice(0, 10);
const addDays = (day: string, days: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

async function newProject(opts: factories.ProjectOptions = {}) {
  return factories.createProject(a, client, { providerId: provider.id, ...opts });
}

/** A task's body: an automatic due date from the Current Date, unless `body` says otherwise. */
const taskBody = (body: Record<string, unknown> = {}) => ({
  title: `Task ${uniq()}`,
  ...(body.is_auto_due_date === false ? {} : { trigger: 'Current Date' }),
  ...body,
});

async function newTask(projectId: number, body: Record<string, unknown> = {}, as: As = asA) {
  const res = await as({ method: 'POST', url: `/api/projects/${projectId}/tasks`, body: taskBody(body) });
  expect(res.status, res.text).toBe(201);
  return res.json as { id: number; title: string; position: number; [k: string]: unknown };
}

/** A manual task due at `due` ('YYYY-MM-DD HH:mm'). */
const manual = (due: string, body: Record<string, unknown> = {}) => ({
  is_auto_due_date: false,
  due_date_at: due,
  ...body,
});

const list = async (query: string, as: As = asA) => {
  const res = await as({ url: `/api/tasks?${query}` });
  expect(res.status, res.text).toBe(200);
  return res.json as {
    groups: { project: { id: number }; next_task: { id: number } | null; tasks: { id: number }[] }[];
    tasks: { id: number; position: number; overdue: boolean; user_name: string | null }[];
    total: number;
    next_page: number | null;
    project: { status: string; task_count: number; open_count: number; manage: boolean; close: boolean } | null;
  };
};
const ids = (items: { id: number }[]) => items.map((i) => i.id);

describe('creating and editing a task', () => {
  it('adds tasks at the end of the list, automatic ones generating, with a history row', async () => {
    const p = await newProject();
    t.jobs.queued.length = 0;
    const first = await newTask(p.id, { trigger: 'Project Commencement Date', actioned_at_days: 2 });
    expect(first).toMatchObject({
      position: 1,
      status: 'Pending',
      is_generating: true,
      project: { id: p.id, code: p.code },
      abilities: { edit: true, complete: true, delete: true },
      message_problem: null,
    });
    expect(t.jobs.queued).toContainEqual({ queue: 'tasks-due-dates', data: { tenantId: a.id, projectId: p.id } });
    const second = await newTask(p.id, manual('2026-12-01 09:30', { user_id: employee.id }));
    expect(second).toMatchObject({ position: 2, due_date_at: '2026-12-01 09:30', is_generating: false });
    expect(second.user_name).toBe(`${employee.firstName} ${employee.lastName}`);

    await t.jobs.runQueued();
    const got = await asA({ url: `/api/tasks/${first.id}` });
    expect(got.json).toMatchObject({ due_date_at: '2026-11-23 08:00', is_generating: false });

    const history = await asA({ url: `/api/tasks/${first.id}/history` });
    expect(history.status).toBe(200);
    expect(history.json.items).toEqual([
      expect.objectContaining({ type: 'Created', user: expect.stringContaining('') }),
    ]);
    expect(history.json.items[0].date).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d$/);
  });

  it('refuses invalid fields with 422 per field', async () => {
    const p = await newProject();
    const other = await newTask(Q.id);
    const cases: [Record<string, unknown>, string, string?][] = [
      [{ title: '  ' }, 'title', TASK_TEXT.titleRequired],
      [{ actioned_at_hours: 25 }, 'actioned_at_hours'],
      [{ actioned_at_mins: 60 }, 'actioned_at_mins'],
      [{ actioned_at_days: -1 }, 'actioned_at_days'],
      [
        { trigger: 'Completed Task', trigger_completed_task_id: other.id },
        'trigger_completed_task_id',
        TASK_TEXT.completedTask,
      ],
      [{ user_id: b.admin.id }, 'user_id', TASK_TEXT.user],
      [{ is_auto_due_date: false, due_date_at: '31/12/2026' }, 'due_date_at', TASK_TEXT.dueDateManual],
    ];
    for (const [body, field, message] of cases) {
      const res = await asA({
        method: 'POST',
        url: `/api/projects/${p.id}/tasks`,
        body: taskBody({ title: 'X', ...body }),
      });
      expect(res.status, `${field}: ${res.text}`).toBe(422);
      expect(Object.keys(res.json.errors)).toContain(field);
      if (message) expect(res.json.errors[field]).toEqual([message]);
    }
  });

  it('refuses an automatic due date without a trigger, or without what the trigger names (422 per field)', async () => {
    const p = await newProject();
    const task = await newTask(p.id);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ title: 'No trigger' }, 'trigger', TASK_TEMPLATE_TEXT.triggerRequired],
      [{ title: 'No trigger', is_auto_due_date: true, trigger: '' }, 'trigger', TASK_TEMPLATE_TEXT.triggerRequired],
      [{ title: 'X', trigger: 'Project Status' }, 'trigger_project_status', TASK_TEMPLATE_TEXT.triggerProjectStatus],
      [{ title: 'X', trigger: 'Completed Task' }, 'trigger_completed_task_id', TASK_TEMPLATE_TEXT.triggerCompletedTask],
      [
        { title: 'X', trigger: 'Fixed Date', fixed_date_at: null },
        'fixed_date_at',
        TASK_TEMPLATE_TEXT.triggerFixedDate,
      ],
    ];
    for (const [body, field, message] of cases)
      for (const [method, url] of [
        ['POST', `/api/projects/${p.id}/tasks`],
        ['PUT', `/api/tasks/${task.id}`],
      ] as const) {
        const res = await asA({ method, url, body });
        expect(res.status, `${method} ${field}: ${res.text}`).toBe(422);
        expect(res.json.errors).toEqual({ [field]: [message] });
      }
    // Nothing was saved; a manual task needs no trigger (nor a due date).
    expect((await list(`project_id=${p.id}`)).tasks.map((x) => x.id)).toEqual([task.id]);
    expect((await asA({ url: `/api/tasks/${task.id}` })).json.trigger).toBe('Current Date');
    expect(await newTask(p.id, { is_auto_due_date: false })).toMatchObject({ trigger: null, due_date_at: null });
  });

  it('refuses a cycle of triggers on create and on update', async () => {
    const p = await newProject();
    const x = await newTask(p.id, { trigger: 'Next Task' });
    const res = await asA({
      method: 'POST',
      url: `/api/projects/${p.id}/tasks`,
      body: { title: 'Y', trigger: 'Previous Task' },
    });
    expect(res.status, res.text).toBe(422);
    expect(res.json.errors.trigger[0]).toContain('Task 1, Task 2');
    const y = await newTask(p.id, { trigger: 'Current Date' });
    const upd = await asA({ method: 'PUT', url: `/api/tasks/${y.id}`, body: { title: 'Y', trigger: 'Previous Task' } });
    expect(upd.status).toBe(422);
    expect(Object.keys(upd.json.errors)).toEqual(['trigger']);
    // A task cannot wait for its own completion.
    const self = await asA({
      method: 'PUT',
      url: `/api/tasks/${x.id}`,
      body: { title: 'X', trigger: 'Completed Task', trigger_completed_task_id: x.id },
    });
    expect(self.status).toBe(422);
    expect(self.json.errors.trigger_completed_task_id).toEqual([TASK_TEXT.completedTask]);
  });

  it('updates a task with an Updated row naming what changed, and locks a voided one', async () => {
    const p = await newProject();
    const task = await newTask(p.id, manual('2026-12-01 09:00', { title: 'Before' }));
    const res = await asA({
      method: 'PUT',
      url: `/api/tasks/${task.id}`,
      body: manual('2026-12-02 10:00', { title: 'After' }),
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ title: 'After', due_date_at: '2026-12-02 10:00' });
    const history = await asA({ url: `/api/tasks/${task.id}/history` });
    expect(history.json.items[0]).toMatchObject({ type: 'Updated', description: 'Title, Due date' });

    expect((await asA({ method: 'POST', url: `/api/tasks/${task.id}/void` })).status).toBe(200);
    const locked = await asA({ method: 'PUT', url: `/api/tasks/${task.id}`, body: taskBody({ title: 'Again' }) });
    expect(locked.status).toBe(409);
    expect(locked.json.message).toBe(TASK_TEXT.voidedLocked);
    const action = await asA({ method: 'PUT', url: `/api/tasks/${task.id}/action-taken`, body: { action_taken: 'x' } });
    expect(action.status).toBe(409);
  });
});

describe('status changes', () => {
  it('completes, restores and voids with history rows, newest first', async () => {
    const p = await newProject();
    const task = await newTask(p.id, manual('2026-12-01 09:00'));
    const done = await asA({ method: 'POST', url: `/api/tasks/${task.id}/complete` });
    expect(done.status, done.text).toBe(200);
    expect(done.json).toMatchObject({ status: 'Completed', abilities: { complete: false, restore: true } });
    expect(done.json.completed_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d$/);
    const again = await asA({ method: 'POST', url: `/api/tasks/${task.id}/complete` });
    expect(again.status).toBe(409);
    expect(again.json.message).toBe(TASK_TEXT.notPending);

    const restored = await asA({ method: 'POST', url: `/api/tasks/${task.id}/restore` });
    expect(restored.json).toMatchObject({ status: 'Pending', completed_at: null });
    const notRestorable = await asA({ method: 'POST', url: `/api/tasks/${task.id}/restore` });
    expect(notRestorable.status).toBe(409);
    expect(notRestorable.json.message).toBe(TASK_SERVICE_TEXT.notRestorable);
    const voided = await asA({ method: 'POST', url: `/api/tasks/${task.id}/void` });
    expect(voided.json).toMatchObject({ status: 'Voided', abilities: { edit: false, void: false, restore: true } });
    expect((await asA({ method: 'POST', url: `/api/tasks/${task.id}/void` })).status).toBe(409);

    const history = await asA({ url: `/api/tasks/${task.id}/history` });
    expect(history.json.items.map((h: { type: string }) => h.type)).toEqual([
      'Voided',
      'Restored',
      'Completed',
      'Created',
    ]);
  });

  it('moves a task chained on the completed one after the job runs', async () => {
    const p = await newProject();
    const first = await newTask(p.id, manual('2026-12-01 09:00'));
    const chained = await newTask(p.id, {
      trigger: 'Completed Task',
      trigger_completed_task_id: first.id,
      actioned_at_hours: 3,
    });
    await t.jobs.runQueued();
    expect((await asA({ url: `/api/tasks/${chained.id}` })).json.due_date_at).toBeNull();
    const done = await asA({ method: 'POST', url: `/api/tasks/${first.id}/complete` });
    expect((await asA({ url: `/api/tasks/${chained.id}` })).json.is_generating).toBe(true);
    await t.jobs.runQueued();
    const completedAt = done.json.completed_at as string;
    const expected = new Date(`${completedAt.replace(' ', 'T')}:00Z`);
    expected.setUTCHours(expected.getUTCHours() + 3);
    const got = await asA({ url: `/api/tasks/${chained.id}` });
    expect(got.json.due_date_at).toBe(expected.toISOString().slice(0, 16).replace('T', ' '));
  });

  it('stars and unstars, deletes', async () => {
    const p = await newProject();
    const task = await newTask(p.id);
    expect((await asA({ method: 'POST', url: `/api/tasks/${task.id}/star` })).json.starred).toBe(true);
    expect((await asA({ method: 'POST', url: `/api/tasks/${task.id}/star` })).json.starred).toBe(false);
    const del = await asA({ method: 'DELETE', url: `/api/tasks/${task.id}` });
    expect(del.status).toBe(200);
    expect(del.json.message).toBe(TASK_SERVICE_TEXT.deleted);
    expect((await asA({ url: `/api/tasks/${task.id}` })).status).toBe(404);
  });
});

describe('who may do what', () => {
  it('refuses client and provider users the company operations (403)', async () => {
    const task = await newTask(P.id);
    const company: [string, string, unknown?][] = [
      ['POST', `/api/projects/${P.id}/tasks`, { title: 'X' }],
      ['PUT', `/api/tasks/${task.id}`, { title: 'X' }],
      ['POST', `/api/tasks/${task.id}/restore`],
      ['POST', `/api/tasks/${task.id}/void`],
      ['DELETE', `/api/tasks/${task.id}`],
      ['GET', `/api/tasks/${task.id}/history`],
      ['PUT', `/api/projects/${P.id}/tasks/order`, { ids: [task.id] }],
      ['POST', `/api/projects/${P.id}/tasks/recalculate`],
      ['POST', `/api/projects/${P.id}/tasks/assign`, { assigned: 'Company', staff: 'Admin', user_id: a.admin.id }],
      ['POST', `/api/projects/${P.id}/tasks/apply-template`, { template_id: a.admin.id }],
      ['POST', `/api/projects/${P.id}/tasks/close-project`],
      ['GET', `/api/tasks/assignees?project_id=${P.id}`],
    ];
    for (const as of [asClientUser, asProviderUser])
      for (const [method, url, body] of company) {
        const res = await as({ method: method as 'GET', url, body });
        expect(res.status, `${method} ${url}`).toBe(403);
      }
    // A company employee may.
    expect((await asEmployee({ method: 'POST', url: `/api/tasks/${task.id}/void` })).status).toBe(200);
  });

  it('answers 404 for another company’s tasks and projects', async () => {
    const task = await newTask(P.id);
    const bTask = await asB({
      method: 'POST',
      url: `/api/projects/${B.id}/tasks`,
      body: taskBody({ title: 'B task' }),
    });
    expect(bTask.status).toBe(201);
    const requests: [string, string, unknown?][] = [
      ['GET', `/api/tasks/${task.id}`],
      ['PUT', `/api/tasks/${task.id}`, taskBody()],
      ['PUT', `/api/tasks/${task.id}/action-taken`, { action_taken: 'X' }],
      ['POST', `/api/tasks/${task.id}/complete`],
      ['POST', `/api/tasks/${task.id}/star`],
      ['DELETE', `/api/tasks/${task.id}`],
      ['GET', `/api/tasks/${task.id}/history`],
      ['POST', `/api/projects/${P.id}/tasks`, taskBody()],
      ['GET', `/api/projects/${P.id}/tasks/choices`],
      ['PUT', `/api/projects/${P.id}/tasks/order`, { ids: [task.id] }],
      ['POST', `/api/projects/${P.id}/tasks/recalculate`],
      ['POST', `/api/projects/${P.id}/tasks/close-project`],
      ['GET', `/api/tasks?project_id=${P.id}`],
      ['GET', `/api/tasks/assignees?project_id=${P.id}`],
    ];
    for (const [method, url, body] of requests) {
      const res = await asB({ method: method as 'GET', url, body });
      expect(res.status, `${method} ${url}`).toBe(404);
    }
    // B's all-projects list holds B's task only.
    const all = await list('project_id=0&due=Any', asB);
    expect(all.groups.flatMap((g) => ids(g.tasks))).toEqual([bTask.json.id]);
  });

  it('shows a client user only their client’s tasks; they edit Actions Taken and complete, not the task', async () => {
    const mine = await newTask(P.id, { title: `Visible ${uniq()}` });
    const hidden = await newTask(Q.id, { title: `Hidden ${uniq()}` });
    const all = await list('project_id=0&due=Any&project_status=any', asClientUser);
    const seen = all.groups.flatMap((g) => ids(g.tasks));
    expect(seen).toContain(mine.id);
    expect(seen).not.toContain(hidden.id);
    expect(all.groups.map((g) => g.project.id)).not.toContain(Q.id);
    expect((await asClientUser({ url: `/api/tasks/${hidden.id}` })).status).toBe(404);
    expect((await asClientUser({ url: `/api/tasks?project_id=${Q.id}` })).status).toBe(404);
    expect((await asClientUser({ method: 'POST', url: `/api/tasks/${hidden.id}/complete` })).status).toBe(404);

    const view = await asClientUser({ url: `/api/tasks/${mine.id}` });
    expect(view.json.abilities).toEqual({
      edit: false,
      action_taken: true,
      complete: true,
      restore: false,
      void: false,
      delete: false,
    });
    const action = await asClientUser({
      method: 'PUT',
      url: `/api/tasks/${mine.id}/action-taken`,
      body: { action_taken: 'Called the site.' },
    });
    expect(action.status, action.text).toBe(200);
    expect(action.json.action_taken).toBe('Called the site.');
    expect((await asClientUser({ method: 'PUT', url: `/api/tasks/${mine.id}`, body: { title: 'No' } })).status).toBe(
      403,
    );
    const done = await asClientUser({ method: 'POST', url: `/api/tasks/${mine.id}/complete` });
    expect(done.json.status).toBe('Completed');
    const starred = await asProviderUser({ method: 'POST', url: `/api/tasks/${mine.id}/star` });
    expect(starred.json.starred).toBe(true);
    const history = await asA({ url: `/api/tasks/${mine.id}/history` });
    expect(history.json.items.map((h: { type: string; description: string }) => `${h.type}: ${h.description}`)).toEqual(
      ['Completed: Completed.', 'Updated: Actions Taken', 'Created: Created.'],
    );
    // Project mode for an outsider: no managing.
    const own = await list(`project_id=${P.id}`, asClientUser);
    expect(own.project).toMatchObject({ manage: false, close: false });
  });
});

describe('the list', () => {
  it('filters by due date, assignment, star, status and search in project mode', async () => {
    const p = await newProject();
    const day = today();
    const dueToday = await newTask(p.id, manual(`${day} 23:59`, { title: 'Alpha today' }));
    const dueTomorrow = await newTask(p.id, manual(`${addDays(day, 1)} 10:00`, { user_id: employee.id }));
    const late = await newTask(p.id, manual(`${addDays(day, -1)} 10:00`, { user_id: a.admin.id }));
    const lateDone = await newTask(p.id, manual(`${addDays(day, -2)} 10:00`, { action_by: 'Client' }));
    await asA({ method: 'POST', url: `/api/tasks/${lateDone.id}/complete` });
    await asA({ method: 'POST', url: `/api/tasks/${dueTomorrow.id}/star` });
    const q = (f: string) => list(`project_id=${p.id}&${f}`);

    expect(ids((await q('due=Any')).tasks)).toEqual([dueToday.id, dueTomorrow.id, late.id, lateDone.id]);
    expect(ids((await q('due=Today')).tasks)).toEqual([dueToday.id]);
    expect(ids((await q('due=Tomorrow')).tasks)).toEqual([dueTomorrow.id]);
    expect(ids((await q('due=Next 7 Days')).tasks)).toEqual([dueToday.id, dueTomorrow.id]);
    const overdue = await q('due=Overdue');
    expect(ids(overdue.tasks)).toEqual([late.id]);
    expect(overdue.tasks[0]!.overdue).toBe(true);
    expect(ids((await q('assigned=Mine')).tasks)).toEqual([late.id]);
    expect(ids((await q('assigned=Unallocated')).tasks)).toEqual([dueToday.id, lateDone.id]);
    expect(ids((await q('assigned=Client')).tasks)).toEqual([lateDone.id]);
    expect(ids((await q(`user=${employee.id}`)).tasks)).toEqual([dueTomorrow.id]);
    expect(ids((await q('starred=Starred')).tasks)).toEqual([dueTomorrow.id]);
    expect(ids((await q('status=Completed')).tasks)).toEqual([lateDone.id]);
    expect(ids((await q('search=ALPHA')).tasks)).toEqual([dueToday.id]);
    expect(ids((await q('search=%25')).tasks)).toEqual([]);
    const mode = await q('due=Any');
    expect(mode).toMatchObject({ groups: [], total: 4, next_page: null });
    expect(mode.project).toEqual({ status: 'order', task_count: 4, open_count: 3, manage: true, close: false });
    expect(mode.tasks.find((x) => x.id === dueTomorrow.id)!.user_name).toBe(
      `${employee.firstName} ${employee.lastName}`,
    );
  });

  it('pages a project’s tasks', async () => {
    const p = await newProject();
    const n = TASK_PAGE_SIZE.tasks + 2;
    await asOwner(a.id, (tx) =>
      tx
        .insert(tasks)
        .values(
          Array.from({ length: n }, (_, i) => ({ tenantId: a.id, projectId: p.id, position: i + 1, title: `T${i}` })),
        ),
    );
    const first = await list(`project_id=${p.id}`);
    expect(first).toMatchObject({ total: n, next_page: 2 });
    expect(first.tasks).toHaveLength(TASK_PAGE_SIZE.tasks);
    const second = await list(`project_id=${p.id}&page=2`);
    expect(second.tasks.map((x) => x.position)).toEqual([n - 1, n]);
    expect(second.next_page).toBeNull();
  });

  it('groups all projects’ matching tasks by project with the next pending task, a page of groups at a time', async () => {
    const tag = `Group${uniq()}`;
    const projects = await Promise.all(
      Array.from({ length: TASK_PAGE_SIZE.groups + 1 }, () => newProject({ name: `${tag} project` })),
    );
    const day = today();
    await asOwner(a.id, (tx) =>
      tx.insert(tasks).values(
        projects.flatMap((p, i) => [
          { tenantId: a.id, projectId: p.id, position: 1, title: `first ${i}`, dueDateAt: `${addDays(day, 2)} 09:00` },
          { tenantId: a.id, projectId: p.id, position: 2, title: `second ${i}`, dueDateAt: `${addDays(day, 1)} 09:00` },
        ]),
      ),
    );
    const first = await list(`project_id=0&due=Any&search=${tag}`);
    expect(first).toMatchObject({ total: TASK_PAGE_SIZE.groups + 1, next_page: 2, tasks: [], project: null });
    expect(first.groups).toHaveLength(TASK_PAGE_SIZE.groups);
    const group = first.groups[0]!;
    expect(group.tasks).toHaveLength(2);
    // Tasks in list order; the next task is the first pending one by due date.
    expect(group.next_task!.id).toBe(group.tasks[1]!.id);
    const second = await list(`project_id=0&due=Any&search=${tag}&page=2`);
    expect(second.groups).toHaveLength(1);
    expect(second.next_page).toBeNull();
    // Project status filter (all-projects mode).
    expect((await list(`project_id=0&due=Any&search=${tag}&project_status=quote`)).total).toBe(0);
    // Tomorrow only: each project's second task.
    const tomorrow = await list(`project_id=0&due=Tomorrow&search=${tag}`);
    expect(tomorrow.groups[0]!.tasks).toHaveLength(1);
  });
});

describe('project operations', () => {
  it('reorders every task of the project, refusing a list that misses one', async () => {
    const p = await newProject();
    const [x, y, z] = [await newTask(p.id), await newTask(p.id), await newTask(p.id)];
    const missing = await asA({ method: 'PUT', url: `/api/projects/${p.id}/tasks/order`, body: { ids: [z.id, x.id] } });
    expect(missing.status).toBe(422);
    expect(missing.json.errors.ids).toEqual([TASK_TEXT.order]);
    const foreign = await asA({
      method: 'PUT',
      url: `/api/projects/${p.id}/tasks/order`,
      body: { ids: [z.id, x.id, y.id + 1_000_000] },
    });
    expect(foreign.status).toBe(422);
    const ok = await asA({
      method: 'PUT',
      url: `/api/projects/${p.id}/tasks/order`,
      body: { ids: [z.id, x.id, y.id] },
    });
    expect(ok.status, ok.text).toBe(200);
    expect(ids((await list(`project_id=${p.id}`)).tasks)).toEqual([z.id, x.id, y.id]);
    expect((await list(`project_id=${p.id}`)).tasks.map((r) => r.position)).toEqual([1, 2, 3]);
  });

  it('assigns the pending tasks of an Action By and Staff Responsible to a user', async () => {
    const p = await newProject();
    const match = await newTask(p.id, { action_by: 'Company', staff_responsible: 'Admin' });
    const done = await newTask(p.id, { action_by: 'Company', staff_responsible: 'Admin' });
    await asA({ method: 'POST', url: `/api/tasks/${done.id}/complete` });
    const otherStaff = await newTask(p.id, { action_by: 'Company', staff_responsible: 'Employee' });
    const res = await asA({
      method: 'POST',
      url: `/api/projects/${p.id}/tasks/assign`,
      body: { assigned: 'Company', staff: 'Admin', user_id: employee.id },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({ message: '1 pending tasks assigned.', count: 1 });
    expect((await asA({ url: `/api/tasks/${match.id}` })).json.user_id).toBe(employee.id);
    expect((await asA({ url: `/api/tasks/${otherStaff.id}` })).json.user_id).toBeNull();
    expect((await asA({ url: `/api/tasks/${match.id}/history` })).json.items[0]).toMatchObject({ type: 'Assigned' });
    const misuse = await asA({
      method: 'POST',
      url: `/api/projects/${p.id}/tasks/assign`,
      body: { assigned: 'Company', staff: 'Any', user_id: employee.id },
    });
    expect(misuse.status).toBe(422);
    expect(misuse.json.errors.staff).toEqual([TASK_TEXT.bulkAssignMisuse]);
    const stranger = await asA({
      method: 'POST',
      url: `/api/projects/${p.id}/tasks/assign`,
      body: { assigned: 'Company', staff: 'Admin', user_id: b.admin.id },
    });
    expect(stranger.status).toBe(422);
    expect(stranger.json.errors.user_id).toEqual([TASK_TEXT.user]);
  });

  it('closes a project only when all its tasks are completed or voided', async () => {
    const p = await newProject();
    const url = `/api/projects/${p.id}/tasks/close-project`;
    expect((await asA({ method: 'POST', url })).status).toBe(409); // no tasks
    const x = await newTask(p.id);
    const y = await newTask(p.id);
    await asA({ method: 'POST', url: `/api/tasks/${x.id}/complete` });
    const early = await asA({ method: 'POST', url });
    expect(early.status).toBe(409);
    expect(early.json.message).toBe(TASK_SERVICE_TEXT.cannotClose);
    await asA({ method: 'POST', url: `/api/tasks/${y.id}/void` });
    expect((await list(`project_id=${p.id}`)).project).toMatchObject({ task_count: 2, open_count: 0, close: true });
    const closed = await asA({ method: 'POST', url });
    expect(closed.status, closed.text).toBe(200);
    expect((await list(`project_id=${p.id}`)).project).toMatchObject({ status: 'closed', close: false });
    expect((await asA({ method: 'POST', url })).status).toBe(409);
  });

  it('recalculates, applies a template, offers trigger choices', async () => {
    const p = await newProject();
    const x = await newTask(p.id, { trigger: 'Project Commencement Date' });
    await t.jobs.runQueued();
    const recalc = await asA({ method: 'POST', url: `/api/projects/${p.id}/tasks/recalculate` });
    expect(recalc.json).toEqual({ message: TASK_TEXT.recalculated });
    expect((await asA({ url: `/api/tasks/${x.id}` })).json.is_generating).toBe(true);
    await t.jobs.runQueued();
    expect((await asA({ url: `/api/tasks/${x.id}` })).json.is_generating).toBe(false);

    const template = await asA({ method: 'POST', url: '/api/task-templates', body: { title: `T ${uniq()}` } });
    for (const title of ['One', 'Two'])
      await asA({ method: 'POST', url: `/api/task-templates/${template.json.id}/tasks`, body: taskBody({ title }) });
    const applied = await asA({
      method: 'POST',
      url: `/api/projects/${p.id}/tasks/apply-template`,
      body: { template_id: template.json.id },
    });
    expect(applied.status, applied.text).toBe(200);
    expect(applied.json).toEqual({ message: '2 tasks added from the template.', count: 2 });
    const unknown = await asA({
      method: 'POST',
      url: `/api/projects/${p.id}/tasks/apply-template`,
      body: { template_id: a.admin.id },
    });
    expect(unknown.status).toBe(422);
    expect(unknown.json.errors.template_id).toEqual([TASK_TEXT.noTemplate]);

    const choices = await asA({ url: `/api/projects/${p.id}/tasks/choices?exclude=${x.id}` });
    expect(choices.json.items.map((c: { title: string }) => c.title)).toEqual(['One', 'Two']);
    expect((await asClientUser({ url: `/api/projects/${p.id}/tasks/choices` })).status).toBe(200);
    expect((await asClientUser({ url: `/api/projects/${Q.id}/tasks/choices` })).status).toBe(404);
  });

  it('assigns a template task whose Staff Responsible is one person of the project to that person', async () => {
    const alice = await createUser(a, 'company_employee', { firstName: 'Alice', lastName: `Manager ${uniq()}` });
    const admin = await createUser(a, 'company_employee', { firstName: 'Ari', lastName: `Admin ${uniq()}` });
    const am = await factories.createClientUser(a, client.id, 'client_am', { firstName: 'Andy', lastName: 'Am' });
    const template = await asA({ method: 'POST', url: '/api/task-templates', body: { title: `T ${uniq()}` } });
    const people: [string, string | null, string | null][] = [
      ['Manager task', 'Company', 'Project Manager'],
      ['Administrator task', 'Company', 'Project Administrator'],
      ['Account manager task', 'Client', 'Account Manager'],
      ['Company admins task', 'Company', 'Admin'],
      ['Anyone task', 'Company', 'All'],
      ['Client finance task', 'Client', 'Finance'],
      ['Provider task', 'Service Provider', 'Admin'],
      ['Nobody task', null, null],
    ];
    for (const [title, action_by, staff_responsible] of people) {
      const res = await asA({
        method: 'POST',
        url: `/api/task-templates/${template.json.id}/tasks`,
        body: taskBody({ title, action_by, staff_responsible }),
      });
      expect(res.status, res.text).toBe(201);
    }
    const apply = async (projectId: number) => {
      const res = await asA({
        method: 'POST',
        url: `/api/projects/${projectId}/tasks/apply-template`,
        body: { template_id: template.json.id },
      });
      expect(res.status, res.text).toBe(200);
      const rows = (await list(`project_id=${projectId}`)).tasks as unknown as { id: number; title: string }[];
      const views = await Promise.all(rows.map(async (r) => (await asA({ url: `/api/tasks/${r.id}` })).json));
      return Object.fromEntries(views.map((v) => [v.title, v])) as Record<
        string,
        { id: number; user_id: string | null; user_name: string | null }
      >;
    };
    const p = await newProject({ managerId: alice.id, administratorId: admin.id, amId: am.id });
    const got = await apply(p.id);
    expect(got['Manager task']).toMatchObject({ user_id: alice.id, user_name: `Alice ${alice.lastName}` });
    expect(got['Administrator task']!.user_id).toBe(admin.id);
    expect(got['Account manager task']!.user_id).toBe(am.id);
    for (const title of ['Company admins task', 'Anyone task', 'Client finance task', 'Provider task', 'Nobody task'])
      expect(got[title]!.user_id, title).toBeNull();
    // Alice's Mine holds her task; the history says who it went to.
    const asAlice = await signedIn(t, a, alice);
    expect(ids((await list(`project_id=${p.id}&assigned=Mine`, asAlice)).tasks)).toEqual([got['Manager task']!.id]);
    const history = await asA({ url: `/api/tasks/${got['Manager task']!.id}/history` });
    expect(history.json.items.map((h: { type: string; description: string }) => `${h.type}: ${h.description}`)).toEqual(
      [`Assigned: Assigned to Alice ${alice.lastName}.`, 'Created: Created from the task template.'],
    );
    expect((await asA({ url: `/api/tasks/${got['Anyone task']!.id}/history` })).json.items).toHaveLength(1);

    // Someone who may not hold the task leaves it unassigned: an inactive manager; an account
    // manager who is not the project's client's (or not an account manager at all).
    const gone = await createUser(a, 'company_employee', { active: false });
    const otherAm = await factories.createClientUser(a, otherClient.id, 'client_am');
    const none = await apply((await newProject({ managerId: gone.id, amId: otherAm.id })).id);
    expect(none['Manager task']!.user_id).toBeNull();
    expect(none['Account manager task']!.user_id).toBeNull();
    expect(none['Administrator task']!.user_id).toBe(a.admin.id);
    const finance = await apply((await newProject({ amId: clientUser.id })).id);
    expect(finance['Account manager task']!.user_id).toBeNull();
    expect((await apply((await newProject({ amId: null })).id))['Account manager task']!.user_id).toBeNull();
  });

  it('lists who may be assigned by Action By and Staff Responsible', async () => {
    const am = await factories.createClientUser(a, client.id, 'client_am');
    const finance = await factories.createClientUser(a, client.id, 'client_account');
    const p = await newProject({ managerId: employee.id });
    const names = async (query: string) => {
      const res = await asA({ url: `/api/tasks/assignees?${query}` });
      expect(res.status, res.text).toBe(200);
      return res.json.items.map((u: { id: string }) => u.id) as string[];
    };
    expect(await names(`project_id=${p.id}&action_by=Company&staff=Project Manager`)).toEqual([employee.id]);
    expect(await names(`project_id=${p.id}&action_by=Company&staff=Project Administrator`)).toEqual([a.admin.id]);
    const staff = await names(`project_id=${p.id}&action_by=Company&staff=All`);
    expect(staff).toEqual(expect.arrayContaining([employee.id, a.admin.id]));
    expect(staff).not.toContain(am.id);
    expect(await names(`project_id=${p.id}&action_by=Company&staff=Employee`)).not.toContain(a.admin.id);
    expect(await names(`project_id=${p.id}&action_by=Client&staff=Account Manager`)).toContain(am.id);
    expect(await names(`project_id=${p.id}&action_by=Client&staff=Account Manager`)).not.toContain(finance.id);
    const clientAll = await names(`project_id=${p.id}&action_by=Client`);
    expect(clientAll).toEqual(expect.arrayContaining([am.id, finance.id, clientUser.id]));
    expect(await names(`project_id=${p.id}&action_by=Service Provider&staff=Admin`)).toHaveLength(1);
    expect(await names('action_by=Client')).toEqual([]);
    expect(await names('action_by=Company&staff=Project Manager')).toEqual(expect.arrayContaining([employee.id]));
  });
});

describe('robustness and the message problem', () => {
  it('answers 422, never 500, for ids out of range', async () => {
    const p = await newProject();
    const x = await newTask(p.id);
    const huge = 1e20;
    const bodies = [
      { title: 'X', trigger: 'Completed Task', trigger_completed_task_id: huge },
      { title: 'X', trigger: 'Completed Task', trigger_completed_task_id: Number.MAX_SAFE_INTEGER },
    ];
    for (const body of bodies) {
      const res = await asA({ method: 'POST', url: `/api/projects/${p.id}/tasks`, body });
      expect(res.status, res.text).toBe(422);
    }
    for (const ids of [[huge], [x.id, x.id], [Number.MAX_SAFE_INTEGER]]) {
      const res = await asA({ method: 'PUT', url: `/api/projects/${p.id}/tasks/order`, body: { ids } });
      expect(res.status, res.text).toBe(422);
    }
    expect((await asA({ url: `/api/tasks/${Number.MAX_SAFE_INTEGER}` })).status).toBe(404);
    expect((await asA({ url: '/api/tasks?project_id=9007199254740991' })).status).toBe(404);
    expect((await asA({ url: '/api/tasks?user=not-a-uuid,All&staff=x&due=nope&page=-3' })).status).toBe(200);
  });

  it('flags a message whose chosen contact has no e-mail address or mobile', async () => {
    const notice = (entity: string, contact?: string) => ({
      email_notice: true,
      default_entity: entity,
      default_contact: contact ?? entity,
    });
    // P's provider has an e-mail; Q has no provider; the factories' site contact has no e-mail.
    expect((await newTask(P.id, notice('Service Provider'))).message_problem).toBeNull();
    expect((await newTask(Q.id, notice('Service Provider'))).message_problem).toBe(TASK_MESSAGE_TEXT.noEmail);
    expect((await newTask(P.id, notice('Site Contact'))).message_problem).toBe(TASK_MESSAGE_TEXT.noEmail);
    expect((await newTask(P.id, notice('Company', 'Project Manager'))).message_problem).toBeNull();
    expect((await newTask(Q.id, notice('Client', 'Finance'))).message_problem).toBe(TASK_MESSAGE_TEXT.noEmail);
    expect((await newTask(P.id, { ...notice('Site Contact'), email_notice: false })).message_problem).toBeNull();
    // An SMS template chosen for a contact without a mobile (the provider of the factories has no phone).
    const sms = { default_entity: 'Service Provider', default_contact: 'Service Provider', sms_template: a.admin.id };
    expect((await newTask(P.id, sms)).message_problem).toBe(TASK_MESSAGE_TEXT.noMobile);
    const pm = { default_entity: 'Company', default_contact: 'Project Manager', sms_template: a.admin.id };
    expect((await newTask(P.id, pm)).message_problem).toBeNull();
  });
});
