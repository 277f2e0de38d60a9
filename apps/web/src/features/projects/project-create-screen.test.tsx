import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it } from 'vitest';
import { CLIENT_TEXT, companyDay, PROJECT_TEXT } from '@siteflow/core';
import { mockFetch, renderScreen, tenantSession, type FetchCall } from '../../test/render';
import { UNSAVED_CHANGES_TEXT } from '../../ui/unsaved-changes';
import { ProjectCreateScreen } from './project-create-screen';
import {
  AM_A,
  CAT_ELEC,
  CAT_FIRE,
  CLIENT_A,
  CLIENT_B,
  createData,
  INSTALLATION,
  manager,
  MANAGERS,
  ME,
  SVC_LIGHTING,
  SVC_SPRINKLERS,
} from './test-fixtures';

afterEach(() => notifications.clean());

type Reply = { status?: number; body?: unknown };
/** Filling the whole form in the test DOM takes a while on a busy machine. */
const SLOW = 60_000;
const session = () =>
  tenantSession(['projects.view', 'projects.create', 'projects.edit', 'clients.view', 'clients.quickAdd']);

function renderCreate(
  onPost: (call: FetchCall) => Reply = () => ({ status: 201, body: created }),
  data = createData(),
  abilities?: string[],
) {
  const managers = structuredClone(MANAGERS);
  const fetch = mockFetch((call) => {
    if (call.url === '/api/projects/create-data') return { body: data };
    const am = /^\/api\/clients\/([^/]+)\/account-managers$/.exec(call.url);
    if (am && call.method === 'GET') return { body: { items: managers[am[1]!] ?? [] } };
    if (am && call.method === 'POST') {
      const added = manager('00000000-0000-4000-8000-00000000d0ff', 'Nina New');
      (managers[am[1]!] ??= []).push(added);
      return { status: 201, body: added };
    }
    if (call.url.startsWith('/api/projects/lookup')) return { body: { items: [] } };
    if (call.url.startsWith('/api/geo/')) return { body: { items: [], state: null } };
    if (call.url === '/api/projects' && call.method === 'POST') return onPost(call);
    return { status: 404, body: { message: 'Not found.' } };
  });
  renderScreen(<ProjectCreateScreen />, {
    session: abilities ? tenantSession(abilities as Parameters<typeof tenantSession>[0]) : session(),
    route: '/projects/new',
    path: '/projects/new',
  });
  return fetch;
}
/** The form, once it is shown, with the requests made and a user to fill it. */
async function openForm(onPost?: (call: FetchCall) => Reply) {
  const { calls } = renderCreate(onPost);
  const user = userEvent.setup({ delay: null });
  await screen.findByLabelText('Project Name');
  return { calls, user };
}

const created = { id: 77, project_code: 'PRJ-00077', redirect_url: '/projects/77/show', message: PROJECT_TEXT.created };

/** Types a value at once (a paste), so a large form is not re-rendered per key. */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, value: string) {
  await user.click(field);
  await user.paste(value);
}

async function choose(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await fill(user, screen.getByLabelText('Project Name'), 'Kitchen fit-out');
  await choose(user, 'Service Category', 'Electrical');
  await user.keyboard('{Escape}');
  await choose(user, 'Services Details', 'Lighting');
  await user.keyboard('{Escape}');
  await fillClientAndPlace(user);
}

/** The required fields after the services: client, order reference, account manager, site contact, address. */
async function fillClientAndPlace(user: ReturnType<typeof userEvent.setup>) {
  await choose(user, 'Trading Name', 'Apple Isle Hospitality');
  await fill(user, screen.getByLabelText('Order Reference'), 'PO-1');
  await choose(user, 'Account Manager', 'Fiona Blackwood');
  await fill(user, screen.getByLabelText('Name', { selector: 'input' }), 'Sam Site');
  await fill(user, screen.getByLabelText('Street'), '12 Ann St');
  await fill(user, screen.getByLabelText('City/Suburb'), 'Fortitude Valley');
  await choose(user, 'State', 'QLD');
  await fill(user, screen.getByLabelText('Postcode'), '4006');
}

