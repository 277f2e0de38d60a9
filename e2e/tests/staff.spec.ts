import { expect, test } from '@playwright/test';
import { STAFF_TEXT } from '../../packages/core/src/staff/staff';
import { DEMO, DEMO_ADMIN, openCreateForm, PNG_1PX, signIn, unique } from './fixtures';

test('a company admin creates a staff member with a picture and edits them', async ({ page }) => {
  const email = `${unique('staff')}@demo.test`;
  await signIn(page, DEMO, DEMO_ADMIN);
  await openCreateForm(page, { url: `${DEMO}/staff`, heading: 'Staff', newLink: /new staff/i }, STAFF_TEXT.create);
  await page.getByRole('button', { name: STAFF_TEXT.create }).click();
  await expect(page.getByText(STAFF_TEXT.firstNameRequired)).toBeVisible();

  await page.getByLabel('First Name').fill('Noah');
  await page.getByLabel('Last Name').fill('Picture');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Phone').fill('0412 000 999');
  await page.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Company Admin' }).click();
  await page.getByRole('radio', { name: 'Yes' }).check();
  await page.getByLabel('Street Address').fill('2 Ann Street');
  await page.getByLabel('Suburb').fill('Brisbane City');
  await page.getByRole('combobox', { name: 'State' }).click();
  await page.getByRole('option', { name: 'QLD' }).click();
  await page.getByLabel('Postcode').fill('4000');
  await page.locator('input[type=file]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG_1PX });
  await page.getByRole('button', { name: STAFF_TEXT.create }).click();

  await expect(page).toHaveURL(/\/staff$/);
  await page.getByLabel('Search staff', { exact: true }).fill(email);
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Noah Picture');
  await expect(row).toContainText('Company Admin');
  await expect(row.locator('img[src*="/picture"]')).toBeVisible();

  await row.getByRole('link', { name: /edit/i }).click();
  await expect(page.getByRole('heading', { name: /Noah Picture|Edit/ })).toBeVisible();
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
  await page.getByLabel('Phone').fill('0412 111 222');
  await page.getByRole('button', { name: STAFF_TEXT.save, exact: true }).click();
  await expect(page).toHaveURL(/\/staff$/);
  await page.getByLabel('Search staff', { exact: true }).fill(email);
  await expect(page.getByRole('row').filter({ hasText: email })).toContainText('0412 111 222');

  // Cancel goes back to /staff.
  await page.getByRole('row').filter({ hasText: email }).getByRole('link', { name: /edit/i }).click();
  await page.getByRole('link', { name: STAFF_TEXT.cancel }).click();
  await expect(page).toHaveURL(/\/staff$/);
});
