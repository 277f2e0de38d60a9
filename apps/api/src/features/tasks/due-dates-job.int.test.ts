import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import * as factories from '../../../test/factories.js';
import { asOwner, createUser, uniq } from '../../../test/harness.js';
import { oneCompany, signedIn, type As, type TestApp, type TestTenant } from '../../../test/companies.js';
import { withTenant } from '../../platform/db/client.js';
import { tasks } from '../../platform/db/schema.js';
import { applyTaskTemplate } from './apply-template.js';
import { computeProjectDueDates, sweepGeneratingTasks } from './due-dates-job.js';

// The due dates are computed by a job (issue 12 section 2). This app holds queued jobs until a
// test runs them, so the 'generating' state in between can be seen.
let t: TestApp, a: TestTenant, asA: As, client: factories.TestClient;

beforeAll(async () => {
  ({ t, tenant: a } = await oneCompany({ app: { holdJobs: true } }));
  asA = await signedIn(t, a, a.admin);
  client = await factories.createClientCo(a);
});
afterAll(() => t.close());

/** A template: 1 'Book' 2 days after commencement; 2 'Confirm' 1 day before the end; 3 'Invoice' 3 hours after task 2 is completed; 4 'Chase' 1 day after the previous task. */
async function template(classificationId: string | null = null) {
  const res = await asA({
    method: 'POST',
    url: '/api/task-templates',
    body: { title: `T ${uniq()}`, classification_id: classificationId },
  });
  expect(res.status, res.text).toBe(201);
  const id = res.json.id as string;
  const add = async (body: Record<string, unknown>) => {
    const r = await asA({ method: 'POST', url: `/api/task-templates/${id}/tasks`, body });
    expect(r.status, r.text).toBe(201);
    return r.json as { id: string; title: string };
  };
  await add({ title: 'Book', trigger: 'Project Commencement Date', actioned_at_days: 2 });
  const confirm = await add({
    title: 'Confirm',
    trigger: 'Project End Date',
    trigger_type: 'Before',
    actioned_at_days: 1,
  });
  await add({
    title: 'Invoice',
    trigger: 'Completed Task',
    trigger_completed_task_id: confirm.id,
    actioned_at_hours: 3,
  });
  await add({ title: 'Chase', trigger: 'Previous Task', actioned_at_days: 1 });
  return id;
}

const tasksOf = (projectId: number) =>
  asOwner(a.id, (tx) =>
    tx
      .select({
        id: tasks.id,
        title: tasks.title,
        due: tasks.dueDateAt,
        generating: tasks.isGenerating,
        trigger: tasks.triggerCompletedTaskId,
      })
      .from(tasks)
      .where(and(eq(tasks.tenantId, a.id), eq(tasks.projectId, projectId)))
      .orderBy(asc(tasks.position)),
  );

const due = async (projectId: number) =>
  Object.fromEntries((await tasksOf(projectId)).map((x) => [x.title, x.due?.slice(0, 16) ?? null]));

