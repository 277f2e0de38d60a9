import { expect, test } from '@playwright/test';
import { TASK_TEMPLATE_TEXT } from '../../packages/core/src/task-templates/task-templates';
import { DEMO, DEMO_ADMIN, expectAccessible, signIn, unique } from './fixtures';

test('a company admin builds a template, reorders its tasks by keyboard and deletes one', async ({ page }) => {
  const title = unique('Kitchen fit-out ');
  await signIn(page, DEMO, DEMO_ADMIN);
  await page.goto(`${DEMO}/task-templates`);
  await expect(page.getByRole('heading', { name: 'Task Templates', level: 1 })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('link', { name: 'New task template' }).click();
  await page.getByRole('button', { name: 'Create template' }).click();
  await expect(page.getByText(TASK_TEMPLATE_TEXT.titleRequired)).toBeVisible();
  await page.getByRole('textbox', { name: 'Template title' }).fill(title);
  await page.getByRole('button', { name: 'Create template' }).click();
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();

  // Task 1: due 2 days after the project's commencement date.
  await page.getByRole('button', { name: 'New Task' }).click();
  const newTask = page.getByRole('form', { name: 'New Task' });
  await newTask.getByRole('textbox', { name: 'Title' }).fill('Measure the kitchen');
  await newTask.getByRole('combobox', { name: 'Trigger', exact: true }).click();
  await page.getByRole('option', { name: 'Project Commencement Date' }).click();
  await newTask.getByRole('textbox', { name: 'Days' }).fill('2');
  await newTask.getByRole('button', { name: 'Add task' }).click();
  await expect(page.getByRole('button', { name: 'Task 1: Measure the kitchen', exact: true })).toBeVisible();

  // Task 2: when the project enters Order.
  await expect(newTask.getByRole('textbox', { name: 'Title' })).toHaveValue('');
  await newTask.getByRole('textbox', { name: 'Title' }).fill('Order the cabinets');
  await newTask.getByRole('combobox', { name: 'Trigger', exact: true }).click();
  await page.getByRole('option', { name: 'Project Status' }).click();
  await newTask.getByRole('combobox', { name: 'Project status' }).click();
  await page.getByRole('option', { name: 'Order', exact: true }).click();
  await newTask.getByRole('button', { name: 'Add task' }).click();
  await expect(page.getByRole('button', { name: 'Task 2: Order the cabinets', exact: true })).toBeVisible();
  await expectAccessible(page);

  // Move task 2 up from the keyboard: its handle, Space, Arrow Up, Space.
  await page.getByRole('button', { name: 'Move Task 2: Order the cabinets' }).focus();
  await page.keyboard.press('Space');
  // dnd-kit's live region says 'Picked up' at once, then 'is over' its own place once it has
  // measured the rows: an arrow key before that goes nowhere.
  await expect(page.getByText('Task 2: Order the cabinets is over Task 2: Order the cabinets.')).toBeAttached();
  await page.keyboard.press('ArrowUp');
  await expect(page.getByText('Task 2: Order the cabinets is over Task 1: Measure the kitchen.')).toBeAttached();
  await page.keyboard.press('Space');
  await expect(page.getByText(TASK_TEMPLATE_TEXT.orderSaved)).toBeVisible();
  await expect(page.getByText(TASK_TEMPLATE_TEXT.orderSaved)).toBeHidden({ timeout: 6000 });

  await page.reload();
  const headings = page.getByTestId('template-task').getByRole('button', { name: /^Task \d+:/ });
  await expect(headings).toHaveText(['Task 1: Order the cabinets', 'Task 2: Measure the kitchen']);

  // Delete one, after confirming.
  await page.getByRole('button', { name: 'Delete Task 2: Measure the kitchen' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Are you sure, you want to delete this task?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('button', { name: 'Task 2: Measure the kitchen', exact: true })).toHaveCount(0);
  await expect(headings).toHaveText(['Task 1: Order the cabinets']);
});
