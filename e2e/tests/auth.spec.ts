import { expect, test } from '@playwright/test';
import { AUTH_TEXT } from '../../packages/core/src/auth/messages';
import { apiCall, DEMO, DEMO_ADMIN, expectAccessible, PLATFORM, PLATFORM_ADMIN, signIn, unique } from './fixtures';

test('sign-in checks the fields, refuses wrong credentials and signs in', async ({ page }) => {
  await page.goto(`${DEMO}/login`);
  await expect(page.getByRole('heading', { name: AUTH_TEXT.signInHeading })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: AUTH_TEXT.login }).click();
  await expect(page.getByText(AUTH_TEXT.emailRequired)).toBeVisible();
  await expect(page.getByText(AUTH_TEXT.passwordRequired)).toBeVisible();

  await page.getByLabel('Email', { exact: true }).fill('not-an-email');
  await page.getByLabel('Email', { exact: true }).blur();
  await expect(page.getByText('The email must be a valid email address.')).toBeVisible();

  await page.getByLabel('Email', { exact: true }).fill(DEMO_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: AUTH_TEXT.login }).click();
  await expect(page.getByText(AUTH_TEXT.badCredentials).first()).toBeVisible();

  await page.getByLabel('Password', { exact: true }).fill(DEMO_ADMIN.password);
  await page.getByLabel(AUTH_TEXT.rememberMe).check({ force: true });
  await page.getByRole('button', { name: AUTH_TEXT.login }).click();
  await expect(page).toHaveURL(/\/projects/);
  await expect(page.getByText('Olivia Nguyen').first()).toBeVisible();

  const cookies = await page.context().cookies(DEMO);
  const session = cookies.find((c) => c.name === 'sf_session');
  expect(session?.httpOnly).toBe(true);
  expect(session!.expires).toBeGreaterThan(Date.now() / 1000 + 29 * 24 * 3600); // Remember Me

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: AUTH_TEXT.signInHeading })).toBeVisible();
});

test('a password is reset by following the link from the built-in mailbox', async ({ page }) => {
  // A fresh staff member of the demo company, so other journeys keep their passwords.
  await signIn(page, DEMO, DEMO_ADMIN);
  const email = `${unique('reset')}@demo.test`;
  const created = await apiCall(page, DEMO, 'POST', '/api/staff', {
    first_name: 'Reset',
    last_name: 'Tester',
    email,
    phone: '0400 000 000',
    address: '1 Test St',
    suburb: 'Brisbane City',
    state: 'QLD',
    postcode: '4000',
  });
  expect(created.status).toBe(201);

  await page.goto(`${DEMO}/forgot-password`);
  await expect(page.getByRole('heading', { name: AUTH_TEXT.resetRequestHeading })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: AUTH_TEXT.sendResetLink }).click();
  await expect(page.getByText(AUTH_TEXT.emailRequired)).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: AUTH_TEXT.sendResetLink }).click();
  await expect(page.getByText(AUTH_TEXT.resetLinkSent)).toBeVisible();
  await expect(page.getByRole('link', { name: AUTH_TEXT.returnToLogin })).toHaveAttribute('href', '/login');

  // The platform admin reads the mailbox (a different host, so a separate session).
  await signIn(page, PLATFORM, PLATFORM_ADMIN);
  await page.goto(`${PLATFORM}/mailbox`);
  await page.getByLabel('Search messages', { exact: true }).fill(email);
  await page.getByRole('link', { name: 'Reset Password Notification' }).first().click();
  await expect(page.getByRole('heading', { name: 'Reset Password Notification' })).toBeVisible();
  await expectAccessible(page);
  const link = page.getByRole('link', { name: 'Reset Password' }).first();
  const href = await link.getAttribute('href');
  expect(href).toMatch(new RegExp(`^${DEMO}/reset-password/[A-Za-z0-9_-]{43}\\?email=`));
  await page.goto(href!);

  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
  await page.getByLabel('Password', { exact: true }).fill('brand-new-password');
  await page.getByRole('button', { name: AUTH_TEXT.resetButton }).click();
  await expect(page.getByText(AUTH_TEXT.confirmPasswordRequired)).toBeVisible();
  await page.getByLabel('Confirm Password').fill('brand-new-password');
  await page.getByRole('button', { name: AUTH_TEXT.resetButton }).click();
  await expect(page.getByText(AUTH_TEXT.passwordResetDone).first()).toBeVisible();

  // Sign in as the staff member (the admin's session from the start of the test ends first).
  await page.context().clearCookies();
  await page.goto(`${DEMO}/login`);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('brand-new-password');
  await page.getByRole('button', { name: AUTH_TEXT.login }).click();
  await expect(page.getByText('Reset Tester').first()).toBeVisible();
});
