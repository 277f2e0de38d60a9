import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  closeProjectText,
  TASK_TEXT,
  type TaskGroup,
  type TaskList,
  type TaskListItem,
  type TaskView,
} from '@siteflow/core';
import { mockFetch, renderScreen, tenantSession, type FetchCall } from '../../test/render';
import { stubMatchMedia } from '../../test/setup';
import { ActionListScreen } from './action-list-screen';
import { nextUsers, readFilters, filterSearch, defaultFilters } from './filters';
import { ProjectTasksPanel } from './project-tasks-panel';

const company = tenantSession(['tasks.view', 'tasks.manage', 'projects.view', 'taskTemplates.manage']);
const client = tenantSession(['tasks.view', 'projects.view']);
const USER_ID = '33333333-3333-4333-8333-333333333333';
const PROJECT = { id: 7, code: 'P-0007', name: 'Smith bathroom', category: 'Plumbing', status: 'order' as const };

const item = (over: Partial<TaskListItem> = {}): TaskListItem => ({
  id: 5,
  project_id: PROJECT.id,
  position: 1,
  title: 'Book the site visit',
  status: 'Pending',
  priority: 'Medium',
  action_by: 'Company',
  staff_responsible: 'Project Manager',
  due_date_at: '2026-11-24 14:05',
  is_generating: false,
  overdue: false,
  starred: false,
  user_id: USER_ID,
  user_name: 'Olivia Nguyen',
  ...over,
});

const ABLE = { edit: true, action_taken: true, complete: true, restore: false, void: true, delete: true };

const view = (over: Partial<TaskView> = {}): TaskView => ({
  ...item(),
  trigger_type: 'After',
  trigger: 'Current Date',
  trigger_project_status: null,
  trigger_completed_task_id: null,
  fixed_date_at: null,
  default_entity: null,
  default_contact: null,
  email_template: null,
  instructions: 'Call first',
  is_auto_complete: false,
  share_action_on_client: false,
  share_action_on_sp: false,
  email_reminder: false,
  email_notice: false,
  actioned_at_days: 0,
  actioned_at_hours: 0,
  actioned_at_mins: 0,
  is_auto_due_date: true,
  action_taken: null,
  completed_at: null,
  sms_template: null,
  message_problem: null,
  project: PROJECT,
  abilities: ABLE,
  ...over,
});

const group = (tasks: TaskListItem[]): TaskGroup => ({
  project: PROJECT,
  next_task: { id: 5, title: 'Book the site visit', due_date_at: '2026-11-24 14:05' },
  tasks,
});

const list = (over: Partial<TaskList> = {}): TaskList => ({
  groups: [],
  tasks: [],
  total: 0,
  next_page: null,
  project: null,
  ...over,
});

const projectHead = (over: Partial<NonNullable<TaskList['project']>> = {}) => ({
  status: 'order' as const,
  task_count: 1,
  open_count: 1,
  manage: true,
  close: false,
  ...over,
});

type Answer = { status?: number; body?: unknown } | Promise<{ status?: number; body?: unknown }>;

/** The API: the list, the task, its choices and history, the assignees; `onCall` answers first. */
function serve(answer: TaskList, task: TaskView = view(), onCall?: (call: FetchCall) => Answer | void) {
  return mockFetch((call) => {
    const first = onCall?.(call);
    if (first) return first;
    if (call.url.startsWith('/api/tasks/assignees'))
      return { body: { items: [{ id: USER_ID, first_name: 'Olivia', last_name: 'Nguyen' }] } };
    if (call.url.startsWith('/api/tasks?')) return { body: answer };
    if (call.url.includes('/choices')) return { body: { items: [] } };
    if (call.url.endsWith('/history')) return { body: { items: [] } };
    if (call.url.startsWith('/api/task-templates')) return { body: { items: [] } };
    if (call.url.startsWith('/api/tasks/')) return { body: task };
    return { body: {} };
  });
}