describe('Project creation page', () => {
  it('defaults the people to the current user and the classification to Installation', async () => {
    renderCreate();
    expect(await screen.findByRole('combobox', { name: 'Project Administrator' })).toHaveValue('Olivia Nguyen');
    expect(screen.getByRole('combobox', { name: 'Project Manager' })).toHaveValue('Olivia Nguyen');
    expect(screen.getByRole('combobox', { name: 'Sales Representative' })).toHaveValue('Olivia Nguyen');
    expect(screen.getByRole('combobox', { name: 'Classification' })).toHaveValue('Installation');
    expect(screen.getByRole('radio', { name: 'Master' })).toBeChecked();
    // Administrator and manager cannot be cleared.
    expect(screen.queryByRole('button', { name: /clear project (administrator|manager)/i })).not.toBeInTheDocument();
  });

  it('a new company with no clients or service categories is told so under the fields, with where to add them', async () => {
    const empty = { ...createData(), clients: [], categories: [], category_services: [] };
    renderCreate(undefined, empty, [
      'projects.view',
      'projects.create',
      'clients.view',
      'clients.manage',
      'reference.manage',
    ]);
    const category = await screen.findByRole('combobox', { name: 'Service Category' });
    expect(category).toHaveAccessibleDescription(/There are no service categories yet\./);
    expect(screen.getByRole('link', { name: 'Add them under Categories & services' })).toHaveAttribute(
      'href',
      '/reference/categories',
    );
    expect(screen.getByRole('combobox', { name: 'Trading Name' })).toHaveAccessibleDescription(
      /There are no clients yet\./,
    );
    expect(screen.getByRole('link', { name: 'Create a client' })).toHaveAttribute('href', '/clients/new');
  });

  it('a user who may not add clients or categories is told whom to ask', async () => {
    renderCreate(undefined, { ...createData(), clients: [], categories: [], category_services: [] });
    await screen.findByRole('combobox', { name: 'Service Category' });
    expect(screen.queryByRole('link', { name: 'Create a client' })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Trading Name' })).toHaveAccessibleDescription(
      'There are no clients yet. Ask a company admin to add them.',
    );
  });

  it('empty submit shows the exact required messages and sends nothing', async () => {
    const { calls } = renderCreate();
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    for (const message of [
      PROJECT_TEXT.nameRequired,
      PROJECT_TEXT.categoriesRequired,
      PROJECT_TEXT.servicesRequired,
      PROJECT_TEXT.clientRequired,
      PROJECT_TEXT.orderReferenceRequired,
      PROJECT_TEXT.accountManagerRequired,
      PROJECT_TEXT.siteContactNameRequired,
      PROJECT_TEXT.streetRequired,
      PROJECT_TEXT.suburbRequired,
      PROJECT_TEXT.stateRequired,
      PROJECT_TEXT.postcodeRequired,
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(screen.getByLabelText('Project Name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent(PROJECT_TEXT.mandatory);
    expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
  });

  it("'Auto Fill Today' sets 08:00 to 17:00 today, the company's day", async () => {
    renderCreate();
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: PROJECT_TEXT.autoFillToday }));
    const today = companyDay(new Date());
    expect(screen.getByLabelText('Start Date')).toHaveValue(`${today}T08:00`);
    expect(screen.getByLabelText('End Date')).toHaveValue(`${today}T17:00`);
  });

  it(
    'offers only the services of the chosen categories, and removing a category prunes its services',
    async () => {
      const { calls, user } = await openForm(() => ({ status: 500, body: { message: 'Down.' } }));
      await choose(user, 'Service Category', 'Electrical');
      await choose(user, 'Service Category', 'Fire');
      await user.keyboard('{Escape}');
      await user.click(screen.getByRole('combobox', { name: 'Services Details' }));
      const offered = (await screen.findAllByRole('option')).map((o) => o.textContent);
      expect(offered).toEqual(['Lighting', 'Sprinklers', 'Wiring']);
      await user.click(screen.getByRole('option', { name: 'Lighting' }));
      await user.click(screen.getByRole('option', { name: 'Sprinklers' }));
      await user.keyboard('{Escape}');
      // Remove the Electrical pill: Lighting goes with it, Sprinklers stays.
      const categories = screen
        .getByRole('combobox', { name: 'Service Category' })
        .closest('.mantine-MultiSelect-root')!;
      const electrical = within(categories as HTMLElement)
        .getByText('Electrical')
        .closest('.mantine-Pill-root')!;
      await user.click(within(electrical as HTMLElement).getByRole('button', { hidden: true }));
      await fillRest(user);
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
      const body = calls.find((c) => c.method === 'POST')!.body as Record<string, unknown>;
      expect(body.categories).toEqual([CAT_FIRE]);
      expect(body.services).toEqual([SVC_SPRINKLERS]);
    },
    SLOW,
  );

  async function fillRest(user: ReturnType<typeof userEvent.setup>) {
    await fill(user, screen.getByLabelText('Project Name'), 'Kitchen fit-out');
    await fillClientAndPlace(user);
  }

  it(
    "changing the client clears the account manager and offers the new client's managers",
    async () => {
      const { user } = await openForm();
      expect(screen.getByRole('button', { name: PROJECT_TEXT.quickAdd })).toBeDisabled();
      await choose(user, 'Trading Name', 'Apple Isle Hospitality');
      await choose(user, 'Account Manager', 'Fiona Blackwood');
      expect(screen.getByLabelText('Account Manager Email')).toHaveValue('fiona@appleisle.test');
      await choose(user, 'Trading Name', 'Bayside Cafes');
      await waitFor(() => expect(screen.getByRole('combobox', { name: 'Account Manager' })).toHaveValue(''));
      expect(screen.getByLabelText('Account Manager Email')).toHaveValue('');
      await user.click(screen.getByRole('combobox', { name: 'Account Manager' }));
      expect(await screen.findByRole('option', { name: 'Ben Harbour' })).toBeInTheDocument();
      expect(screen.queryByRole('option', { name: 'Fiona Blackwood' })).not.toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'Quick Add creates a manager of the client and selects it',
    async () => {
      const { calls, user } = await openForm();
      await choose(user, 'Trading Name', 'Bayside Cafes');
      await user.click(screen.getByRole('button', { name: PROJECT_TEXT.quickAdd }));
      const dialog = await screen.findByRole('dialog', { name: 'Quick Add Account Manager' });
      await user.click(within(dialog).getByRole('button', { name: 'Add Account Manager' }));
      expect(await within(dialog).findByText(CLIENT_TEXT.firstNameRequired)).toBeInTheDocument();
      expect(within(dialog).getByText(CLIENT_TEXT.mobileRequired)).toBeInTheDocument();
      await fill(user, within(dialog).getByLabelText('First Name'), 'Nina');
      await fill(user, within(dialog).getByLabelText('Last Name'), 'New');
      await fill(user, within(dialog).getByLabelText('Email'), 'nina@bayside.test');
      await fill(user, within(dialog).getByLabelText('Mobile'), '0400 999 888');
      await user.click(within(dialog).getByRole('button', { name: 'Add Account Manager' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      const post = calls.find((c) => c.method === 'POST')!;
      expect(post.url).toBe(`/api/clients/${CLIENT_B}/account-managers`);
      expect(post.body).toEqual({
        first_name: 'Nina',
        last_name: 'New',
        email: 'nina@bayside.test',
        mobile: '0400 999 888',
      });
      await waitFor(() => expect(screen.getByRole('combobox', { name: 'Account Manager' })).toHaveValue('Nina New'));
      // The outer form was not submitted by the modal's form.
      expect(calls.filter((c) => c.url === '/api/projects')).toHaveLength(0);
    },
    SLOW,
  );

  it(
    'pages the site contacts one at a time; Remove Contact only with more than one',
    async () => {
      const { user } = await openForm();
      expect(screen.getByTestId('contact-indicator')).toHaveTextContent('1 / 1');
      expect(screen.queryByRole('button', { name: PROJECT_TEXT.removeContact })).not.toBeInTheDocument();
      await fill(user, screen.getByLabelText('Name', { selector: 'input' }), 'First');
      await user.click(screen.getByRole('button', { name: PROJECT_TEXT.addContact }));
      expect(screen.getByTestId('contact-indicator')).toHaveTextContent('2 / 2');
      expect(screen.getByLabelText('Name', { selector: 'input' })).toHaveValue('');
      await fill(user, screen.getByLabelText('Name', { selector: 'input' }), 'Second');
      await user.click(screen.getByRole('button', { name: 'Previous contact' }));
      expect(screen.getByTestId('contact-indicator')).toHaveTextContent('1 / 2');
      expect(screen.getByLabelText('Name', { selector: 'input' })).toHaveValue('First');
      await user.click(screen.getByRole('button', { name: PROJECT_TEXT.removeContact }));
      expect(screen.getByTestId('contact-indicator')).toHaveTextContent('1 / 1');
      expect(screen.getByLabelText('Name', { selector: 'input' })).toHaveValue('Second');
      expect(screen.queryByRole('button', { name: PROJECT_TEXT.removeContact })).not.toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'server errors: messages under the fields, red outline, site contact shown, alert, people kept',
    async () => {
      const { user } = await openForm(() => ({
        status: 422,
        body: {
          message: 'The given data was invalid.',
          errors: {
            name: ['The project name is not allowed.'],
            client_am: [PROJECT_TEXT.accountManagerInvalid],
            postcode: ['The postcode must be a number from 0 to 9999.'],
            'site_contacts.1.email': ['The email must be a valid email address.'],
          },
        },
      }));
      await choose(user, 'Project Manager', 'Jack Wilson');
      await fillValid(user);
      await user.click(screen.getByRole('button', { name: PROJECT_TEXT.addContact }));
      await fill(user, screen.getByLabelText('Name', { selector: 'input' }), 'Second');
      await user.click(screen.getByRole('button', { name: 'Previous contact' }));
      await user.click(screen.getByRole('button', { name: 'Save' }));

      const name = screen.getByLabelText('Project Name');
      await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
      expect(name).toHaveAccessibleDescription('The project name is not allowed.');
      expect(screen.getByRole('combobox', { name: 'Account Manager' })).toHaveAttribute('aria-invalid', 'true');
      expect(screen.getByText(PROJECT_TEXT.accountManagerInvalid)).toBeInTheDocument();
      expect(screen.getByLabelText('Postcode')).toHaveAttribute('aria-invalid', 'true');
      // The carousel moved to the contact with the error.
      expect(screen.getByTestId('contact-indicator')).toHaveTextContent('2 / 2');
      expect(screen.getByLabelText('Email', { selector: 'input' })).toHaveAttribute('aria-invalid', 'true');
      expect(screen.getByRole('alert')).toHaveTextContent(PROJECT_TEXT.mandatory);
      // Nothing was reset: the people chosen are still chosen.
      expect(screen.getByRole('combobox', { name: 'Project Manager' })).toHaveValue('Jack Wilson');
      expect(screen.getByLabelText('Street')).toHaveValue('12 Ann St');
      expect(screen.getByLabelText('Street')).not.toHaveAttribute('aria-invalid', 'true');
    },
    SLOW,
  );

  it(
    'submits the creation payload and goes to the returned address',
    async () => {
      const { calls, user } = await openForm();
      await fillValid(user);
      await user.click(screen.getByRole('button', { name: 'Save' }));
      // Saved: the form goes to the new project without asking about unsaved changes.
      await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/projects/77/show'));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      const post = calls.find((c) => c.url === '/api/projects')!;
      expect(post.method).toBe('POST');
      expect(post.headers['x-siteflow-csrf']).toBe('1');
      expect(post.body).toEqual({
        name: 'Kitchen fit-out',
        start_date: null,
        end_date: null,
        project_manager: ME,
        project_administrator: ME,
        project_sales_representative: ME,
        classification: INSTALLATION,
        client: CLIENT_A,
        client_am: AM_A,
        client_comments: null,
        order_reference: 'PO-1',
        summary: null,
        linked_project_type: 'master',
        linked_projects: [],
        categories: [CAT_ELEC],
        services: [SVC_LIGHTING],
        tags: [],
        street: '12 Ann St',
        suburb: 'Fortitude Valley',
        state: 'QLD',
        postcode: '4006',
        country: 'Australia',
        site_contact_name: 'Sam Site',
        site_contacts: [{ name: 'Sam Site', position: null, email: null, phone: null, note: null }],
      });
    },
    SLOW,
  );

  it('Cancel goes to the project list', async () => {
    renderCreate();
    expect(await screen.findByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/projects');
  });

  it('asks before Cancel leaves what was typed: Stay keeps it, Leave goes to the list', async () => {
    const { user } = await openForm();
    await fill(user, screen.getByLabelText('Project Name'), 'Kitchen fit-out');
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: UNSAVED_CHANGES_TEXT.title });
    await user.click(within(dialog).getByRole('button', { name: UNSAVED_CHANGES_TEXT.stay }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByLabelText('Project Name')).toHaveValue('Kitchen fit-out');

    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    const again = await screen.findByRole('dialog', { name: UNSAVED_CHANGES_TEXT.title });
    await user.click(within(again).getByRole('button', { name: UNSAVED_CHANGES_TEXT.leave }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/projects'));
  });

  it('a load failure shows the server message, or the spec text, with a retry', async () => {
    mockFetch(() => ({ status: 500, body: '' }));
    renderScreen(<ProjectCreateScreen />, { session: session(), route: '/projects/new', path: '/projects/new' });
    expect(await screen.findByText(PROJECT_TEXT.createLoadFailed)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
