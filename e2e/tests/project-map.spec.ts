import { expect, test, type Page } from '@playwright/test';
import { apiCall, DEMO, DEMO_ADMIN, DEMO_CLIENT_ADMIN, expectAccessible, FIRST_LOAD, signIn } from './fixtures';

type MapItem = {
  id: number;
  id_code: string;
  name: string;
  status_label: string;
  location_first: { postcode: string | null; lat: number | null };
};
type MapAnswer = {
  total: number;
  items: MapItem[];
  markers: { count: number; project: { id: number; name: string } | null }[];
};

const count = (page: Page) => page.getByTestId('project-map-count');
const listItems = (page: Page) => page.getByRole('list', { name: 'Projects on the map' }).getByRole('listitem');
/** Markers Leaflet drew: cluster bubbles and single-project dots (both marker icons; the distance circle is a path).  */
const markers = (page: Page) => page.locator('.leaflet-marker-icon');

test.describe('Project map', () => {
  test('staff see the demo projects listed and on the map, narrow them by search, and open one from its marker', async ({
    page,
  }) => {
    await signIn(page, DEMO, DEMO_ADMIN);
    // A located project that is alone at its place: at street level it is a single marker.
    const r = await apiCall(page, DEMO, 'GET', '/api/project-map?zoom=20&distance=0&pageSize=100');
    expect(r.status).toBe(200);
    const answer = r.json as MapAnswer;
    const single = answer.markers.find((m) => m.count === 1 && m.project)!.project!;
    const subject = answer.items.find((p) => p.id === single.id && p.location_first.postcode)!;
    expect(subject, 'a demo project alone at its place, with a postcode').toBeTruthy();

    await page.goto(`${DEMO}/project-map`);
    await expect(page.getByRole('heading', { name: 'Project map' })).toBeVisible();
    await expect(count(page)).toHaveText(`${answer.total.toLocaleString('en-AU')} projects`);
    await expect(listItems(page).first()).toBeVisible(FIRST_LOAD);
    expect(await listItems(page).count()).toBe(Math.min(20, answer.total));
    await expect(markers(page).first()).toBeVisible();

    // The search narrows the list (the URL keeps it).
    await page.getByRole('searchbox', { name: 'Search projects' }).fill(subject.id_code);
    await expect(count(page)).toHaveText('1 project');
    await expect(listItems(page)).toHaveCount(1);
    await expect(page.getByRole('link', { name: `${subject.id_code} · ${subject.name}` })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`search=${subject.id_code}`));

    // Centre on its postcode: the map shows the distance circle around it, with its marker.
    await page.getByRole('button', { name: 'Show More Filters' }).click();
    await page.getByLabel('Postcode').fill(subject.location_first.postcode!);
    await expect(page.getByText(/^Centred on .*: projects under 50 km$/)).toBeVisible();
    // A single project is a keyboard-focusable marker named by the project and its status.
    const dot = page
      .locator('.leaflet-marker-pane')
      .getByRole('button', { name: `${subject.name} (${subject.status_label})`, exact: true });
    await expect(dot).toHaveCount(1);
    await dot.focus();
    await page.keyboard.press('Enter');
    const popup = page.locator('.leaflet-popup');
    // The date line (a cancelled project's status badge says 'Cancelled' too).
    await expect(
      popup
        .getByRole('paragraph')
        .filter({ hasText: /^(Completed: \d{2}\/\d{2}\/\d{4}|Cancelled|Scheduled: (\d{2}\/\d{2}\/\d{4}|not set))$/ }),
    ).toBeVisible();
    await expect(popup.getByRole('img', { name: /^Performance Rating/ })).toBeVisible();
    await popup.getByRole('link', { name: subject.name }).click();
    await expect(page).toHaveURL(new RegExp(`/projects/${subject.id}/show$`));
  });

  test('a search moves the map to its match when the match is out of view', async ({ page }) => {
    await signIn(page, DEMO, DEMO_ADMIN);
    // A project alone at its place, far from Brisbane (where the map opens).
    const r = await apiCall(page, DEMO, 'GET', '/api/project-map?zoom=20&distance=0&pageSize=100');
    const answer = r.json as MapAnswer;
    const far = answer.items.find(
      (p) =>
        p.location_first.lat !== null &&
        p.location_first.lat < -31 &&
        answer.markers.some((m) => m.count === 1 && m.project?.id === p.id),
    );
    expect(far, 'a demo project alone at its place, south of -31°').toBeTruthy();

    await page.goto(`${DEMO}/project-map`);
    const map = page.getByRole('region', { name: 'Project map' });
    await expect(markers(page).first()).toBeVisible();
    // Zoom in on Brisbane with the keyboard: the far project is out of view.
    await map.locator('.leaflet-container').focus();
    for (let i = 0; i < 5; i++) await page.keyboard.press('+');
    const dot = page
      .locator('.leaflet-marker-pane')
      .getByRole('button', { name: `${far!.name} (${far!.status_label})`, exact: true });
    await expect(dot).toHaveCount(0);

    await page.getByRole('searchbox', { name: 'Search projects' }).fill(far!.id_code);
    await expect(count(page)).toHaveText('1 project');
    // The map fits the match: its marker is drawn and inside the map's frame.
    await expect(dot).toBeVisible();
    const [frame, pin] = [(await map.boundingBox())!, (await dot.boundingBox())!];
    expect(pin.x).toBeGreaterThanOrEqual(frame.x);
    expect(pin.y).toBeGreaterThanOrEqual(frame.y);
    expect(pin.x + pin.width).toBeLessThanOrEqual(frame.x + frame.width);
    expect(pin.y + pin.height).toBeLessThanOrEqual(frame.y + frame.height);
    await expectAccessible(page);
  });

  test('client users see only the customer rating and no project manager filter', async ({ page }) => {
    await signIn(page, DEMO, DEMO_CLIENT_ADMIN);
    await page.goto(`${DEMO}/project-map`);
    await expect(listItems(page).first()).toBeVisible(FIRST_LOAD);
    await expect(page.getByRole('img', { name: /^Customer Rating/ }).first()).toBeVisible();
    await expect(page.getByRole('img', { name: /^Performance Rating/ })).toHaveCount(0);

    await page.getByRole('button', { name: 'Show More Filters' }).click();
    await expect(page.getByRole('button', { name: 'Hide Filters' })).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByLabel('Order Reference')).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Account Manager' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Minimum Customer Rating' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Project Manager' })).toHaveCount(0);
    await expect(page.getByRole('combobox', { name: 'Client' })).toHaveCount(0);
    await expect(page.getByRole('combobox', { name: 'Minimum Performance Rating' })).toHaveCount(0);
  });

  test('the screen with its filters shown is accessible', async ({ page }) => {
    await signIn(page, DEMO, DEMO_ADMIN);
    await page.goto(`${DEMO}/project-map`);
    await expect(listItems(page).first()).toBeVisible(FIRST_LOAD);
    await page.getByRole('button', { name: 'Show More Filters' }).click();
    await expect(page.getByRole('combobox', { name: 'Project Manager' })).toBeVisible();
    await expect(page.getByRole('slider', { name: 'Distance in km' })).toBeVisible();
    await expectAccessible(page);
  });
});
