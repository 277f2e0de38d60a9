import { expect, test, type Locator, type Page } from '@playwright/test';
import { TASK_TEXT } from '../../packages/core/src/tasks/tasks';
import { TASK_MESSAGE_TEXT } from '../../packages/core/src/tasks/task-messages';
import {
  apiCall,
  DEMO,
  DEMO_ADMIN,
  DEMO_CLIENT_ADMIN,
  expectAccessible,
  newProjectLike,
  PLATFORM,
  PLATFORM_ADMIN,
  signIn,
  standsStill,
  unique,
} from './fixtures';

// The action list (issue 12): a template applied to a new project, due dates by the job, the
// task editor's transitions, order, stars, bulk assignment, the close prompt, e-mail and SMS from
// a task, and a client user's view.

type Detail = {
  id: number;
  project_code: string;
  start_date: string | null;
  end_date: string | null;
  name: string;
  client: { id: string };
  account_manager: { id: string };
  project_manager: { id: string };
  project_administrator: { id: string };
  categories: { id: string }[];
  services: { id: string }[];
  location: { street: string; suburb: string; state: string; postcode: string; country: string };
  classification: { id: string } | null;
};

/** A template of four tasks for a new classification: the anchors of the journey below. */
async function templateForNewClassification(page: Page) {
  const cls = await apiCall(page, DEMO, 'POST', '/api/classifications', { title: unique('E2E class ') });
  expect(cls.status, JSON.stringify(cls.json)).toBe(201);
  const classificationId = (cls.json as { id: string }).id;
  const tpl = await apiCall(page, DEMO, 'POST', '/api/task-templates', {
    title: unique('E2E template '),
    classification_id: classificationId,
  });
  expect(tpl.status).toBe(201);
  const id = (tpl.json as { id: string }).id;
  const add = async (body: Record<string, unknown>) => {
    const r = await apiCall(page, DEMO, 'POST', `/api/task-templates/${id}/tasks`, body);
    expect(r.status, JSON.stringify(r.json)).toBe(201);
    return (r.json as { id: string }).id;
  };
  await add({
    title: 'Book the crew',
    trigger: 'Project Commencement Date',
    actioned_at_days: 2,
    action_by: 'Company',
    staff_responsible: 'Project Manager',
  });
  const confirm = await add({
    title: 'Confirm completion',
    trigger: 'Project End Date',
    trigger_type: 'Before',
    actioned_at_days: 1,
  });
  await add({
    title: 'Invoice the client',
    trigger: 'Completed Task',
    trigger_completed_task_id: confirm,
    actioned_at_hours: 3,
  });
  await add({ title: 'Chase payment', trigger: 'Previous Task', actioned_at_days: 7 });
  return classificationId;
}

/** A new project like a demo one (client, staff, place) from 1 to 10 December, with `over` on top. */
async function newProject(page: Page, over: Record<string, unknown> = {}): Promise<Detail> {
  const list = (await apiCall(page, DEMO, 'GET', '/api/projects?page=1&pageSize=5')).json as {
    items: { id: number }[];
  };
  return newProjectLike<Detail>(page, list.items[0]!.id, {
    name: unique('E2E Action list '),
    start_date: '2026-12-01T08:00',
    end_date: '2026-12-10T17:00',
    ...over,
  });
}

const section = (page: Page) => page.getByRole('region', { name: 'Action list' });
const row = (page: Page, title: string) => section(page).getByTestId('task-row').filter({ hasText: title });
/** Opens a task's row into its editor. */
async function open(page: Page, title: string): Promise<Locator> {
  const r = row(page, title);
  // The row's control is named by its number and title (its drag handle: 'Move task N: ...').
  await r.getByRole('button', { name: new RegExp(`^(\\d+\\. )?${title}`) }).click();
  return r;
}
async function confirm(page: Page, text: string, button: string) {
  const dialog = page.getByRole('dialog').filter({ hasText: text });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await expect(dialog).toBeHidden();
}

