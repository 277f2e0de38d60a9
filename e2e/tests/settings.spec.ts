import { expect, test } from '@playwright/test';
import { SETTING_TEXT } from '../../packages/core/src/settings/settings';
import { DEMO, DEMO_ADMIN, expectAccessible, signIn, unique } from './fixtures';

test('a company admin adds and edits a legal setting in the rich-text editor', async ({ page }) => {
  const key = unique('refund-policy-');
  await signIn(page, DEMO, DEMO_ADMIN);
  await page.goto(`${DEMO}/settings`);
  await expect(page.getByRole('heading', { name: 'Legal settings' })).toBeVisible();
  await expect(page.getByText('terms-and-conditions')).toBeVisible();
  await expectAccessible(page);

  await page
    .getByRole('link', { name: /new setting|add setting/i })
    .first()
    .click();
  await page.getByRole('button', { name: SETTING_TEXT.add }).click();
  await expect(page.getByText(SETTING_TEXT.keyRequired)).toBeVisible();
  await page.getByLabel(SETTING_TEXT.keyLabel).fill(key);
  const editor = page.getByRole('textbox', { name: /value|text/i }).last();
  await editor.click();
  await page.keyboard.type('Refunds within 30 days.');
  await page.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.type(' No questions asked.');
  await expectAccessible(page);
  await page.getByRole('button', { name: SETTING_TEXT.add }).click();

  await expect(page).toHaveURL(/\/settings/);
  await expect(page.getByText(key)).toBeVisible();
  await page.getByRole('link', { name: `Edit ${key}` }).click();
  await expect(page.getByText(SETTING_TEXT.lastUpdated)).toBeVisible();
  const edit = page.getByRole('textbox', { name: /value|text/i }).last();
  await expect(edit).toContainText('Refunds within 30 days.');
  await expect(edit.locator('strong')).toHaveText('No questions asked.');
  await edit.click();
  await page.keyboard.press('End');
  await page.keyboard.type(' Updated.');
  await page.getByRole('button', { name: SETTING_TEXT.save }).click();
  await expect(page.getByText(SETTING_TEXT.saved).first()).toBeVisible();

  await page.goto(`${DEMO}/settings`);
  await page.getByRole('link', { name: `Edit ${key}` }).click();
  await expect(page.getByRole('textbox', { name: /value|text/i }).last()).toContainText('Updated.');

  // Remove asks first.
  await page.goto(`${DEMO}/settings`);
  await page.getByRole('button', { name: `Remove ${key}` }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /remove/i })
    .click();
  await expect(page.getByText(SETTING_TEXT.removed).first()).toBeVisible();
  await expect(page.getByRole('cell', { name: key })).toHaveCount(0);
});
