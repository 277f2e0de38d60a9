import { expect, test } from '@playwright/test';
import { PROJECT_LINK_TEXT } from '../../packages/core/src/project-links/project-links';
import { DEMO, DEMO_ADMIN, expectAccessible, listProjects, signIn, unique } from './fixtures';

test('project links: add, edit and delete from the side form', async ({ page }) => {
  await signIn(page, DEMO, DEMO_ADMIN);
  const { items } = await listProjects(page, DEMO);
  const project = items[3]!;
  const title = unique('Plans ');
  await page.goto(`${DEMO}/projects/${project.id}/show`);
  const panel = page.getByRole('region', { name: 'Project Links' });
  await panel.scrollIntoViewIfNeeded();
  await panel.getByRole('button', { name: PROJECT_LINK_TEXT.addNew }).click();

  const form = page.getByRole('dialog', { name: PROJECT_LINK_TEXT.create });
  await expect(form).toBeVisible();
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Url').fill('http://example.com/plans.pdf');
  await form.getByLabel('Url').blur();
  await expect(form.getByLabel('Url')).toHaveValue('https://example.com/plans.pdf');
  await expectAccessible(page);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText(PROJECT_LINK_TEXT.created)).toBeVisible();
  await expect(form.getByLabel('Title')).toHaveValue(''); // create clears the form
  await form.getByRole('button', { name: 'Cancel' }).click();

  const table = page.getByRole('table', { name: 'Project links' });
  await expect(table.getByRole('link', { name: /example\.com\/plans\.pdf/ })).toHaveAttribute(
    'href',
    'https://example.com/plans.pdf',
  );

  await table.getByRole('button', { name: `Edit ${title}` }).click();
  const edit = page.getByRole('dialog', { name: PROJECT_LINK_TEXT.edit });
  await expect(edit.getByLabel('Title')).toHaveValue(title);
  await edit.getByLabel('Title').fill(`${title} v2`);
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit.getByText(PROJECT_LINK_TEXT.saved)).toBeVisible();

  await edit.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete this link?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('dialog', { name: PROJECT_LINK_TEXT.edit })).toBeHidden();
  await expect(table.getByText(`${title} v2`)).toHaveCount(0);
});
