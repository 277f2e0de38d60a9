import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { TASK_TEMPLATE_TEXT, type TaskList } from '@siteflow/core';
import { mockFetch, renderScreen, tenantSession } from '../../test/render';
import { stubMatchMedia } from '../../test/setup';
import { ProjectTasksPanel } from './project-tasks-panel';

// Add New Task on a project's action list: an automatic due date needs a trigger (and what the
// trigger names); the message shows under the field and nothing is sent.
const company = tenantSession(['tasks.view', 'tasks.manage', 'projects.view', 'taskTemplates.manage']);
const PROJECT_ID = 7;

const emptyList: TaskList = {
  groups: [],
  tasks: [],
  total: 0,
  next_page: null,
  project: { status: 'order', task_count: 0, open_count: 0, manage: true, close: false },
};

function serve() {
  return mockFetch((call) => {
    if (call.url.startsWith('/api/tasks/assignees')) return { body: { items: [] } };
    if (call.url.startsWith('/api/tasks?')) return { body: emptyList };
    if (call.url.includes('/choices')) return { body: { items: [] } };
    if (call.url.startsWith('/api/task-templates')) return { body: { items: [] } };
    return { body: {} };
  });
}

const setup = () => userEvent.setup({ delay: null });

async function openNewTask(user: ReturnType<typeof setup>) {
  renderScreen(<ProjectTasksPanel projectId={PROJECT_ID} />, {
    session: company,
    route: `/projects/${PROJECT_ID}/show`,
    path: '/projects/:id/show',
  });
  await user.click(await screen.findByRole('button', { name: 'Add New Task' }, { timeout: 5000 }));
  const form = await screen.findByRole('form', { name: 'New Task' }, { timeout: 5000 });
  await user.type(within(form).getByRole('textbox', { name: 'Title' }), 'Book the crew');
  return form;
}

async function expectFieldError(form: HTMLElement, label: string, message: string) {
  const field = within(form).getByRole('combobox', { name: label });
  expect(await within(form).findByText(message, undefined, { timeout: 5000 })).toBeInTheDocument();
  expect(field).toHaveAttribute('aria-invalid', 'true');
  expect(field).toHaveAccessibleDescription(message);
}

describe('Add New Task: an automatic due date needs its trigger', { timeout: 60_000 }, () => {
  beforeEach(() => stubMatchMedia(true));

  it('shows the message under Trigger and sends nothing', async () => {
    const { calls } = serve();
    const user = setup();
    const form = await openNewTask(user);
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await expectFieldError(form, 'Trigger', TASK_TEMPLATE_TEXT.triggerRequired);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('asks for the project status of a Project Status trigger', async () => {
    const { calls } = serve();
    const user = setup();
    const form = await openNewTask(user);
    await user.click(within(form).getByRole('combobox', { name: 'Trigger' }));
    await user.click(await screen.findByRole('option', { name: 'Project Status' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await expectFieldError(form, 'Project status', TASK_TEMPLATE_TEXT.triggerProjectStatus);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });
});
