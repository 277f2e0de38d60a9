import { expect, test } from '@playwright/test';
import { QUOTE_REQUEST_TEXT } from '../../packages/core/src/quote-requests/quote-requests';
import { DEMO, DEMO_CLIENT_ADMIN, expectAccessible, PNG_1PX, signIn, unique } from './fixtures';

// The quote request (issue 13 section 5): a client user proposes a project from the projects
// page, with two attachments, and lands on the new project, status Quote.

/** A small, valid one-page PDF (no active content), written by hand. */
function smallPdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
  ];
  let body = '%PDF-1.7\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(body));
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

test('a client admin requests a quote with two attachments and lands on the new project, status Quote', async ({
  page,
}) => {
  const name = unique('E2E requested roof ');
  await signIn(page, DEMO, DEMO_CLIENT_ADMIN);
  await page.goto(`${DEMO}/projects`);
  await page.getByRole('button', { name: 'Request a Quote' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request a Quote' });
  await expect(dialog).toBeVisible();

  await dialog.getByRole('textbox', { name: 'Project Name' }).fill(name);
  await dialog.getByRole('textbox', { name: 'Street' }).fill('1 Macquarie St');
  await dialog.getByRole('textbox', { name: 'City/Suburb' }).fill('Sydney');
  await dialog.getByRole('combobox', { name: 'State' }).click();
  await page.getByRole('option', { name: 'NSW', exact: true }).click();
  await dialog.getByRole('textbox', { name: 'Postcode' }).fill('2000');
  await dialog.getByRole('textbox', { name: 'Contact Name' }).fill('Sam Site');
  await dialog.getByRole('textbox', { name: 'Contact Position' }).fill('Facilities');
  await dialog.getByRole('textbox', { name: 'Contact Email' }).fill('sam.site@example.test');
  await dialog.getByRole('textbox', { name: 'Contact Phone' }).fill('0400 000 000');
  await dialog.getByRole('textbox', { name: 'Describe Works Required' }).fill('Replace the roof sheets.');
  await dialog.getByRole('textbox', { name: 'Attachment Notes' }).fill('A photo and the scope.');

  await dialog.locator('input[type="file"]').setInputFiles([
    { name: 'photo.png', mimeType: 'image/png', buffer: PNG_1PX },
    { name: 'scope.pdf', mimeType: 'application/pdf', buffer: smallPdf() },
  ]);
  const files = dialog.getByTestId('quote-request-files');
  await expect(files.getByText('photo.png')).toBeVisible();
  await expect(files.getByText('scope.pdf')).toBeVisible();
  // Each upload shows its progress and ends uploaded.
  await expect(files.locator('[data-status="done"]')).toHaveCount(2);
  await expect(files.getByText('Uploaded')).toHaveCount(2);
  await expect(files.getByRole('progressbar', { name: 'Upload of scope.pdf' })).toHaveAttribute('aria-valuenow', '100');
  await expectAccessible(page);

  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByText(QUOTE_REQUEST_TEXT.successTitle)).toBeVisible();
  await expect(dialog.getByText(QUOTE_REQUEST_TEXT.successBody)).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'View Project' }).click();

  await expect(page).toHaveURL(/\/projects\/\d+\/show/);
  await expect(page.getByText(name).first()).toBeVisible();
  await expect(page.getByText('Quote', { exact: true }).first()).toBeVisible();
});
