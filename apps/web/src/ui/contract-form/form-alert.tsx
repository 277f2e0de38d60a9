import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

/** The form's general message after a refused save ('The client was not saved'); nothing without one. */
export function FormAlert({ title, message }: { title: string; message: string | null }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert" title={title}>
      {message}
    </Alert>
  );
}
