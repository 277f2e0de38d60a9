import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STAFF_TEXT, type StaffFormOptions, type StaffView } from '@siteflow/core';
import { mockFetch, renderScreen } from '../../test/render';
import { StaffCreateScreen, StaffEditScreen } from './staff-screens';

const ROLES = [
  { label: 'Company Admin', value: 'company_admin' as const },
  { label: 'Company Employee', value: 'company_employee' as const },
];

function options(over: Partial<StaffFormOptions> = {}): StaffFormOptions {
  return {
    roles: ROLES,
    abilities: { change_role: true },
    show_project_manager_flag: false,
    show_system_emails_flag: false,
    ...over,
  };
}

const STAFF: StaffView = {
  id: '00000000-0000-4000-8000-00000000eeee',
  first_name: 'Jack',
  last_name: 'Wilson',
  full_name: 'Jack Wilson',
  email: 'jack.wilson@demo.test',
  phone: '0412 555 102',
  position: 'Project Manager',
  role: 'company_employee',
  is_project_manager: '1',
  notifications: '0',
  address: '2 Demo St',
  suburb: 'Brisbane City',
  state: 'QLD',
  postcode: '4000',
  active: true,
  profile_picture_path: null,
  created_at: '2026-01-01T00:00:00.000Z',
};

function renderCreate(opts: StaffFormOptions) {
  const fetch = mockFetch((call) =>
    call.url.startsWith('/api/staff/form-options')
      ? { body: opts }
      : { status: 201, body: { message: STAFF_TEXT.created, staff: STAFF } },
  );
  renderScreen(<StaffCreateScreen />, { route: '/staff/new', path: '/staff/new' });
  return fetch;
}

function renderEdit(opts: StaffFormOptions) {
  const fetch = mockFetch((call) => {
    if (call.url.startsWith('/api/staff/form-options')) return { body: opts };
    if (call.method === 'GET') return { body: STAFF };
    return { body: { message: STAFF_TEXT.saved, staff: STAFF } };
  });
  renderScreen(<StaffEditScreen />, { route: `/staff/${STAFF.id}/edit`, path: '/staff/:id/edit' });
  return fetch;
}

describe('Staff form', () => {
  it('shows Position (and no role list) when the server supplies no roles', async () => {
    renderCreate(options({ roles: null }));
    expect(await screen.findByLabelText('Position')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Role' })).not.toBeInTheDocument();
  });

  it('shows the role list instead of Position when roles are supplied', async () => {
    renderCreate(options());
    const role = await screen.findByRole('combobox', { name: 'Role' });
    expect(role).toBeEnabled();
    expect(screen.queryByLabelText('Position')).not.toBeInTheDocument();
    await userEvent.click(role);
    expect(await screen.findByRole('option', { name: 'Company Admin' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Company Employee' })).toBeInTheDocument();
  });

  it('disables the role list without permission to change roles', async () => {
    renderEdit(options({ abilities: { change_role: false } }));
    const role = await screen.findByRole('combobox', { name: 'Role' });
    expect(role).toBeDisabled();
    expect(role).toHaveValue('Company Employee');
  });

  it('shows the project-manager and system-email flags only when enabled', async () => {
    renderCreate(options());
    await screen.findByRole('combobox', { name: 'Role' });
    expect(screen.queryByRole('radiogroup', { name: STAFF_TEXT.projectManager })).not.toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: STAFF_TEXT.systemEmails })).not.toBeInTheDocument();
  });

  it('shows both flags when the company has them on, with the saved values', async () => {
    renderEdit(options({ show_project_manager_flag: true, show_system_emails_flag: true }));
    const group = await screen.findByRole('radiogroup', { name: STAFF_TEXT.projectManager });
    expect(group).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Yes' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'No' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: STAFF_TEXT.systemEmails })).not.toBeChecked();
  });

  it('empty submit shows the required messages, including the role', async () => {
    const { calls } = renderCreate(options());
    await userEvent.click(await screen.findByRole('button', { name: STAFF_TEXT.create }));
    expect(await screen.findByText(STAFF_TEXT.firstNameRequired)).toBeInTheDocument();
    expect(screen.getByText(STAFF_TEXT.lastNameRequired)).toBeInTheDocument();
    expect(screen.getByText(STAFF_TEXT.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(STAFF_TEXT.phoneRequired)).toBeInTheDocument();
    expect(screen.getByText('The role field is required.')).toBeInTheDocument();
    expect(screen.getByText(STAFF_TEXT.postcodeRequired)).toBeInTheDocument();
    expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
  });

  it('saves an edit with PUT, keeping the hidden position, and shows server errors beside fields', async () => {
    const { calls } = mockFetch((call) => {
      if (call.url.startsWith('/api/staff/form-options')) return { body: options() };
      if (call.method === 'GET') return { body: STAFF };
      return {
        status: 422,
        body: { message: 'The given data was invalid.', errors: { email: [STAFF_TEXT.emailTaken] } },
      };
    });
    renderScreen(<StaffEditScreen />, { route: `/staff/${STAFF.id}/edit`, path: '/staff/:id/edit' });
    await userEvent.click(await screen.findByRole('button', { name: STAFF_TEXT.save }));
    const email = screen.getByLabelText('Email');
    await waitFor(() => expect(email).toHaveAccessibleDescription(STAFF_TEXT.emailTaken));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url).toBe(`/api/staff/${STAFF.id}`);
    expect(put.body).toMatchObject({
      first_name: 'Jack',
      role: 'company_employee',
      position: 'Project Manager',
      postcode: '4000',
      notifications: '0',
    });
  });

  it('Cancel goes back to the staff list', async () => {
    renderCreate(options());
    expect(await screen.findByRole('link', { name: STAFF_TEXT.cancel })).toHaveAttribute('href', '/staff');
  });
});
