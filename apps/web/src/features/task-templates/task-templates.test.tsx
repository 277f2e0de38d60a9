import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  companyDay,
  newTemplateTask,
  TASK_TEMPLATE_TEXT,
  TEMPLATE_TASK_DEFAULTS,
  type TaskTemplateView,
  type TemplateTaskView,
} from '@siteflow/core';
import { mockFetch, renderScreen, tenantSession, type FetchCall } from '../../test/render';
import { stubMatchMedia } from '../../test/setup';
import { TaskTemplateEditorScreen } from './task-template-editor-screen';
import { TaskTemplateListScreen } from './task-template-list-screen';

const session = tenantSession(['taskTemplates.manage', 'reference.view']);
const TEMPLATE_ID = '11111111-1111-4111-8111-111111111111';

const task = (over: Partial<TemplateTaskView>): TemplateTaskView => ({
  ...newTemplateTask([]),
  id: '22222222-2222-4222-8222-222222222222',
  template_id: TEMPLATE_ID,
  title: 'Book the site visit',
  trigger: 'Current Date',
  ...over,
});

const template = (tasks: TemplateTaskView[]): TaskTemplateView => ({
  id: TEMPLATE_ID,
  title: 'Bathroom installation',
  classification_id: null,
  classification_title: null,
  tasks,
});

function serve(tasks: TemplateTaskView[], onCall?: (call: FetchCall) => { status?: number; body?: unknown } | void) {
  return mockFetch((call) => {
    const answer = onCall?.(call);
    if (answer) return answer;
    if (call.url.startsWith('/api/classifications')) return { body: { items: [] } };
    return { body: template(tasks) };
  });
}

const openEditor = () =>
  renderScreen(<TaskTemplateEditorScreen />, {
    session,
    route: `/task-templates/${TEMPLATE_ID}`,
    path: '/task-templates/:id',
  });

async function openNewTask(user: ReturnType<typeof userEvent.setup>) {
  const control = await screen.findByRole('button', { name: 'New Task' }, { timeout: 5000 });
  await user.click(control);
  return screen.findByRole('form', { name: 'New Task' });
}

