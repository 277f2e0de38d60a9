import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { AGREEMENT_TEXT } from '../../packages/core/src/agreements/agreements';
import { apiCall, DEMO, DEMO_ADMIN, expectAccessible, newProjectLike, signIn } from './fixtures';

// Service provider agreements (issue 14 section 1): staff split an Accepted quote's sections
// between two providers at contract prices, see each agreement's sections disabled in the other,
// void one (its sections free again), generate the three PDFs, and the provider's user accepts
// the agreement from their own screens; staff then see who accepted it.

/** The seeded provider login (apps/api/src/seed/providers.ts, DEMO_PROVIDER_ADMIN). */
const PROVIDER_ADMIN = { email: 'sam.brooks@sparkright.test', password: 'siteflow-demo' };
const PROVIDER = 'SparkRight Electrical & Data';

const line = (description: string, sell: string, cost: string) => ({
  category: 'Service',
  description,
  supplied_by: 'Company',
  quantity: '1',
  unit_sell_price: sell,
  unit_cost: cost,
});

/** The grid's row of a section. */
const sectionRow = (page: Page, name: string) =>
  page.getByTestId('agreement-section').filter({ has: page.getByText(name, { exact: true }) });

async function chooseProvider(page: Page, name: string) {
  await page.getByRole('combobox', { name: 'Service Provider' }).click();
  await page.getByRole('option', { name, exact: true }).click();
}

