import { useState } from 'react';
import { useForm } from '@mantine/form';
import { DataTable } from 'mantine-datatable';
import { ProviderUserInput, ROLE_LABELS, type ProviderUserView, type ProviderView } from '@siteflow/core';
import { confirmAction } from '../../ui/confirm';
import { focusFirstInvalid } from '../../ui/focus';
import { notifyError, notifySuccess } from '../../ui/notify';
import { applyServerErrors } from '../../ui/server-errors';
import { UserFormBody, UsersPanel, userColumns, useUserEditor } from '../../ui/user-admin';
import { zodResolver } from '../../ui/zod-resolver';
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
      <DataTable<ProviderUserView>
        aria-label="Service provider users"
        minHeight={provider.users.length ? undefined : 150}
        verticalSpacing="sm"
        highlightOnHover
        records={provider.users}
        noRecordsText="No users yet."
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

type UserValues = { first_name: string; last_name: string; email: string; phone: string; role: SpRole | null };
const USER_FIELDS = ['first_name', 'last_name', 'email', 'phone', 'role'] as const;

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
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<UserValues>({
    mode: 'controlled',
    initialValues: {
      first_name: user?.first_name ?? '',
      last_name: user?.last_name ?? '',
      email: user?.email ?? '',
      phone: user?.phone ?? '',
      role: user?.role ?? null,
    },
    validate: zodResolver<UserValues>(ProviderUserInput),
    validateInputOnBlur: true,
  });

  const submit = form.onSubmit(
    (values) => {
      setAlert(null);
      save.mutate(
        { ...values, role: values.role as SpRole },
        {
          onSuccess: () => {
            const name = `${values.first_name.trim()} ${values.last_name.trim()}`;
            notifySuccess(user ? `${name} saved.` : `${name} added. They are emailed a link to set their password.`);
            onDone();
          },
          onError: (error) => setAlert(applyServerErrors(form, error, USER_FIELDS)),
        },
      );
    },
    () => {
      setAlert(null);
      focusFirstInvalid();
    },
  );

  return (
    <UserFormBody
      label={user ? 'Edit service provider user' : 'New service provider user'}
      onSubmit={submit}
      alert={alert}
      inputProps={form.getInputProps}
      roleOptions={ROLE_OPTIONS}
      editing={!!user}
      saving={save.isPending}
      onCancel={onDone}
    />
  );
}
