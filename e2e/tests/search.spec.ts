import { expect, test } from '@playwright/test';
import { SEARCH_TEXT } from '../../packages/core/src/search/texts';
import { DEMO, DEMO_ADMIN, FIRST_LOAD, expectAccessible, listProjects, signIn } from './fixtures';

/** A typing slip: two neighbouring letters swapped inside the longest word of the name. */
function withSlip(name: string): string {
  const word = name
    .split(/\s+/)
    .filter((w) => /^[A-Za-z]{6,}$/.test(w))
    .sort((a, b) => b.length - a.length)[0];
  if (!word) return name;
  const slipped = word.slice(0, 2) + word[3] + word[2] + word.slice(4);
  return slipped;
}

test('Ctrl+K quick search finds a project despite a typing slip, and it shows in recently viewed', async ({ page }) => {
  await signIn(page, DEMO, DEMO_ADMIN);
  const { items } = await listProjects(page, DEMO);
  const target = items.find((p) => /[A-Za-z]{6,}/.test(p.name))!;

  await page.goto(`${DEMO}/projects`);
  await expect(page.getByRole('table', { name: 'Projects' })).toBeVisible();
  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog', { name: 'Quick search' });
  await expect(dialog).toBeVisible();
  const input = dialog.getByRole('combobox', { name: 'Search projects' });
  await expect(input).toHaveAttribute('placeholder', SEARCH_TEXT.placeholder);
  await expectAccessible(page);

  await input.fill('zzzqqqxxy');
  await expect(dialog.getByText(SEARCH_TEXT.noResults)).toBeVisible();

  await input.fill(withSlip(target.name));
  await expect(dialog.getByTestId('quick-search-status')).toContainText(/There are \d+ projects found/);
  const option = dialog.getByRole('option').filter({ hasText: target.project_code });
  await expect(option).toBeVisible();
  await option.click();
  await expect(page).toHaveURL(new RegExp(`/projects/${target.id}/show`));
  await expect(page.getByRole('heading', { name: new RegExp(target.project_code) })).toBeVisible();

  // Esc closes the overlay.
  await page.keyboard.press('Control+k');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Recently viewed projects' }).click();
  const recent = page.getByRole('dialog', { name: 'Recently viewed projects' });
  await expect(recent.getByRole('link', { name: target.project_code })).toBeVisible();
  await expectAccessible(page);
  await recent.getByRole('button', { name: `Remove ${target.project_code} from recently viewed` }).click();
  await expect(recent.getByRole('link', { name: target.project_code })).toHaveCount(0);
});

test('the project list filters by status and keeps the filter in the address', async ({ page }) => {
  await signIn(page, DEMO, DEMO_ADMIN);
  await page.goto(`${DEMO}/projects`);
  const table = page.getByRole('table', { name: 'Projects' });
  await expect(table.getByRole('link', { name: /^PRJ-\d{5}$/ }).first()).toBeVisible(FIRST_LOAD);
  await expectAccessible(page);

  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Completed' }).click();
  await expect(page).toHaveURL(/status=completed/);
  const rows = table.locator('tbody tr');
  await expect(rows.first()).toContainText('Completed');
  await expect.poll(async () => (await rows.allTextContents()).every((text) => text.includes('Completed'))).toBe(true);

  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('Completed');
});

test('a client user sees only their own client\u2019s projects', async ({ page, browser }) => {
  await signIn(page, DEMO, DEMO_ADMIN);
  const all = await listProjects(page, DEMO, 'pageSize=100');
  const mine = all.items.filter((p) => p.client?.trading_name.startsWith('Harbourside'));
  const other = all.items.find((p) => p.client && !p.client.trading_name.startsWith('Harbourside'))!;
  expect(mine.length).toBeGreaterThan(0);

  const context = await browser.newContext();
  const client = await context.newPage();
  await client.goto(`${DEMO}/login`);
  await client.getByLabel('Email', { exact: true }).fill('grace.howard@harbourside.test');
  await client.getByLabel('Password', { exact: true }).fill('siteflow-demo');
  await client.getByRole('button', { name: 'Login' }).click();
  await expect(client).toHaveURL(/\/projects/);
  const table = client.getByRole('table', { name: 'Projects' });
  await expect(table.getByRole('link', { name: mine[0]!.project_code })).toBeVisible();
  await expect(table.getByRole('link', { name: other.project_code })).toHaveCount(0);
  await expectAccessible(client);

  // Another client's project is not found, even by its address.
  await client.goto(`${DEMO}/projects/${other.id}/show`);
  await expect(client.getByText(/not found|Failed to get project details/i).first()).toBeVisible();
  await context.close();
});
