import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AUTH_TEXT, EMAIL_INVALID_MESSAGE } from '@siteflow/core';
import { mockFetch, renderScreen, signedOut, tenantSession } from '../../test/render';
import { LoginScreen } from './login-screen';

function renderLogin(route = '/login') {
  return renderScreen(<LoginScreen />, { session: signedOut(), route, path: '/login' });
}

describe('LoginScreen', () => {
  it('shows the spec heading, fields, switch, button and forgot link', () => {
    mockFetch(() => ({ status: 500 }));
    renderLogin();
    expect(screen.getByRole('heading', { name: AUTH_TEXT.signInHeading })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('switch', { name: AUTH_TEXT.rememberMe })).not.toBeChecked();
    expect(screen.getByRole('button', { name: AUTH_TEXT.login })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: AUTH_TEXT.forgotLink })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByTestId('auth-company-name')).toHaveTextContent('Demo Builders');
  });

  it('submitting empty shows both required messages and sends nothing', async () => {
    const { fn } = mockFetch(() => ({ status: 200, body: {} }));
    renderLogin();
    await userEvent.click(screen.getByRole('button', { name: AUTH_TEXT.login }));
    expect(await screen.findByText(AUTH_TEXT.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(AUTH_TEXT.passwordRequired)).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(fn).not.toHaveBeenCalled();
  });

  it('shows the password from the keyboard: Tab reaches the show button, Space toggles it', async () => {
    mockFetch(() => ({ status: 200, body: {} }));
    renderLogin();
    const password = screen.getByLabelText('Password');
    await userEvent.type(password, 'secret');
    await userEvent.tab();
    const toggle = screen.getByRole('button', { name: 'Show or hide characters' });
    expect(toggle).toHaveFocus();
    await userEvent.keyboard(' ');
    expect(password).toHaveAttribute('type', 'text');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await userEvent.keyboard(' ');
    expect(password).toHaveAttribute('type', 'password');
  });

  it('checks the email when the field loses focus', async () => {
    mockFetch(() => ({ status: 200, body: {} }));
    renderLogin();
    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    await userEvent.tab();
    expect(await screen.findByText(EMAIL_INVALID_MESSAGE)).toBeInTheDocument();
    // The password was not visited: no message for it yet.
    expect(screen.queryByText(AUTH_TEXT.passwordRequired)).not.toBeInTheDocument();
  });

  it('shows the server message for wrong credentials beside the email', async () => {
    const { calls } = mockFetch(() => ({
      status: 422,
      body: { message: AUTH_TEXT.badCredentials, errors: { email: [AUTH_TEXT.badCredentials] } },
    }));
    renderLogin();
    await userEvent.type(screen.getByLabelText('Email'), 'Someone@Demo.test');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong-password');
    await userEvent.click(screen.getByRole('switch', { name: AUTH_TEXT.rememberMe }));
    await userEvent.click(screen.getByRole('button', { name: AUTH_TEXT.login }));
    expect(await screen.findByText(AUTH_TEXT.badCredentials)).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      url: '/api/auth/login',
      method: 'POST',
      headers: { 'x-siteflow-csrf': '1' },
      body: { email: 'Someone@Demo.test', password: 'wrong-password', remember: true },
    });
  });

  it('shows a throttling message in an alert', async () => {
    mockFetch(() => ({ status: 429, body: { message: AUTH_TEXT.throttled } }));
    renderLogin();
    await userEvent.type(screen.getByLabelText('Email'), 'a@demo.test');
    await userEvent.type(screen.getByLabelText('Password'), 'whatever1');
    await userEvent.click(screen.getByRole('button', { name: AUTH_TEXT.login }));
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_TEXT.throttled);
  });

  it('goes to the ?next= page after signing in', async () => {
    mockFetch(() => ({ status: 200, body: tenantSession() }));
    renderLogin('/login?next=%2Fsettings');
    await userEvent.type(screen.getByLabelText('Email'), 'olivia.nguyen@demo.test');
    await userEvent.type(screen.getByLabelText('Password'), 'siteflow-demo');
    await userEvent.click(screen.getByRole('button', { name: AUTH_TEXT.login }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/settings'));
  });
});
