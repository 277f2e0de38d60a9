import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { TASK_MESSAGE_TEXT, type MessageTemplateView, type TaskMessagePreview } from '@siteflow/core';
import { mockFetch, renderScreen, tenantSession, type FetchCall } from '../../test/render';
import { stubMatchMedia } from '../../test/setup';
import { TaskMessageTab } from './task-message-tab';

const session = tenantSession(['tasks.view', 'tasks.manage']);
const TEMPLATE = '33333333-3333-4333-8333-333333333333';
const LINK = '44444444-4444-4444-8444-444444444444';

const template: MessageTemplateView = {
  id: TEMPLATE,
  channel: 'email',
  name: 'Project booked',
  subject: 'Booked {{project_number}}',
  body: '<p>Hi</p>',
  status: 'Active',
  client_id: null,
  client_name: null,
  original_template_id: null,
  updated_at: '2026-11-24T00:00:00Z',
};

const blank: TaskMessagePreview = {
  channel: 'email',
  template_id: null,
  recipient: null,
  contact: null,
  to_name: null,
  to: null,
  subject: null,
  body: null,
  problem: TASK_MESSAGE_TEXT.noContact,
  notice_at: null,
  reminder_at: null,
};
const filled: TaskMessagePreview = {
  ...blank,
  template_id: TEMPLATE,
  recipient: 'Site Contact',
  contact: 'Site Contact',
  to_name: 'Sam Site',
  to: 'sam@site.test',
  subject: 'Booked PRJ-00001',
  body: '<p>Hello Sam Site</p>',
  problem: null,
};

function serve(onCall?: (call: FetchCall) => { status?: number; body?: unknown } | void) {
  return mockFetch((call) => {
    const answer = onCall?.(call);
    if (answer) return answer;
    if (call.url === '/api/tasks/5/email/attachments')
      return { body: { items: [{ id: LINK, title: 'Site plan', url: 'https://files.example/plan.pdf' }] } };
    if (call.url.startsWith('/api/message-templates'))
      return { body: { items: [template], total: 1, page: 1, pageSize: 100 } };
    return { body: blank };
  });
}

const render = () => renderScreen(<TaskMessageTab taskId={5} channel="email" />, { session, route: '/x', path: '/x' });

describe('a task’s Emails tab', { timeout: 60_000 }, () => {
  beforeEach(() => stubMatchMedia(true));

  it('saves the recipient and template, shows Email Saved and the filled preview', async () => {
    const { calls } = serve((call) =>
      call.method === 'PUT' ? { body: { message: TASK_MESSAGE_TEXT.emailSaved, preview: filled } } : undefined,
    );
    const user = userEvent.setup();
    render();
    expect(await screen.findByText(TASK_MESSAGE_TEXT.noPreview)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.click(screen.getByRole('combobox', { name: 'Send To' }));
    await user.click(await screen.findByRole('option', { name: 'Site Contact' }));
    // A Site Contact is its own contact: the contact person is fixed and the template picker appears.
    expect(screen.getByRole('combobox', { name: 'Contact Person' })).toBeDisabled();
    await user.click(screen.getByRole('combobox', { name: 'Email Template' }));
    await user.click(await screen.findByRole('option', { name: 'Project booked' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Email Saved');
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url).toBe('/api/tasks/5/email');
    expect(put.body).toEqual({ recipient: 'Site Contact', contact: 'Site Contact', template_id: TEMPLATE });
    const preview = screen.getByRole('region', { name: 'Email preview' });
    expect(within(preview).getByText('Subject: Booked PRJ-00001')).toBeInTheDocument();
    expect(within(preview).getByText('Hello Sam Site')).toBeInTheDocument();
  });

  it('shows the failure text of spec 8 when saving fails', async () => {
    serve((call) =>
      call.method === 'PUT'
        ? { status: 500, body: { message: 'boom' } }
        : call.url === '/api/tasks/5/email'
          ? { body: filled }
          : undefined,
    );
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status')).toHaveTextContent(TASK_MESSAGE_TEXT.failed);
  });

  it('keeps an invalid CC out and flags it; sends with the valid ones', async () => {
    const { calls } = serve((call) =>
      call.url.endsWith('/send')
        ? { body: { message: TASK_MESSAGE_TEXT.emailSent } }
        : call.url === '/api/tasks/5/email'
          ? { body: filled }
          : undefined,
    );
    const user = userEvent.setup();
    render();
    // TagsInput labels its visible input and its hidden form value alike.
    const cc = (await screen.findAllByLabelText('CC')).find((el) => el.getAttribute('type') !== 'hidden')!;
    await user.type(cc, 'not an address{Enter}');
    expect(await screen.findByText(TASK_MESSAGE_TEXT.ccInvalid)).toBeInTheDocument();
    await user.type(cc, 'boss@example.test{Enter}');
    // A document of the project goes with it.
    await user.click(
      (await screen.findAllByLabelText('Attachments')).find((el) => el.getAttribute('type') !== 'hidden')!,
    );
    await user.click(await screen.findByRole('option', { name: 'Site plan' }));
    await user.click(screen.getByRole('button', { name: 'Send Email' }));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/send'))).toBe(true));
    expect(calls.find((c) => c.url.endsWith('/send'))!.body).toEqual({
      cc: ['boss@example.test'],
      attachments: [LINK],
      subject: 'Booked PRJ-00001',
    });
    expect(await screen.findByRole('status')).toHaveTextContent(TASK_MESSAGE_TEXT.emailSent);
  });

  it('shows when the notice and the reminder go out', async () => {
    serve((call) =>
      call.url === '/api/tasks/5/email'
        ? { body: { ...filled, notice_at: '2026-12-03 09:00', reminder_at: '2026-12-03 09:00' } }
        : undefined,
    );
    render();
    expect(await screen.findByText(/Notice to the contact goes out 03\/12\/2026 9:00 am/)).toBeInTheDocument();
    expect(screen.getByText(/Reminder to the assigned user goes out/)).toBeInTheDocument();
  });

  it('flags a message that cannot go out and does not offer Send', async () => {
    serve((call) =>
      call.url === '/api/tasks/5/email'
        ? { body: { ...filled, to: null, problem: TASK_MESSAGE_TEXT.noEmail } }
        : undefined,
    );
    render();
    expect(await screen.findByText(TASK_MESSAGE_TEXT.noEmail)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send Email' })).toBeDisabled();
  });
});
