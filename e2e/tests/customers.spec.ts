import { expect, test } from '@playwright/test';
import { AUTH_TEXT } from '../../packages/core/src/auth/messages';
import { CUSTOMER_TEXT } from '../../packages/core/src/customers/customers';
import { openCreateForm, PLATFORM, PLATFORM_ADMIN, PNG_1PX, signIn, tenantUrl, unique } from './fixtures';

test('a platform admin creates a customer with a logo, and its admin signs in on the new subdomain', async ({
  page,
}) => {
  const slug = unique('acme');
  const adminEmail = `${slug}@example.test`;
  await signIn(page, PLATFORM, PLATFORM_ADMIN);
  await openCreateForm(
    page,
    { url: `${PLATFORM}/customers`, heading: 'Customers', newLink: /new customer/i },
    CUSTOMER_TEXT.create,
  );
  await page.getByRole('button', { name: CUSTOMER_TEXT.create }).click();
  for (const message of [
    CUSTOMER_TEXT.emailRequired,
    CUSTOMER_TEXT.firstNameRequired,
    CUSTOMER_TEXT.lastNameRequired,
    CUSTOMER_TEXT.companyNameRequired,
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }

  await page.getByLabel('Company Name').fill(`Acme ${slug}`);
  await page.getByLabel('Subdomain').fill(slug);
  await page.getByLabel('First Name').fill('Ada');
  await page.getByLabel('Last Name').fill('Builder');
  await page.getByLabel('Email', { exact: true }).fill(adminEmail);
  await page.getByLabel('Phone').fill('07 3000 0000');
  await page.getByLabel('Position').fill('Director');
  await page.getByLabel('Street Address').fill('1 Queen Street');
  await page.getByLabel('Suburb').fill('Brisbane City');
  await page.getByRole('combobox', { name: 'State' }).click();
  await page.getByRole('option', { name: 'QLD' }).click();
  await page.getByLabel('Postcode').pressSequentially('40a00');
  await expect(page.getByLabel('Postcode')).toHaveValue('4000');
  await page.locator('input[type=file]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG_1PX });
  await page.getByRole('button', { name: CUSTOMER_TEXT.create }).click();

  await expect(page).toHaveURL(/\/customers$/);
  await page.getByLabel('Search customers', { exact: true }).fill(slug);
  const row = page.getByRole('row').filter({ hasText: `Acme ${slug}` });
  await expect(row).toBeVisible();

  // Editing keeps the data and the logo.
  await row.getByRole('link', { name: /edit/i }).click();
  await expect(page.getByLabel('Company Name')).toHaveValue(`Acme ${slug}`);
  await expect(page.getByRole('img', { name: /logo/i })).toBeVisible();
  await page.getByLabel('Phone').fill('07 3999 9999');
  await page.getByRole('button', { name: CUSTOMER_TEXT.save }).click();
  await expect(page).toHaveURL(/\/customers$/);

  // The new admin's invitation is in the built-in mailbox.
  await page.goto(`${PLATFORM}/mailbox`);
  await page.getByLabel('Search messages', { exact: true }).fill(adminEmail);
  // Other journeys send invitations at the same time: open the one addressed to this admin.
  const invitation = page
    .getByRole('row')
    .filter({ hasText: adminEmail })
    .filter({ hasText: /Welcome to/ });
  await invitation
    .getByRole('link', { name: /Welcome to/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/mailbox\/[0-9a-f-]+$/);
  const href = await page.getByRole('link', { name: 'Set Password', exact: true }).first().getAttribute('href');
  expect(href).toContain(`${tenantUrl(slug)}/reset-password/`);
  await page.goto(href!);
  // An invitation sets the new account's first password: it does not read as a reset.
  await expect(page.getByRole('heading', { name: AUTH_TEXT.inviteHeading })).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('acme-admin-password');
  await page.getByLabel('Confirm Password').fill('acme-admin-password');
  await page.getByRole('button', { name: AUTH_TEXT.inviteButton }).click();
  await expect(page.getByText(AUTH_TEXT.inviteDone).first()).toBeVisible();

  await page.goto(`${tenantUrl(slug)}/login`);
  await expect(page.getByText(`Acme ${slug}`).first()).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(adminEmail);
  await page.getByLabel('Password', { exact: true }).fill('acme-admin-password');
  await page.getByRole('button', { name: AUTH_TEXT.login }).click();
  await expect(page).toHaveURL(/\/projects/);
  await expect(page.getByText('Ada Builder').first()).toBeVisible();
});
