import type { ClientView } from '@siteflow/core';
import { confirmAction } from '../../ui/confirm';
import { notifyError, notifySuccess } from '../../ui/notify';
import { useSetClientActive } from './api';

/** Deactivate or activate a client, after the user confirms either. */
export function useToggleClientActive() {
  const setActive = useSetClientActive();
  const toggle = (client: ClientView) => {
    const activate = !client.active;
    confirmAction({
      title: `${activate ? 'Activate' : 'Deactivate'} ${client.trading_name}?`,
      message: activate
        ? `${client.trading_name} can be chosen for new projects again.`
        : `${client.trading_name} will no longer be offered for new projects. Its projects and users stay as they are, and you can activate it again later.`,
      confirmLabel: activate ? 'Activate' : 'Deactivate',
      danger: !activate,
      onConfirm: () =>
        setActive.mutate(
          { id: client.id, active: activate },
          {
            onSuccess: (data) => notifySuccess(data.message),
            onError: (error) => notifyError(error, activate ? 'Could not activate' : 'Could not deactivate'),
          },
        ),
    });
  };
  return { toggle, pendingId: setActive.isPending ? setActive.variables?.id : undefined };
}