test('a new project gets its classification’s action list; the job dates it, completing and date changes move dependants, and the close prompt ends it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO, DEMO_ADMIN);
  const classification = await templateForNewClassification(page);
  const project = await newProject(page, { classification });

  await page.goto(`${DEMO}/projects/${project.id}/show#todos`);
  await expect(section(page)).toBeVisible();
  await expect(section(page).getByTestId('task-row')).toHaveCount(4);
  // The due dates come from the job (the list asks again while any is generating).
  await expect(row(page, 'Book the crew')).toContainText('03/12/2026 08:00 am', { timeout: 20_000 });
  await expect(row(page, 'Confirm completion')).toContainText('09/12/2026 05:00 pm');
  await expect(row(page, 'Invoice the client')).toContainText('No due date');
  await expect(row(page, 'Chase payment')).toContainText('No due date');
  // The template's Company / Project Manager task went to the project's manager; the others wait.
  await expect(row(page, 'Book the crew')).not.toContainText('Unassigned');
  await expect(row(page, 'Confirm completion')).toContainText('Unassigned');
  await expectAccessible(page);

  // The project's end date moves: the task taken from it follows (the trigger and the job).
  const details = await apiCall(page, DEMO, 'PUT', `/api/projects/${project.id}/details`, {
    name: project.name,
    start_date: '2026-12-01T08:00',
    end_date: '2026-12-20T17:00',
    project_manager_id: project.project_manager.id,
    project_administrator_id: project.project_administrator.id,
    project_sales_representative_id: null,
    linked_project_type: 'master',
    linked_projects: [],
    classification_id: classification,
    summary: null,
    official_shift: false,
  });
  expect(details.status, JSON.stringify(details.json)).toBe(200);
  await page.reload();
  await expect(row(page, 'Confirm completion')).toContainText('19/12/2026 05:00 pm', { timeout: 20_000 });
  await expect(row(page, 'Book the crew')).toContainText('03/12/2026 08:00 am');

  // Recalculate Due Dates asks first, then the list reloads with the same dates.
  await section(page).getByRole('button', { name: 'Recalculate Due Dates' }).click();
  await confirm(page, TASK_TEXT.confirmRecalculate, 'Recalculate');
  await expect(row(page, 'Confirm completion')).toContainText('19/12/2026 05:00 pm', { timeout: 20_000 });

  // Completing Confirm gives Invoice (3 hours after) and Chase (7 days after Invoice) their dates.
  let editor = await open(page, 'Confirm completion');
  await editor.getByRole('button', { name: 'Complete', exact: true }).click();
  await confirm(page, TASK_TEXT.confirmComplete, 'Complete');
  await expect(row(page, 'Confirm completion')).toContainText('Completed');
  // The pressed button is disabled ('Completed'): focus is on the task's form, and it is announced.
  await expect(editor.getByRole('form', { name: /^Task \d+: Confirm completion$/ })).toBeFocused();
  await expect(editor.getByRole('status')).toHaveText('Task completed.');
  await expect(row(page, 'Invoice the client')).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} [ap]m/, {
    timeout: 20_000,
  });
  await expect(row(page, 'Chase payment')).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} [ap]m/, { timeout: 20_000 });

  // Star, and the list shows it starred.
  const star = row(page, 'Book the crew').getByRole('button', { name: 'Star task: Book the crew', exact: true });
  await expect(star).toHaveAttribute('aria-pressed', 'false');
  await star.click();
  await expect(star).toHaveAttribute('aria-pressed', 'true');

  // Assign Pending Tasks: Company / Project Manager to a user (the button waits for all three).
  await section(page).getByRole('button', { name: 'Assign Pending Tasks' }).click();
  const modal = page.getByRole('dialog', { name: 'Assign Pending Tasks' });
  await expect(modal.getByRole('button', { name: 'Assign', exact: true })).toBeDisabled();
  await modal.getByRole('combobox', { name: 'Assigned To' }).click();
  await page.getByRole('option', { name: 'Company', exact: true }).click();
  await modal.getByRole('combobox', { name: 'Staff Responsible' }).click();
  await page.getByRole('option', { name: 'Project Manager', exact: true }).click();
  await modal.getByRole('combobox', { name: 'User' }).click();
  await page.getByRole('option').first().click();
  await expectAccessible(page);
  await modal.getByRole('button', { name: 'Assign', exact: true }).click();
  await expect(modal).toBeHidden();
  await expect(row(page, 'Book the crew')).not.toContainText('Unassigned');

  // Void and restore.
  editor = await open(page, 'Chase payment');
  await editor.getByRole('button', { name: 'Void', exact: true }).click();
  await confirm(page, TASK_TEXT.confirmVoid, 'Void');
  await expect(row(page, 'Chase payment')).toContainText('Voided');
  await row(page, 'Chase payment').getByRole('button', { name: 'Restore', exact: true }).click();
  await confirm(page, TASK_TEXT.confirmRestore, 'Restore');
  await expect(row(page, 'Chase payment')).not.toContainText('Voided');

  // Reorder from the keyboard: Chase payment (4) moves above Invoice (3); the order is saved. Its
  // editor is closed first (an open row is as tall as its form: one arrow step would not leave it).
  await row(page, 'Chase payment')
    .getByRole('button', { name: /^4\. Chase payment/ })
    .click();
  await expect(row(page, 'Chase payment').getByRole('textbox', { name: 'Title' })).toBeHidden();
  // The rows stand still first (the editor's fold and the list's reflow end).
  await standsStill(row(page, 'Invoice the client'));
  await section(page).getByRole('button', { name: 'Move task 4: Chase payment' }).focus();
  await page.keyboard.press('Space');
  // dnd-kit's live region says 'Picked up' at once, then 'is over' its own place once it has
  // measured the rows: an arrow key before that goes nowhere.
  await expect(section(page).getByText(/^task 4: Chase payment is over task 4: Chase payment\./)).toBeAttached();
  await page.keyboard.press('ArrowUp');
  await expect(page.getByText(/task 4: Chase payment is over task 3/)).toBeAttached();
  await page.keyboard.press('Space');
  await expect(section(page).getByTestId('task-row').nth(2)).toContainText('Chase payment');
  await page.reload();
  await expect(section(page).getByTestId('task-row').nth(2)).toContainText('Chase payment');

  // Complete the rest: the last one brings the close prompt; Yes closes the project.
  for (const title of ['Book the crew', 'Chase payment']) {
    editor = await open(page, title);
    await editor.getByRole('button', { name: 'Complete', exact: true }).click();
    await confirm(page, TASK_TEXT.confirmComplete, 'Complete');
    await expect(row(page, title)).toContainText('Completed');
  }
  editor = await open(page, 'Invoice the client');
  await editor.getByRole('button', { name: 'Void', exact: true }).click();
  await confirm(page, TASK_TEXT.confirmVoid, 'Void');
  const prompt = page.getByRole('dialog').filter({ hasText: 'All 4 tasks have been completed for this project.' });
  await expect(prompt).toContainText("Do you want to update the project status to 'Closed'?");
  await prompt.getByRole('button', { name: 'Yes' }).click();
  await expect
    .poll(
      async () => ((await apiCall(page, DEMO, 'GET', `/api/projects/${project.id}`)).json as { status: string }).status,
    )
    .toBe('closed');
});

