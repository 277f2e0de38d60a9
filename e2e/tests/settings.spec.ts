import { expect, test } from '@playwright/test';
import { SETTING_TEXT } from '../../packages/core/src/settings/texts';
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

  // Every user reads it under Terms and policies (the side menu's last item), titled by its key.
  await page.getByRole('link', { name: 'Terms and policies' }).click();
  await expect(page).toHaveURL(/\/legal$/);
  const published = page.getByRole('region', {
    name: new RegExp(`^Refund policy ${key.slice('refund-policy-'.length)}$`),
  });
  await expect(published).toContainText('Refunds within 30 days. No questions asked. Updated.');
  await expect(page.getByRole('heading', { level: 2, name: 'Terms and Conditions' })).toBeVisible();
  await expectAccessible(page);

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

test('signed out, the sign-in page links the published terms and policies', async ({ page }) => {
  await page.goto(`${DEMO}/login`);
  await page.getByRole('link', { name: SETTING_TEXT.legalHeading }).click();
  await expect(page.getByRole('heading', { level: 1, name: SETTING_TEXT.legalHeading })).toBeVisible();
  // The demo's texts open with their own headings: each shows once, as the section's title.
  await expect(page.getByRole('heading', { name: 'Privacy Policy', exact: true })).toHaveCount(1);
  await expect(page.getByRole('region', { name: 'Terms and Conditions' })).toContainText(
    'Payment is due within 14 days of invoice.',
  );
  await page.getByRole('navigation', { name: 'Contents' }).getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveURL(/#legal-privacy-policy$/);
  await expectAccessible(page);
  await page.getByRole('link', { name: SETTING_TEXT.legalBackSignedOut }).click();
  await expect(page).toHaveURL(/\/login$/);
});
