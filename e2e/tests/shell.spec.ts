import { expect, test } from '@playwright/test';
import { DEMO, DEMO_EMPLOYEE, expectAccessible, signIn } from './fixtures';

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

  // Keyboard: the page's first Tab stop is 'Skip to main content', hidden until then and shown
  // above the header while it has focus; Enter puts focus on the page's main region.
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  expect((await skip.boundingBox())?.width).toBeLessThanOrEqual(1);
  await page.keyboard.press('Tab');
  await expect(skip).toBeFocused();
  const shown = await skip.boundingBox();
  expect(shown?.width).toBeGreaterThan(100);
  expect(shown?.y).toBeGreaterThanOrEqual(0);
  // Nothing covers it (the header): the click's hit test would wait for it.
  await skip.click({ trial: true, timeout: 2_000 });
  await expectAccessible(page);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  await expect(page).toHaveURL(`${DEMO}/staff`);

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
