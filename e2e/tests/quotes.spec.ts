import { expect, test, type Page } from '@playwright/test';
import { QUOTE_TEXT, statusConfirmText } from '../../packages/core/src/quotes/quotes';
import { apiCall, DEMO, DEMO_ADMIN, expectAccessible, newProjectLike, signIn } from './fixtures';

// A project's quotes (issue 13 section 1): a staff member builds a quote by hand, checks its
// figures to the cent, reorders and copies sections, saves, accepts it (then it is locked),
// makes a revision and deletes that revision.

/** A line item through the 'Edit Line Entry' modal opened by the section's plus button. */
async function addLine(
  page: Page,
  section: string,
  line: { description: string; qty: string; sell: string; cost: string },
) {
  const add = page.getByRole('button', { name: `Add a line item to ${section}` });
  await add.click();
  const dialog = page.getByRole('dialog', { name: new RegExp(`^${QUOTE_TEXT.editLineEntry}`) });
  await expect(dialog).toBeVisible();
  // It opens on its first field, and Done gives focus back to the button that opened it.
  await expect(dialog.getByRole('combobox', { name: 'Category' })).toBeFocused();
  await dialog.getByRole('textbox', { name: 'Description', exact: true }).fill(line.description);
  await dialog.getByRole('textbox', { name: 'Qty', exact: true }).fill(line.qty);
  await dialog.getByRole('textbox', { name: 'Unit Sell Price' }).fill(line.sell);
  await dialog.getByRole('textbox', { name: 'Unit Cost' }).fill(line.cost);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  await expect(add).toBeFocused();
}

/** The section names in their order on the page. */
const sectionNames = (page: Page) =>
  page
    .getByRole('textbox', { name: /^Section \d+ name$/ })
    .evaluateAll((inputs) => inputs.map((i) => (i as unknown as { value: string }).value));

