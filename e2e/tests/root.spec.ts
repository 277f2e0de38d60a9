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

// Issue 11 (first paint): index.html's spinner paints before the style sheet, which the build puts
// after it in the body; the app's own styles must still win where they did with it in the head.
test('the page loads with its spinner, then the app in its theme, the spinner gone', async ({ page }) => {
  await page.goto(`${DEMO}/login`);
  await expect(page.getByRole('button', { name: AUTH_TEXT.login })).toBeVisible();
  await expect(page.locator('#boot-spinner')).toBeHidden();
  // The theme's primary shade (blue 8, kept above 4.5:1 on white), not Mantine's default (blue 6).
  await expect(page.getByRole('button', { name: AUTH_TEXT.login })).toHaveCSS('background-color', 'rgb(25, 113, 194)');

  // A browser with a session gets the signed-in frame's chunks preloaded with the page.
  await signIn(page, DEMO, DEMO_ADMIN);
  const html = await page.evaluate(async (url) => (await fetch(url)).text(), `${DEMO}/projects`);
  expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/frame-lib-[\w-]+\.js">/);
  await page.goto(`${DEMO}/projects`);
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  await expect(page.locator('#boot-spinner')).toBeHidden();
});
