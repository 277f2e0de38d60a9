import { expect, test, type Page } from '@playwright/test';
import { PROVIDER_TEXT } from '../../packages/core/src/providers/texts';
import {
  apiCall,
  DEMO,
  DEMO_ADMIN,
  expectAccessible,
  FIRST_LOAD,
  newProjectLike,
  PLATFORM,
  PLATFORM_ADMIN,
  signIn,
  unique,
} from './fixtures';
import { assignableProject, createLocatedProvider, type ProjectDetail } from './provider-fixtures';

/** A demo project that can still be assigned and is on the map (from the end of the list: other journeys take the first ones). */
const assignableDemoProject = (page: Page) =>
  assignableProject(page, { order: 'desc', skip: 5, statuses: ['order', 'scheduled'] });

type Place = { suburb: string; state: string | null; postcode: string | null; lat: number; lng: number };
const km = (a: { lat: number; lng: number }, b: { lat: number; lng: number }) => {
  const rad = (d: number) => (d * Math.PI) / 180;
  const h =
    Math.sin(rad(b.lat - a.lat) / 2) ** 2 +
    Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lng - a.lng) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
};

/** A neighbouring suburb 2 to 30 km from the project (by postcode prefix), else the project's own. */
async function nearbyPlace(page: Page, project: ProjectDetail) {
  const own = { suburb: project.location.suburb, state: project.location.state, postcode: project.location.postcode };
  if (!project.location.postcode || project.co_ords.lat === null || project.co_ords.long === null) return own;
  const at = { lat: project.co_ords.lat, lng: project.co_ords.long };
  // Postcodes near each other share their first digits.
  for (const prefix of [project.location.postcode.slice(0, 3), project.location.postcode.slice(0, 2)]) {
    const r = await apiCall(page, DEMO, 'GET', `/api/geo/places?q=${prefix}&country=all`);
    const places = ((r.json as { items?: Place[] } | null)?.items ?? []).filter(
      (p) => p.postcode && p.state && p.suburb !== project.location.suburb,
    );
    const near = places.find((p) => km(at, p) >= 2 && km(at, p) <= 30);
    if (near) return { suburb: near.suburb, state: near.state, postcode: near.postcode };
  }
  return own;
}

test.beforeEach(async ({ page }) => {
  await signIn(page, DEMO, DEMO_ADMIN);
});

