import { expect, test } from '@playwright/test';
import { CLIENT_QUOTE_TEXT } from '../../packages/core/src/quotes/client';
import { apiCall, DEMO, DEMO_ADMIN, DEMO_CLIENT_ADMIN, expectAccessible, newProjectLike, signIn } from './fixtures';

// The client accepts a quote online (issue 13 section 6): staff build a quote on a project of
// Grace Howard's client and send it from the editor; she opens the project, 'Quote', sees the sell figures and
// no costs, and accepts it by typing her name; staff then see it Accepted, signed by her.

type Quote = {
  id: number;
  code: string;
  version: number;
  status: string;
  client_decision: string | null;
  client_decision_name: string | null;
};

test('a client admin accepts a sent quote by typing her name', async ({ page, browser }) => {
  // Grace's side: a project of her client, to model the new one on.
  const clientContext = await browser.newContext();
  const client = await clientContext.newPage();
  await signIn(client, DEMO, DEMO_CLIENT_ADMIN);
  const hers = (await apiCall(client, DEMO, 'GET', '/api/projects?page=1&pageSize=5')).json as {
    items: { id: number }[];
  };
  expect(hers.items.length).toBeGreaterThan(0);

  // Staff: a new project of her client, a quote with two lines, sent to the client.
  await signIn(page, DEMO, DEMO_ADMIN);
  const project = await newProjectLike<{ id: number; project_code: string }>(page, hers.items[0]!.id);
  const created = await apiCall(page, DEMO, 'POST', `/api/projects/${project.id}/quotes`);
  expect(created.status).toBe(201);
  const draft = created.json as Quote;
  const saved = await apiCall(page, DEMO, 'PUT', `/api/projects/${project.id}/quotes/${draft.id}`, {
    version: draft.version,
    sections: [
      {
        name: 'Roofing',
        line_items: [
          {
            category: 'Service',
            description: 'Roof labour',
            supplied_by: 'Company',
            quantity: '2',
            unit_sell_price: '100.50',
            unit_cost: '60.25',
            general_notes: 'Internal: crew of two',
          },
          {
            category: 'Service',
            description: 'Screws',
            supplied_by: 'Company',
            quantity: '3',
            unit_sell_price: '33.33',
            unit_cost: '20.00',
          },
        ],
      },
    ],
  });
  expect(saved.status, JSON.stringify(saved.json)).toBe(200);

  // Staff send it from the editor, with a note typed and not saved yet: it is saved first.
  await page.goto(`${DEMO}/projects/${project.id}/quotes`);
  await expect(page.getByTestId('quote-code')).toHaveText(draft.code);
  await page.getByRole('textbox', { name: 'Quote Notes' }).fill('Valid for 30 days.');
  await page.getByRole('button', { name: CLIENT_QUOTE_TEXT.sendButton }).click();
  const send = page.getByRole('dialog', { name: CLIENT_QUOTE_TEXT.sendTitle });
  await expect(send.getByText(CLIENT_QUOTE_TEXT.sendConfirm)).toBeVisible();
  await expect(send.getByText(CLIENT_QUOTE_TEXT.saveFirst)).toBeVisible();
  await expectAccessible(page);
  await send.getByRole('button', { name: CLIENT_QUOTE_TEXT.send, exact: true }).click();
  await expect(send).toBeHidden();
  await expect(page.getByText(CLIENT_QUOTE_TEXT.sent)).toBeVisible();
  await expect(page.getByTestId('client-decision')).toContainText('Sent to the client on ');
  const sent = (await apiCall(page, DEMO, 'GET', `/api/projects/${project.id}/quotes/${draft.id}`)).json as Quote & {
    note: string | null;
    sent_at: string | null;
  };
  expect(sent.note).toBe('Valid for 30 days.');
  expect(sent.sent_at).not.toBeNull();

  // Grace opens the project and its quote: sell figures, never costs or internal notes.
  await client.goto(`${DEMO}/projects/${project.id}/show`);
  await client.getByRole('link', { name: CLIENT_QUOTE_TEXT.button, exact: true }).click();
  await expect(client).toHaveURL(new RegExp(`/projects/${project.id}/quote$`));
  await expect(client.getByTestId('quote-code')).toHaveText(draft.code);
  await expect(client.getByTestId('quote-status')).toHaveText('Draft');
  const rows = client.getByTestId('line-item');
  await expect(rows.nth(0)).toContainText('Roof labour');
  await expect(rows.nth(0)).toContainText('$100.50');
  await expect(rows.nth(0)).toContainText('$201.00');
  await expect(rows.nth(1)).toContainText('$99.99');
  await expect(client.getByTestId('quote-total')).toHaveText('$300.99');
  const body = client.locator('body');
  for (const secret of ['60.25', '$180.50', '$120.49', 'Internal: crew of two', 'Cost', 'Profit', 'Margin'])
    await expect(body).not.toContainText(secret);
  await expectAccessible(client);

  // Accept: the T&Cs, her typed name as the signature.
  await client.getByRole('button', { name: CLIENT_QUOTE_TEXT.accept }).click();
  const dialog = client.getByRole('dialog', { name: CLIENT_QUOTE_TEXT.accept });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: CLIENT_QUOTE_TEXT.iAccept }).click();
  await expect(dialog.getByText(CLIENT_QUOTE_TEXT.nameRequired)).toBeVisible();
  await dialog.getByRole('textbox', { name: CLIENT_QUOTE_TEXT.signLabel }).fill('Grace Howard');
  await expectAccessible(client);
  await dialog.getByRole('button', { name: CLIENT_QUOTE_TEXT.iAccept }).click();
  await expect(dialog).toBeHidden();
  await expect(client.getByTestId('quote-status')).toHaveText('Accepted');
  await expect(client.getByTestId('client-decision')).toContainText('Accepted by Grace Howard on ');
  await expect(client.getByRole('button', { name: CLIENT_QUOTE_TEXT.accept })).toHaveCount(0);
  await clientContext.close();

  // Staff see it Accepted, signed by her, on the editor and through the API.
  await page.reload();
  await expect(page.getByTestId('client-decision')).toContainText('Accepted by Grace Howard on ');
  await expect(page.getByRole('combobox', { name: 'Quote status' })).toHaveValue('Accepted');
  const after = (await apiCall(page, DEMO, 'GET', `/api/projects/${project.id}/quotes/${draft.id}`)).json as Quote;
  expect(after).toMatchObject({
    status: 'Accepted',
    client_decision: 'Accepted',
    client_decision_name: 'Grace Howard',
  });
});
