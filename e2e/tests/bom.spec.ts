import { expect, test } from '@playwright/test';
import { BOM_TEXT } from '../../packages/core/src/bom/bom';
import { QUOTE_TEXT } from '../../packages/core/src/quotes/quotes';
import { apiCall, DEMO, DEMO_ADMIN, expectAccessible, newProjectLike, signIn, unique } from './fixtures';

// The bill of materials (issue 13 section 4): a staff member creates a catalogue product from a
// quote's line item ('Add New Product'), saves the quote, then finds the product in the project's
// bill of materials and updates its order; once the quote is accepted only the ETA and the order
// status stay editable.

test('a product made from a line item is ordered from the bill of materials', async ({ page }) => {
  await signIn(page, DEMO, DEMO_ADMIN);
  const list = (await apiCall(page, DEMO, 'GET', '/api/projects?page=1&pageSize=5')).json as {
    items: { id: number }[];
  };
  const project = await newProjectLike<{ id: number; project_code: string }>(page, list.items[0]!.id);
  const name = unique('Cable tray');

  // A quote with one Product line whose product is created from the line item.
  await page.goto(`${DEMO}/projects/${project.id}/quotes`);
  await page.getByRole('button', { name: 'New', exact: true }).click();
  await page.getByRole('button', { name: 'Add Section' }).click();
  await page.getByRole('textbox', { name: 'Section 1 name' }).fill('Materials');
  await page.getByRole('button', { name: 'Add a line item to Section 1: Materials' }).click();
  const line = page.getByRole('dialog', { name: new RegExp(`^${QUOTE_TEXT.editLineEntry}`) });
  await line.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Product' }).click();
  await line.getByRole('combobox', { name: 'Product' }).click();
  await page.getByRole('option', { name: QUOTE_TEXT.addNewProduct }).click();
  const create = page.getByRole('dialog', { name: QUOTE_TEXT.addNewProduct });
  await create.getByRole('textbox', { name: 'Name' }).fill(name);
  await create.getByRole('textbox', { name: 'Item Code' }).fill('CT-300');
  await create.getByRole('textbox', { name: 'Supplier' }).fill('Middys');
  await create.getByRole('textbox', { name: 'Unit Price' }).fill('45.50');
  await create.getByRole('textbox', { name: 'Unit Cost' }).fill('30');
  await create.getByRole('button', { name: 'Create Product' }).click();
  await expect(create).toBeHidden();
  await expect(line.getByRole('combobox', { name: 'Product' })).toHaveValue(`CT-300 | ${name} | Middys`);
  await line.getByRole('textbox', { name: 'Qty', exact: true }).fill('4');
  await line.getByRole('button', { name: 'Done' }).click();
  await expect(line).toBeHidden();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(QUOTE_TEXT.saved)).toBeVisible();

  // The bill of materials, from the project page.
  await page.goto(`${DEMO}/projects/${project.id}/show`);
  await page.getByRole('link', { name: 'Bill of Materials' }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${project.id}/bill-of-materials`));
  const table = page.getByRole('table', { name: 'Bill of materials' });
  const row = table.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Unknown');
  await expect(row).toContainText('$45.50');
  await expect(page.getByPlaceholder(BOM_TEXT.searchPlaceholder)).toBeVisible();
  await expectAccessible(page);

  // A column filter that matches nothing, then the reset.
  await page.getByRole('textbox', { name: 'Supplier' }).fill('nobody');
  await expect(page.getByText('No products match these filters.')).toBeVisible();
  await page.getByRole('button', { name: BOM_TEXT.resetFilters }).click();
  await expect(row).toBeVisible();

  // Order it: status and ETA.
  await row.getByRole('button', { name: `Edit ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: BOM_TEXT.editTitle });
  await expect(dialog.getByText(name, { exact: true })).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Order Status' }).click();
  await page.getByRole('option', { name: 'Ordered' }).click();
  await dialog.getByLabel('ETA').fill('2027-02-15');
  await dialog.getByRole('textbox', { name: 'Company Purchase Order Reference' }).fill('PO-4471');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(BOM_TEXT.updatedText)).toBeVisible();
  await expect(row).toContainText('Ordered');
  await expect(row).toContainText('2027-02-15');

  // Accepted: the quote is locked, and so is everything but the ETA and the order status.
  const quotes = (await apiCall(page, DEMO, 'GET', `/api/projects/${project.id}/quotes`)).json as {
    items: { id: number }[];
  };
  const accepted = await apiCall(
    page,
    DEMO,
    'POST',
    `/api/projects/${project.id}/quotes/${quotes.items[0]!.id}/status`,
    {
      status: 'Accepted',
    },
  );
  expect(accepted.status).toBe(200);
  await page.reload();
  await page.getByRole('button', { name: `Edit ${name}` }).click();
  await expect(dialog.getByText(BOM_TEXT.locked)).toBeVisible();
  // Locked fields read as read-only text at normal contrast (not disabled grey); the ETA stays editable.
  const unitCost = dialog.getByRole('textbox', { name: 'Unit Cost' });
  await expect(unitCost).not.toBeEditable();
  await expect(unitCost).toHaveAttribute('readonly');
  await expect(dialog.getByLabel('ETA')).toBeEditable();
});
