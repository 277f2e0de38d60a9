import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TASK_TEMPLATE_TEXT, TEMPLATE_TASK_DEFAULTS } from '@siteflow/core';
import { createClientCo, createClientUser, createProvider, createProviderUser } from '../../../test/factories.js';
import { createUser, uniq } from '../../../test/harness.js';
import { signedIn, twoCompanies, type As, type TestApp, type TestTenant } from '../../../test/companies.js';

let t: TestApp, a: TestTenant, asA: As, asB: As, asEmployee: As, asClientUser: As, asProviderUser: As;

beforeAll(async () => {
  ({ t, a, asA, asB } = await twoCompanies());
  const [client, provider] = await Promise.all([createClientCo(a), createProvider(a)]);
  [asEmployee, asClientUser, asProviderUser] = await Promise.all([
    signedIn(t, a, await createUser(a, 'company_employee')),
    signedIn(t, a, await createClientUser(a, client.id, 'client_admin')),
    signedIn(t, a, await createProviderUser(a, provider.id, 'sp_admin')),
  ]);
});
afterAll(() => t.close());

async function newTemplate(as: As = asA) {
  const res = await as({ method: 'POST', url: '/api/task-templates', body: { title: `Template ${uniq()}` } });
  expect(res.status).toBe(201);
  return res.json.id as string;
}

/** A template task (an automatic due date from the Current Date unless `body` says otherwise). */
async function newTask(templateId: string, body: Record<string, unknown> = {}) {
  const res = await asA({
    method: 'POST',
    url: `/api/task-templates/${templateId}/tasks`,
    body: { title: `Task ${uniq()}`, trigger: 'Current Date', ...body },
  });
  expect(res.status, res.text).toBe(201);
  return res.json;
}

describe('task templates', () => {
  it('creates, lists, renames and deletes a template', async () => {
    const title = `Install ${uniq()}`;
    const created = await asA({ method: 'POST', url: '/api/task-templates', body: { title } });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ title, classification_id: null, tasks: [] });
    const id = created.json.id;

    const list = await asA({ url: '/api/task-templates' });
    expect(list.json.items.find((i: { id: string }) => i.id === id)).toMatchObject({ title, task_count: 0 });

    const renamed = await asA({ method: 'PUT', url: `/api/task-templates/${id}`, body: { title: 'Renamed' } });
    expect(renamed.status).toBe(200);
    expect(renamed.json.title).toBe('Renamed');

    expect((await asA({ method: 'DELETE', url: `/api/task-templates/${id}` })).status).toBe(200);
    expect((await asA({ url: `/api/task-templates/${id}` })).status).toBe(404);
  });

  it('refuses an empty title with the spec text', async () => {
    const res = await asA({ method: 'POST', url: '/api/task-templates', body: { title: '  ' } });
    expect(res.status).toBe(422);
    expect(res.json.errors.title).toEqual([TASK_TEMPLATE_TEXT.titleRequired]);
  });

  it('applies a template to one classification only', async () => {
    const cls = await asA({ method: 'POST', url: '/api/classifications', body: { title: `Class ${uniq()}` } });
    const body = { title: `T ${uniq()}`, classification_id: cls.json.id };
    const first = await asA({ method: 'POST', url: '/api/task-templates', body });
    expect(first.status).toBe(201);
    expect(first.json.classification_title).toBe(cls.json.title);
    const second = await asA({ method: 'POST', url: '/api/task-templates', body });
    expect(second.status).toBe(422);
    expect(second.json.errors.classification_id).toEqual([TASK_TEMPLATE_TEXT.classificationTaken]);
    // Removing the classification keeps the template.
    expect((await asA({ method: 'DELETE', url: `/api/classifications/${cls.json.id}` })).status).toBe(200);
    expect((await asA({ url: `/api/task-templates/${first.json.id}` })).json.classification_id).toBeNull();
  });
});

