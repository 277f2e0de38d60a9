import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AUTH_TEXT } from '@siteflow/core';
import { mockFetch, renderScreen, signedOut } from '../../test/render';
import { ResetPasswordScreen } from './reset-password-screen';

const route = '/reset-password/tok123?email=jack.wilson%40demo.test';

function renderReset(at = route) {
  return renderScreen(<ResetPasswordScreen />, { session: signedOut(), route: at, path: '/reset-password/:token' });
}

describe('ResetPasswordScreen', () => {
  it('prefills the email from the link and keeps the token in a hidden field', () => {
    mockFetch(() => ({ status: 500 }));
    const { container } = renderReset();
    expect(screen.getByLabelText('Email')).toHaveValue('jack.wilson@demo.test');
    expect(container.querySelector('input[type="hidden"][name="token"]')).toHaveValue('tok123');
    expect(screen.getByRole('button', { name: AUTH_TEXT.resetButton })).toBeInTheDocument();
  });

  it('requires the confirmation and sends nothing', async () => {
    const { fn } = mockFetch(() => ({ status: 200, body: { message: 'ok' } }));
    renderReset();
    await userEvent.type(screen.getByLabelText('Password'), 'long-enough-1');
    await userEvent.click(screen.getByRole('button', { name: AUTH_TEXT.resetButton }));
    expect(await screen.findByText(AUTH_TEXT.confirmPasswordRequired)).toBeInTheDocument();
    expect(fn).not.toHaveBeenCalled();
  });

  it('checks the length and that both passwords match', async () => {
    const { fn } = mockFetch(() => ({ status: 200, body: { message: 'ok' } }));
    renderReset();
    await userEvent.type(screen.getByLabelText('Password'), 'short');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'different');
    await userEvent.click(screen.getByRole('button', { name: AUTH_TEXT.resetButton }));
    expect(await screen.findByText(AUTH_TEXT.passwordTooShort)).toBeInTheDocument();
    expect(screen.getByText(AUTH_TEXT.passwordMismatch)).toBeInTheDocument();
    expect(fn).not.toHaveBeenCalled();
  });

  it('sends password_confirmation with the token and shows the result', async () => {
    const { calls } = mockFetch(() => ({ status: 200, body: { message: AUTH_TEXT.passwordResetDone } }));
    renderReset();
    await userEvent.type(screen.getByLabelText('Password'), 'new-password-1');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'new-password-1');
    await userEvent.click(screen.getByRole('button', { name: AUTH_TEXT.resetButton }));
    expect(await screen.findByText(AUTH_TEXT.passwordResetDone)).toBeInTheDocument();
    expect(calls[0]).toMatchObject({
      url: '/api/auth/reset-password',
      method: 'POST',
      body: {
        token: 'tok123',
        email: 'jack.wilson@demo.test',
        password: 'new-password-1',
        password_confirmation: 'new-password-1',
      },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
  });

  it("an invitation's link asks for the new account's first password, not a reset", async () => {
    const { calls } = mockFetch(() => ({ status: 200, body: { message: AUTH_TEXT.passwordResetDone } }));
    renderReset(`${route}&invite=1`);
    expect(screen.getByRole('heading', { name: AUTH_TEXT.inviteHeading })).toBeInTheDocument();
    expect(screen.getByText(AUTH_TEXT.inviteSubtitle)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: AUTH_TEXT.resetButton })).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Password'), 'new-password-1');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'new-password-1');
    await userEvent.click(screen.getByRole('button', { name: AUTH_TEXT.inviteButton }));
    expect(await screen.findByText(AUTH_TEXT.inviteDone)).toBeInTheDocument();
    expect(screen.queryByText(AUTH_TEXT.passwordResetDone)).not.toBeInTheDocument();
    expect(calls[0]).toMatchObject({ url: '/api/auth/reset-password', body: { token: 'tok123' } });
  });

  it('shows the server’s message for a refused (common) password beside the Password field', async () => {
    mockFetch(() => ({
      status: 422,
      body: { message: 'The given data was invalid.', errors: { password: [AUTH_TEXT.passwordTooCommon] } },
    }));
    renderReset();
    await userEvent.type(screen.getByLabelText('Password'), 'password');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'password');
    await userEvent.click(screen.getByRole('button', { name: AUTH_TEXT.resetButton }));
    expect(await screen.findByText(AUTH_TEXT.passwordTooCommon)).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      expect.stringContaining(AUTH_TEXT.passwordTooCommon),
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(AUTH_TEXT.passwordResetDone)).toBeNull();
  });

  it('explains an expired link and offers a new one', async () => {
    mockFetch(() => ({
      status: 422,
      body: { message: AUTH_TEXT.resetTokenInvalid, errors: { email: [AUTH_TEXT.resetTokenInvalid] } },
    }));
    renderReset();
    await userEvent.type(screen.getByLabelText('Password'), 'new-password-1');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'new-password-1');
    await userEvent.click(screen.getByRole('button', { name: AUTH_TEXT.resetButton }));
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_TEXT.resetTokenInvalid);
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/forgot-password');
  });
});
