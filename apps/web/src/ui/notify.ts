import { notifications } from '@mantine/notifications';
import { errorMessage } from '../api/client';

export function notifySuccess(message: string, title?: string) {
  notifications.show({ color: 'green', title, message, autoClose: 5000 });
}

export function notifyError(error: unknown, title = 'That did not work') {
  notifications.show({ color: 'red', title, message: errorMessage(error), autoClose: 8000 });
}

/**
 * A dialog of the spec (a title and a text, e.g. 'Updated Product!' / 'Your product was
 * successfully updated!') as a notification. The text is in the body colour: under a title
 * Mantine dims it below the contrast axe asks for.
 */
export function notifyDialog(ok: boolean, title: string, message: string) {
  notifications.show({
    color: ok ? 'green' : 'red',
    title,
    message,
    autoClose: ok ? 5000 : 8000,
    styles: { description: { color: 'var(--mantine-color-text)' } },
  });
}