test('an e-mail and an SMS go from a task to its site contact, through the mailbox, into its history', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, DEMO, DEMO_ADMIN);
  const email = `${unique('site-')}@site.test`;
  const project = await newProject(page, { site_contacts: [{ name: 'Sam Site', email, phone: '0412 345 678' }] });
  const task = await apiCall(page, DEMO, 'POST', `/api/projects/${project.id}/tasks`, {
    title: 'Tell the site we are booked',
    trigger: 'Current Date',
  });
  expect(task.status, JSON.stringify(task.json)).toBe(201);
  const link = await apiCall(page, DEMO, 'POST', `/api/projects/${project.id}/links`, {
    title: 'Site plan',
    url: 'https://files.example.test/site-plan.pdf',
  });
  expect(link.status, JSON.stringify(link.json)).toBe(201);

  await page.goto(`${DEMO}/projects/${project.id}/show#todos`);
  const editor = await open(page, 'Tell the site we are booked');
  await editor.getByRole('tab', { name: 'Emails' }).click();
  await expect(editor.getByText(TASK_MESSAGE_TEXT.noPreview)).toBeVisible();
  await editor.getByRole('combobox', { name: 'Send To' }).click();
  await page.getByRole('option', { name: 'Site Contact', exact: true }).click();
  await editor.getByRole('combobox', { name: 'Email Template' }).click();
  await page.getByRole('option', { name: 'Project booked', exact: true }).click();
  await editor.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(editor.getByRole('status')).toHaveText(TASK_MESSAGE_TEXT.emailSaved);
  await expect(editor.getByText(`Your project ${project.project_code} is booked`)).toBeVisible();
  await expectAccessible(page);
  const cc = editor.getByRole('combobox', { name: 'CC' });
  await cc.fill('boss@demo.test');
  await cc.press('Enter');
  await editor.getByRole('combobox', { name: 'Attachments' }).click();
  await page.getByRole('option', { name: 'Site plan', exact: true }).click();
  await page.keyboard.press('Escape');
  await editor.getByRole('button', { name: 'Send Email' }).click();
  await expect(editor.getByRole('status')).toHaveText(TASK_MESSAGE_TEXT.emailSent);

  await editor.getByRole('tab', { name: 'SMS' }).click();
  await editor.getByRole('combobox', { name: 'Send To' }).click();
  await page.getByRole('option', { name: 'Site Contact', exact: true }).click();
  await editor.getByRole('combobox', { name: 'SMS Template' }).click();
  await page.getByRole('option', { name: 'On our way', exact: true }).click();
  await editor.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(editor.getByRole('status')).toHaveText(TASK_MESSAGE_TEXT.smsSaved);
  await editor.getByRole('button', { name: 'Send SMS' }).click();
  await expect(editor.getByRole('status')).toHaveText(TASK_MESSAGE_TEXT.smsSent);

  await editor.getByRole('tab', { name: 'History' }).click();
  await expect(
    editor.getByText(
      `E-mail 'Your project ${project.project_code} is booked' sent to Sam Site <${email}>, CC boss@demo.test with Site plan.`,
    ),
  ).toBeVisible();
  await expect(editor.getByText('SMS sent to Sam Site (+61412345678).')).toBeVisible();
  await expectAccessible(page);

  // Both are in the built-in mailbox (no SMTP server or SMS gateway is configured here).
  await signIn(page, PLATFORM, PLATFORM_ADMIN);
  await page.goto(`${PLATFORM}/mailbox`);
  await page.getByLabel('Search messages', { exact: true }).fill(email);
  await page
    .getByRole('link', { name: `Your project ${project.project_code} is booked` })
    .first()
    .click();
  await expect(page.getByText(`Hello Sam Site,`).first()).toBeVisible();
  await page.goto(`${PLATFORM}/mailbox`);
  await page.getByLabel('Search messages', { exact: true }).fill('+61412345678');
  await page.getByRole('row').filter({ hasText: 'SMS' }).first().getByRole('link').click();
  await expect(page.getByText(`Hi Sam Site,`).first()).toBeVisible();
  await expect(page.getByText(`(${project.project_code})`).first()).toBeVisible();
  await expectAccessible(page);
});

