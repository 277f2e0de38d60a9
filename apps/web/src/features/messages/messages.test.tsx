import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { MESSAGE_TEMPLATE_TEXT, type MessageTemplateView } from '@siteflow/core';
import { mockFetch, renderScreen, tenantSession, type FetchCall } from '../../test/render';
import { stubMatchMedia } from '../../test/setup';
import { MessageTemplateListScreen } from './message-template-list-screen';
import { MessageTemplateCreateScreen, MessageTemplateEditScreen } from './message-template-screens';

const session = tenantSession(['messageTemplates.manage', 'projects.view', 'clients.view']);
const ID = '33333333-3333-4333-8333-333333333333';

const sms: MessageTemplateView = {
  id: ID,
  channel: 'sms',
  name: 'On our way',
  subject: null,
  body: 'Hi {{site_contact_name}}',
  status: 'Active',
  client_id: null,
  client_name: null,
  original_template_id: null,
  updated_at: '2026-11-24T00:00:00Z',
};

function serve(onCall?: (call: FetchCall) => { status?: number; body?: unknown } | void) {
  return mockFetch((call) => {
    const answer = onCall?.(call);
    if (answer) return answer;
    if (call.url.startsWith('/api/clients')) return { body: { items: [], total: 0, page: 1, pageSize: 50 } };
    if (call.url.startsWith('/api/projects/lookup'))
      return { body: { items: [{ id: 7, project_code: 'P-7', name: 'Roof' }] } };
    if (call.url.startsWith('/api/message-templates?') || call.url === '/api/message-templates')
      return { body: { items: [sms], total: 1, page: 1, pageSize: 20 } };
    return { body: sms };
  });
}

describe('E-mail & SMS templates', { timeout: 60_000 }, () => {
  beforeEach(() => stubMatchMedia(true));

  it('lists the templates and filters them by channel', async () => {
    const { calls } = serve();
    const user = userEvent.setup({ delay: null });
    renderScreen(<MessageTemplateListScreen />, { session, route: '/message-templates', path: '/message-templates' });
    expect(await screen.findByRole('link', { name: 'On our way' })).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Channel' }));
    await user.click(await screen.findByRole('option', { name: 'SMS' }));
    await waitFor(() => expect(calls.some((c) => c.url.includes('channel=sms'))).toBe(true));
  });

  it('deletes a template after confirmation', async () => {
    const { calls } = serve((call) => (call.method === 'DELETE' ? { body: { message: 'Removed.' } } : undefined));
    const user = userEvent.setup({ delay: null });
    renderScreen(<MessageTemplateListScreen />, { session, route: '/message-templates', path: '/message-templates' });
    await user.click(await screen.findByRole('button', { name: 'Delete On our way' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete On our way?' });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.url === `/api/message-templates/${ID}`)).toBe(true),
    );
  });

  it('creates an SMS: the character count, a variable inserted from the list, and the payload', async () => {
    const { calls } = serve((call) => (call.method === 'POST' ? { status: 201, body: sms } : undefined));
    const user = userEvent.setup({ delay: null });
    renderScreen(<MessageTemplateCreateScreen />, {
      session,
      route: '/message-templates/new',
      path: '/message-templates/new',
    });
    await user.click(screen.getByRole('radio', { name: 'SMS' }));
    expect(screen.queryByRole('textbox', { name: 'Subject' })).not.toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Arriving');
    const body = screen.getByRole('textbox', { name: 'Body' });
    await user.type(body, 'Hello ');
    await user.click(screen.getByRole('button', { name: 'Variables' }));
    await user.click(screen.getByRole('button', { name: /^Insert \{\{project_name\}\}/ }));
    expect(body).toHaveValue('Hello {{project_name}}');
    expect(screen.getByText('22 / 1600 characters')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create template' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      channel: 'sms',
      name: 'Arriving',
      subject: '',
      body: 'Hello {{project_name}}',
      status: 'Active',
      client_id: null,
    });
  });

  it('shows the messages of an empty form and sends nothing', async () => {
    const { calls } = serve();
    const user = userEvent.setup({ delay: null });
    renderScreen(<MessageTemplateCreateScreen />, {
      session,
      route: '/message-templates/new',
      path: '/message-templates/new',
    });
    await user.click(screen.getByRole('radio', { name: 'SMS' }));
    await user.click(screen.getByRole('button', { name: 'Create template' }));
    expect(await screen.findByText(MESSAGE_TEMPLATE_TEXT.nameRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGE_TEMPLATE_TEXT.bodyRequired)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('previews against a project, and says so when the preview fails', async () => {
    let fail = false;
    const { calls } = serve((call) =>
      call.url === '/api/message-templates/preview'
        ? fail
          ? { status: 500, body: { message: 'boom' } }
          : { body: { subject: null, body: 'Hi Sue Site' } }
        : undefined,
    );
    const user = userEvent.setup({ delay: null });
    renderScreen(<MessageTemplateEditScreen />, {
      session,
      route: `/message-templates/${ID}`,
      path: '/message-templates/:id',
    });
    await user.click(await screen.findByRole('combobox', { name: 'Project' }));
    await user.click(await screen.findByRole('option', { name: 'P-7 (Roof)' }));
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('Hi Sue Site')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/message-templates/preview')!.body).toEqual({
      channel: 'sms',
      subject: null,
      body: 'Hi {{site_contact_name}}',
      project_id: 7,
    });
    fail = true;
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText(MESSAGE_TEMPLATE_TEXT.noPreview)).toBeInTheDocument();
  });
});
