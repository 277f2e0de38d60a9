import { expect, test } from '@playwright/test';
import { DEMO, DEMO_EMPLOYEE, signIn } from './fixtures';

test('the side menu stays collapsed after a reload', async ({ page }) => {
  await signIn(page, DEMO, DEMO_EMPLOYEE);
  await page.goto(`${DEMO}/staff`);
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByText('Staff', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Collapse menu' }).click();
  await expect(page.getByRole('button', { name: 'Expand menu' })).toBeVisible();
  await expect(menu.getByText('Staff', { exact: true })).toBeHidden();

  await page.reload();
  await expect(page.getByRole('button', { name: 'Expand menu' })).toBeVisible();
  await expect(menu.getByText('Staff', { exact: true })).toBeHidden();

  // Keyboard: the toggle works with Enter as well.
  await page.getByRole('button', { name: 'Expand menu' }).focus();
  await page.keyboard.press('Enter');
  await expect(menu.getByText('Staff', { exact: true })).toBeVisible();
});

test('a company employee sees staff but cannot manage them', async ({ page }) => {
  await signIn(page, DEMO, DEMO_EMPLOYEE);
  await page.goto(`${DEMO}/staff`);
  await expect(page.getByText('olivia.nguyen@demo.test')).toBeVisible();
  await expect(page.getByRole('link', { name: /new staff/i })).toHaveCount(0);
});