describe('template tasks', () => {
  it('numbers new tasks last + 1 (or 1) and keeps the spec defaults', async () => {
    const id = await newTemplate();
    const one = await newTask(id);
    expect(one).toMatchObject({ ...TEMPLATE_TASK_DEFAULTS, task_index: 1 });
    const two = await newTask(id, { task_index: 7 });
    expect(two.task_index).toBe(7);
    expect((await newTask(id)).task_index).toBe(8);
  });

  it('saves every field, clearing what the trigger does not use', async () => {
    const id = await newTemplate();
    const first = await newTask(id);
    const task = await newTask(id, {
      action_by: 'Client',
      staff_responsible: 'Finance',
      priority: 'High',
      trigger_type: 'Before',
      trigger: 'Completed Task',
      trigger_completed_task_id: first.id,
      trigger_project_status: 'order',
      default_entity: 'Client',
      default_contact: 'Account Manager',
      email_notice: true,
      instructions: 'Call first',
      share_action_on_client: true,
      actioned_at_days: 2,
      actioned_at_hours: 24,
      actioned_at_mins: 59,
    });
    expect(task).toMatchObject({
      action_by: 'Client',
      staff_responsible: 'Finance',
      trigger: 'Completed Task',
      trigger_completed_task_id: first.id,
      trigger_project_status: null,
      default_contact: 'Account Manager',
      actioned_at_hours: 24,
    });
    const fixed = await asA({
      method: 'PUT',
      url: `/api/task-templates/${id}/tasks/${task.id}`,
      body: { title: 'Fixed', trigger: 'Fixed Date', fixed_date_at: '2026-03-04 08:00', task_index: 3 },
    });
    expect(fixed.status).toBe(200);
    expect(fixed.json).toMatchObject({
      title: 'Fixed',
      fixed_date_at: '2026-03-04 08:00',
      trigger_completed_task_id: null,
      task_index: 3,
    });
  });

  it('answers 422 per field', async () => {
    const id = await newTemplate();
    const res = await asA({
      method: 'POST',
      url: `/api/task-templates/${id}/tasks`,
      body: {
        title: '',
        actioned_at_hours: 25,
        actioned_at_mins: 60,
        actioned_at_days: -1,
        task_index: -1,
        priority: 'Urgent',
      },
    });
    expect(res.status).toBe(422);
    expect(res.json.errors).toMatchObject({
      title: [TASK_TEMPLATE_TEXT.titleRequired],
      actioned_at_hours: [TASK_TEMPLATE_TEXT.hours],
      actioned_at_mins: [TASK_TEMPLATE_TEXT.minutes],
      actioned_at_days: [TASK_TEMPLATE_TEXT.days],
      task_index: [TASK_TEMPLATE_TEXT.taskIndex],
    });
    expect(res.json.errors.priority).toHaveLength(1);
    const staff = await asA({
      method: 'POST',
      url: `/api/task-templates/${id}/tasks`,
      body: { title: 'x', trigger: 'Current Date', action_by: 'Company', staff_responsible: 'Finance' },
    });
    expect(staff.json.errors).toEqual({ staff_responsible: [TASK_TEMPLATE_TEXT.staffResponsible] });
    const other = await newTask(await newTemplate());
    const completed = await asA({
      method: 'POST',
      url: `/api/task-templates/${id}/tasks`,
      body: { title: 'x', trigger: 'Completed Task', trigger_completed_task_id: other.id },
    });
    expect(completed.json.errors).toEqual({ trigger_completed_task_id: [TASK_TEMPLATE_TEXT.completedTask] });
  });

  it('refuses an automatic due date without a trigger, or without what the trigger names (422 per field)', async () => {
    const id = await newTemplate();
    const task = await newTask(id);
    const cases: [Record<string, unknown>, string, string][] = [
      [{}, 'trigger', TASK_TEMPLATE_TEXT.triggerRequired],
      [{ is_auto_due_date: true, trigger: null }, 'trigger', TASK_TEMPLATE_TEXT.triggerRequired],
      [{ trigger: 'Project Status' }, 'trigger_project_status', TASK_TEMPLATE_TEXT.triggerProjectStatus],
      [{ trigger: 'Completed Task' }, 'trigger_completed_task_id', TASK_TEMPLATE_TEXT.triggerCompletedTask],
      [{ trigger: 'Fixed Date', fixed_date_at: '' }, 'fixed_date_at', TASK_TEMPLATE_TEXT.triggerFixedDate],
    ];
    for (const [body, field, message] of cases) {
      for (const [method, url] of [
        ['POST', `/api/task-templates/${id}/tasks`],
        ['PUT', `/api/task-templates/${id}/tasks/${task.id}`],
      ] as const) {
        const res = await asA({ method, url, body: { title: 'No trigger', ...body } });
        expect(res.status, `${method} ${field}: ${res.text}`).toBe(422);
        expect(res.json.errors).toEqual({ [field]: [message] });
      }
    }
    // Nothing was saved; a manual due date needs no trigger.
    expect((await asA({ url: `/api/task-templates/${id}` })).json.tasks).toHaveLength(1);
    const manual = await newTask(id, { trigger: null, is_auto_due_date: false });
    expect(manual).toMatchObject({ trigger: null, is_auto_due_date: false });
  });

  it('reorders in one request and deletes a task, clearing triggers on it', async () => {
    const id = await newTemplate();
    const [a1, a2, a3] = [await newTask(id), await newTask(id), await newTask(id)];
    const after = await newTask(id, { trigger: 'Completed Task', trigger_completed_task_id: a1.id });
    const order = [a3.id, after.id, a1.id, a2.id];
    const res = await asA({ method: 'PUT', url: `/api/task-templates/${id}/task-order`, body: { ids: order } });
    expect(res.status).toBe(200);
    expect(res.json.tasks.map((x: { id: string }) => x.id)).toEqual(order);
    expect(res.json.tasks.map((x: { task_index: number }) => x.task_index)).toEqual([1, 2, 3, 4]);

    const partial = await asA({ method: 'PUT', url: `/api/task-templates/${id}/task-order`, body: { ids: [a1.id] } });
    expect(partial.status).toBe(422);
    expect(partial.json.errors.ids).toEqual([TASK_TEMPLATE_TEXT.order]);

    const del = await asA({ method: 'DELETE', url: `/api/task-templates/${id}/tasks/${a1.id}` });
    expect(del.status).toBe(200);
    expect(del.json.tasks.map((x: { id: string }) => x.id)).toEqual([a3.id, after.id, a2.id]);
    expect(del.json.tasks[1].trigger_completed_task_id).toBeNull();
  });
});