/** A PDF link's file, fetched in the page (its cookies, its host), as text through pdftotext. */
async function pdfText(page: Page, href: string, dir: string, name: string): Promise<string> {
  const fetched = await page.evaluate(async (url) => {
    const r = await fetch(url);
    const bytes = new Uint8Array(await r.arrayBuffer());
    let binary = '';
    for (const b of bytes) binary += String.fromCharCode(b);
    return { status: r.status, type: r.headers.get('content-type'), base64: btoa(binary) };
  }, href);
  expect(fetched.status, href).toBe(200);
  expect(fetched.type).toContain('application/pdf');
  const file = join(dir, `${name}.pdf`);
  writeFileSync(file, Buffer.from(fetched.base64, 'base64'));
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

test('staff split an accepted quote between two providers, and the provider accepts', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO, DEMO_ADMIN);
  const list = (await apiCall(page, DEMO, 'GET', '/api/projects?page=1&pageSize=5')).json as {
    items: { id: number }[];
  };
  const project = await newProjectLike<{ id: number; project_code: string }>(page, list.items[0]!.id);

  // An Accepted quote with three sections (seeded through the API).
  const created = await apiCall(page, DEMO, 'POST', `/api/projects/${project.id}/quotes`);
  expect(created.status).toBe(201);
  const draft = created.json as { id: number; code: string; version: number };
  const saved = await apiCall(page, DEMO, 'PUT', `/api/projects/${project.id}/quotes/${draft.id}`, {
    version: draft.version,
    sections: [
      { name: 'Roofing', line_items: [line('Roof labour', '2000', '1200')] },
      { name: 'Electrical', line_items: [line('Wiring', '1000', '500')] },
      { name: 'Plumbing', line_items: [line('Pipes', '600', '300')] },
    ],
  });
  expect(saved.status, JSON.stringify(saved.json)).toBe(200);
  const accepted = await apiCall(page, DEMO, 'POST', `/api/projects/${project.id}/quotes/${draft.id}/status`, {
    status: 'Accepted',
  });
  expect(accepted.status, JSON.stringify(accepted.json)).toBe(200);

  // From the quote: 'Service Provider Agreement'.
  await page.goto(`${DEMO}/projects/${project.id}/quotes`);
  await expect(page.getByTestId('quote-code')).toHaveText(draft.code);
  await page.getByRole('link', { name: AGREEMENT_TEXT.title }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${project.id}/quotes/${draft.id}/agreements$`));
  await expect(page.getByRole('heading', { name: AGREEMENT_TEXT.title })).toBeVisible();
  await expect(page.getByText(AGREEMENT_TEXT.empty)).toBeVisible();

  // The first agreement: SparkRight, Roofing and Electrical.
  await page.getByRole('button', { name: 'New', exact: true }).click();
  await expect(page.getByText(AGREEMENT_TEXT.created)).toBeVisible();
  const first = `${draft.code}-SPA1`;
  await expect(page.getByTestId('agreement-name')).toHaveText(first);
  await chooseProvider(page, PROVIDER);
  await page.getByRole('checkbox', { name: 'Assign Roofing to this agreement' }).check();
  await page.getByRole('textbox', { name: 'Contract price for Roofing' }).fill('1234.50');
  await page.getByRole('checkbox', { name: 'Assign Electrical to this agreement' }).check();
  await page.getByRole('textbox', { name: 'Contract price for Electrical' }).fill('800');
  await expect(sectionRow(page, 'Roofing').getByTestId('section-profit')).toHaveText('$765.50');
  await expect(sectionRow(page, 'Roofing').getByTestId('section-margin')).toHaveText('38.28%');
  await expect(page.getByTestId('total-contract')).toHaveText('$2,034.50');
  await expect(page.getByTestId('total-margin')).toHaveText('32.18%');
  await expect(page.getByRole('group', { name: 'Generate' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(AGREEMENT_TEXT.saved)).toBeVisible();
  await expect(page.getByRole('group', { name: 'Generate' })).toBeVisible();

  // The second: another provider, Plumbing; the first's sections and provider are disabled here.
  await page.getByRole('button', { name: 'New', exact: true }).click();
  const second = `${draft.code}-SPA2`;
  await expect(page.getByTestId('agreement-name')).toHaveText(second);
  await expect(page.getByRole('checkbox', { name: 'Assign Roofing to this agreement' })).toBeDisabled();
  await expect(sectionRow(page, 'Roofing').getByTestId('section-owner')).toHaveText(`Owned by ${first}`);
  await expect(sectionRow(page, 'Electrical').getByTestId('section-owner')).toHaveText(`Owned by ${first}`);
  await page.getByRole('combobox', { name: 'Service Provider' }).click();
  await expect(page.getByRole('option', { name: PROVIDER, exact: true })).toHaveAttribute(
    'data-combobox-disabled',
    'true',
  );
  const other = page
    .getByRole('option')
    .filter({ hasNot: page.locator('[data-combobox-disabled]') })
    .first();
  const otherName = (await other.textContent())!.trim();
  await other.click();
  await page.getByRole('checkbox', { name: 'Select All' }).check();
  await expect(page.getByRole('textbox', { name: 'Contract price for Plumbing' })).toHaveValue('0.00');
  await expect(sectionRow(page, 'Plumbing').getByTestId('section-margin')).toHaveText('100.00%');
  await page.getByRole('textbox', { name: 'Contract price for Plumbing' }).fill('450');
  await page.getByRole('textbox', { name: AGREEMENT_TEXT.notesTitle }).fill('Access from the rear lane.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(AGREEMENT_TEXT.saved)).toBeVisible();
  await page.getByRole('button', { name: AGREEMENT_TEXT.notesTooltip }).hover();
  await expect(page.getByRole('tooltip')).toHaveText(AGREEMENT_TEXT.notesTooltip);
  await expectAccessible(page);

  // The first agreement shows Plumbing as the second's.
  await page.getByRole('combobox', { name: 'Agreement' }).click();
  await page.getByRole('option', { name: first, exact: true }).click();
  await expect(page.getByTestId('agreement-name')).toHaveText(first);
  await expect(sectionRow(page, 'Plumbing').getByTestId('section-owner')).toHaveText(`Owned by ${second}`);
  await expect(page.getByRole('checkbox', { name: 'Assign Plumbing to this agreement' })).toBeDisabled();

  // Void the second: read-only, its sections free again in the first.
  await page.getByRole('combobox', { name: 'Agreement' }).click();
  await page.getByRole('option', { name: second, exact: true }).click();
  await expect(page.getByTestId('agreement-name')).toHaveText(second);
  await expect(page.getByRole('combobox', { name: 'Service Provider' })).toHaveValue(otherName);
  await page.getByRole('button', { name: 'Void', exact: true }).click();
  const confirmVoid = page.getByRole('dialog', { name: 'Void agreement?' });
  await confirmVoid.getByRole('button', { name: 'Void', exact: true }).click();
  await expect(page.getByText(AGREEMENT_TEXT.voidedTitle)).toBeVisible();
  await expect(page.getByTestId('agreement-status')).toHaveText('VOID');
  await expect(page.getByRole('button', { name: 'Void', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
  await expect(page.getByRole('textbox', { name: 'Contract price for Plumbing' })).toBeDisabled();
  await expectAccessible(page);
  await page.getByRole('combobox', { name: 'Agreement' }).click();
  await page.getByRole('option', { name: first, exact: true }).click();
  await expect(page.getByRole('checkbox', { name: 'Assign Plumbing to this agreement' })).toBeEnabled();
  await expect(sectionRow(page, 'Plumbing').getByTestId('section-owner')).toHaveCount(0);

  // The provider's user: their list, the agreement, Accept.
  const providerContext = await browser.newContext();
  const provider = await providerContext.newPage();
  await signIn(provider, DEMO, PROVIDER_ADMIN);
  await provider.goto(`${DEMO}/agreements`);
  await expect(provider.getByRole('heading', { name: 'Agreements' })).toBeVisible();
  const link = provider.getByRole('link', { name: first, exact: true });
  await expect(link).toBeVisible();
  await expect(provider.getByRole('link', { name: second, exact: true })).toHaveCount(0);
  await expectAccessible(provider);
  await link.click();
  await expect(provider).toHaveURL(/\/agreements\/\d+$/);
  await expect(provider.getByTestId('agreement-name')).toHaveText(first);
  const sections = provider.getByTestId('agreement-section');
  await expect(sections).toHaveCount(2);
  await expect(sections.nth(0)).toContainText('Roof labour');
  await expect(provider.getByTestId('agreement-total')).toHaveText('$2,034.50');
  const body = provider.locator('body');
  for (const secret of ['$2,000.00', '$1,200.00', 'Margin', 'Gross Profit', 'Plumbing'])
    await expect(body).not.toContainText(secret);
  await expectAccessible(provider);
  await provider.getByRole('button', { name: 'Accept', exact: true }).click();
  const confirm = provider.getByRole('dialog', { name: 'Accept agreement' });
  await expect(confirm).toContainText('at a contract price of $2,034.50');
  await confirm.getByRole('button', { name: 'Accept', exact: true }).click();
  await expect(provider.getByTestId('agreement-response')).toContainText('Accepted by Sam Brooks on ');
  await providerContext.close();

  // Staff see the answer.
  await page.reload();
  await expect(page.getByTestId('agreement-name')).toHaveText(first);
  await expect(page.getByTestId('agreement-response')).toContainText('Accepted by Sam Brooks on ');

  // The three PDFs of the first agreement.
  const dir = mkdtempSync(join(tmpdir(), 'h11-agreement-pdfs-'));
  const generate = page.getByRole('group', { name: 'Generate' });
  const headings = { 'SWMS PDF': 'Safe Work Method Statement', 'SOW PDF': 'Scope of Work', 'JA PDF': 'Job Allocation' };
  for (const [label, heading] of Object.entries(headings)) {
    const link = generate.getByRole('link', { name: label });
    await expect(link).toHaveAttribute('target', '_blank');
    const text = await pdfText(page, (await link.getAttribute('href'))!, dir, label.split(' ')[0]!);
    expect(text, label).toContain(heading);
    expect(text, label).toContain(PROVIDER);
    expect(text, label).toContain('Roofing');
    expect(text, label).toContain('Electrical');
    expect(text, label).not.toContain('Plumbing');
    // The SWMS is about safety: it names the work, not its prices.
    if (label !== 'SWMS PDF') {
      expect(text, label).toContain('$1,234.50');
      expect(text, label).toContain('$800.00');
    }
  }

  // Back: the quote screen with that quote selected.
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${project.id}/quotes\\?quote=${draft.id}$`));
  await expect(page.getByTestId('quote-code')).toHaveText(draft.code);
});
