import { Alert, Button, type ButtonProps } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import type { ComponentPropsWithoutRef } from 'react';

type Props = ButtonProps &
  Omit<ComponentPropsWithoutRef<'button'>, keyof ButtonProps> & { cycle: { label: string; done: boolean } };

/** A button that shows its label cycle (useCycle), with a tick while the done label stays. */
export function CycleButton({ cycle, ...props }: Props) {
  return (
    <Button {...props} leftSection={cycle.done ? <IconCircleCheck size={16} aria-hidden /> : undefined}>
      {cycle.label}
    </Button>
  );
}

/** The red banner of a task form's failure (none without one). */
export function FailureBanner({ text }: { text: string | null }) {
  return text ? (
    <Alert color="red" variant="filled" icon={<IconAlertCircle aria-hidden />} role="alert">
      {text}
    </Alert>
  ) : null;
}