describe('task templates: who may', () => {
  it('lets a company employee manage templates', async () => {
    const id = await newTemplate(asEmployee);
    expect((await asEmployee({ url: `/api/task-templates/${id}` })).status).toBe(200);
  });

  it('refuses client and provider users (403), whatever they send', async () => {
    const id = await newTemplate();
    for (const as of [asClientUser, asProviderUser]) {
      expect((await as({ url: '/api/task-templates' })).status).toBe(403);
      expect((await as({ method: 'POST', url: '/api/task-templates', body: {} })).status).toBe(403);
      expect((await as({ method: 'POST', url: `/api/task-templates/${id}/tasks`, body: {} })).status).toBe(403);
      expect((await as({ method: 'PUT', url: `/api/task-templates/${id}/task-order`, body: {} })).status).toBe(403);
    }
  });

  it("answers 404 for another tenant's template and task", async () => {
    const id = await newTemplate();
    const task = await newTask(id);
    expect((await asB({ url: `/api/task-templates/${id}` })).status).toBe(404);
    expect((await asB({ method: 'PUT', url: `/api/task-templates/${id}`, body: { title: 'x' } })).status).toBe(404);
    expect((await asB({ method: 'DELETE', url: `/api/task-templates/${id}` })).status).toBe(404);
    const body = { title: 'x', trigger: 'Current Date' };
    expect((await asB({ method: 'POST', url: `/api/task-templates/${id}/tasks`, body })).status).toBe(404);
    const taskUrl = `/api/task-templates/${id}/tasks/${task.id}`;
    expect((await asB({ method: 'PUT', url: taskUrl, body })).status).toBe(404);
    expect((await asB({ method: 'DELETE', url: taskUrl })).status).toBe(404);
    expect(
      (await asB({ method: 'PUT', url: `/api/task-templates/${id}/task-order`, body: { ids: [task.id] } })).status,
    ).toBe(404);
    // Tenant B's own template cannot name A's task either.
    const mine = await newTemplate(asB);
    const res = await asB({
      method: 'POST',
      url: `/api/task-templates/${mine}/tasks`,
      body: { title: 'x', trigger: 'Completed Task', trigger_completed_task_id: task.id },
    });
    expect(res.status).toBe(422);
  });
});
