import { useState } from 'react';
import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconArrowLeft, IconCircleCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { AUTH_TEXT, ResetLinkRequest } from '@siteflow/core';
import { applyServerErrors } from '../../ui/server-errors';
import { focusFirstInvalid } from '../../ui/focus';
import { zodResolver } from '../../ui/zod-resolver';
import { useForgotPassword } from './api';
import { AuthLayout } from './auth-layout';

type Values = { email: string };

export function ForgotPasswordScreen() {
  const request = useForgotPassword();
  const [sent, setSent] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { email: '' },
    validate: zodResolver<Values>(ResetLinkRequest),
    validateInputOnBlur: true,
  });

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
          {sent ? (
            <Alert
              color="green"
              variant="light"
              icon={<IconCircleCheck aria-hidden />}
              role="status"
              data-testid="reset-link-sent"
            >
              {sent}
            </Alert>
          ) : null}
          {alert ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
              {alert}
            </Alert>
          ) : null}
          <TextInput
            label="Email"
            type="email"
            name="email"
            autoComplete="username"
            required
            autoFocus
            {...form.getInputProps('email')}
          />
          <Button type="submit" fullWidth size="md" loading={request.isPending}>
            {AUTH_TEXT.sendResetLink}
          </Button>
          <Anchor component={Link} to="/login" size="sm" ta="center">
            <IconArrowLeft size={14} aria-hidden style={{ verticalAlign: '-2px', marginRight: 4 }} />
            {AUTH_TEXT.returnToLogin}
          </Anchor>
        </Stack>
      </form>
    </AuthLayout>
  );
}
