import { expect, test, type Locator, type Page } from '@playwright/test';
import dayjs from 'dayjs';
import advancedFormat from 'dayjs/plugin/advancedFormat.js';
import {
  CERTIFICATE_DELETE_DATE_FORMAT,
  CERTIFICATE_TEXT,
  formatCertificateExpiry,
} from '../../packages/core/src/certificates/certificates';
import { apiCall, DEMO, DEMO_ADMIN, expectAccessible, PNG_1PX, signIn, unique } from './fixtures';

dayjs.extend(advancedFormat);

type Counters = { mandatory_valid: number; mandatory_total: number; today: string };

/** The calendar's day buttons are labelled 'D MMMM YYYY'; step back or forward a month until the day shows. */
async function pickDay(page: Page, field: Locator, day: dayjs.Dayjs) {
  await field.click();
  const target = page.getByRole('button', { name: day.format('D MMMM YYYY'), exact: true });
  const previous = page.getByRole('button', { name: 'Previous month' });
  const next = page.getByRole('button', { name: 'Next month' });
  await expect(previous).toBeVisible();
  for (let i = 0; i < 24 && !(await target.first().isVisible()); i++) {
    // The calendar opens at the chosen date's month (or this month): walk towards the target.
    const shown = await page.getByRole('button', { name: 'Choose a month' }).textContent();
    const month = shown ? dayjs(new Date(`1 ${shown.trim()}`)) : null;
    if (month && month.isValid() && month.isBefore(day.startOf('month'))) await next.click();
    else await previous.click();
  }
  await target.first().click();
  await expect(field).toHaveText(day.format('YYYY-MM-DD'));
}