test('a staff member builds, saves, accepts and revises a quote', async ({ page }) => {
  await signIn(page, DEMO, DEMO_ADMIN);
  const list = (await apiCall(page, DEMO, 'GET', '/api/projects?page=1&pageSize=5')).json as {
    items: { id: number }[];
  };
  const project = await newProjectLike<{ id: number; project_code: string }>(page, list.items[0]!.id);

  await page.goto(`${DEMO}/projects/${project.id}/show`);
  await page.getByRole('link', { name: 'Quotes' }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${project.id}/quotes$`));
  await expect(page.getByText(QUOTE_TEXT.createOrImport)).toBeVisible();
  await expectAccessible(page);

  // New: a Draft, selected.
  await page.getByRole('button', { name: 'New', exact: true }).click();
  await expect(page.getByTestId('quote-code')).toHaveText(`Q-${project.project_code}-1`);
  await expect(page.getByRole('combobox', { name: 'Quote status' })).toHaveValue('Draft');

  // Two sections with items, by hand.
  await page.getByRole('button', { name: 'Add Section' }).click();
  await page.getByRole('textbox', { name: 'Section 1 name' }).fill('Roofing');
  await addLine(page, 'Section 1: Roofing', { description: 'Roof labour', qty: '2', sell: '100.50', cost: '60.25' });
  await addLine(page, 'Section 1: Roofing', { description: 'Screws', qty: '3', sell: '33.33', cost: '20' });
  await page.getByRole('button', { name: 'Add Section' }).click();
  await expect(page.getByPlaceholder(QUOTE_TEXT.sectionPlaceholder).nth(1)).toBeVisible();
  await page.getByRole('textbox', { name: 'Section 2 name' }).fill('Electrical');
  await addLine(page, 'Section 2: Electrical', { description: 'Cable', qty: '1.5', sell: '0.10', cost: '0.03' });

  // The figures, to the cent: lines rounded once (1.5 x 0.03 = 0.045 -> 0.05), sums above.
  const roofing = page.getByRole('region', { name: 'Section 1: Roofing' });
  await expect(roofing.getByTestId('line-total')).toHaveText(['$201.00', '$99.99']);
  await expect(roofing.getByTestId('section-cost')).toHaveText('$180.50');
  await expect(roofing.getByTestId('section-profit')).toHaveText('$120.49');
  await expect(roofing.getByTestId('section-percent')).toHaveText('66.75%');
  await expect(roofing.getByTestId('section-total')).toHaveText('$300.99');
  const electrical = page.getByRole('region', { name: 'Section 2: Electrical' });
  await expect(electrical.getByTestId('section-cost')).toHaveText('$0.05');
  await expect(electrical.getByTestId('section-total')).toHaveText('$0.15');
  await expect(page.getByTestId('quote-revenue')).toHaveText('$301.14');
  await expect(page.getByTestId('quote-cost')).toHaveText('$180.55');
  await expect(page.getByTestId('quote-profit')).toHaveText('$120.59');
  await expect(page.getByTestId('quote-percent')).toHaveText('66.79%');
  await expect(page.getByTestId('quote-margin')).toHaveText('40.04%');

  // Reorder from the keyboard: Electrical's handle, Space, Arrow Up, Space.
  await page.getByRole('button', { name: 'Move Section 2: Electrical' }).focus();
  await page.keyboard.press('Space');
  // dnd-kit announces 'Picked up' at once and 'is over' itself once it has measured the sections:
  // an arrow key before that has nowhere to go.
  await expect(page.getByText('Section 2: Electrical is over Section 2: Electrical.')).toBeAttached();
  await page.keyboard.press('ArrowUp');
  await expect(page.getByText('Section 2: Electrical is over Section 1: Roofing.')).toBeAttached();
  await page.keyboard.press('Space');
  await expect.poll(() => sectionNames(page)).toEqual(['Electrical', 'Roofing']);

  // Copy a section: the same content with ' [CLONE]', right after it.
  await page.getByRole('button', { name: 'Copy Section 2: Roofing' }).click();
  await expect.poll(() => sectionNames(page)).toEqual(['Electrical', 'Roofing', 'Roofing [CLONE]']);
  await expect(
    page.getByRole('region', { name: 'Section 3: Roofing [CLONE]' }).getByTestId('section-total'),
  ).toHaveText('$300.99');
  await expect(page.getByTestId('quote-revenue')).toHaveText('$602.13');
  await page.getByRole('textbox', { name: 'Quote Notes' }).fill('Access via the side gate.');

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(QUOTE_TEXT.saved)).toBeVisible();
  await expectAccessible(page);

  // Saved: a fresh page shows the same quote (the latest one that is not Void).
  await page.reload();
  await expect.poll(() => sectionNames(page)).toEqual(['Electrical', 'Roofing', 'Roofing [CLONE]']);
  await expect(page.getByTestId('quote-revenue')).toHaveText('$602.13');
  await expect(page.getByRole('textbox', { name: 'Quote Notes' })).toHaveValue('Access via the side gate.');

  // Accepted: asked first, then nothing can be changed.
  await page.getByRole('combobox', { name: 'Quote status' }).click();
  await page.getByRole('option', { name: 'Accepted' }).click();
  const confirm = page.getByRole('dialog', { name: 'Update quote status' });
  await expect(confirm).toContainText(statusConfirmText('Draft', 'Accepted'));
  await expect(confirm.getByLabel(QUOTE_TEXT.reasonForRejection)).toHaveCount(0);
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText(QUOTE_TEXT.statusUpdated)).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Quote status' })).toHaveValue('Accepted');
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
  // Read-only, not disabled: the texts keep their normal contrast and can be focused and read.
  for (const name of ['Section 1 name', 'Quote Notes']) {
    const field = page.getByRole('textbox', { name });
    await expect(field).not.toBeEditable();
    await expect(field).toBeEnabled();
    await expect(field).toHaveAttribute('readonly', '');
  }
  await expect(page.getByRole('button', { name: 'Add Section' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Add a line item/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete', exact: true })).toHaveCount(0);
  await expectAccessible(page);

  // A revision: R2, a Draft with the same content, selected.
  await page.getByRole('button', { name: 'Revision' }).click();
  const revision = page.getByRole('dialog', { name: 'Create Revision' });
  await expect(revision).toContainText(QUOTE_TEXT.revisionConfirm);
  await expect(revision).toContainText(QUOTE_TEXT.revisionWarning);
  await revision.getByRole('button', { name: QUOTE_TEXT.createRevision }).click();
  await expect(page.getByText(QUOTE_TEXT.revisionCreated)).toBeVisible();
  await expect(page.getByTestId('quote-code')).toHaveText(`Q-${project.project_code}-1 R2`);
  await expect(page.getByRole('combobox', { name: 'Quote status' })).toHaveValue('Draft');
  await expect.poll(() => sectionNames(page)).toEqual(['Electrical', 'Roofing', 'Roofing [CLONE]']);
  await expect(page.getByTestId('quote-revenue')).toHaveText('$602.13');
  await expect(page.getByRole('button', { name: 'Save' })).toBeEnabled();

  // Delete the revision: asked first; then nothing is selected.
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByRole('dialog', { name: 'Delete quote?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(QUOTE_TEXT.deleted)).toBeVisible();
  await expect(page.getByText(QUOTE_TEXT.selectRevision).last()).toBeVisible();
  await page.getByRole('combobox', { name: 'Quote revision' }).click();
  await expect(page.getByRole('option')).toHaveText([`Q-${project.project_code}-1 - Accepted`]);
});

test('a Product line is picked from works and materials, or added there from the line item editor', async ({
  page,
}) => {
  await signIn(page, DEMO, DEMO_ADMIN);
  const list = (await apiCall(page, DEMO, 'GET', '/api/projects?page=1&pageSize=5')).json as {
    items: { id: number }[];
  };
  const project = await newProjectLike<{ id: number }>(page, list.items[0]!.id);
  await page.goto(`${DEMO}/projects/${project.id}/quotes`);
  await page.getByRole('button', { name: 'New', exact: true }).click();
  await page.getByRole('button', { name: 'Add Section' }).click();
  await page.getByRole('textbox', { name: 'Section 1 name' }).fill('Fit-out');

  // Pick from the catalogue: the product's code, supplier and prices come with it.
  await page.getByRole('button', { name: 'Add a line item to Section 1: Fit-out' }).click();
  const dialog = page.getByRole('dialog', { name: `${QUOTE_TEXT.editLineEntry} - Fit-out` });
  await dialog.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Product' }).click();
  await dialog.getByRole('combobox', { name: 'Product' }).fill('Carpentry');
  await page.getByRole('option', { name: /Carpentry labour \(per hour\)/ }).click();
  await expect(dialog.getByRole('textbox', { name: 'Description', exact: true })).toHaveValue(
    'Carpentry labour (per hour)',
  );
  await expect(dialog.getByRole('textbox', { name: 'Unit Sell Price' })).not.toHaveValue('1.00');
  await expect(dialog.getByRole('combobox', { name: 'Order Status' })).toHaveValue('Unknown');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();

  // 'Add New Product': created in the catalogue and linked to the line.
  const name = `E2E downlight ${Date.now().toString(36)}`;
  await page.getByRole('button', { name: 'Add a line item to Section 1: Fit-out' }).click();
  // A line after a Product one is a Service again (spec 3 section 4).
  await expect(dialog.getByRole('combobox', { name: 'Category' })).toHaveValue('Service');
  await dialog.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Product' }).click();
  await dialog.getByRole('combobox', { name: 'Product' }).click();
  await page.getByRole('option', { name: QUOTE_TEXT.addNewProduct }).click();
  const create = page.getByRole('dialog', { name: QUOTE_TEXT.addNewProduct });
  await create.getByRole('textbox', { name: 'Name' }).fill(name);
  await create.getByRole('textbox', { name: 'Item Code' }).fill('DL-10');
  await create.getByRole('textbox', { name: 'Supplier' }).fill('Clipsal');
  await create.getByRole('textbox', { name: 'Unit Price' }).fill('42.50');
  await create.getByRole('textbox', { name: 'Unit Cost' }).fill('30');
  await create.getByRole('button', { name: 'Create Product' }).click();
  await expect(create).toBeHidden();
  await expect(dialog.getByRole('combobox', { name: 'Product' })).toHaveValue(`DL-10 | ${name} | Clipsal`);
  await expect(dialog.getByRole('textbox', { name: 'Product Code' })).toHaveValue('DL-10');
  await dialog.getByRole('textbox', { name: 'Qty', exact: true }).fill('4');
  await expect(dialog.getByTestId('line-revenue')).toHaveText('$170.00');
  await expect(dialog.getByTestId('line-profit')).toHaveText('$50.00');
  await dialog.getByRole('button', { name: 'Done' }).click();

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(QUOTE_TEXT.saved)).toBeVisible();
  await page.reload();
  const rows = page.getByTestId('line-item');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText(`DL-10 | ${name} | Clipsal`);
  await expect(rows.nth(1).getByTestId('line-total')).toHaveText('$170.00');
});
