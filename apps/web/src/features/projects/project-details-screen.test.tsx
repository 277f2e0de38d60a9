import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it } from 'vitest';
import { PROJECT_TEXT, type ProjectView, type SessionView } from '@siteflow/core';
import { mockFetch, renderScreen, tenantSession, type FetchCall } from '../../test/render';
import { DATE_CHANGE_TITLE } from './components/date-change-modal';
import { EDIT_LABELS, ProjectDetailsScreen } from './project-details-screen';
import { createData, JACK, MANAGERS, project } from './test-fixtures';

// Notifications live in a module-level store: do not let one test's toast reach the next.
afterEach(() => notifications.clean());

type Reply = { status?: number; body?: unknown };
const SLOW = 60_000;
const staffSession = () =>
  tenantSession([
    'projects.view',
    'projects.create',
    'projects.edit',
    'projects.delete',
    'projectLinks.manage',
    'clients.view',
    'clients.quickAdd',
  ]);
function providerSession(): SessionView {
  const s = tenantSession(['projects.view']);
  return { ...s, user: { ...s.user!, role: 'sp_admin' } };
}

/** The details screen over a fake API; `onPut` answers section saves (default: echo a saved project). */
function renderDetails(
  view: ProjectView = project(),
  { onPut, session = staffSession() }: { onPut?: (call: FetchCall) => Reply; session?: SessionView } = {},
) {
  let current = view;
  const fetch = mockFetch((call) => {
    if (call.url === `/api/projects/${view.id}` && call.method === 'GET') return { body: current };
    if (call.url === '/api/projects/create-data') return { body: createData() };
    const am = /^\/api\/clients\/([^/]+)\/account-managers$/.exec(call.url);
    if (am) return { body: { items: MANAGERS[am[1]!] ?? [] } };
    if (call.url.startsWith('/api/projects/lookup')) return { body: { items: [] } };
    if (call.url.startsWith('/api/project-links') || call.url.includes('/links'))
      return { body: { items: [], total: 0, page: 1, pageSize: 10 } };
    if (call.method === 'PUT') {
      if (onPut) return onPut(call);
      const body = call.body as Record<string, unknown>;
      if (call.url.endsWith('/details')) current = { ...current, name: String(body.name) };
      return { body: current };
    }
    return { status: 404, body: { message: 'Not found.' } };
  });
  renderScreen(<ProjectDetailsScreen />, { session, route: `/projects/${view.id}/show`, path: '/projects/:id/show' });
  return fetch;
}

/** A section save refused with these field errors. */
const refused = (errors: Record<string, string[]>) => (): Reply => ({
  status: 422,
  body: { message: 'The given data was invalid.', errors },
});

/** Opens a section's form with its pencil; returns the user to go on with. */
async function editSection(section: keyof typeof EDIT_LABELS) {
  const user = userEvent.setup({ delay: null });
  await user.click(await screen.findByRole('button', { name: EDIT_LABELS[section] }));
  return user;
}

const pencils = () =>
  screen.queryAllByRole('button', { name: /^Edit (details|services|client information|location)$/ });