async function choose(user: ReturnType<typeof userEvent.setup>, form: HTMLElement, label: string, option: string) {
  await user.click(within(form).getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('Task templates', { timeout: 60_000 }, () => {
  beforeEach(() => stubMatchMedia(true));

  it('lists the templates with their classification and number of tasks', async () => {
    const { tasks: _tasks, ...summary } = template([]);
    mockFetch(() => ({ body: { items: [{ ...summary, task_count: 3 }] } }));
    renderScreen(<TaskTemplateListScreen />, { session, route: '/task-templates', path: '/task-templates' });
    const row = (await screen.findByRole('link', { name: 'Bathroom installation' }, { timeout: 5000 })).closest('tr');
    if (!row) throw new Error('row missing');
    expect(within(row).getByText('By hand')).toBeInTheDocument();
    expect(within(row).getByText('3')).toBeInTheDocument();
  });

  it('shows the title above the tasks, each titled Task {index}: {title}', async () => {
    serve([task({}), task({ id: '33333333-3333-4333-8333-333333333333', task_index: 2, title: 'Order tiles' })]);
    openEditor();
    expect(
      await screen.findByRole('heading', { name: 'Bathroom installation', level: 1 }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Task 1: Book the site visit' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Task 2: Order tiles' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Move Task 2: Order tiles' })).toBeInTheDocument();
  });

  it('refuses an empty title and sends nothing; numbers a new task after the last', async () => {
    const { calls } = serve([task({ task_index: 4 })]);
    openEditor();
    const user = userEvent.setup({ delay: null });
    const form = await openNewTask(user);
    expect(within(form).getByRole('textbox', { name: 'Task number' })).toHaveValue('5');
    await user.click(within(form).getByRole('button', { name: 'Add task' }));
    expect(await within(form).findByText(TASK_TEMPLATE_TEXT.titleRequired)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('saves a new task with the defaults and shows the saved tick', async () => {
    const { calls } = serve([], (call) =>
      call.method === 'POST' ? { status: 201, body: task({ title: 'Call the client' }) } : undefined,
    );
    openEditor();
    const user = userEvent.setup({ delay: null });
    const form = await openNewTask(user);
    await user.type(within(form).getByRole('textbox', { name: 'Title' }), 'Call the client');
    await choose(user, form, 'Trigger', 'Current Date');
    await user.click(within(form).getByRole('button', { name: 'Add task' }));
    expect(await within(form).findByText('Saved')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.url).toBe(`/api/task-templates/${TEMPLATE_ID}/tasks`);
    expect(post?.body).toMatchObject({
      ...TEMPLATE_TASK_DEFAULTS,
      task_index: 1,
      title: 'Call the client',
      trigger: 'Current Date',
    });
    // A blank form returns.
    await waitFor(() => expect(within(form).getByRole('textbox', { name: 'Title' })).toHaveValue(''));
  });

  it('Action By sets the Staff options; the trigger drives the status, date and task pickers', async () => {
    serve([]);
    openEditor();
    const user = userEvent.setup({ delay: null });
    const form = await openNewTask(user);
    await choose(user, form, 'Action By', 'Client');
    await user.click(within(form).getByRole('combobox', { name: 'Staff Responsible' }));
    const staff = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(staff).toEqual(['Account Manager', 'Admin', 'Finance', 'All']);
    await user.keyboard('{Escape}');

    const status = within(form).getByRole('combobox', { name: 'Project status' });
    expect(status).toBeDisabled();
    // No earlier tasks: no Completed Task trigger.
    await user.click(within(form).getByRole('combobox', { name: 'Trigger' }));
    expect(screen.queryByRole('option', { name: 'Completed Task' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('option', { name: 'Project Status' }));
    expect(status).toBeEnabled();
    await choose(user, form, 'Project status', 'Order');
    expect(status).toHaveValue('Order');
    await choose(user, form, 'Trigger', 'Fixed Date');
    expect(status).toBeDisabled();
    expect(status).toHaveValue('');
    const fixed = within(form).getByRole('button', { name: 'Fixed date' });
    // Today on the company's clock, whatever the browser's zone.
    const [yyyy, mm, dd] = companyDay(new Date()).split('-');
    expect(fixed).toHaveTextContent(`${dd}/${mm}/${yyyy} 08:00 AM`);
  });

  it('offers earlier tasks for the Completed Task trigger', async () => {
    serve([task({})]);
    openEditor();
    const user = userEvent.setup({ delay: null });
    const form = await openNewTask(user);
    await choose(user, form, 'Trigger', 'Completed Task');
    await choose(user, form, 'Completed task', 'Task 1: Book the site visit');
  });

  it('auto due date off disables the offsets and the trigger', async () => {
    serve([]);
    openEditor();
    const user = userEvent.setup({ delay: null });
    const form = await openNewTask(user);
    for (const label of ['Days', 'Hours', 'Minutes'])
      expect(within(form).getByRole('textbox', { name: label })).toBeEnabled();
    await user.click(within(form).getByRole('switch', { name: 'Automatic due date' }));
    for (const label of ['Days', 'Hours', 'Minutes', 'Trigger'])
      expect(within(form).getByRole(label === 'Trigger' ? 'combobox' : 'textbox', { name: label })).toBeDisabled();
  });

  it('Email Notice shows the recipient and contact; the template picker (offered templates) once a contact is chosen', async () => {
    const offered = (id: string, name: string, status: string, original: string | null = null) => ({
      id,
      channel: 'email',
      name,
      subject: 'S',
      body: '<p>B</p>',
      status,
      client_id: null,
      client_name: null,
      original_template_id: original,
      updated_at: '2026-11-24T00:00:00Z',
    });
    serve([], (call) =>
      call.url.startsWith('/api/message-templates')
        ? {
            body: {
              items: [
                offered('11111111-1111-4111-8111-111111111111', 'Project booked', 'Active'),
                offered('22222222-2222-4222-8222-222222222222', 'Old notice', 'Inactive'),
                offered(
                  '33333333-3333-4333-8333-333333333333',
                  'Project booked (Custom Email)',
                  'Active',
                  '11111111-1111-4111-8111-111111111111',
                ),
              ],
              total: 3,
              page: 1,
              pageSize: 100,
            },
          }
        : undefined,
    );
    openEditor();
    const user = userEvent.setup({ delay: null });
    const form = await openNewTask(user);
    expect(within(form).queryByRole('combobox', { name: 'Recipient' })).not.toBeInTheDocument();
    await user.click(within(form).getByRole('switch', { name: 'Email notice' }));
    await choose(user, form, 'Recipient', 'Company');
    expect(within(form).queryByRole('combobox', { name: 'Email template' })).not.toBeInTheDocument();
    await user.click(within(form).getByRole('combobox', { name: 'Default contact' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'Project Manager',
      'Project Administrator',
    ]);
    await user.click(screen.getByRole('option', { name: 'Project Manager' }));
    const picker = within(form).getByRole('combobox', { name: 'Email template' });
    await waitFor(() => expect(picker).toBeEnabled());
    await user.click(picker);
    // Active templates only, and no task's custom copy.
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Project booked']);
    await user.click(screen.getByRole('option', { name: 'Project booked' }));

    await choose(user, form, 'Recipient', 'Site Contact');
    const contact = within(form).getByRole('combobox', { name: 'Default contact' });
    expect(contact).toBeDisabled();
    expect(contact).toHaveValue('Site Contact');
  });

  it('says there are no e-mail templates yet when none is offered', async () => {
    serve([], (call) =>
      call.url.startsWith('/api/message-templates')
        ? { body: { items: [], total: 0, page: 1, pageSize: 100 } }
        : undefined,
    );
    openEditor();
    const user = userEvent.setup({ delay: null });
    const form = await openNewTask(user);
    await user.click(within(form).getByRole('switch', { name: 'Email notice' }));
    await choose(user, form, 'Recipient', 'Site Contact');
    const picker = within(form).getByRole('combobox', { name: 'Email template' });
    await waitFor(() => expect(picker).toHaveAttribute('placeholder', TASK_TEMPLATE_TEXT.noEmailTemplates));
    expect(picker).toBeDisabled();
  });

  it('saves an edited task, keeping the number the server gives it unless changed here', async () => {
    const { calls } = serve([task({ task_index: 3 })], (call) =>
      call.method === 'PUT' ? { body: task({ task_index: 3, title: 'Book the first visit' }) } : undefined,
    );
    openEditor();
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Task 3: Book the site visit' }, { timeout: 5000 }));
    const form = await screen.findByRole('form', { name: 'Task 3: Book the site visit' });
    const title = within(form).getByRole('textbox', { name: 'Title' });
    await user.clear(title);
    await user.type(title, 'Book the first visit');
    await user.click(within(form).getByRole('button', { name: 'Save task' }));
    expect(await within(form).findByText('Saved')).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.url).toBe(`/api/task-templates/${TEMPLATE_ID}/tasks/22222222-2222-4222-8222-222222222222`);
    expect(put?.body).toMatchObject({ title: 'Book the first visit', task_index: null });
  });

  it('deletes a task after confirmation', async () => {
    const { calls } = serve([task({})], (call) => (call.method === 'DELETE' ? { body: template([]) } : undefined));
    openEditor();
    const user = userEvent.setup({ delay: null });
    await user.click(
      await screen.findByRole('button', { name: 'Delete Task 1: Book the site visit' }, { timeout: 5000 }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Delete Task 1: Book the site visit?' });
    expect(within(dialog).getByText('Are you sure, you want to delete this task?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(calls.find((c) => c.method === 'DELETE')?.url).toBe(
      `/api/task-templates/${TEMPLATE_ID}/tasks/22222222-2222-4222-8222-222222222222`,
    );
  });
});
