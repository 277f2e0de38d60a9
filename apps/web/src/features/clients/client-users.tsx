import { Grid, Switch, TextInput } from '@mantine/core';
import {
  CLIENT_ROLES,
  CLIENT_TEXT,
  ClientUserInput,
  ROLE_LABELS,
  type ClientRole,
  type ClientUserView,
} from '@siteflow/core';
import { useContractForm } from '../../ui/contract-form';
import { PagedTable } from '../../ui/list-page';
import { notifySuccess } from '../../ui/notify';
import { UserFormBody, UsersPanel, userColumns, useUserEditor } from '../../ui/user-admin';
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
      <PagedTable<ClientUserView>
        label="Client users"
        query={users}
        records={users.data?.items}
        errorTitle="Could not load the users"
        noRecordsText="No users yet."
        emptyHeight={150}
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
    </UsersPanel>
  );
}

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
  const { form, alert, submit, showServerErrors } = useContractForm(ClientUserInput, {
    initial: {
      first_name: user?.first_name ?? '',
      last_name: user?.last_name ?? '',
      email: user?.email ?? '',
      phone: user?.phone ?? '',
      mobile: user?.mobile ?? '',
      role: (user?.role ?? null) as ClientRole | null,
      active: user?.active ?? true,
    },
    toPayload: (values) => ({ ...values, role: values.role as ClientRole }),
  });

  const onSubmit = submit((payload) =>
    save.mutate(payload, {
      onSuccess: (data) => {
        notifySuccess(data.message || (user ? CLIENT_TEXT.userSaved : CLIENT_TEXT.userCreated));
        onDone();
      },
      onError: (error) => showServerErrors(error),
    }),
  );

  return (
    <UserFormBody
      label={user ? 'Edit client user' : 'New client user'}
      onSubmit={onSubmit}
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