describe('Project details screen', () => {
  it('shows the sections, the status and the details with formatted dates', async () => {
    renderDetails();
    expect(await screen.findByRole('heading', { name: 'PRJ-00061 · Kitchen fit-out' })).toBeInTheDocument();
    for (const heading of [
      'Details',
      'Linked Projects',
      'Tags / Service Category / Service Details',
      'Client Information',
      'Location of Work',
      'Date Change History',
    ])
      expect(screen.getByRole('heading', { name: heading })).toBeInTheDocument();
    expect(screen.getByTestId('project-status')).toHaveTextContent('Order');
    expect(screen.getByText('Saturday, 21st November 2026 8:00 AM')).toBeInTheDocument();
    expect(screen.getByText('Saturday, 21st November 2026 5:00 PM')).toBeInTheDocument();
    const link = screen.getByRole('link', { name: /PRJ-00055 \(LED lighting retrofit\)/ });
    expect(link).toHaveAttribute('href', '/projects/55/show');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(pencils()).toHaveLength(4);
  });

  it('shows the Completed Date only for completed and closed projects', async () => {
    renderDetails(project({ status: 'scheduled' }));
    await screen.findByRole('heading', { name: 'Details' });
    expect(screen.queryByText('Completed Date')).not.toBeInTheDocument();
  });

  it.each(['completed', 'closed'] as const)('shows the Completed Date when %s', async (status) => {
    renderDetails(project({ status, completed_on: '2026-11-22T15:30' }));
    expect(await screen.findByText('Completed Date')).toBeInTheDocument();
    expect(screen.getByText('Sunday, 22nd November 2026 3:30 PM')).toBeInTheDocument();
  });

  it('shows Client Comments only when present', async () => {
    renderDetails(project({ client_comments: 'Side gate code 1234' }));
    expect(await screen.findByText('Client Comments')).toBeInTheDocument();
    expect(screen.getByText('Side gate code 1234')).toBeInTheDocument();
  });

  it('hides the pencils, status menu and Delete from a user who may not edit', async () => {
    renderDetails(project({ abilities: { edit: false, delete: false }, allowed_statuses: [] }));
    await screen.findByRole('heading', { name: 'Details' });
    expect(pencils()).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Change status' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('does not render Client Information for service-provider roles', async () => {
    renderDetails(project({ client: null, abilities: { edit: false, delete: false }, allowed_statuses: [] }), {
      session: providerSession(),
    });
    await screen.findByRole('heading', { name: 'Details' });
    expect(screen.queryByRole('heading', { name: 'Client Information' })).not.toBeInTheDocument();
    expect(screen.queryByText('Apple Isle Hospitality')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Location of Work' })).toBeInTheDocument();
  });

  it('opens the profile popup with mailto and tel links, and Escape closes it', async () => {
    renderDetails();
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Olivia Nguyen' }));
    const popup = await screen.findByRole('dialog');
    expect(within(popup).getByRole('link', { name: /olivia\.nguyen@demo\.test/ })).toHaveAttribute(
      'href',
      'mailto:olivia.nguyen@demo.test',
    );
    // The mobile is preferred to the phone.
    expect(within(popup).getByRole('link', { name: /0412 555 101/ })).toHaveAttribute('href', 'tel:0412555101');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Jack Wilson' }));
    expect(await screen.findByRole('link', { name: /07 3000 1234/ })).toHaveAttribute('href', 'tel:0730001234');
  });

  it('edits one section at a time: the pencils hide while a section is edited', async () => {
    renderDetails();
    const user = await editSection('details');
    expect(await screen.findByLabelText('Project Name')).toHaveValue('Kitchen fit-out');
    expect(pencils()).toHaveLength(0);
    expect(screen.getAllByRole('button', { name: 'Save' })).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(pencils()).toHaveLength(4));
  });

  it('Cancel restores the copy taken when editing began', async () => {
    const { calls } = renderDetails();
    const user = await editSection('details');
    const name = await screen.findByLabelText('Project Name');
    await user.clear(name);
    await user.type(name, 'Something else');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Kitchen fit-out', { selector: 'dd' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: EDIT_LABELS.details }));
    expect(await screen.findByLabelText('Project Name')).toHaveValue('Kitchen fit-out');
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });

  it('a failed save shows the field errors and the mandatory message', async () => {
    renderDetails(project(), {
      onPut: refused({ name: ['The name is taken.'] }),
    });
    const user = await editSection('details');
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PROJECT_TEXT.mandatory);
    expect(screen.getByText('Ensure all manadatory fields have been provided.')).toBeInTheDocument();
    expect(screen.getByLabelText('Project Name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('The name is taken.')).toBeInTheDocument();
  });

  it('pressing Save leaves focus in the field, so the blur error cannot move Save from under the pointer', async () => {
    renderDetails();
    const user = await editSection('details');
    const name = await screen.findByLabelText('Project Name');
    await user.clear(name);
    name.focus();
    const save = screen.getByRole('button', { name: 'Save' });
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    // A pointer press that would move focus (and blur the field) is cancelled: fireEvent returns false.
    expect(fireEvent.mouseDown(save)).toBe(false);
    expect(fireEvent.mouseDown(cancel)).toBe(false);
    expect(name).toHaveFocus();
    expect(screen.queryByText(PROJECT_TEXT.nameRequired)).not.toBeInTheDocument();
    // The click then lands on Save: the field error and the general message together.
    await user.click(save);
    expect(await screen.findByRole('alert')).toHaveTextContent(PROJECT_TEXT.mandatory);
    expect(screen.getByLabelText('Project Name')).toHaveAttribute('aria-invalid', 'true');
  });

  it('brings the general message into view when a save fails (Save is at the bottom of the form)', async () => {
    const scrolled: Element[] = [];
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    try {
      renderDetails(project(), {
        onPut: refused({ summary: ['Too long.'] }),
      });
      const user = await editSection('details');
      await user.click(await screen.findByRole('button', { name: 'Save' }));
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(PROJECT_TEXT.mandatory);
      await waitFor(() => expect(scrolled).toContain(alert));
    } finally {
      Element.prototype.scrollIntoView = original;
    }
  });

  it('a failed location save says the same, with the server field errors', async () => {
    renderDetails(project(), {
      onPut: refused({ postcode: ['The postcode must be a number from 0 to 9999.'] }),
    });
    const user = await editSection('location');
    expect(await screen.findByLabelText('Street')).toHaveValue('12 Ann St');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PROJECT_TEXT.mandatory);
    expect(screen.getByLabelText('Postcode')).toHaveAttribute('aria-invalid', 'true');
  });

  it('saves the details without asking when the dates did not change, and returns to view', async () => {
    const { calls } = renderDetails();
    const user = await editSection('details');
    const name = await screen.findByLabelText('Project Name');
    await user.clear(name);
    await user.type(name, 'Kitchen refit');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(pencils()).toHaveLength(4));
    expect(screen.queryByRole('dialog', { name: DATE_CHANGE_TITLE })).not.toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url).toBe('/api/projects/61/details');
    expect(put.body).toMatchObject({
      name: 'Kitchen refit',
      start_date: '2026-11-21T08:00',
      end_date: '2026-11-21T17:00',
      project_administrator_id: '00000000-0000-4000-8000-0000000000aa',
      project_manager_id: JACK,
      linked_projects: [55],
      official_shift: false,
      shift_reason: null,
    });
    expect(await screen.findByRole('heading', { name: 'PRJ-00061 · Kitchen refit' })).toBeInTheDocument();
  });

  it('changing the administrator shows the reassignment notice', async () => {
    renderDetails();
    const user = await editSection('details');
    await screen.findByLabelText('Project Name');
    expect(screen.queryByText(PROJECT_TEXT.adminChangeNotice)).not.toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Project Administrator' }));
    await user.click(await screen.findByRole('option', { name: 'Mia Thompson' }));
    expect(screen.getByText(PROJECT_TEXT.adminChangeNotice)).toBeInTheDocument();
  });

  describe('date-change modal', () => {
    async function changeDateAndSave() {
      const rendered = renderDetails();
      const user = await editSection('details');
      const start = await screen.findByLabelText('Start Date');
      await user.clear(start);
      await user.type(start, '2026-11-21T07:30');
      await user.click(screen.getByRole('button', { name: 'Save' }));
      const dialog = await screen.findByRole('dialog', { name: DATE_CHANGE_TITLE });
      expect(within(dialog).getByText(PROJECT_TEXT.dateChangeQuestion)).toBeInTheDocument();
      expect(within(dialog).getByLabelText('Reason')).toHaveValue(PROJECT_TEXT.defaultShiftReason);
      return { ...rendered, user, dialog };
    }
    const putBody = async (calls: FetchCall[]) => {
      await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
      return calls.find((c) => c.method === 'PUT')!.body as Record<string, unknown>;
    };

    it('Yes records an official shift with the reason', async () => {
      const { calls, user, dialog } = await changeDateAndSave();
      const reason = within(dialog).getByLabelText('Reason');
      await user.clear(reason);
      await user.type(reason, 'Client request');
      await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
      expect(await putBody(calls)).toMatchObject({
        start_date: '2026-11-21T07:30',
        official_shift: true,
        shift_reason: 'Client request',
      });
    });

    it('Yes keeps the default reason', async () => {
      const { calls, user, dialog } = await changeDateAndSave();
      await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
      expect(await putBody(calls)).toMatchObject({
        official_shift: true,
        shift_reason: PROJECT_TEXT.defaultShiftReason,
      });
    });

    it('No records no shift and clears the reason', async () => {
      const { calls, user, dialog } = await changeDateAndSave();
      await user.click(within(dialog).getByRole('button', { name: 'No' }));
      expect(await putBody(calls)).toMatchObject({ official_shift: false, shift_reason: null });
    });

    it('closing the question is a No', async () => {
      const { calls, user, dialog } = await changeDateAndSave();
      await user.click(within(dialog).getByRole('button', { name: 'Close dialog' }));
      expect(await putBody(calls)).toMatchObject({ official_shift: false, shift_reason: null });
    });
  });

  describe('site contacts', () => {
    it('pages the saved contacts one at a time', async () => {
      renderDetails();
      const user = userEvent.setup({ delay: null });
      const indicator = await screen.findByTestId('contact-indicator');
      expect(indicator).toHaveTextContent('1 / 2');
      expect(screen.getByText('Sam Site')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Next contact' }));
      expect(indicator).toHaveTextContent('2 / 2');
      expect(screen.getByText('Pat Second')).toBeInTheDocument();
      expect(screen.queryByText('Sam Site')).not.toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Next contact' }));
      expect(indicator).toHaveTextContent('1 / 2');
    });

    it("says 'No Site Contacts Saved' when there are none", async () => {
      renderDetails(project({ site_contacts: [] }));
      expect(await screen.findByText(PROJECT_TEXT.noSiteContacts)).toBeInTheDocument();
    });

    it(
      'edits contacts: Add Contact marks New, Remove Contact while more than one; the saved list replaces it',
      async () => {
        const saved = project({
          site_contacts: [
            ...project().site_contacts,
            {
              id: '00000000-0000-4000-8000-000000005c03',
              name: 'Third',
              position: null,
              email: null,
              phone: null,
              note: null,
            },
          ],
        });
        const { calls } = renderDetails(project(), { onPut: () => ({ body: saved }) });
        const user = await editSection('other');
        const indicator = await screen.findByTestId('contact-indicator');
        expect(indicator).toHaveTextContent('1 / 2');
        expect(screen.queryByText(PROJECT_TEXT.newContact)).not.toBeInTheDocument();
        expect(screen.getByRole('button', { name: PROJECT_TEXT.removeContact })).toBeInTheDocument();
        await user.click(screen.getByRole('button', { name: PROJECT_TEXT.addContact }));
        expect(indicator).toHaveTextContent('3 / 3');
        expect(screen.getByText(PROJECT_TEXT.newContact)).toBeInTheDocument();
        await user.type(screen.getByLabelText('Name', { selector: 'input' }), 'Third');
        await user.click(screen.getByRole('button', { name: 'Previous contact' }));
        expect(screen.queryByText(PROJECT_TEXT.newContact)).not.toBeInTheDocument();
        // Remove the second saved contact, then the new one: one is left, without Remove.
        await user.click(screen.getByRole('button', { name: PROJECT_TEXT.removeContact }));
        expect(indicator).toHaveTextContent('2 / 2');
        expect(screen.getByLabelText('Name', { selector: 'input' })).toHaveValue('Third');
        await user.click(screen.getByRole('button', { name: PROJECT_TEXT.removeContact }));
        expect(indicator).toHaveTextContent('1 / 1');
        expect(screen.queryByRole('button', { name: PROJECT_TEXT.removeContact })).not.toBeInTheDocument();
        await user.click(screen.getByRole('button', { name: PROJECT_TEXT.addContact }));
        await user.type(screen.getByLabelText('Name', { selector: 'input' }), 'Third');
        await user.click(screen.getByRole('button', { name: 'Save' }));
        await waitFor(() => expect(pencils()).toHaveLength(4));
        const put = calls.find((c) => c.method === 'PUT')!;
        expect(put.url).toBe('/api/projects/61/other');
        expect(put.body).toEqual({
          client_id: project().client!.id,
          client_order_reference: 'PO-7788',
          account_manager_id: project().account_manager!.id,
          site_contacts: [
            { name: 'Sam Site', position: 'Foreman', email: null, phone: '0400 000 111', note: null },
            { name: 'Third', position: null, email: null, phone: null, note: null },
          ],
        });
        // The response's list is shown now.
        expect(await screen.findByTestId('contact-indicator')).toHaveTextContent('1 / 3');
      },
      SLOW,
    );

    it(
      "changing the client clears an account manager who is not the new client's",
      async () => {
        renderDetails();
        const user = await editSection('other');
        const am = await screen.findByRole('combobox', { name: 'Account Manager' });
        await waitFor(() => expect(am).toHaveValue('Fiona Blackwood'));
        await user.click(screen.getByRole('combobox', { name: 'Trading Name' }));
        await user.click(await screen.findByRole('option', { name: 'Bayside Cafes' }));
        await waitFor(() => expect(am).toHaveValue(''));
        await user.click(screen.getByRole('button', { name: 'Save' }));
        expect(await screen.findByText(PROJECT_TEXT.accountManagerRequired)).toBeInTheDocument();
        expect(screen.getByRole('alert')).toHaveTextContent(PROJECT_TEXT.mandatory);
      },
      SLOW,
    );
  });

  it('a services save failure shows the server message', async () => {
    renderDetails(project(), {
      onPut: refused({ services: [PROJECT_TEXT.serviceNotInCategories] }),
    });
    const user = await editSection('services');
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The given data was invalid.');
    expect(screen.getByText(PROJECT_TEXT.serviceNotInCategories)).toBeInTheDocument();
  });

  it('a missing project shows the server message without a retry', async () => {
    mockFetch(() => ({ status: 404, body: { message: 'The project was not found.' } }));
    renderScreen(<ProjectDetailsScreen />, {
      session: staffSession(),
      route: '/projects/9/show',
      path: '/projects/:id/show',
    });
    expect(await screen.findByText('The project was not found.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('a failure without a message shows the spec text and a retry', async () => {
    mockFetch(() => ({ status: 500, body: '' }));
    renderScreen(<ProjectDetailsScreen />, {
      session: staffSession(),
      route: '/projects/9/show',
      path: '/projects/:id/show',
    });
    expect(await screen.findByText(PROJECT_TEXT.detailsLoadFailed)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('deletes after confirmation and goes to the returned address', async () => {
    const { calls } = mockFetch((call) =>
      call.method === 'DELETE'
        ? { body: { message: PROJECT_TEXT.deleted, redirect_url: '/projects' } }
        : call.url === '/api/projects/61'
          ? { body: project() }
          : { body: { items: [], total: 0, page: 1, pageSize: 10 } },
    );
    renderScreen(<ProjectDetailsScreen />, {
      session: staffSession(),
      route: '/projects/61/show',
      path: '/projects/:id/show',
    });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete project?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/projects'));
    expect(calls.find((c) => c.method === 'DELETE')!.url).toBe('/api/projects/61');
  });

  it('changes the status after confirmation; completing sends the completion time', async () => {
    const { calls } = renderDetails(project({ status: 'scheduled', allowed_statuses: ['completed', 'on_hold'] }), {
      onPut: () => ({
        body: project({ status: 'completed', completed_on: '2026-11-22T15:30', allowed_statuses: ['closed'] }),
      }),
    });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Change status' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Completed' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change status to Completed?' });
    const when = within(dialog).getByLabelText('Completed Date');
    await user.clear(when);
    await user.type(when, '2026-11-22T15:30');
    await user.click(within(dialog).getByRole('button', { name: 'Change status' }));
    await waitFor(() => expect(screen.getByTestId('project-status')).toHaveTextContent('Completed'));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url).toBe('/api/projects/61/status');
    expect(put.body).toEqual({ status: 'completed', completed_on: '2026-11-22T15:30' });
    expect(screen.getByText('Completed Date')).toBeInTheDocument();
  });
});
