import { Fragment, useState, type FormEventHandler, type ReactNode } from 'react';
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
import type { GetInputPropsReturnType } from '@mantine/form';
import { IconAlertCircle, IconPencil, IconToggleLeft, IconToggleRight, IconUserPlus } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { ROLE_LABELS, type Role } from '@siteflow/core';

/*
 * The parts an organisation's users admin (a client's, a service provider's) has in common:
 * the section with its Add user button and modal, the table columns and the user form body.
 */

/** What the shared table and modal read of a user. */
export type UserRow = { id: string; full_name: string; email: string; role: Role; active: boolean };

/** Which user the modal edits (none: a new one); `key` remounts the form on every open. */
export function useUserEditor<U>() {
  const [editing, setEditing] = useState<{ user?: U; key: number } | null>(null);
  const [opened, setOpened] = useState(false);
  const open = (user?: U) => {
    setEditing({ user, key: (editing?.key ?? 0) + 1 });
    setOpened(true);
  };
  return { editing, opened, open, close: () => setOpened(false) };
}

export type UserEditor<U> = ReturnType<typeof useUserEditor<U>>;

/** The "Users" section: heading, description, Add user (canManage), the table, and the add/edit modal. */
export function UsersPanel<U extends { full_name: string }>({
  headingId,
  description,
  canManage,
  editor,
  renderForm,
  children,
}: {
  headingId: string;
  description: string;
  canManage: boolean;
  editor: UserEditor<U>;
  renderForm: (user: U | undefined, close: () => void) => ReactNode;
  children: ReactNode;
}) {
  const { editing, opened, open, close } = editor;
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" mb="md">
        <Stack gap={2}>
          <Title order={2} size="h4" id={headingId}>
            Users
          </Title>
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        </Stack>
        {canManage ? (
          <Button leftSection={<IconUserPlus size={16} aria-hidden />} onClick={() => open()}>
            Add user
          </Button>
        ) : null}
      </Group>
      {children}
      <Modal
        opened={opened}
        onClose={close}
        title={editing?.user ? `Edit ${editing.user.full_name}` : 'Add user'}
        size="lg"
      >
        {editing ? <Fragment key={editing.key}>{renderForm(editing.user, close)}</Fragment> : null}
      </Modal>
    </Paper>
  );
}

/**
 * The users table's columns: Name, Email, the given contact column, Role, Status and (canManage) the row
 * actions: Edit, plus Activate/Deactivate where `onToggleActive` is given.
 */
export function userColumns<U extends UserRow>({
  contact,
  canManage,
  onEdit,
  onToggleActive,
  pendingId,
}: {
  contact: DataTableColumn<U>;
  canManage: boolean;
  onEdit: (user: U) => void;
  onToggleActive?: (user: U) => void;
  /** The user whose (de)activation is in flight. */
  pendingId?: string;
}): DataTableColumn<U>[] {
  const edit = (u: U) => (
    <Tooltip label="Edit" withArrow>
      <ActionIcon variant="light" size="lg" aria-label={`Edit ${u.full_name}`} onClick={() => onEdit(u)}>
        <IconPencil size={18} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
  return [
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
    contact,
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
      render: (u) =>
        onToggleActive ? (
          <Group gap={6} justify="flex-end" wrap="nowrap">
            {edit(u)}
            <Tooltip label={u.active ? 'Deactivate' : 'Activate'} withArrow>
              <ActionIcon
                variant="light"
                color={u.active ? 'red' : 'green'}
                size="lg"
                aria-label={`${u.active ? 'Deactivate' : 'Activate'} ${u.full_name}`}
                loading={pendingId === u.id}
                onClick={() => onToggleActive(u)}
              >
                {u.active ? <IconToggleRight size={18} aria-hidden /> : <IconToggleLeft size={18} aria-hidden />}
              </ActionIcon>
            </Tooltip>
          </Group>
        ) : (
          edit(u)
        ),
    },
  ];
}

type CommonUserField = 'first_name' | 'last_name' | 'email' | 'phone' | 'role';

/**
 * The user form: "Not saved" alert, First Name, Last Name, Email, Phone, [afterPhone], Role, [afterRole],
 * then Cancel and Add user / Save Changes. The caller owns the form state and the submit.
 */
export function UserFormBody({
  label,
  onSubmit,
  alert,
  inputProps,
  roleOptions,
  afterPhone,
  afterRole,
  editing,
  saving,
  onCancel,
}: {
  /** The form's accessible name. */
  label: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  alert: string | null;
  inputProps: (field: CommonUserField) => GetInputPropsReturnType;
  roleOptions: { value: string; label: string }[];
  afterPhone?: ReactNode;
  afterRole?: ReactNode;
  /** An existing user (Save Changes) rather than a new one (Add user). */
  editing: boolean;
  saving: boolean;
  onCancel: () => void;
}) {
  return (
    <form onSubmit={onSubmit} noValidate aria-label={label}>
      <Stack gap="md">
        {alert ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert" title="Not saved">
            {alert}
          </Alert>
        ) : null}
        <Grid gap="md">
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label="First Name" required autoComplete="off" data-autofocus {...inputProps('first_name')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label="Last Name" required autoComplete="off" {...inputProps('last_name')} />
          </Grid.Col>
          <Grid.Col span={12}>
            <TextInput label="Email" type="email" required autoComplete="off" {...inputProps('email')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label="Phone" type="tel" autoComplete="off" maxLength={40} {...inputProps('phone')} />
          </Grid.Col>
          {afterPhone}
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Select
              label="Role"
              required
              data={roleOptions}
              placeholder="Choose a role"
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              {...inputProps('role')}
            />
          </Grid.Col>
          {afterRole}
        </Grid>
        <Group justify="flex-end" gap="sm" mt="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            {editing ? 'Save Changes' : 'Add user'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