const listCalls = (calls: FetchCall[]) =>
  calls.filter((c) => c.url.startsWith('/api/tasks?')).map((c) => new URL(c.url, 'http://x').searchParams);

const openList = (route = '/action-list', session = company) =>
  renderScreen(<ActionListScreen />, { session, route, path: '/action-list' });

const openPanel = (session = company) =>
  renderScreen(<ProjectTasksPanel projectId={PROJECT.id} />, {
    session,
    route: `/projects/${PROJECT.id}/show`,
    path: '/projects/:id/show',
  });

const setup = () => userEvent.setup({ delay: null });

async function openTask(user: ReturnType<typeof setup>, title = 'Book the site visit') {
  const row = await screen.findByRole('button', { name: new RegExp(`^(\\d+\\. )?${title}`) }, { timeout: 5000 });
  await user.click(row);
}

/** Reduced motion (no transitions to wait for) on a screen wider than a phone. */
const WIDE_REDUCED_MOTION = (query: string) => !query.includes('max-width');

describe('Action list', { timeout: 60_000 }, () => {
  beforeEach(() => stubMatchMedia(WIDE_REDUCED_MOTION));

  it('reads the filters from the address and sends them; a changed filter is sent too', async () => {
    const { calls } = serve(list({ groups: [group([item()])], total: 1 }));
    openList('/action-list?due=Today&priority=High');
    expect(await screen.findByText('P-0007 · Smith bathroom', undefined, { timeout: 5000 })).toBeInTheDocument();
    const first = listCalls(calls)[0]!;
    expect(first.get('project_id')).toBe('0');
    expect(first.get('due')).toBe('Today');
    expect(first.get('priority')).toBe('High');
    expect(first.get('project_status')).toBe('order');
    const user = setup();
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Pending' }));
    await waitFor(() => expect(listCalls(calls).some((p) => p.get('status') === 'Pending')).toBe(true));
    expect(listCalls(calls).at(-1)?.get('due')).toBe('Today');
  });

  it('Staff Responsible and User Assigned are off while Assigned To is Mine', async () => {
    serve(list());
    openList('/action-list?assigned=Mine&due=Any');
    const staff = await screen.findByRole('combobox', { name: 'Staff Responsible' }, { timeout: 5000 });
    expect(staff).toBeDisabled();
    expect(document.getElementById('tasks-0-user')).toBeDisabled();
  });

  it('the search box takes a row of its own where the buttons do not fit beside it (phones)', async () => {
    serve(list());
    openList();
    const search = await screen.findByRole('textbox', { name: 'Search tasks' }, { timeout: 5000 });
    const box = search.closest<HTMLElement>('.mantine-TextInput-root')!;
    // Grows from 15rem and may not shrink below it: the Search and Reset buttons wrap instead.
    expect(box).toHaveStyle({ flexGrow: '1', flexBasis: '15rem' });
  });

  it("shows 'No Task Found' when nothing matches", async () => {
    serve(list());
    openList();
    expect(await screen.findByText(TASK_TEXT.noTasks, undefined, { timeout: 5000 })).toBeInTheDocument();
  });

  it('client users filter Assigned To by Any and Mine only, without Staff and User', async () => {
    serve(list());
    openList('/action-list', client);
    const user = setup();
    await user.click(await screen.findByRole('combobox', { name: 'Assigned To' }, { timeout: 5000 }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Any', 'Mine']);
    expect(screen.queryByRole('combobox', { name: 'Staff Responsible' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('User Assigned')).not.toBeInTheDocument();
  });

  it('on a phone the filters fold under Show filters, which says how many are set', async () => {
    stubMatchMedia(true); // a phone (and reduced motion)
    const { calls } = serve(list());
    openList('/action-list?assigned=Mine&due=Overdue');
    const user = setup();
    const toggle = await screen.findByRole('button', { name: /Show filters/ }, { timeout: 5000 });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAttribute('title', '2 filters set');
    expect(screen.queryByRole('combobox', { name: 'Due date' })).not.toBeInTheDocument();
    // The search stays in view, and the folded filters still apply.
    expect(screen.getByRole('textbox', { name: 'Search tasks' })).toBeVisible();
    await waitFor(() => expect(listCalls(calls).at(-1)?.get('due')).toBe('Overdue'));
    await user.click(toggle);
    expect(screen.getByRole('button', { name: /Hide filters/ })).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByRole('combobox', { name: 'Due date' })).toHaveValue('Overdue');
  });

  it("a generating task shows 'Generating...' and the countdown; the project links to its #todos", async () => {
    serve(
      list({ groups: [group([item({ is_generating: true, due_date_at: null, user_id: null, user_name: null })])] }),
    );
    openList();
    const user = setup();
    const open = await screen.findByRole('link', { name: 'Open P-0007' }, { timeout: 5000 });
    expect(open).toHaveAttribute('href', '/projects/7/show#todos');
    // The code stays on one line ('Open P-' / '0007' read as two codes).
    expect(open).toHaveStyle({ whiteSpace: 'nowrap', flexShrink: '0' });
    await user.click(screen.getByRole('button', { name: /P-0007 · Smith bathroom/ }));
    const row = await screen.findByTestId('task-row');
    expect(within(row).getByText(TASK_TEXT.generating)).toBeInTheDocument();
    expect(within(row).getByText(/^Task is generating due date - come back in \d+:\d\d$/)).toBeInTheDocument();
    expect(within(row).getByText('Unassigned')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Star task: Book the site visit' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });
});

describe('Project action list', { timeout: 60_000 }, () => {
  beforeEach(() => stubMatchMedia(WIDE_REDUCED_MOTION));

  it('asks to close the project only when the list says so', async () => {
    serve(
      list({
        tasks: [item({ status: 'Completed' })],
        total: 1,
        project: projectHead({ task_count: 3, open_count: 0, close: true }),
      }),
    );
    openPanel();
    const dialog = await screen.findByRole('dialog', undefined, { timeout: 5000 });
    expect(within(dialog).getByText(closeProjectText(3))).toBeInTheDocument();
  });

  it('does not ask when the project may not be closed', async () => {
    serve(list({ tasks: [item()], total: 1, project: projectHead() }));
    openPanel();
    expect(
      await screen.findByRole('button', { name: /^1\. Book the site visit/ }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Move task 1: Book the site visit' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('Assign is off until Assigned To, a Staff Responsible other than Any and a user are chosen', async () => {
    const { calls } = serve(list({ tasks: [item()], total: 1, project: projectHead() }), view(), (call) =>
      call.url.endsWith('/tasks/assign') ? { body: { message: '1 pending tasks assigned.', count: 1 } } : undefined,
    );
    openPanel();
    const user = setup();
    await user.click(await screen.findByRole('button', { name: 'Assign Pending Tasks' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign Pending Tasks' });
    const assign = within(dialog).getByRole('button', { name: 'Assign' });
    expect(assign).toBeDisabled();
    const choose = async (label: string, option: string) => {
      await user.click(within(dialog).getByRole('combobox', { name: label }));
      await user.click(await screen.findByRole('option', { name: option }));
    };
    await choose('Assigned To', 'Company');
    await choose('Staff Responsible', 'Any');
    await choose('User', 'Olivia Nguyen');
    expect(assign).toBeDisabled();
    await choose('Staff Responsible', 'Project Manager');
    await choose('User', 'Olivia Nguyen');
    expect(assign).toBeEnabled();
    await user.click(assign);
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/tasks/assign'))).toBe(true));
    expect(calls.find((c) => c.url.endsWith('/tasks/assign'))?.body).toEqual({
      assigned: 'Company',
      staff: 'Project Manager',
      user_id: USER_ID,
    });
  });

  it('a client user sees the task read-only with only Actions Taken to edit', async () => {
    const abilities = { ...ABLE, edit: false, void: false, delete: false };
    const { calls } = serve(
      list({ tasks: [item()], total: 1, project: projectHead({ manage: false }) }),
      view({ abilities }),
      (call) => (call.method === 'PUT' ? { body: view({ action_taken: 'Rang them', abilities }) } : undefined),
    );
    openPanel(client);
    const user = setup();
    await openTask(user);
    const form = await screen.findByRole('form', { name: 'Task 1: Book the site visit' });
    expect(within(form).getAllByRole('textbox')).toHaveLength(1);
    expect(within(form).getByRole('textbox', { name: 'Actions Taken' })).toBeEnabled();
    expect(within(form).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(form).getByText('Call first')).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Completed' })).toBeInTheDocument();
    await user.type(within(form).getByRole('textbox', { name: 'Actions Taken' }), 'Rang them');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByRole('button', { name: 'Saved' })).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.url).toBe('/api/tasks/5/action-taken');
    expect(put?.body).toEqual({ action_taken: 'Rang them' });
  });

  it('Save cycles Save, Saving..., Saved; an empty title is refused before sending', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { calls } = serve(list({ tasks: [item()], total: 1, project: projectHead() }), view(), (call) =>
      call.method === 'PUT' ? held.then(() => ({ body: view({ title: 'Book the first visit' }) })) : undefined,
    );
    openPanel();
    const user = setup();
    await openTask(user);
    const form = await screen.findByRole('form', { name: 'Task 1: Book the site visit' }, { timeout: 5000 });
    const title = within(form).getByRole('textbox', { name: 'Title' });
    await user.clear(title);
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText(TASK_TEXT.titleRequired)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    await user.type(title, 'Book the first visit');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByRole('button', { name: 'Saving...' })).toBeInTheDocument();
    release();
    expect(await within(form).findByRole('button', { name: 'Saved' })).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ title: 'Book the first visit' });
  });

  it('Complete asks first, then shows Completed; a refused action shows the red banner', async () => {
    const { calls } = serve(list({ tasks: [item()], total: 1, project: projectHead() }), view(), (call) => {
      if (call.url.endsWith('/complete')) return { body: view({ status: 'Completed' }) };
      if (call.url.endsWith('/void')) return { status: 409, body: { message: TASK_TEXT.notPending } };
    });
    openPanel();
    const user = setup();
    await openTask(user);
    const form = await screen.findByRole('form', { name: 'Task 1: Book the site visit' }, { timeout: 5000 });
    await user.click(within(form).getByRole('button', { name: 'Void' }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(TASK_TEXT.confirmVoid)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Void' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(TASK_TEXT.notPending);

    await user.click(within(form).getByRole('button', { name: 'Complete' }));
    dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(TASK_TEXT.confirmComplete)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Complete' }));
    expect(await within(form).findByRole('button', { name: 'Completed' })).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/tasks/5/complete')).toBe(true);
  });
});

describe('Task editor', { timeout: 60_000 }, () => {
  beforeEach(() => stubMatchMedia(WIDE_REDUCED_MOTION));

  it('after Complete focus is on the task (the button is disabled) and the change is announced', async () => {
    serve(list({ tasks: [item()], total: 1, project: projectHead() }), view(), (call) =>
      call.url.endsWith('/complete') ? { body: view({ status: 'Completed' }) } : undefined,
    );
    openPanel();
    const user = setup();
    await openTask(user);
    const form = await screen.findByRole('form', { name: 'Task 1: Book the site visit' }, { timeout: 5000 });
    within(form).getByRole('button', { name: 'Complete' }).focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Complete' }));
    expect(await within(form).findByRole('button', { name: 'Completed' })).toBeDisabled();
    await waitFor(() => expect(form).toHaveFocus());
    expect(within(form).getByRole('status')).toHaveTextContent('Task completed.');
  });

  it('a Voided task is locked but for Restore', async () => {
    serve(
      list({ tasks: [item({ status: 'Voided' })], total: 1, project: projectHead() }),
      view({
        status: 'Voided',
        abilities: { edit: false, action_taken: false, complete: false, restore: true, void: false, delete: true },
      }),
    );
    openPanel();
    const user = setup();
    await openTask(user);
    const form = await screen.findByRole('form', { name: 'Task 1: Book the site visit' }, { timeout: 5000 });
    expect(within(form).getByRole('textbox', { name: 'Title' })).toBeDisabled();
    expect(within(form).getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(within(form).getByRole('button', { name: 'Delete' })).toBeDisabled();
    expect(within(form).getByRole('button', { name: 'Restore' })).toBeEnabled();
    expect(within(form).getByText(TASK_TEXT.voidedLocked)).toBeInTheDocument();
  });

  it('History is fetched when its tab opens and sorts by a column', async () => {
    const rows = [
      { id: 1, date: '2026-11-20 09:00', type: 'Created', description: 'Task created', user: 'Olivia Nguyen' },
      { id: 2, date: '2026-11-22 10:30', type: 'Assigned', description: 'Assigned to Bo', user: 'Ann Lee' },
    ];
    const { calls } = serve(list({ tasks: [item()], total: 1, project: projectHead() }), view(), (call) =>
      call.url.endsWith('/history') ? { body: { items: rows } } : undefined,
    );
    openPanel();
    const user = setup();
    await openTask(user);
    await screen.findByRole('form', { name: 'Task 1: Book the site visit' }, { timeout: 5000 });
    expect(calls.some((c) => c.url.endsWith('/history'))).toBe(false);
    await user.click(screen.getByRole('tab', { name: 'History' }));
    const table = await screen.findByRole('table', { name: 'Task history' });
    const firstCell = () => within(table).getAllByRole('row')[1]!.querySelector('td')!.textContent;
    expect(firstCell()).toBe('22/11/2026 10:30 am');
    await user.click(within(table).getByRole('button', { name: 'Type' }));
    expect(firstCell()).toBe('22/11/2026 10:30 am');
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Assigned');
    await user.click(within(table).getByRole('button', { name: 'Date' }));
    expect(firstCell()).toBe('20/11/2026 09:00 am');
  });

  it('each star is named with its task; starred, it keeps its name and says it is pressed', async () => {
    serve(
      list({
        tasks: [item(), item({ id: 6, position: 2, title: 'Order the tiles', starred: true })],
        total: 2,
        project: projectHead({ task_count: 2, open_count: 2 }),
      }),
    );
    openPanel();
    const first = await screen.findByRole('button', { name: 'Star task: Book the site visit' }, { timeout: 5000 });
    expect(first).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: 'Star task: Order the tiles' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByRole('button', { name: 'Star task' })).not.toBeInTheDocument();
  });

  it('the star toggles with the list fetched again', async () => {
    const { calls } = serve(list({ tasks: [item()], total: 1, project: projectHead() }), view(), (call) =>
      call.url.endsWith('/star') ? { body: view({ starred: true }) } : undefined,
    );
    openPanel();
    const user = setup();
    await user.click(await screen.findByRole('button', { name: 'Star task: Book the site visit' }, { timeout: 5000 }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url === '/api/tasks/5/star')).toBe(true));
    await waitFor(() => expect(listCalls(calls)).toHaveLength(2));
  });
});

describe('task filters', () => {
  it('keeps only what differs from the defaults, names in alphabetical order', () => {
    const filters = { ...defaultFilters(0), due: 'Any', assigned: 'Mine' } as const;
    expect(filterSearch(filters, 0)).toBe('assigned=Mine&due=Any');
    expect(readFilters(new URLSearchParams('assigned=Mine&due=Any&status=Nope'), 0)).toMatchObject({
      assigned: 'Mine',
      due: 'Any',
      status: 'Any',
      project_status: 'order',
    });
    expect(filterSearch(defaultFilters(7), 7)).toBe('');
  });

  it('choosing All leaves All alone; choosing a user drops All; nothing is All', () => {
    expect(nextUsers(['All'], ['All', USER_ID])).toEqual([USER_ID]);
    expect(nextUsers([USER_ID], [USER_ID, 'All'])).toEqual(['All']);
    expect(nextUsers([USER_ID], [])).toEqual(['All']);
  });
});
