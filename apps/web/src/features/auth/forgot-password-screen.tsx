import { useState } from 'react';
import { Button, Stack } from '@mantine/core';
import { AUTH_TEXT } from '@siteflow/core';
import { applyServerErrors } from '../../ui/server-errors';
import { focusFirstInvalid } from '../../ui/focus';
import { useForgotPassword } from './api';
import { AuthFailure, AuthSuccess, EmailField, ReturnToLogin, useAuthForm } from './auth-form';
import { AuthLayout } from './auth-layout';

type Values = { email: string };

export function ForgotPasswordScreen() {
  const request = useForgotPassword();
  const [sent, setSent] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const form = useAuthForm<Values>((c) => c.ResetLinkRequest, { email: '' });

  const submit = form.onSubmit(
    (values) => {
      setAlert(null);
      setSent(null);
      request.mutate(
        { email: values.email.trim() },
        {
          onSuccess: (data) => setSent(data.message),
          onError: (error) => setAlert(applyServerErrors(form, error, ['email'])),
        },
      );
    },
    () => focusFirstInvalid(),
  );

  return (
    <AuthLayout
      title={AUTH_TEXT.resetRequestHeading}
      subtitle="Enter your email address and we will send you a link to choose a new password."
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {sent ? <AuthSuccess testId="reset-link-sent">{sent}</AuthSuccess> : null}
          {alert ? <AuthFailure>{alert}</AuthFailure> : null}
          <EmailField autoFocus {...form.getInputProps('email')} />
          <Button type="submit" fullWidth size="md" loading={request.isPending}>
            {AUTH_TEXT.sendResetLink}
          </Button>
          <ReturnToLogin arrow />
        </Stack>
      </form>
    </AuthLayout>
  );
}
