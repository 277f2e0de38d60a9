import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AUTH_TEXT, EMAIL_INVALID_MESSAGE } from '@siteflow/core';
import { mockFetch, renderScreen, signedOut } from '../../test/render';
import { ForgotPasswordScreen } from './forgot-password-screen';

describe('ForgotPasswordScreen', () => {
  it('checks the email and then shows the server message in a green banner', async () => {
    const { calls } = mockFetch(() => ({ status: 200, body: { message: AUTH_TEXT.resetLinkSent } }));
    renderScreen(<ForgotPasswordScreen />, {
      session: signedOut(),
      route: '/forgot-password',
      path: '/forgot-password',
    });
    expect(screen.getByRole('heading', { name: AUTH_TEXT.resetRequestHeading })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: AUTH_TEXT.returnToLogin })).toHaveAttribute('href', '/login');

    await userEvent.click(screen.getByRole('button', { name: AUTH_TEXT.sendResetLink }));
    expect(await screen.findByText(AUTH_TEXT.emailRequired)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Email'), 'nope');
    await userEvent.click(screen.getByRole('button', { name: AUTH_TEXT.sendResetLink }));
    expect(await screen.findByText(EMAIL_INVALID_MESSAGE)).toBeInTheDocument();
    expect(calls).toHaveLength(0);

    await userEvent.clear(screen.getByLabelText('Email'));
    await userEvent.type(screen.getByLabelText('Email'), 'jack.wilson@demo.test');
    await userEvent.click(screen.getByRole('button', { name: AUTH_TEXT.sendResetLink }));
    const banner = await screen.findByTestId('reset-link-sent');
    expect(banner).toHaveTextContent(AUTH_TEXT.resetLinkSent);
    expect(calls[0]).toMatchObject({ url: '/api/auth/forgot-password', body: { email: 'jack.wilson@demo.test' } });
  });
});