test('the all-projects action list and its side-menu views', async ({ page }) => {
  await signIn(page, DEMO, DEMO_ADMIN);
  await page.goto(`${DEMO}/action-list?project_status=any&due=Any`);
  await expect(page.getByRole('heading', { name: 'Action list', level: 1 })).toBeVisible();
  await expectAccessible(page);
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  for (const view of ['Today', 'Overdue', 'Mine', 'Any', 'Unallocated'])
    await expect(nav.getByRole('link', { name: view, exact: true })).toBeVisible();
  await nav.getByRole('link', { name: 'Any', exact: true }).click();
  // A group is a project with its tasks; it opens to them.
  const first = page.getByRole('button', { name: /^PRJ-\d{5} · / }).first();
  await expect(first).toBeVisible();
  await first.click();
  await expect(page.getByTestId('task-row').first()).toBeVisible();
  await expectAccessible(page);
  // Mine: Staff Responsible and User Assigned are disabled.
  await page.getByRole('combobox', { name: 'Assigned To' }).click();
  await page.getByRole('option', { name: 'Mine', exact: true }).click();
  await expect(page.getByRole('combobox', { name: 'Staff Responsible' })).toBeDisabled();
  await expect(page).toHaveURL(/assigned=Mine/);
});

test('a client user sees the tasks of their projects read-only and edits only Actions Taken', async ({ page }) => {
  await signIn(page, DEMO, DEMO_CLIENT_ADMIN);
  const list = await apiCall(page, DEMO, 'GET', '/api/tasks?project_status=any');
  expect(list.status).toBe(200);
  const group = (
    list.json as { groups: { project: { id: number }; tasks: { title: string; status: string }[] }[] }
  ).groups.find((g) => g.tasks.some((t) => t.status === 'Pending'));
  expect(group, 'a demo project of the client with a pending task').toBeTruthy();
  const pending = group!.tasks.find((t) => t.status === 'Pending')!;

  await page.goto(`${DEMO}/projects/${group!.project.id}/show#todos`);
  await expect(section(page).getByRole('button', { name: 'Assign Pending Tasks' })).toHaveCount(0);
  // The client storyboard: the actions the company shared with the client (the demo template shares one).
  const board = page.getByRole('region', { name: 'Client storyboard' });
  await expect(board.getByText('Confirm completion with the site contact')).toBeVisible();
  await expect(board.getByText('Upload photos and the completion report')).toHaveCount(0);
  const editor = await open(page, pending.title);
  await expect(editor.getByRole('textbox', { name: 'Title' })).toHaveCount(0);
  await expect(editor.getByRole('tab', { name: 'History' })).toHaveCount(0);
  const taken = editor.getByRole('textbox', { name: 'Actions Taken' });
  await taken.fill('Site access arranged for Monday.');
  await editor.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(editor.getByRole('button', { name: 'Saved' })).toBeVisible();
  await expectAccessible(page);
  await page.reload();
  await open(page, pending.title);
  await expect(section(page).getByRole('textbox', { name: 'Actions Taken' })).toHaveValue(
    'Site access arranged for Monday.',
  );

  // The all-projects list offers Assigned To Any and Mine only.
  await page.goto(`${DEMO}/action-list`);
  await page.getByRole('combobox', { name: 'Assigned To' }).click();
  await expect(page.getByRole('option')).toHaveText(['Any', 'Mine']);
  await page.keyboard.press('Escape');
  await expectAccessible(page);
});