test('certificate types admin, then create, expire and delete a certificate on my certifications page', async ({
  page,
}) => {
  const typeName = unique('Site Induction ');
  const certName = unique('Induction card ');
  await signIn(page, DEMO, DEMO_ADMIN);

  // My page: who I am and where the counters start (the demo already has mandatory types).
  await page.goto(`${DEMO}/certifications/me`);
  await expect(page).toHaveURL(/\/users\/[0-9a-f-]{36}\/certifications$/);
  const userId = new URL(page.url()).pathname.split('/')[2]!;
  await expect(page.getByRole('heading', { name: /— Certifications$/ })).toBeVisible();
  const before = await apiCall(page, DEMO, 'GET', `/api/certifications/${userId}?is_service_provider=false`);
  expect(before.status).toBe(200);
  const start = before.json as Counters;
  const total = start.mandatory_total + 1;
  const today = dayjs(start.today);

  // ----- Certificate types admin: a type mandatory for users, with a field of its own and a sample.
  await page.goto(`${DEMO}/certificate-types`);
  await expect(page.getByRole('heading', { name: 'Certificate Types' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'White Card', exact: true })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'New certificate type' }).click();
  await page.getByRole('textbox', { name: 'Name' }).fill(typeName);
  await page.getByRole('textbox', { name: 'Description' }).fill('Every person on site completes the site induction.');
  await page.getByRole('switch', { name: 'Mandatory for users' }).check();
  await page.getByRole('button', { name: 'Add field' }).click();
  await page.getByRole('textbox', { name: 'Field 1 key' }).fill('card_number');
  await page.getByRole('textbox', { name: 'Field 1 label' }).fill('Card Number');
  await page.getByRole('checkbox', { name: 'Field 1 required' }).check();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Create Certificate Type' }).click();
  await expect(page).toHaveURL(/\/certificate-types\/[0-9a-f-]{36}\/edit$/);
  await expect(page.getByRole('heading', { name: `Edit ${typeName}` })).toBeVisible();
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: 'induction-sample.png', mimeType: 'image/png', buffer: PNG_1PX });
  await expect(page.getByRole('img', { name: 'Sample: induction-sample.png' })).toBeVisible();
  await expectAccessible(page);

  // ----- The new mandatory type counts, not yet held.
  await page.goto(`${DEMO}/certifications/me`);
  const mandatory = page.getByRole('region', { name: CERTIFICATE_TEXT.mandatoryTitle });
  await expect(mandatory.getByText(CERTIFICATE_TEXT.mandatoryCounter(start.mandatory_valid, total))).toBeVisible();
  await expect(mandatory.getByRole('img', { name: 'Some mandatory certificates are not valid' })).toBeVisible();
  await expectAccessible(page);

  // ----- Create it through the plus tile: a PNG file and an expiry next month.
  await mandatory.getByRole('button', { name: `${typeName}: no certificate yet, add one` }).click();
  const create = page.getByRole('dialog', { name: CERTIFICATE_TEXT.addNew(typeName) });
  await expect(create.getByRole('textbox', { name: 'Card Number' })).toBeVisible();
  await create.getByRole('button', { name: CERTIFICATE_TEXT.save }).click();
  await expect(create.getByText(CERTIFICATE_TEXT.fieldRequired('Card Number'))).toBeVisible();
  await create.getByRole('textbox', { name: 'Name' }).fill(certName);
  await create.getByRole('textbox', { name: 'License Number' }).fill('IND-2040');
  await create.getByRole('textbox', { name: 'Card Number' }).fill('C-778');
  const future = today.add(1, 'month').date(15);
  await pickDay(page, create.getByRole('button', { name: 'Expiry', exact: true }), future);
  await create
    .locator('input[type=file]')
    .setInputFiles({ name: 'induction.png', mimeType: 'image/png', buffer: PNG_1PX });
  await expect(create.getByText('induction.png')).toBeVisible();
  await create.getByRole('button', { name: CERTIFICATE_TEXT.save }).click();
  await expect(create).toBeHidden();
  await expect(page.getByText(CERTIFICATE_TEXT.created)).toBeVisible();
  await expect(mandatory.getByText(CERTIFICATE_TEXT.mandatoryCounter(start.mandatory_valid + 1, total))).toBeVisible();
  const validCard = mandatory.getByRole('button', {
    name: `${typeName}, expiry ${formatCertificateExpiry(future.format('YYYY-MM-DD'))}, valid`,
  });
  await expect(validCard).toBeVisible();

  // ----- Details view: description, the sample, the certificate with its file.
  await validCard.click();
  await expect(page).toHaveURL(/\?type=/);
  await expect(page.getByRole('heading', { name: typeName, exact: true })).toBeVisible();
  await expect(page.getByText('Every person on site completes the site induction.')).toBeVisible();
  await expect(page.getByRole('heading', { name: CERTIFICATE_TEXT.samples(1) })).toBeVisible();
  await expect(page.getByText(CERTIFICATE_TEXT.sampleIndex(1, 1))).toBeVisible();
  const card = page.getByRole('article', { name: certName });
  await expect(card).toContainText('IND-2040');
  await expect(card).toContainText('C-778');
  await expect(card).toContainText(formatCertificateExpiry(future.format('YYYY-MM-DD')));
  const fileLink = card.getByRole('link', { name: 'induction.png', exact: true });
  await expect(fileLink).toHaveAttribute('href', /^\/documents\/file\/[0-9a-f-]{36}\/[0-9a-f-]{36}$/);
  const href = (await fileLink.getAttribute('href'))!;
  const served = await page.evaluate(async (url) => {
    const response = await fetch(url);
    return { status: response.status, type: response.headers.get('content-type') ?? '' };
  }, href);
  expect(served).toEqual({ status: 200, type: expect.stringContaining('image/png') });
  await expect(card.getByRole('link', { name: 'Download induction.png' })).toHaveAttribute(
    'href',
    `${href}?download=1`,
  );
  await expect(card.getByRole('button', { name: `Download all files of ${certName}` })).toBeVisible();
  await expectAccessible(page);

  // ----- Edit: expiry yesterday (the server's today) keeps the file; the certificate is expired.
  await card.getByRole('button', { name: `Edit ${certName}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit ${typeName}` });
  await expect(edit.getByText('induction.png')).toBeVisible();
  const yesterday = today.subtract(1, 'day');
  await pickDay(page, edit.getByRole('button', { name: 'Expiry', exact: true }), yesterday);
  await edit.getByRole('button', { name: CERTIFICATE_TEXT.update }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByText(CERTIFICATE_TEXT.updated)).toBeVisible();
  await expect(card).toContainText(formatCertificateExpiry(yesterday.format('YYYY-MM-DD')));
  await expect(card).toContainText('(Expired)');
  await expect(card.getByRole('link', { name: 'induction.png', exact: true })).toBeVisible();

  await page.getByRole('button', { name: CERTIFICATE_TEXT.back }).click();
  await expect(mandatory.getByText(CERTIFICATE_TEXT.mandatoryCounter(start.mandatory_valid, total))).toBeVisible();
  const expiredCard = mandatory.getByRole('button', {
    name: `${typeName}, expiry ${formatCertificateExpiry(yesterday.format('YYYY-MM-DD'))}, expired`,
  });
  await expect(expiredCard).toBeVisible();

  // ----- Delete with the dialog naming the expiry date.
  await expiredCard.click();
  await page
    .getByRole('article', { name: certName })
    .getByRole('button', { name: `Delete ${certName}` })
    .click();
  const dialog = page.getByRole('dialog', { name: CERTIFICATE_TEXT.deleteTitle(typeName) });
  await expect(dialog).toContainText(yesterday.format(CERTIFICATE_DELETE_DATE_FORMAT));
  await expectAccessible(page);
  await dialog.getByRole('button', { name: CERTIFICATE_TEXT.delete }).click();
  await expect(page.getByText(CERTIFICATE_TEXT.deleted)).toBeVisible();
  await expect(page.getByRole('article', { name: certName })).toHaveCount(0);
  await page.getByRole('button', { name: CERTIFICATE_TEXT.back }).click();
  await expect(mandatory.getByRole('button', { name: `${typeName}: no certificate yet, add one` })).toBeVisible();

  // ----- Clean up: the type (no certificates left) is deleted from the admin list.
  await page.goto(`${DEMO}/certificate-types`);
  await page.getByRole('button', { name: `Delete ${typeName}` }).click();
  await page
    .getByRole('dialog', { name: `Delete ${typeName}?` })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText(CERTIFICATE_TEXT.typeDeleted)).toBeVisible();
  await expect(page.getByRole('link', { name: typeName, exact: true })).toHaveCount(0);
});

test('deleting a type that still has certificates shows the server’s refusal', async ({ page }) => {
  await signIn(page, DEMO, DEMO_ADMIN);
  await page.goto(`${DEMO}/certificate-types`);
  await page.getByRole('button', { name: 'Delete White Card' }).click();
  await page.getByRole('dialog', { name: 'Delete White Card?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(CERTIFICATE_TEXT.typeInUse)).toBeVisible();
  await expect(page.getByRole('link', { name: 'White Card', exact: true })).toBeVisible();
});
