import { getDefaultNormalizer, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CUSTOMER_TEXT, IMAGE_TYPE_MESSAGE, type CustomerView } from '@siteflow/core';
import { mockFetch, platformSession, renderScreen } from '../../test/render';
import { CustomerCreateScreen, CustomerEditScreen } from './customer-screens';

const exact = { normalizer: getDefaultNormalizer({ collapseWhitespace: false, trim: false }) };

function renderNew() {
  return renderScreen(<CustomerCreateScreen />, {
    session: platformSession(),
    route: '/customers/new',
    path: '/customers/new',
  });
}

async function fillValid() {
  const user = userEvent.setup({ delay: null });
  await user.type(screen.getByLabelText('Company Name'), 'Acme Fitouts');
  await user.type(screen.getByLabelText('Subdomain'), 'acme');
  await user.type(screen.getByLabelText('Email'), 'boss@acme.test');
  await user.type(screen.getByLabelText('First Name'), 'Bea');
  await user.type(screen.getByLabelText('Last Name'), 'Boss');
  await user.type(screen.getByLabelText('Phone'), '0400 111 222');
  await user.type(screen.getByLabelText('Position'), 'Director');
  await user.type(screen.getByLabelText('Street Address'), '1 Queen St');
  await user.type(screen.getByLabelText('Suburb'), 'Brisbane City');
  await user.click(screen.getByRole('combobox', { name: 'State' }));
  await user.click(await screen.findByRole('option', { name: 'QLD' }));
  await user.type(screen.getByLabelText('Postcode'), '4000');
  return user;
}

describe('Customer form', () => {
  it('empty submit shows the spec messages with their exact spacing and sends nothing', async () => {
    const { fn } = mockFetch(() => ({ status: 201, body: {} }));
    renderNew();
    expect(screen.getByRole('heading', { name: CUSTOMER_TEXT.create })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: CUSTOMER_TEXT.create }));
    for (const message of [
      CUSTOMER_TEXT.emailRequired,
      CUSTOMER_TEXT.firstNameRequired,
      CUSTOMER_TEXT.lastNameRequired,
      CUSTOMER_TEXT.companyNameRequired,
    ]) {
      expect(await screen.findByText(message, exact)).toBeInTheDocument();
    }
    expect(screen.getByText('email  is required.', exact)).toBeInTheDocument();
    expect(screen.getByText('last name  is required.', exact)).toBeInTheDocument();
    expect(screen.getByText('company name  is required.', exact)).toBeInTheDocument();
    expect(screen.getByText('first name is required.', exact)).toBeInTheDocument();
    expect(fn).not.toHaveBeenCalled();
  });

  it('shows a server error for the subdomain beside the Subdomain field', async () => {
    mockFetch(() => ({
      status: 422,
      body: { message: 'The given data was invalid.', errors: { name: [CUSTOMER_TEXT.slugTaken] } },
    }));
    renderNew();
    const user = await fillValid();
    await user.click(screen.getByRole('button', { name: CUSTOMER_TEXT.create }));
    const subdomain = screen.getByLabelText('Subdomain');
    await waitFor(() => expect(subdomain).toHaveAttribute('aria-invalid', 'true'));
    expect(subdomain).toHaveAccessibleDescription(expect.stringContaining(CUSTOMER_TEXT.slugTaken));
    // Nothing else was marked wrong, and no general alert repeats it.
    expect(screen.getByLabelText('Company Name')).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('postcode input keeps digits only, four at most', async () => {
    mockFetch(() => ({ status: 500 }));
    renderNew();
    const postcode = screen.getByLabelText('Postcode');
    await userEvent.type(postcode, 'ab1x2-3c45');
    expect(postcode).toHaveValue('1234');
  });

  it('previews the company address from the subdomain', async () => {
    mockFetch(() => ({ status: 500 }));
    renderNew();
    await userEvent.type(screen.getByLabelText('Subdomain'), 'acme');
    expect(screen.getByTestId('subdomain-preview')).toHaveTextContent(`acme.${window.location.host}`);
  });

  it('rejects a file that is not a jpg or png', async () => {
    mockFetch(() => ({ status: 500 }));
    renderNew();
    const file = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    await userEvent.upload(screen.getByLabelText('Logo'), file, { applyAccept: false });
    expect(await screen.findByText(IMAGE_TYPE_MESSAGE)).toBeInTheDocument();
  });

  it('sends every field as multipart with the flags as 1/0 and the logo, then goes to the list', async () => {
    const { calls } = mockFetch(() => ({ status: 201, body: { id: '00000000-0000-4000-8000-00000000cccc' } }));
    renderNew();
    const user = await fillValid();
    await user.click(screen.getByRole('switch', { name: 'Project Manager flag on staff form' }));
    await user.upload(
      screen.getByLabelText('Logo'),
      new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' }),
    );
    await user.click(screen.getByRole('button', { name: CUSTOMER_TEXT.create }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/customers'));
    expect(calls[0]).toMatchObject({
      url: '/api/customers',
      method: 'POST',
      headers: { 'x-siteflow-csrf': '1' },
      body: {
        customer_name: 'Acme Fitouts',
        name: 'acme',
        email: 'boss@acme.test',
        state: 'QLD',
        postcode: '4000',
        staff_pm_flag: '1',
        staff_system_emails: '0',
      },
    });
    expect((calls[0]!.body as Record<string, unknown>).file).toBeInstanceOf(File);
  });

  it('editing loads the customer, fills the form and saves with PUT', async () => {
    const customer: CustomerView = {
      id: '00000000-0000-4000-8000-00000000dddd',
      customer_name: 'Demo Constructions',
      name: 'demo',
      email: 'olivia@demo.test',
      first_name: 'Olivia',
      last_name: 'Nguyen',
      phone: '0412 555 000',
      position: 'Ops',
      address: '1 Demo St',
      suburb: 'Brisbane',
      state: 'QLD',
      postcode: '4000',
      staff_pm_flag: true,
      staff_system_emails: false,
      logo_path: null,
      url: 'http://demo.localhost:3000',
      created_at: '2026-01-01T00:00:00.000Z',
    };
    const { calls } = mockFetch((call) => (call.method === 'GET' ? { body: customer } : { body: customer }));
    renderScreen(<CustomerEditScreen />, {
      session: platformSession(),
      route: `/customers/${customer.id}/edit`,
      path: '/customers/:id/edit',
    });
    expect(await screen.findByDisplayValue('Demo Constructions')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Project Manager flag on staff form' })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: CUSTOMER_TEXT.save }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url).toBe(`/api/customers/${customer.id}`);
    expect(put.body).toMatchObject({ customer_name: 'Demo Constructions', staff_pm_flag: '1' });
  });
});
