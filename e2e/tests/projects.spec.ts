import { expect, test, type Locator, type Page } from '@playwright/test';
import { companyDay } from '../../packages/core/src/format/wall-clock';
import { PROJECT_TEXT } from '../../packages/core/src/projects/texts';
import { DEMO, DEMO_ADMIN, expectAccessible, framesDrawn, listProjects, signIn, unique } from './fixtures';

const today = new Date();
/** 'Auto Fill Today' fills the company's day (Australia/Brisbane), whatever the browser's zone. */
const companyToday = companyDay(today);
const ymd = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** Pick the first option of a Mantine select or multi-select. */
async function pickFirst(page: Page, combobox: Locator) {
  await combobox.click();
  await page.getByRole('option').first().click();
  await page.keyboard.press('Escape');
}

test('create a project: the checks first, then a complete project with quick-added manager, contacts and a linked project', async ({
  page,
}) => {
  await signIn(page, DEMO, DEMO_ADMIN);
  const { items } = await listProjects(page, DEMO);
  const linked = items[0]!;
  const name = unique('Switchboard upgrade ');

  await page.goto(`${DEMO}/projects/new`);
  await expect(page.getByRole('heading', { name: 'Create Project' })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Save' }).click();
  for (const message of [PROJECT_TEXT.nameRequired, PROJECT_TEXT.orderReferenceRequired, PROJECT_TEXT.streetRequired]) {
    await expect(page.getByText(message).first()).toBeVisible();
  }
  await expect(page).toHaveURL(/\/projects\/new$/);

  // Details
  await page.getByLabel('Project Name').fill(name);
  await page.getByRole('button', { name: PROJECT_TEXT.autoFillToday }).click();
  await expect(page.getByLabel('Start Date')).toHaveValue(`${companyToday}T08:00`);
  await expect(page.getByLabel('End Date')).toHaveValue(`${companyToday}T17:00`);
  // Administrator and manager default to the signed-in user.
  await expect(page.getByRole('combobox', { name: 'Project Manager' })).toHaveValue('Olivia Nguyen');

  // Linked projects: searched on the server.
  const linkedBox = page.getByRole('combobox', { name: 'Linked Projects' });
  await linkedBox.click();
  await linkedBox.pressSequentially(linked.project_code);
  await page.getByRole('option', { name: new RegExp(linked.project_code) }).click();
  await page.keyboard.press('Escape');

  // Services: only those of the chosen category are offered.
  await pickFirst(page, page.getByRole('combobox', { name: 'Service Category' }));
  await pickFirst(page, page.getByRole('combobox', { name: 'Services Details' }));

  // Client and a quick-added account manager.
  await pickFirst(page, page.getByRole('combobox', { name: 'Trading Name' }));
  await page.getByLabel('Order Reference').fill('PO-E2E-1');
  await page.getByRole('button', { name: PROJECT_TEXT.quickAdd }).click();
  const quickAdd = page.getByRole('dialog', { name: 'Quick Add Account Manager' });
  await quickAdd.getByLabel('First Name').fill('Quinn');
  await quickAdd.getByLabel('Last Name').fill('Added');
  await quickAdd.getByLabel('Email').fill(`${unique('quinn')}@client.test`);
  await quickAdd.getByLabel('Mobile').fill('0400 111 222');
  await quickAdd.getByRole('button', { name: 'Add Account Manager' }).click();
  await expect(quickAdd).toBeHidden();
  await expect(page.getByRole('combobox', { name: 'Account Manager', exact: true })).toHaveValue('Quinn Added');

  // Site contacts, one at a time.
  const contacts = page
    .getByRole('region', { name: 'Site Contact' })
    .or(page.locator('section', { has: page.getByRole('heading', { name: 'Site Contact' }) }));
  await contacts.getByLabel('Name', { exact: true }).fill('Sam Site');
  await contacts.getByLabel('Phone').fill('0400 000 001');
  await page.getByRole('button', { name: PROJECT_TEXT.addContact }).click();
  await expect(page.getByTestId('contact-indicator')).toHaveText('2 / 2');
  await contacts.getByLabel('Name', { exact: true }).fill('Alex Afterhours');
  await page.getByRole('button', { name: 'Previous contact' }).click();
  await expect(page.getByTestId('contact-indicator')).toHaveText('1 / 2');
  await expect(contacts.getByLabel('Name', { exact: true })).toHaveValue('Sam Site');

  // Location from the offline gazetteer.
  // Picked from the keyboard: a click on the option raced the dropdown's repositioning (the
  // floating dropdown hides while its input is scrolled out of view).
  const placeSearch = page.getByRole('combobox', { name: 'Search address' });
  await placeSearch.fill('Fortitude Valley');
  await expect(page.getByRole('option').first()).toHaveText(/Fortitude Valley QLD 4006/);
  await placeSearch.press('ArrowDown');
  await placeSearch.press('Enter');
  await expect(page.getByLabel('City/Suburb')).toHaveValue('Fortitude Valley');
  await expect(page.getByLabel('Postcode')).toHaveValue('4006');
  await page.getByLabel('Street').fill('12 Brunswick Street');

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/projects\/\d+\/show$/);
  await expect(page.getByRole('heading', { name: new RegExp(name) })).toBeVisible();
  await expect(page.getByText('Sam Site').first()).toBeVisible();
  const link = page.getByRole('link', { name: `${linked.project_code} (${linked.name})` });
  await expect(link).toHaveAttribute('target', '_blank');
  await expectAccessible(page);
});

