import { notifications } from '@mantine/notifications';

/**
 * The spec's dialogs (section 8: a title and a text) as notifications. The text is in the body
 * colour: under a title Mantine dims it below the contrast axe asks for.
 */
export function notifyQuote(ok: boolean, title: string | undefined, message: string) {
  notifications.show({
    color: ok ? 'green' : 'red',
    title,
    message,
    autoClose: ok ? 5000 : 8000,
    styles: { description: { color: 'var(--mantine-color-text)' } },
  });
}
