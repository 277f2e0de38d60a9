import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, platformSession, renderScreen } from '../../test/render';
import { MAIL_SANDBOX, MailboxMessageScreen } from './mailbox-message-screen';

const LINK = 'http://demo.localhost:3000/reset-password/tok?email=jack%40demo.test';

describe('Mailbox message', () => {
  it('shows the headers, the HTML in a sandboxed frame and the links as plain anchors', async () => {
    mockFetch(() => ({
      body: {
        id: '00000000-0000-4000-8000-0000000000a1',
        to: 'jack@demo.test',
        subject: 'Reset Password Notification',
        channel: 'email',
        tenant_name: 'Demo Constructions',
        created_at: '2026-03-04T05:06:00.000Z',
        from: 'Siteflow <no-reply@siteflow.local>',
        html: `<p><a href="${LINK}">Reset Password</a></p>`,
        text: `Hello Jack,\n\nReset Password: ${LINK}\n`,
      },
    }));
    renderScreen(<MailboxMessageScreen />, { session: platformSession(), route: '/mailbox/x', path: '/mailbox/:id' });
    expect(await screen.findByRole('heading', { name: 'Reset Password Notification' })).toBeInTheDocument();
    expect(screen.getByText('jack@demo.test')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Reset Password' })).toHaveAttribute('href', LINK);
    const frame = screen.getByTitle('Message: Reset Password Notification');
    expect(frame).toHaveAttribute('sandbox', MAIL_SANDBOX);
    expect(frame.getAttribute('srcdoc')).toContain('Reset Password');
  });
});
