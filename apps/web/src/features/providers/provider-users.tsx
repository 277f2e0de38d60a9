import { ProviderUserInput, ROLE_LABELS, type ProviderUserView, type ProviderView } from '@siteflow/core';
import { confirmAction } from '../../ui/confirm';
import { useContractForm } from '../../ui/contract-form';
import { PagedTable } from '../../ui/list-page';
import { notifyError, notifySuccess } from '../../ui/notify';
import { UserFormBody, UsersPanel, userColumns, useUserEditor } from '../../ui/user-admin';
import { useSaveProviderUser, useSetProviderUserActive } from './api';

type SpRole = ProviderUserView['role'];
const ROLE_OPTIONS = (['sp_admin', 'sp_employee'] as const).map((r) => ({ value: r, label: ROLE_LABELS[r] }));

/** The provider's users (sp_admin, sp_employee), with add, edit and (de)activate for providers.manage. */
export function ProviderUsersSection({ provider, canManage }: { provider: ProviderView; canManage: boolean }) {
  const editor = useUserEditor<ProviderUserView>();
  const setActive = useSetProviderUserActive(provider.id);
  const toggle = (user: ProviderUserView) => {
    const activate = !user.active;
    confirmAction({
      title: `${activate ? 'Activate' : 'Deactivate'} ${user.full_name}?`,
      message: activate
        ? `${user.full_name} can sign in again.`
        : `${user.full_name} will be signed out and can no longer sign in. You can activate the account again later.`,
      confirmLabel: activate ? 'Activate' : 'Deactivate',
      danger: !activate,
      onConfirm: () =>
        setActive.mutate(
          { userId: user.id, active: activate },
          {
            onSuccess: () => notifySuccess(`${user.full_name} ${activate ? 'activated' : 'deactivated'}.`),
            onError: (error) => notifyError(error, activate ? 'Could not activate' : 'Could not deactivate'),
          },
        ),
    });
  };

  return (
    <UsersPanel
      headingId="provider-users-heading"
      description="The provider’s people who sign in to Siteflow. New users are emailed a link to set their password."
      canManage={canManage}
      editor={editor}
      renderForm={(user, close) => <ProviderUserForm providerId={provider.id} user={user} onDone={close} />}
    >
      <PagedTable<ProviderUserView>
        label="Service provider users"
        records={provider.users}
        noRecordsText="No users yet."
        emptyHeight={150}
        columns={userColumns<ProviderUserView>({
          contact: { accessor: 'phone', title: 'Phone', noWrap: true, render: (u) => u.phone ?? '' },
          canManage,
          onEdit: editor.open,
          onToggleActive: toggle,
          pendingId: setActive.isPending ? setActive.variables?.userId : undefined,
        })}
      />
    </UsersPanel>
  );
}

export function ProviderUserForm({
  providerId,
  user,
  onDone,
}: {
  providerId: string;
  user?: ProviderUserView;
  onDone: () => void;
}) {
  const save = useSaveProviderUser(providerId, user?.id);
  const { form, alert, submit, showServerErrors } = useContractForm(ProviderUserInput, {
    initial: {
      first_name: user?.first_name ?? '',
      last_name: user?.last_name ?? '',
      email: user?.email ?? '',
      phone: user?.phone ?? '',
      role: (user?.role ?? null) as SpRole | null,
    },
    toPayload: (values) => ({ ...values, role: values.role as SpRole }),
  });

  const onSubmit = submit((payload, values) =>
    save.mutate(payload, {
      onSuccess: () => {
        const name = `${values.first_name.trim()} ${values.last_name.trim()}`;
        notifySuccess(user ? `${name} saved.` : `${name} added. They are emailed a link to set their password.`);
        onDone();
      },
      onError: (error) => showServerErrors(error),
    }),
  );

  return (
    <UserFormBody
      label={user ? 'Edit service provider user' : 'New service provider user'}
      onSubmit={onSubmit}
      alert={alert}
      inputProps={form.getInputProps}
      roleOptions={ROLE_OPTIONS}
      editing={!!user}
      saving={save.isPending}
      onCancel={onDone}
    />
  );
}
