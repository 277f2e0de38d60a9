import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Grid,
  Group,
  Modal,
  Paper,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconPencil, IconUserPlus } from '@tabler/icons-react';
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
import { zodResolver } from '../../ui/zod-resolver';
import { useClientUsers, useSaveClientUser } from './api';

const ROLE_OPTIONS = CLIENT_ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }));

type Editing = { user?: ClientUserView; key: number };

/** The client's users, with add and edit in a modal (clients.manage only). */
export function ClientUsersSection({ clientId, canManage }: { clientId: string; canManage: boolean }) {
  const users = useClientUsers(clientId);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [opened, setOpened] = useState(false);
  const open = (user?: ClientUserView) => {
    setEditing({ user, key: (editing?.key ?? 0) + 1 });
    setOpened(true);
  };

  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="client-users-heading">
      <Group justify="space-between" mb="md">
        <Stack gap={2}>
          <Title order={2} size="h4" id="client-users-heading">
            Users
          </Title>
          <Text size="sm" c="dimmed">
            People of this client who sign in to Siteflow. New active users are emailed a link to set their password.
          </Text>
        </Stack>
        {canManage ? (
          <Button leftSection={<IconUserPlus size={16} aria-hidden />} onClick={() => open()}>
            Add user
          </Button>
        ) : null}
      </Group>
      {users.isError ? (
        <ErrorState error={users.error} onRetry={() => users.refetch()} title="Could not load the users" />
      ) : (
        <DataTable<ClientUserView>
          aria-label="Client users"
          minHeight={users.data?.items.length ? undefined : 150}
          verticalSpacing="sm"
          highlightOnHover
          fetching={users.isFetching}
          records={users.data?.items ?? []}
          noRecordsText="No users yet."
          columns={[
            {
              accessor: 'full_name',
              title: 'Name',
              render: (u) => (
                <Text size="sm" fw={600}>
                  {u.full_name}
                </Text>
              ),
            },
            { accessor: 'email', title: 'Email' },
            {
              accessor: 'mobile',
              title: 'Mobile / Phone',
              noWrap: true,
              render: (u) => [u.mobile, u.phone].filter(Boolean).join(' / '),
            },
            { accessor: 'role', title: 'Role', noWrap: true, render: (u) => ROLE_LABELS[u.role] },
            {
              accessor: 'active',
              title: 'Status',
              noWrap: true,
              render: (u) => (
                <Badge color={u.active ? 'green' : 'gray'} variant="light" style={{ overflow: 'visible' }}>
                  {u.active ? 'Active' : 'Inactive'}
                </Badge>
              ),
            },
            {
              accessor: 'actions',
              title: <VisuallyHidden>Actions</VisuallyHidden>,
              textAlign: 'right',
              hidden: !canManage,
              render: (u) => (
                <Tooltip label="Edit" withArrow>
                  <ActionIcon variant="light" size="lg" aria-label={`Edit ${u.full_name}`} onClick={() => open(u)}>
                    <IconPencil size={18} aria-hidden />
                  </ActionIcon>
                </Tooltip>
              ),
            },
          ]}
        />
      )}
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={editing?.user ? `Edit ${editing.user.full_name}` : 'Add user'}
        size="lg"
      >
        {editing ? (
          <ClientUserForm key={editing.key} clientId={clientId} user={editing.user} onDone={() => setOpened(false)} />
        ) : null}
      </Modal>
    </Paper>
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
    <form onSubmit={submit} noValidate aria-label={user ? 'Edit client user' : 'New client user'}>
      <Stack gap="md">
        {alert ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert" title="Not saved">
            {alert}
          </Alert>
        ) : null}
        <Grid gap="md">
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label="First Name"
              required
              autoComplete="off"
              data-autofocus
              {...form.getInputProps('first_name')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label="Last Name" required autoComplete="off" {...form.getInputProps('last_name')} />
          </Grid.Col>
          <Grid.Col span={12}>
            <TextInput label="Email" type="email" required autoComplete="off" {...form.getInputProps('email')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label="Phone" type="tel" autoComplete="off" maxLength={40} {...form.getInputProps('phone')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label="Mobile" type="tel" autoComplete="off" maxLength={40} {...form.getInputProps('mobile')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Select
              label="Role"
              required
              data={ROLE_OPTIONS}
              placeholder="Choose a role"
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              {...form.getInputProps('role')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Switch label="Active" size="md" mt="lg" {...form.getInputProps('active', { type: 'checkbox' })} />
          </Grid.Col>
        </Grid>
        <Group justify="flex-end" gap="sm" mt="sm">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {user ? 'Save Changes' : 'Add user'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
