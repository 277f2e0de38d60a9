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
  Text,
  TextInput,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconPencil, IconToggleLeft, IconToggleRight, IconUserPlus } from '@tabler/icons-react';
import { DataTable } from 'mantine-datatable';
import { ProviderUserInput, ROLE_LABELS, type ProviderUserView, type ProviderView } from '@siteflow/core';
import { confirmAction } from '../../ui/confirm';
import { focusFirstInvalid } from '../../ui/focus';
import { notifyError, notifySuccess } from '../../ui/notify';
import { applyServerErrors } from '../../ui/server-errors';
import { zodResolver } from '../../ui/zod-resolver';
import { useSaveProviderUser, useSetProviderUserActive } from './api';

type SpRole = ProviderUserView['role'];
const ROLE_OPTIONS = (['sp_admin', 'sp_employee'] as const).map((r) => ({ value: r, label: ROLE_LABELS[r] }));

type Editing = { user?: ProviderUserView; key: number };

/** The provider's users (sp_admin, sp_employee), with add, edit and (de)activate for providers.manage. */
export function ProviderUsersSection({ provider, canManage }: { provider: ProviderView; canManage: boolean }) {
  const [editing, setEditing] = useState<Editing | null>(null);
  const [opened, setOpened] = useState(false);
  const setActive = useSetProviderUserActive(provider.id);
  const open = (user?: ProviderUserView) => {
    setEditing({ user, key: (editing?.key ?? 0) + 1 });
    setOpened(true);
  };
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
  const pendingId = setActive.isPending ? setActive.variables?.userId : undefined;

  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="provider-users-heading">
      <Group justify="space-between" mb="md">
        <Stack gap={2}>
          <Title order={2} size="h4" id="provider-users-heading">
            Users
          </Title>
          <Text size="sm" c="dimmed">
            The provider’s people who sign in to Siteflow. New users are emailed a link to set their password.
          </Text>
        </Stack>
        {canManage ? (
          <Button leftSection={<IconUserPlus size={16} aria-hidden />} onClick={() => open()}>
            Add user
          </Button>
        ) : null}
      </Group>
      <DataTable<ProviderUserView>
        aria-label="Service provider users"
        minHeight={provider.users.length ? undefined : 150}
        verticalSpacing="sm"
        highlightOnHover
        records={provider.users}
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
          { accessor: 'phone', title: 'Phone', noWrap: true, render: (u) => u.phone ?? '' },
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
              <Group gap={6} justify="flex-end" wrap="nowrap">
                <Tooltip label="Edit" withArrow>
                  <ActionIcon variant="light" size="lg" aria-label={`Edit ${u.full_name}`} onClick={() => open(u)}>
                    <IconPencil size={18} aria-hidden />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label={u.active ? 'Deactivate' : 'Activate'} withArrow>
                  <ActionIcon
                    variant="light"
                    color={u.active ? 'red' : 'green'}
                    size="lg"
                    aria-label={`${u.active ? 'Deactivate' : 'Activate'} ${u.full_name}`}
                    loading={pendingId === u.id}
                    onClick={() => toggle(u)}
                  >
                    {u.active ? <IconToggleRight size={18} aria-hidden /> : <IconToggleLeft size={18} aria-hidden />}
                  </ActionIcon>
                </Tooltip>
              </Group>
            ),
          },
        ]}
      />
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={editing?.user ? `Edit ${editing.user.full_name}` : 'Add user'}
        size="lg"
      >
        {editing ? (
          <ProviderUserForm
            key={editing.key}
            providerId={provider.id}
            user={editing.user}
            onDone={() => setOpened(false)}
          />
        ) : null}
      </Modal>
    </Paper>
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
    <form onSubmit={submit} noValidate aria-label={user ? 'Edit service provider user' : 'New service provider user'}>
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
