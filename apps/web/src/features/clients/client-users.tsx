import { useState } from 'react';
import { Grid, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { DataTable } from 'mantine-datatable';
import {
  CLIENT_ROLES,
  CLIENT_TEXT,
  ClientUserInput,
  ROLE_LABELS,
  type ClientRole,
  type ClientUserView,
} from '@siteflow/core';
import { focusFirstInvalid } from '../../ui/focus';
import { notifySuccess } from '../../ui/notify';
import { ErrorState } from '../../ui/query-states';
import { applyServerErrors } from '../../ui/server-errors';
import { UserFormBody, UsersPanel, userColumns, useUserEditor } from '../../ui/user-admin';
import { zodResolver } from '../../ui/zod-resolver';
import { useClientUsers, useSaveClientUser } from './api';

const ROLE_OPTIONS = CLIENT_ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }));

/** The client's users, with add and edit in a modal (clients.manage only). */
export function ClientUsersSection({ clientId, canManage }: { clientId: string; canManage: boolean }) {
  const users = useClientUsers(clientId);
  const editor = useUserEditor<ClientUserView>();

  return (
    <UsersPanel
      headingId="client-users-heading"
      description="People of this client who sign in to Siteflow. New active users are emailed a link to set their password."
      canManage={canManage}
      editor={editor}
      renderForm={(user, close) => <ClientUserForm clientId={clientId} user={user} onDone={close} />}
    >
      {users.isError ? (
        <ErrorState error={users.error} onRetry={() => void users.refetch()} title="Could not load the users" />
      ) : (
        <DataTable<ClientUserView>
          aria-label="Client users"
          minHeight={users.data?.items.length ? undefined : 150}
          verticalSpacing="sm"
          highlightOnHover
          fetching={users.isFetching}
          records={users.data?.items ?? []}
          noRecordsText="No users yet."
          columns={userColumns<ClientUserView>({
            contact: {
              accessor: 'mobile',
              title: 'Mobile / Phone',
              noWrap: true,
              render: (u) => [u.mobile, u.phone].filter(Boolean).join(' / '),
            },
            canManage,
            onEdit: editor.open,
          })}
        />
      )}
    </UsersPanel>
  );
}

type UserValues = {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  mobile: string;
  role: ClientRole | null;
  active: boolean;
};
const USER_FIELDS = ['first_name', 'last_name', 'email', 'phone', 'mobile', 'role', 'active'] as const;

export function ClientUserForm({
  clientId,
  user,
  onDone,
}: {
  clientId: string;
  user?: ClientUserView;
  onDone: () => void;
}) {
  const save = useSaveClientUser(clientId, user?.id);
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<UserValues>({
    mode: 'controlled',
    initialValues: {
      first_name: user?.first_name ?? '',
      last_name: user?.last_name ?? '',
      email: user?.email ?? '',
      phone: user?.phone ?? '',
      mobile: user?.mobile ?? '',
      role: user?.role ?? null,
      active: user?.active ?? true,
    },
    validate: zodResolver<UserValues>(ClientUserInput),
    validateInputOnBlur: true,
  });

  const submit = form.onSubmit(
    (values) => {
      setAlert(null);
      save.mutate(
        { ...values, role: values.role as ClientRole },
        {
          onSuccess: (data) => {
            notifySuccess(data.message || (user ? CLIENT_TEXT.userSaved : CLIENT_TEXT.userCreated));
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
      label={user ? 'Edit client user' : 'New client user'}
      onSubmit={submit}
      alert={alert}
      inputProps={form.getInputProps}
      roleOptions={ROLE_OPTIONS}
      afterPhone={
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput label="Mobile" type="tel" autoComplete="off" maxLength={40} {...form.getInputProps('mobile')} />
        </Grid.Col>
      }
      afterRole={
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <Switch label="Active" size="md" mt="lg" {...form.getInputProps('active', { type: 'checkbox' })} />
        </Grid.Col>
      }
      editing={!!user}
      saving={save.isPending}
      onCancel={onDone}
    />
  );
}
