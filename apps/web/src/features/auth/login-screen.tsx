import { useState } from 'react';
import { Anchor, Button, Group, Stack, Switch } from '@mantine/core';
import { PasswordField } from '../../ui/password-field';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { AUTH_TEXT } from '@siteflow/core';
import { ApiError } from '../../api/client';
import { homePath, useSession } from '../../session';
import { applyServerErrors } from '../../ui/server-errors';
import { focusFirstInvalid } from '../../ui/focus';
import { useLogin } from './api';
import { AuthFailure, AuthSuccess, EmailField, useAuthForm } from './auth-form';
import { AuthLayout } from './auth-layout';
import { safeNext } from './next-path';

type LoginValues = { email: string; password: string; remember: boolean };

export function LoginScreen() {
  const session = useSession();
  const [params] = useSearchParams();
  const location = useLocation();
  const login = useLogin();
  const [alert, setAlert] = useState<string | null>(null);
  const notice = (location.state as { notice?: string } | null)?.notice ?? null;

  const form = useAuthForm<LoginValues>((c) => c.LoginRequest, { email: '', password: '', remember: false });

  if (session.user) return <Navigate to={safeNext(params.get('next')) ?? homePath(session)} replace />;

  const submit = form.onSubmit(
    (values) => {
      setAlert(null);
      login.mutate(
        { email: values.email.trim(), password: values.password, remember: values.remember },
        {
          onError: (error) => {
            if (error instanceof ApiError && error.status === 429) setAlert(error.message || AUTH_TEXT.throttled);
            else setAlert(applyServerErrors(form, error, ['email', 'password']));
          },
        },
      );
    },
    () => focusFirstInvalid(),
  );

  return (
    <AuthLayout title={AUTH_TEXT.signInHeading}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {notice && !alert ? <AuthSuccess>{notice}</AuthSuccess> : null}
          {alert ? <AuthFailure>{alert}</AuthFailure> : null}
          <EmailField placeholder="you@company.com" autoFocus {...form.getInputProps('email')} />
          <PasswordField
            label="Password"
            name="password"
            autoComplete="current-password"
            required
            {...form.getInputProps('password')}
          />
          <Group justify="space-between" align="center">
            <Switch
              label={AUTH_TEXT.rememberMe}
              name="remember"
              {...form.getInputProps('remember', { type: 'checkbox' })}
            />
            <Anchor component={Link} to="/forgot-password" size="sm">
              {AUTH_TEXT.forgotLink}
            </Anchor>
          </Group>
          <Button type="submit" fullWidth size="md" loading={login.isPending}>
            {AUTH_TEXT.login}
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}
