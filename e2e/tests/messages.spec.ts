import { expect, test } from '@playwright/test';
import { MESSAGE_TEMPLATE_TEXT } from '../../packages/core/src/messages/templates';
import { DEMO, DEMO_ADMIN, expectAccessible, listProjects, signIn, unique } from './fixtures';

test('a company admin creates an e-mail template with a variable, previews it, edits it and deletes it', async ({
  page,
}) => {
  const name = unique('Site visit ');
  await signIn(page, DEMO, DEMO_ADMIN);
  const [project] = (await listProjects(page, DEMO, 'pageSize=1')).items;
  expect(project).toBeDefined();

  await page.goto(`${DEMO}/message-templates`);
  await expect(page.getByRole('heading', { name: 'E-mail & SMS Templates', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Project booked', exact: true })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('link', { name: 'New template' }).click();
  await page.getByRole('button', { name: 'Create template' }).click();
  await expect(page.getByText(MESSAGE_TEMPLATE_TEXT.nameRequired)).toBeVisible();
  await expect(page.getByText(MESSAGE_TEMPLATE_TEXT.subjectRequired)).toBeVisible();

  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('textbox', { name: 'Subject' }).fill('Visit to ');
  // The variable list inserts at the cursor of the field last used: the subject, then the body.
  await page.getByRole('button', { name: 'Variables' }).click();
  await page.getByRole('button', { name: /^Insert \{\{project_number\}\}/ }).click();
  await expect(page.getByRole('textbox', { name: 'Subject' })).toHaveValue('Visit to {{project_number}}');
  const body = page.getByTestId('body-editor');
  await body.click();
  await page.keyboard.type('We are coming to ');
  await page.getByRole('button', { name: /^Insert \{\{project_name\}\}/ }).click();
  await expect(body).toHaveText('We are coming to {{project_name}}');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Create template' }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();

  // Preview against a demo project: the variables are filled from it. The user scrolls to the
  // Preview first (the picker at the very bottom edge of the window loses its option list when the
  // list's own height moves the page).
  await page.getByRole('region', { name: 'Preview' }).scrollIntoViewIfNeeded();
  await page.getByRole('combobox', { name: 'Project' }).fill(project!.project_code);
  await page.getByRole('option', { name: `${project!.project_code} (${project!.name})` }).click();
  await page.getByRole('button', { name: 'Preview', exact: true }).click();
  const preview = page.getByTestId('template-preview');
  await expect(preview).toContainText(`Visit to ${project!.project_code}`);
  await expect(preview).toContainText(`We are coming to ${project!.name}`);
  await expectAccessible(page);

  // Edit: make it an inactive template.
  await page.getByRole('radio', { name: 'Inactive' }).check();
  const saved = page.waitForResponse(
    (r) => r.request().method() === 'PUT' && r.url().includes('/api/message-templates/'),
  );
  await page.getByRole('button', { name: 'Save template' }).click();
  expect((await saved).status()).toBe(200);
  await page.reload();
  await expect(page.getByRole('radio', { name: 'Inactive' })).toBeChecked();
  await expect(page.getByTestId('body-editor')).toHaveText('We are coming to {{project_name}}');

  // Delete it from the list, after confirming.
  await page.goto(`${DEMO}/message-templates?status=Inactive`);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Inactive');
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Delete ${name}?` });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('link', { name, exact: true })).toHaveCount(0);
});
