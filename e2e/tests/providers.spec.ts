import { expect, test, type Page } from '@playwright/test';
import { PROVIDER_TEXT } from '../../packages/core/src/providers/texts';
import { apiCall, DEMO, DEMO_ADMIN, expectAccessible, signIn, unique } from './fixtures';
import { assignableProject, createLocatedProvider, type ProjectDetail } from './provider-fixtures';

/** A demo project that can still be assigned and has a location (oldest codes first: other journeys take the newest). */
const assignableDemoProject = (page: Page) =>
  assignableProject(page, { order: 'asc', skip: 3, statuses: ['order', 'scheduled', 'quote', 'on_hold'] });

test.beforeEach(async ({ page }) => {
  await signIn(page, DEMO, DEMO_ADMIN);
});

test('create a provider with an address on the setup screen and see it on its show page; list and screens are accessible', async ({
  page,
}) => {
  const name = unique('E2E Brightline ');

  await page.goto(`${DEMO}/service-providers`);
  await expect(page.getByRole('heading', { name: 'Service Providers', level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Service providers' })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('main').getByRole('link', { name: 'New service provider' }).click();
  await expect(page).toHaveURL(/\/service-providers\/new$/);
  await expect(page.getByRole('heading', { name: 'New service provider' })).toBeVisible();
  await expectAccessible(page);

  // The name is required: nothing is sent without it.
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(PROVIDER_TEXT.nameRequired)).toBeVisible();
  await expect(page).toHaveURL(/\/service-providers\/new$/);

  await page.getByLabel('Service Provider Name', { exact: true }).fill(name);
  const status = page.getByRole('combobox', { name: 'Status', exact: true });
  await status.click();
  await page.getByRole('option', { name: 'Approved', exact: true }).click();
  await page.getByLabel('Email', { exact: true }).fill(`${unique('jobs')}@brightline.test`);
  await page.getByLabel('Phone', { exact: true }).fill('07 3000 1111');
  await page.getByLabel('Street', { exact: true }).fill('200 Brunswick Street');
  await page.getByLabel('Suburb', { exact: true }).fill('Fortitude Valley');
  const state = page.getByRole('combobox', { name: 'State', exact: true });
  await state.click();
  await page.getByRole('option', { name: 'QLD', exact: true }).click();
  await page.getByLabel('Postcode', { exact: true }).fill('4006');
  const postcodes = page.getByRole('combobox', { name: 'Preferred postcodes' });
  await postcodes.fill('4006');
  await postcodes.press('Enter');
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page).toHaveURL(/\/service-providers\/show\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  // The success notice; dismissed before the accessibility check (axe reads it mid-fade otherwise).
  const notice = page.locator('.mantine-Notification-root').filter({ hasText: `${name} created.` });
  await expect(notice).toBeVisible();
  await notice.getByRole('button', { name: 'Dismiss notification' }).click();
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByText('200 Brunswick Street, Fortitude Valley QLD 4006')).toBeVisible();
  // Located by the gazetteer: a map of the business address, not the 'Assign a location' prompt.
  await expect(page.getByRole('region', { name: `Map of ${name}’s business address` })).toBeVisible();
  await expect(page.getByRole('link', { name: PROVIDER_TEXT.assignLocation })).toHaveCount(0);
  await expect(page.getByText(PROVIDER_TEXT.preferred).first()).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Certifications', exact: true })).toBeVisible();
  await expectAccessible(page);

  // Edit: the form comes back filled in.
  await page.getByRole('main').getByRole('link', { name: 'Edit', exact: true }).click();
  await expect(page).toHaveURL(/\/service-providers\/setup\/[0-9a-f-]{36}\/edit$/);
  await expect(page.getByLabel('Service Provider Name', { exact: true })).toHaveValue(name);
  await expect(page.getByLabel('Suburb', { exact: true })).toHaveValue('Fortitude Valley');
  await expectAccessible(page);
});

test('assignment map: a provider near the project, found by distance with its km, assigned from the list', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const project = await assignableDemoProject(page);

  // A provider in the project's suburb offering its categories and services (the automatic search
  // keeps providers offering any of them), with a staff login.
  const name = unique('E2E Nearby Sparks ');
  await createLocatedProvider(
    page,
    {
      service_provider_name: name,
      status_code: 'approved',
      phone: '07 3000 2222',
      categories: project.categories.map((c) => c.id),
      services: project.services.map((x) => x.id),
      suburb: project.location.suburb,
      state: project.location.state,
      postcode: project.location.postcode,
    },
    { first_name: 'Robin', last_name: 'Nearby' },
  );

  await page.goto(`${DEMO}/projects/${project.id}/assign-provider`);
  await expect(page.getByRole('heading', { name: 'Assign Service Provider', level: 1 })).toBeVisible();
  // Automatic mode: the project's address fills the read-only fields.
  await expect(page.getByRole('textbox', { name: 'Project' })).toHaveValue(`${project.project_code} ${project.name}`);
  await expect(page.getByLabel('Suburb', { exact: true })).toHaveValue(project.location.suburb!);
  await expect(page.getByLabel('Suburb', { exact: true })).toHaveAttribute('readonly', '');
  // Assignment mode starts at 50 km; bring it down to 20 km by keyboard.
  await expect(page.getByText('Within 50 km')).toBeVisible();
  const slider = page.getByRole('slider', { name: 'Distance in km' });
  await slider.focus();
  for (let i = 0; i < 6; i++) await slider.press('ArrowLeft');
  await expect(page.getByText('Within 20 km')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Service providers map' })).toBeVisible();

  const card = page.getByRole('listitem').filter({ has: page.getByRole('link', { name, exact: true }) });
  await expect(card).toBeVisible({ timeout: 15_000 });
  await expect(card.getByText(/^\d+(\.\d)? km$/)).toBeVisible();
  await expect(card.getByText('Approved')).toBeVisible();
  await expectAccessible(page);

  // Assign without the e-mail, after the confirmation naming the project.
  await card.getByRole('checkbox', { name: `Send e-mail to ${name}` }).uncheck();
  await card.getByRole('button', { name: `${PROVIDER_TEXT.assignProject}: ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Assign ${name}?` });
  await expect(dialog).toContainText(`${project.project_code} ${project.name}`);
  await dialog.getByRole('button', { name: PROVIDER_TEXT.assignProject }).click();

  await expect(page).toHaveURL(new RegExp(`/projects/${project.id}/show$`));
  await expect(page.getByText(`${name} is assigned to ${project.project_code} ${project.name}.`)).toBeVisible();
  await expect(page.getByText(name).first()).toBeVisible();
  const after = await apiCall(page, DEMO, 'GET', `/api/projects/${project.id}`);
  expect((after.json as ProjectDetail).service_provider?.name).toBe(name);
});

test('standalone search: choosing a project switches to automatic mode, Reset to manual', async ({ page }) => {
  const project = await assignableDemoProject(page);
  await page.goto(`${DEMO}/service-providers/search`);
  await expect(page.getByRole('heading', { name: 'Service Provider Search', level: 1 })).toBeVisible();
  await expect(page.getByText('Manual: search by the fields below.')).toBeVisible();
  await expect(page.getByTestId('provider-result-count')).toHaveText(/service provider/);
  // Standalone: no distance limit.
  const distance = page.getByRole('slider', { name: 'Distance in km' });
  await expect(page.getByText('Any distance')).toBeVisible();
  await expect(distance).toHaveAttribute('aria-valuenow', '0');
  await expectAccessible(page);

  const picker = page.getByRole('combobox', { name: 'Project' });
  await picker.click();
  await picker.pressSequentially(project.project_code);
  await page.getByRole('option', { name: `${project.project_code} ${project.name}` }).click();
  await expect(page.getByLabel('Suburb', { exact: true })).toHaveValue(project.location.suburb!);
  await expect(page.getByLabel('Suburb', { exact: true })).toHaveAttribute('readonly', '');
  await expect(page).toHaveURL(new RegExp(`project=${project.id}`));
  // A chosen project is assignment mode (its results offer 'Assign Project'): 50 km (spec 1 section 9).
  await expect(page.getByText('Within 50 km')).toBeVisible();
  await expect(distance).toHaveAttribute('aria-valuenow', '50');

  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(page.getByText('Manual: search by the fields below.')).toBeVisible();
  await expect(page.getByLabel('Suburb', { exact: true })).toHaveValue('');
  await expect(page.getByLabel('Suburb', { exact: true })).not.toHaveAttribute('readonly', '');
  await expect(page.getByText('Any distance')).toBeVisible();
});
