import { expect, test } from '@playwright/test';
import { CATALOGUE_TEXT } from '../../packages/core/src/catalogue/catalogue';
import { DEMO, DEMO_EMPLOYEE, expectAccessible, signIn, unique } from './fixtures';

// Works & Materials (issue 13 section 3): the catalogue a quote's products are picked from.

test('a staff member creates an item, sees its profit and margin, finds it and edits it', async ({ page }) => {
  const name = unique('E2E plasterboard ');
  await signIn(page, DEMO, DEMO_EMPLOYEE);
  await page.goto(`${DEMO}/projects`);
  await page.getByRole('link', { name: 'Works & Materials' }).click();
  await expect(page).toHaveURL(/\/works-and-materials$/);
  await expect(page.getByRole('heading', { name: 'Works & Materials', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Works and materials' });
  // The demo catalogue, by name.
  await expect(table.getByText('Carpentry labour (per hour)')).toBeVisible();
  await expectAccessible(page);

  // Create: profit and margin follow the prices as they are typed.
  const create = page.getByRole('form', { name: 'Create New Item' });
  await create.getByRole('button', { name: 'Create Item' }).click();
  await expect(create.getByText(CATALOGUE_TEXT.nameRequired)).toBeVisible();
  await create.getByRole('textbox', { name: 'Name' }).fill(name);
  await create.getByRole('textbox', { name: 'Item Code' }).fill('GYP-13');
  await create.getByRole('textbox', { name: 'Supplier' }).fill('Gyprock');
  await create.getByRole('textbox', { name: 'Unit Price' }).fill('0');
  await create.getByRole('textbox', { name: 'Unit Cost' }).fill('90');
  await expect(create.getByTestId('item-margin')).toHaveText('-');
  await create.getByRole('textbox', { name: 'Unit Price' }).fill('120');
  await expect(create.getByTestId('item-profit')).toHaveText('$30.00');
  await expect(create.getByTestId('item-margin')).toHaveText('25.00%');
  await create.getByRole('button', { name: 'Create Item' }).click();
  await expect(page.getByText(CATALOGUE_TEXT.created)).toBeVisible();
  // The form is reset and stays editable; the message goes after 4 seconds.
  await expect(create.getByRole('textbox', { name: 'Name' })).toHaveValue('');
  await expect(create.getByRole('textbox', { name: 'Name' })).toBeEditable();
  await expect(page.getByText(CATALOGUE_TEXT.created)).toBeHidden({ timeout: 6000 });

  // Find it by search (the server's), by its name.
  await page.getByPlaceholder(CATALOGUE_TEXT.searchPlaceholder).fill(name);
  await expect(page).toHaveURL(/search=/);
  await expect(table.getByRole('row')).toHaveCount(2);
  const row = table.getByRole('row', { name: new RegExp(name) });
  await expect(row.getByText('$120.00')).toBeVisible();
  await expect(row.getByText('$90.00')).toBeVisible();

  // Edit: after saving the form is disabled until Edit is pressed.
  await row.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('form', { name: 'Edit Item' });
  await expect(edit.getByRole('textbox', { name: 'Name' })).toHaveValue(name);
  // The keyboard follows: the opened item's name field has the focus.
  await expect(edit.getByRole('textbox', { name: 'Name' })).toBeFocused();
  await expect(edit.getByTestId('item-margin')).toHaveText('25.00%');
  await edit.getByRole('textbox', { name: 'Unit Cost' }).fill('96.5');
  await expect(edit.getByTestId('item-profit')).toHaveText('$23.50');
  await expect(edit.getByTestId('item-margin')).toHaveText('19.58%');
  await edit.getByRole('button', { name: 'Save Item' }).click();
  await expect(page.getByText(CATALOGUE_TEXT.saved)).toBeVisible();
  await expect(edit.getByRole('textbox', { name: 'Name' })).toBeDisabled();
  await expect(row.getByText('$96.50')).toBeVisible();
  await expectAccessible(page);
  await edit.getByRole('button', { name: 'Edit' }).click();
  await expect(edit.getByRole('textbox', { name: 'Name' })).toBeEditable();

  // Back to a new item from the edit form.
  await page.getByRole('button', { name: 'New Item' }).click();
  await expect(page.getByRole('form', { name: 'Create New Item' })).toBeVisible();
});