test('assign a provider on the project details screen, notify it, read the e-mail, and show directions', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const project = await assignableDemoProject(page);

  // A provider in a suburb near the project, with one staff login.
  const place = await nearbyPlace(page, project);
  const name = unique('E2E Sparks ');
  const providerEmail = `${unique('sparks')}@provider.test`;
  const provider = await createLocatedProvider(
    page,
    { service_provider_name: name, status_code: 'approved', email: providerEmail, phone: '07 3000 4444', ...place },
    { first_name: 'Pat', last_name: 'Sparks' },
  );
  const staffName = 'Pat Sparks';

  await page.goto(`${DEMO}/projects/${project.id}/show`);
  // The part loads in its own chunk; its map waits until scrolled into view.
  await expect(page.getByTestId('project-provider')).toBeVisible(FIRST_LOAD);
  await page.getByTestId('nearby-map-frame').scrollIntoViewIfNeeded();

  // The nearby map activates once in view and lists the new provider (at most 30 km away: within 50 km by road).
  await expect(page.getByRole('button', { name: `Select ${name}` }).first()).toBeVisible({ timeout: 20_000 });

  // Nothing chosen: the spec's message, no request.
  await page.getByRole('button', { name: 'Assign', exact: true }).click();
  await expect(page.getByText(PROVIDER_TEXT.noProviderChosen)).toBeVisible();

  // Pick by trading name, choose the staff, assign.
  const picker = page.getByRole('combobox', { name: 'Service Provider', exact: true });
  await picker.click();
  await picker.pressSequentially(name.slice(0, 14));
  await page.getByRole('option', { name }).click();
  const selected = page.getByTestId('selected-provider');
  await expect(selected.getByText(name)).toBeVisible();
  const staff = selected.getByRole('combobox', { name: 'Service Provider Staff' });
  await staff.click();
  await page.getByRole('option', { name: staffName }).click();
  await page.keyboard.press('Escape');
  if (project.service_provider)
    await expect(page.getByTestId('current-provider').getByText(PROVIDER_TEXT.replacing)).toBeVisible();
  await page.getByRole('button', { name: 'Assign', exact: true }).click();
  if (project.service_provider)
    await page
      .getByRole('dialog', { name: 'Replace the service provider?' })
      .getByRole('button', { name: 'Replace' })
      .click();

  const current = page.getByTestId('current-provider');
  await expect(current.getByRole('link', { name })).toHaveAttribute('href', `/service-providers/show/${provider.id}`);
  await expect(current.getByText(staffName)).toBeVisible();
  await expect(current.getByText('Approved')).toBeVisible();
  await expect(current.getByTestId('travel-info')).toContainText(/Travel: .*(m|km) · .*min/);

  // Notify: the tick once the queue has delivered the e-mail.
  await current.getByRole('button', { name: PROVIDER_TEXT.notify }).click();
  await expect(current.getByRole('img', { name: 'Notification sent' })).toBeVisible({ timeout: 30_000 });

  // Directions: the map with distance and time.
  await page.getByRole('button', { name: PROVIDER_TEXT.showDirections }).click();
  await expect(page.getByRole('region', { name: 'Directions map' })).toBeVisible();
  const route = page.getByTestId('route-panel');
  // An estimate reads '≈ 3 km' or '≈ < 1 km'; a real router '3.4 km' or '850 m'.
  await expect(route).toContainText(/Distance: (≈ (< )?[\d,]+ km|[\d.]+ (m|km))/);
  await expect(route).toContainText(/Time: ≈? ?.*min/);
  await expect(page.getByRole('button', { name: PROVIDER_TEXT.hideDirections })).toBeVisible();
  await expect(page.getByTestId('project-provider')).toBeVisible(FIRST_LOAD);
  // Toasts fading out read as low contrast to axe: check once they are gone.
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 15_000 });
  await expectAccessible(page);

  // The platform admin reads the e-mail to the provider in the built-in mailbox.
  await signIn(page, PLATFORM, PLATFORM_ADMIN);
  await page.goto(`${PLATFORM}/mailbox`);
  await page.getByLabel('Search messages', { exact: true }).fill(providerEmail);
  const subject = `Project ${project.project_code}: ${project.name}`;
  // The row addressed to the provider (its staff get their own copy).
  const row = page
    .getByRole('row')
    .filter({ hasText: providerEmail })
    .filter({ has: page.getByRole('link', { name: subject }) });
  await row.first().getByRole('link', { name: subject }).click();
  await expect(page.getByRole('heading', { name: subject })).toBeVisible();
  await expect(page.getByText(providerEmail).first()).toBeVisible();
});

/** A new project at the place of an assignable demo project (so nearby providers are the same), with no provider. */
const newProjectWithoutProvider = async (page: Page) =>
  newProjectLike<ProjectDetail>(page, (await assignableDemoProject(page)).id, { name: unique('E2E New site ') });

/** An approved provider at the project's place. */
async function providerAt(page: Page, project: ProjectDetail, prefix: string) {
  const name = unique(prefix);
  const r = await apiCall(page, DEMO, 'POST', '/api/service-providers', {
    service_provider_name: name,
    status_code: 'approved',
    email: `${unique('sp')}@provider.test`,
    suburb: project.location.suburb,
    state: project.location.state,
    postcode: project.location.postcode,
  });
  expect(r.status, JSON.stringify(r.json)).toBe(201);
  return { id: (r.json as { id: string }).id, name };
}

