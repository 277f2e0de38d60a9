import type { ReactNode } from 'react';
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';

type ConfirmOptions = {
  title: string;
  message: ReactNode;
  confirmLabel: string;
  /** The other button ('Cancel'). */
  cancelLabel?: string;
  danger?: boolean;
  onConfirm: () => void;
  /** Called when the dialog closes, however (after onConfirm when confirmed). */
  onClose?: () => void;
};

/** A confirmation dialog before anything destructive; Cancel is the default focus. */
export function confirmAction({
  title,
  message,
  confirmLabel,
  cancelLabel = 'Cancel',
  danger = true,
  onConfirm,
  onClose,
}: ConfirmOptions) {
  modals.openConfirmModal({
    title,
    centered: true,
    children: typeof message === 'string' ? <Text size="sm">{message}</Text> : message,
    labels: { confirm: confirmLabel, cancel: cancelLabel },
    confirmProps: { color: danger ? 'red' : undefined },
    onConfirm,
    onClose,
  });
}
