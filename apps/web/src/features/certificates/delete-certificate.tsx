import { Text } from '@mantine/core';
import { CERTIFICATE_TEXT } from '@siteflow/core';
import { confirmAction } from '../../ui/confirm';
import { formatDeleteDate } from './format';

/** The delete confirmation: 'Delete {type name}?' naming the expiry date ('dddd the Do of MMMM YYYY' or N/A). */
export function confirmDeleteCertificate(typeName: string, expiry: string | null, onConfirm: () => void) {
  confirmAction({
    title: CERTIFICATE_TEXT.deleteTitle(typeName),
    message: (
      <Text size="sm">
        The certificate with the expiry date <strong>{formatDeleteDate(expiry)}</strong> and its files will be deleted.
        This cannot be undone.
      </Text>
    ),
    confirmLabel: CERTIFICATE_TEXT.delete,
    onConfirm,
  });
}