test("a new project without a provider shows the empty state; 'Assign Service Provider' opens the assignment map", async ({
  page,
}) => {
  const project = await newProjectWithoutProvider(page);
  expect(project.service_provider).toBeNull();

  await page.goto(`${DEMO}/projects/${project.id}/show`);
  const empty = page.getByTestId('provider-empty');
  await expect(empty).toBeVisible(FIRST_LOAD);
  await expect(empty).toContainText(PROVIDER_TEXT.noProviderAttached);
  // The nearby map and the picker stay for choosing one here.
  await expect(page.getByRole('combobox', { name: 'Service Provider', exact: true })).toBeVisible();
  await page.getByTestId('nearby-map-frame').scrollIntoViewIfNeeded();
  await expect(page.getByRole('region', { name: 'Nearby service providers map' })).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 15_000 });
  await expectAccessible(page);

  await empty.getByRole('link', { name: PROVIDER_TEXT.assignProvider }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${project.id}/assign-provider$`));
  // The new screen opens at its top, not scrolled as far down as the details were.
  await expect(page.getByRole('heading', { name: 'Assign Service Provider', level: 1 })).toBeInViewport();
  await expect(page.getByRole('textbox', { name: 'Project' })).toHaveValue(`${project.project_code} ${project.name}`);
  await expect(page.getByText('Within 50 km')).toBeVisible();
});

test("the 'Replace the service provider?' dialog sits above the map: its Replace button takes the pointer's click", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const project = await newProjectWithoutProvider(page);
  const [first, second] = [
    await providerAt(page, project, 'E2E First '),
    await providerAt(page, project, 'E2E Second '),
  ];
  const assigned = await apiCall(page, DEMO, 'POST', `/api/projects/${project.id}/service-provider`, {
    service_provider: first.id,
    send_email_sp: false,
    service_provider_staff: [],
  });
  expect(assigned.status, JSON.stringify(assigned.json)).toBe(200);

  await page.goto(`${DEMO}/projects/${project.id}/show`);
  await expect(page.getByTestId('current-provider').getByRole('link', { name: first.name })).toBeVisible(FIRST_LOAD);
  // Let the nearby list arrive first: it grows above the picker and would move an open dropdown.
  await page.getByTestId('nearby-map-frame').scrollIntoViewIfNeeded();
  await expect(page.getByRole('button', { name: `Select ${second.name}` }).first()).toBeVisible({ timeout: 20_000 });
  const picker = page.getByRole('combobox', { name: 'Service Provider', exact: true });
  await picker.click();
  await picker.pressSequentially(second.name.slice(0, 16));
  await page.getByRole('option', { name: second.name }).click();
  await expect(page.getByTestId('current-provider').getByText(PROVIDER_TEXT.replacing)).toBeVisible();

  // Put the nearby map in the middle of the screen, where the centred dialog opens.
  const frame = page.getByTestId('nearby-map-frame');
  await frame.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  const map = page.getByRole('region', { name: 'Nearby service providers map' });
  await expect(map).toBeVisible({ timeout: 20_000 });
  await frame.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  // Assign from the keyboard, so that the page does not scroll to the button.
  await page
    .getByRole('button', { name: 'Assign', exact: true })
    .evaluate((b) => (b as unknown as { focus: (o: object) => void }).focus({ preventScroll: true }));
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Replace the service provider?' });
  const replace = dialog.getByRole('button', { name: 'Replace' });
  await expect(replace).toBeVisible();
  // The map is under the button...
  const [m, b] = [(await map.boundingBox())!, (await replace.boundingBox())!];
  const [cx, cy] = [b.x + b.width / 2, b.y + b.height / 2];
  expect(
    cx > m.x && cx < m.x + m.width && cy > m.y && cy < m.y + m.height,
    'the map lies under the Replace button',
  ).toBe(true);
  // ...and the button, not the map, receives the pointer (Playwright checks the hit target).
  await replace.click({ timeout: 5_000 });
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('current-provider').getByRole('link', { name: second.name })).toBeVisible();
});