test('edit each section of a project, with the official shift question after a date change', async ({ page }) => {
  await signIn(page, DEMO, DEMO_ADMIN);
  const { items } = await listProjects(page, DEMO, 'pageSize=50&status=order');
  const project = items[1]!;
  await page.goto(`${DEMO}/projects/${project.id}/show`);
  await expect(page.getByRole('heading', { name: new RegExp(project.project_code) })).toBeVisible();

  // Details: only one section is edited at a time; a date change asks about an official shift.
  await page.getByRole('button', { name: 'Edit details' }).click();
  await expect(page.getByRole('button', { name: 'Edit services' })).toHaveCount(0);
  const details = page.getByRole('form', { name: 'Edit details' });
  const start = (await details.getByLabel('Start Date').inputValue()) || `${ymd(today)}T08:00`;
  const later = new Date(`${start.slice(0, 10)}T12:00`);
  later.setDate(later.getDate() + 2);
  await details.getByLabel('End Date').fill(`${ymd(later)}T16:30`);
  await details.getByRole('button', { name: 'Save' }).click();
  const shift = page.getByRole('dialog', { name: 'Project dates changed' });
  await expect(shift.getByText(PROJECT_TEXT.dateChangeQuestion)).toBeVisible();
  await expect(shift.getByLabel('Reason')).toHaveValue(PROJECT_TEXT.defaultShiftReason);
  await shift.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByRole('form', { name: 'Edit details' })).toBeHidden();
  const history = page.getByRole('table', { name: 'Date change history' });
  await expect(history).toContainText(PROJECT_TEXT.defaultShiftReason);
  await expect(history).toContainText('Olivia Nguyen');

  // Cancel restores what was there.
  await page.getByRole('button', { name: 'Edit details' }).click();
  await page.getByRole('form', { name: 'Edit details' }).getByLabel('Project Name').fill('Something else');
  await page.getByRole('form', { name: 'Edit details' }).getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('heading', { name: new RegExp(project.project_code) })).toContainText(project.name);

  // Services: a tag created by typing.
  const tag = unique('e2e-tag-');
  await page.getByRole('button', { name: 'Edit services' }).click();
  const services = page.getByRole('form', { name: 'Edit services' });
  await services.getByRole('combobox', { name: 'Tags' }).click();
  await services.getByRole('combobox', { name: 'Tags' }).pressSequentially(tag);
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await services.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(tag)).toBeVisible();

  // Client information: order reference and a second site contact.
  await page.getByRole('button', { name: 'Edit client information' }).click();
  const other = page.getByRole('form', { name: 'Edit client information' });
  // A press on Add Contact that takes the focus from an emptied Order Reference still adds the
  // contact: the field's message (which moves the button down) waits for the release.
  await other.getByLabel('Order Reference').fill('');
  const addButton = other.getByRole('button', { name: PROJECT_TEXT.addContact });
  await addButton.scrollIntoViewIfNeeded();
  const add = (await addButton.boundingBox())!;
  await page.mouse.move(add.x + add.width / 2, add.y + add.height / 2);
  await page.mouse.down();
  // A person's press: the field has lost focus and the page has drawn what followed, before the release.
  await expect(other.getByLabel('Order Reference')).not.toBeFocused();
  await framesDrawn(page);
  await page.mouse.up();
  await expect(other.getByText(PROJECT_TEXT.newContact, { exact: true })).toBeVisible();
  await expect(other.getByText(PROJECT_TEXT.orderReferenceRequired)).toBeVisible();
  await other.getByLabel('Order Reference').fill('PO-EDITED-7');
  await other.getByLabel('Name', { exact: true }).fill('Night Contact');
  await other.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('PO-EDITED-7')).toBeVisible();

  // Location.
  await page.getByRole('button', { name: 'Edit location' }).click();
  const location = page.getByRole('form', { name: 'Edit location' });
  await location.getByLabel('Street').fill('99 Edited Street');
  await location.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('99 Edited Street')).toBeVisible();

  // A failed save keeps the form and says which fields.
  await page.getByRole('button', { name: 'Edit location' }).click();
  await page.getByRole('form', { name: 'Edit location' }).getByLabel('Street').fill('');
  await page.getByRole('form', { name: 'Edit location' }).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(PROJECT_TEXT.streetRequired).first()).toBeVisible();
  await page.getByRole('form', { name: 'Edit location' }).getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('99 Edited Street')).toBeVisible();
});
