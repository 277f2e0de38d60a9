import { useState } from 'react';
import { Anchor, Button, Stack, Text } from '@mantine/core';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { AUTH_TEXT } from '@siteflow/core';
import { PasswordField } from '../../ui/password-field';
import { ApiError } from '../../api/client';
import { applyServerErrors } from '../../ui/server-errors';
import { focusFirstInvalid } from '../../ui/focus';
import { useResetPassword } from './api';
import { AuthFailure, AuthSuccess, EmailField, ReturnToLogin, useAuthForm } from './auth-form';
import { AuthLayout } from './auth-layout';

type Values = { token: string; email: string; password: string; password_confirmation: string };

export function ResetPasswordScreen() {
  const { token = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const reset = useResetPassword();
  const [done, setDone] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);
  // An invitation's link (a new account's first password) reads as setting one, not resetting it.
  const invite = params.get('invite') === '1';
  const heading = invite ? AUTH_TEXT.inviteHeading : AUTH_TEXT.resetRequestHeading;

  const form = useAuthForm<Values>((c) => c.ResetPasswordRequest, {
    token,
    email: params.get('email') ?? '',
    password: '',
    password_confirmation: '',
  });

  const submit = form.onSubmit(
    (values) => {
      setAlert(null);
      reset.mutate(
        { ...values, email: values.email.trim() },
        {
          onSuccess: (data) => {
            setDone(invite ? AUTH_TEXT.inviteDone : data.message);
            form.setValues({ password: '', password_confirmation: '' });
          },
          onError: (error) => {
            if (error instanceof ApiError && error.message === AUTH_TEXT.resetTokenInvalid) {
              setExpired(true);
              setAlert(error.message);
            } else {
              setExpired(false);
              setAlert(applyServerErrors(form, error, ['email', 'password', 'password_confirmation']));
            }
          },
        },
      );
    },
    () => focusFirstInvalid(),
  );

  if (done) {
    return (
      <AuthLayout title={heading}>
        <Stack gap="md">
          <AuthSuccess>{done}</AuthSuccess>
          <Button
            size="md"
            fullWidth
            onClick={() => void navigate('/login', { replace: true, state: { notice: done } })}
          >
            Sign in
          </Button>
        </Stack>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title={heading}
      subtitle={invite ? AUTH_TEXT.inviteSubtitle : 'Choose a new password for your account.'}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {alert ? (
            <AuthFailure>
              <Text size="sm">{alert}</Text>
              {expired ? (
                <Anchor component={Link} to="/forgot-password" size="sm">
                  Request a new link
                </Anchor>
              ) : null}
            </AuthFailure>
          ) : null}
          <input type="hidden" name="token" value={form.values.token} />
          <EmailField {...form.getInputProps('email')} />
          <PasswordField
            label="Password"
            name="password"
            autoComplete="new-password"
            description="At least 8 characters."
            required
            autoFocus
            {...form.getInputProps('password')}
          />
          <PasswordField
            label="Confirm Password"
            name="password_confirmation"
            autoComplete="new-password"
            required
            {...form.getInputProps('password_confirmation')}
          />
          <Button type="submit" fullWidth size="md" loading={reset.isPending}>
            {invite ? AUTH_TEXT.inviteButton : AUTH_TEXT.resetButton}
          </Button>
          <ReturnToLogin />
        </Stack>
      </form>
    </AuthLayout>
  );
}
