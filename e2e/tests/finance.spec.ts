import { expect, test } from '@playwright/test';
import { FINANCE_TEXT } from '../../packages/core/src/finance/finance';
import { apiCall, DEMO, DEMO_ADMIN, expectAccessible, newProjectLike, signIn } from './fixtures';

// A project's finance (issue 14 section 2): a staff member opens it from the project page, fills
// two revenue lines and one expense, is asked before leaving them unsaved (Back, the side menu),
// saves (Saving..., then the tick), and finds it all again after a reload, with the Summary's
// figures. The finance report part of the issue is reports'.

test('staff fill a project finance, save it and find it after a reload', async ({ page }) => {
  await signIn(page, DEMO, DEMO_ADMIN);
  const list = (await apiCall(page, DEMO, 'GET', '/api/projects?page=1&pageSize=5')).json as {
    items: { id: number }[];
  };
  const project = await newProjectLike<{ id: number; project_code: string }>(page, list.items[0]!.id);

  await page.goto(`${DEMO}/projects/${project.id}/show`);
  await page.getByRole('link', { name: 'Finances' }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${project.id}/finances`));
  await expect(page.getByRole('table', { name: 'Finance summary' })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('tab', { name: 'Revenue' }).click();
  await page.getByRole('button', { name: FINANCE_TEXT.addRevenue }).click();
  await expect(page.getByLabel('Revenue line 1 code')).toBeFocused();
  await page.getByLabel('Revenue line 1 code').fill('REV-01');
  await page.getByLabel('Revenue line 1 description').fill('Fit-out works');
  await page.getByLabel('Revenue line 1 estimate').fill('10000');
  await page.getByLabel('Revenue line 1 actual').fill('10500.50');
  await expect(page.getByLabel('Revenue line 1 variation')).toHaveValue('$500.50');
  await page.getByRole('button', { name: FINANCE_TEXT.addRevenue }).click();
  await page.getByLabel('Revenue line 2 code').fill('REV-01');
  // Same code and category as line 1: flagged, not blocking.
  await expect(page.getByText(FINANCE_TEXT.duplicate)).toHaveCount(2);
  await page.getByLabel('Revenue line 2 category').selectOption('product');
  await expect(page.getByText(FINANCE_TEXT.duplicate)).toHaveCount(0);
  await page.getByLabel('Revenue line 2 description').fill('Joinery');
  await page.getByLabel('Revenue line 2 estimate').fill('2000');
  await expectAccessible(page);

  await page.getByRole('tab', { name: 'Expenses' }).click();
  await page.getByRole('button', { name: FINANCE_TEXT.addExpense }).click();
  await page.getByLabel('Expense line 1 code').fill('SUB-EL');
  await page.getByLabel('Expense line 1 description').fill('Electrician');
  await page.getByLabel('Expense line 1 estimate').fill('7500');
  await page.getByLabel('Expense line 1 actual').fill('8000');

  // Unsaved changes are never lost silently (ui/unsaved-changes). Back stays in the app: its own
  // question, and Stay keeps the lines.
  await page.goBack();
  const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(leave).toContainText('Your changes on this page have not been saved.');
  await leave.getByRole('button', { name: 'Stay' }).click();
  await expect(leave).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/projects/${project.id}/finances$`));
  await expect(page.getByLabel('Expense line 1 estimate')).toHaveValue('7500');
  // The side menu loads a whole page: the browser's own question (beforeunload) holds it. The
  // event is sent here rather than by a click: Chromium's headless shell, once its beforeunload
  // prompt is dismissed, leaves the page mid-navigation for Playwright (the test hung there).
  const browserAsks = () =>
    page.evaluate(() => {
      const event = new Event('beforeunload', { cancelable: true });
      (globalThis as unknown as EventTarget).dispatchEvent(event);
      return event.defaultPrevented;
    });
  expect(await browserAsks()).toBe(true);
  // Once saved nothing asks: not the browser, not the reload below, not Cancel at the end.
  const questions: string[] = [];
  page.on('dialog', (dialog) => {
    questions.push(dialog.type());
    void dialog.accept();
  });

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByTestId('saved-tick')).toBeVisible();
  expect(await browserAsks()).toBe(false);

  await page.reload();
  await expect(page.getByRole('table', { name: 'Finance summary' })).toBeVisible();
  await expect(page.getByTestId('summary-revenue-estimated')).toHaveText('$12,000.00');
  await expect(page.getByTestId('summary-expenses-actual')).toHaveText('$8,000.00');
  await expect(page.getByTestId('summary-margin-estimated')).toHaveText('37.50%');
  await page.getByRole('tab', { name: 'Revenue' }).click();
  await expect(page.getByLabel('Revenue line 1 code')).toHaveValue('REV-01');
  await expect(page.getByLabel('Revenue line 2 category')).toHaveValue('product');
  await expect(page.getByLabel('Revenue line 1 actual')).toHaveValue('10500.50');
  await page.getByRole('tab', { name: 'Expenses' }).click();
  await expect(page.getByLabel('Expense line 1 description')).toHaveValue('Electrician');

  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${project.id}/show`));
  await expect(page.getByRole('dialog', { name: 'Leave without saving?' })).toHaveCount(0);
  expect(questions).toEqual([]);
});
