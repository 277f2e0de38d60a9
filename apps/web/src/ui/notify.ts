import { notifications } from '@mantine/notifications';
import { errorMessage } from '../api/client';

export function notifySuccess(message: string, title?: string) {
  notifications.show({ color: 'green', title, message, autoClose: 5000 });
}

export function notifyError(error: unknown, title = 'That did not work') {
  notifications.show({ color: 'red', title, message: errorMessage(error), autoClose: 8000 });
}