/** A project (commencement 1 Dec 08:00, end 10 Dec 17:00) with the template's tasks applied, not yet computed. */
async function projectWithTemplate(startDate = '2026-12-01 08:00', endDate = '2026-12-10 17:00') {
  const project = await factories.createProject(a, client, { startDate, endDate });
  const templateId = await template();
  await withTenant(t.deps.db, a.id, (tx) => applyTaskTemplate(tx, a.id, project.id, { templateId }, null));
  return project;
}
describe('the due-date job', () => {
  it('builds a new project’s action list from its classification’s template and dates it by the job', async () => {
    const cls = await asA({ method: 'POST', url: '/api/classifications', body: { title: `Cls ${uniq()}` } });
    expect(cls.status, cls.text).toBe(201);
    await template(cls.json.id);
    const [pm, cat, am] = await Promise.all([
      createUser(a, 'company_employee', { isProjectManager: true }),
      factories.createCatalogue(a),
      factories.createClientUser(a, client.id, 'client_am'),
    ]);
    const created = await asA({
      method: 'POST',
      url: '/api/projects',
      body: {
        name: `Tasks ${uniq()}`,
        start_date: '2026-12-01T08:00',
        end_date: '2026-12-10T17:00',
        project_manager: pm.id,
        project_administrator: a.admin.id,
        client: client.id,
        client_am: am.id,
        order_reference: `PO-${uniq()}`,
        classification: cls.json.id,
        categories: [cat.categories[0]!.id],
        services: [cat.services[0]!.id],
        street: '1 Test Street',
        suburb: 'Brisbane City',
        state: 'QLD',
        postcode: '4000',
        country: 'Australia',
        site_contacts: [{ name: 'Sam Site', position: null, email: null, phone: null, note: null }],
      },
    });
    expect(created.status, created.text).toBe(201);
    const id = created.json.id as number;
    const before = await tasksOf(id);
    expect(before.map((x) => x.title)).toEqual(['Book', 'Confirm', 'Invoice', 'Chase']);
    expect(before.map((x) => x.generating)).toEqual([true, true, true, true]);
    // Invoice names the project's own copy of Confirm.
    expect(before[2]!.trigger).toBe(before[1]!.id);
    expect(t.jobs.queued).toEqual([{ queue: 'tasks-due-dates', data: { tenantId: a.id, projectId: id } }]);

    await t.jobs.runQueued();
    expect(await due(id)).toEqual({
      Book: '2026-12-03 08:00',
      Confirm: '2026-12-09 17:00',
      Invoice: null,
      Chase: null,
    });
    expect((await tasksOf(id)).some((x) => x.generating)).toBe(false);
  });

  it('moves exactly the tasks of a changed project date, through the job', async () => {
    const project = await projectWithTemplate();
    await computeProjectDueDates(t.deps, { tenantId: a.id, projectId: project.id });
    expect(await due(project.id)).toMatchObject({ Book: '2026-12-03 08:00', Confirm: '2026-12-09 17:00' });

    const res = await asA({
      method: 'PUT',
      url: `/api/projects/${project.id}/details`,
      body: await detailsBody(project.id, { end_date: '2026-12-20T17:00' }),
    });
    expect(res.status, res.text).toBe(200);
    const marked = await tasksOf(project.id);
    // The end date changed: Confirm (End Date) and the task-chained ones wait; Book (Commencement) does not.
    expect(Object.fromEntries(marked.map((x) => [x.title, x.generating]))).toEqual({
      Book: false,
      Confirm: true,
      Invoice: true,
      Chase: true,
    });
    expect(t.jobs.queued.at(-1)).toEqual({ queue: 'tasks-due-dates', data: { tenantId: a.id, projectId: project.id } });
    await t.jobs.runQueued();
    expect(await due(project.id)).toMatchObject({ Book: '2026-12-03 08:00', Confirm: '2026-12-19 17:00' });
  });

  it('leaves no task generating for ever: the sweep computes what a dead worker left', async () => {
    const project = await projectWithTemplate();
    // A worker that died mid-run committed nothing: the tasks are still generating and their job is gone.
    expect((await tasksOf(project.id)).every((x) => x.generating)).toBe(true);
    expect(await sweepGeneratingTasks(t.deps)).toBeGreaterThanOrEqual(1);
    const after = await tasksOf(project.id);
    expect(after.some((x) => x.generating)).toBe(false);
    expect(after[0]!.due?.slice(0, 16)).toBe('2026-12-03 08:00');
  });

  it('sweeps in batches: every project of a batch is dated from its own dates, across batch boundaries', async () => {
    const first = await projectWithTemplate();
    const second = await projectWithTemplate('2027-01-04 07:00', '2027-01-20 16:00');
    const third = await projectWithTemplate('2027-02-01 09:30', '2027-02-03 12:00');
    // Batches of 2: the three projects (and any other generating one) take at least two transactions.
    expect(await sweepGeneratingTasks(t.deps, { batch: 2 })).toBeGreaterThanOrEqual(3);
    expect(await due(first.id)).toMatchObject({ Book: '2026-12-03 08:00', Confirm: '2026-12-09 17:00' });
    expect(await due(second.id)).toMatchObject({ Book: '2027-01-06 07:00', Confirm: '2027-01-19 16:00' });
    expect(await due(third.id)).toMatchObject({ Book: '2027-02-03 09:30', Confirm: '2027-02-02 12:00' });
    for (const p of [first, second, third]) expect((await tasksOf(p.id)).some((x) => x.generating)).toBe(false);
  });

  it('records when the project entered a status, for the Project Status trigger', async () => {
    const project = await factories.createProject(a, client, { status: 'order' });
    const rows = await asOwner(a.id, (tx) =>
      tx.execute<{ status: string }>(
        sql`SELECT status FROM project_status_history WHERE tenant_id = ${a.id} AND project_id = ${project.id}`,
      ),
    );
    expect(rows.rows.map((r) => r.status)).toEqual(['order']);
  });
});

/** The details section as the project has it, with some fields changed. */
async function detailsBody(id: number, over: Record<string, unknown>) {
  const view = (await asA({ url: `/api/projects/${id}` })).json;
  return {
    name: view.name,
    start_date: view.start_date,
    end_date: view.end_date,
    project_manager_id: view.project_manager?.id ?? a.admin.id,
    project_administrator_id: view.project_administrator?.id ?? a.admin.id,
    project_sales_representative_id: null,
    linked_project_type: 'master',
    linked_projects: [],
    classification_id: view.classification?.id ?? null,
    summary: null,
    official_shift: false,
    ...over,
  };
}
