import { expect, test } from '@playwright/test';
import { AUTH_TEXT } from '../../packages/core/src/auth/messages';
import { DEMO, DEMO_ADMIN, PLATFORM, PLATFORM_ADMIN, signIn } from './fixtures';

// The root address (issue 9): the app, never {"message":"Forbidden"}.
for (const [where, base] of [
  ['the platform address', PLATFORM],
  ['a company address', DEMO],
] as const) {
  test(`on ${where}, the root sends anyone signed out to the sign-in page`, async ({ page }) => {
    const response = await page.goto(`${base}/`);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL(`${base}/login`);
    await expect(page.getByRole('button', { name: AUTH_TEXT.login })).toBeVisible();
    await expect(page.getByText('Forbidden')).toHaveCount(0);
  });
}

test('the root sends a signed-in company admin to their home screen', async ({ page }) => {
  await signIn(page, DEMO, DEMO_ADMIN);
  await page.goto(`${DEMO}/`);
  await expect(page).toHaveURL(`${DEMO}/projects`);
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
});

test('the root sends a signed-in platform admin to their home screen', async ({ page }) => {
  await signIn(page, PLATFORM, PLATFORM_ADMIN);
  await page.goto(`${PLATFORM}/`);
  await expect(page).toHaveURL(`${PLATFORM}/customers`);
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
});
