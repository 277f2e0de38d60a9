import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { newTemplateTask, TASK_TEMPLATE_TEXT, type TaskTemplateView, type TemplateTaskView } from '@siteflow/core';
import { mockFetch, renderScreen, tenantSession, type FetchCall } from '../../test/render';
import { stubMatchMedia } from '../../test/setup';
import { TaskTemplateEditorScreen } from './task-template-editor-screen';

// An automatic due date needs a trigger (and what the trigger names): the template task form says
// so under the field, from the contract before sending, or from the server's 422.
const session = tenantSession(['taskTemplates.manage', 'reference.view']);
const TEMPLATE_ID = '11111111-1111-4111-8111-111111111111';

const saved = (over: Partial<TemplateTaskView> = {}): TemplateTaskView => ({
  ...newTemplateTask([]),
  id: '22222222-2222-4222-8222-222222222222',
  template_id: TEMPLATE_ID,
  title: 'Call the client',
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

function serve(onCall?: (call: FetchCall) => { status?: number; body?: unknown } | void) {
  return mockFetch((call) => {
    const answer = onCall?.(call);
    if (answer) return answer;
    if (call.url.startsWith('/api/classifications')) return { body: { items: [] } };
    return { body: template([]) };
  });
}

const setup = () => userEvent.setup({ delay: null });

async function openNewTask(user: ReturnType<typeof setup>) {
  renderScreen(<TaskTemplateEditorScreen />, {
    session,
    route: `/task-templates/${TEMPLATE_ID}`,
    path: '/task-templates/:id',
  });
  await user.click(await screen.findByRole('button', { name: 'New Task' }, { timeout: 5000 }));
  const form = await screen.findByRole('form', { name: 'New Task' }, { timeout: 5000 });
  await user.type(within(form).getByRole('textbox', { name: 'Title' }), 'Call the client');
  return form;
}

async function choose(user: ReturnType<typeof setup>, form: HTMLElement, label: string, option: string) {
  await user.click(within(form).getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

/** The field is marked invalid and its message is shown under it (its description). */
async function expectFieldError(form: HTMLElement, label: string, message: string) {
  const field = within(form).getByRole('combobox', { name: label });
  expect(await within(form).findByText(message, undefined, { timeout: 5000 })).toBeInTheDocument();
  expect(field).toHaveAttribute('aria-invalid', 'true');
  expect(field).toHaveAccessibleDescription(message);
}

describe('Template task: an automatic due date needs its trigger', { timeout: 60_000 }, () => {
  beforeEach(() => stubMatchMedia(true));

  it('shows the message under Trigger and sends nothing; a trigger chosen, the task is sent', async () => {
    const { calls } = serve((call) => (call.method === 'POST' ? { status: 201, body: saved() } : undefined));
    const user = setup();
    const form = await openNewTask(user);
    await user.click(within(form).getByRole('button', { name: 'Add task' }));
    await expectFieldError(form, 'Trigger', TASK_TEMPLATE_TEXT.triggerRequired);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await choose(user, form, 'Trigger', 'Current Date');
    await user.click(within(form).getByRole('button', { name: 'Add task' }));
    expect(await within(form).findByText('Saved', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      title: 'Call the client',
      is_auto_due_date: true,
      trigger: 'Current Date',
    });
  });

  it('asks for the project status of a Project Status trigger', async () => {
    const { calls } = serve();
    const user = setup();
    const form = await openNewTask(user);
    await choose(user, form, 'Trigger', 'Project Status');
    await user.click(within(form).getByRole('button', { name: 'Add task' }));
    await expectFieldError(form, 'Project status', TASK_TEMPLATE_TEXT.triggerProjectStatus);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('needs no trigger for a manual due date', async () => {
    const { calls } = serve((call) =>
      call.method === 'POST' ? { status: 201, body: saved({ is_auto_due_date: false, trigger: null }) } : undefined,
    );
    const user = setup();
    const form = await openNewTask(user);
    await user.click(within(form).getByRole('switch', { name: 'Automatic due date' }));
    await user.click(within(form).getByRole('button', { name: 'Add task' }));
    expect(await within(form).findByText('Saved', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ is_auto_due_date: false, trigger: null });
  });

  it("shows the server's 422 on the trigger under Trigger", async () => {
    serve((call) =>
      call.method === 'POST'
        ? {
            status: 422,
            body: {
              message: 'The given data was invalid.',
              errors: { trigger: [TASK_TEMPLATE_TEXT.triggerRequired] },
            },
          }
        : undefined,
    );
    const user = setup();
    const form = await openNewTask(user);
    await choose(user, form, 'Trigger', 'Next Task');
    await user.click(within(form).getByRole('button', { name: 'Add task' }));
    await expectFieldError(form, 'Trigger', TASK_TEMPLATE_TEXT.triggerRequired);
  });
});
