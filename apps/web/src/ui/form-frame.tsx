import type { FormEventHandler, ReactNode } from 'react';
import { Stack } from '@mantine/core';
import { FormAlert } from './contract-form';

/**
 * A record form: the browser's own checks off (the contract's messages show instead), the alert
 * of a refused save ('The client was not saved') on top, then the sections, evenly spaced.
 */
export function FormFrame({
  onSubmit,
  label,
  alertTitle,
  alert,
  gap = 'lg',
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The form's accessible name ('Client details'), when it has one. */
  label?: string;
  alertTitle: string;
  alert: string | null;
  /** The space between the sections (a dialog's form is tighter). */
  gap?: 'md' | 'lg';
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate aria-label={label}>
      <Stack gap={gap}>
        <FormAlert title={alertTitle} message={alert} />
        {children}
      </Stack>
    </form>
  );
}
