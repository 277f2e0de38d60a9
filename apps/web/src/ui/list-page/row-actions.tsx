import type { ReactNode } from 'react';
import { ActionIcon, Badge, Group, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconEye, IconPencil, IconTrash, type Icon } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { Link } from 'react-router';

/** A row's icon button with its tooltip; `to` makes it a link. */
export function RowAction({
  tooltip,
  label,
  icon: IconComponent,
  color,
  to,
  onClick,
  loading,
}: {
  tooltip: string;
  /** The accessible name ('Edit Acme'). */
  label: string;
  icon: Icon;
  color?: string;
  to?: string;
  onClick?: () => void;
  loading?: boolean;
}) {
  const icon = <IconComponent size={18} aria-hidden />;
  return (
    <Tooltip label={tooltip} withArrow>
      {to ? (
        <ActionIcon component={Link} to={to} variant="light" color={color} size="lg" aria-label={label}>
          {icon}
        </ActionIcon>
      ) : (
        <ActionIcon variant="light" color={color} size="lg" aria-label={label} onClick={onClick} loading={loading}>
          {icon}
        </ActionIcon>
      )}
    </Tooltip>
  );
}

/** The row's Edit link ('Edit Acme'), or View for those who may only read. */
export function EditAction({ name, to, canEdit = true }: { name: string; to: string; canEdit?: boolean }) {
  const verb = canEdit ? 'Edit' : 'View';
  return <RowAction tooltip={verb} label={`${verb} ${name}`} icon={canEdit ? IconPencil : IconEye} to={to} />;
}

/** The row's red Delete button ('Delete Acme'); `loading` while its request runs. */
export function DeleteAction({ name, onClick, loading }: { name: string; onClick: () => void; loading?: boolean }) {
  return (
    <RowAction
      tooltip="Delete"
      label={`Delete ${name}`}
      icon={IconTrash}
      color="red"
      onClick={onClick}
      loading={loading}
    />
  );
}

/** The actions column (its title hidden but named): the row's buttons at the right. */
export function actionsColumn<T>(
  render: (record: T) => ReactNode,
  options: { hidden?: boolean; width?: number } = {},
): DataTableColumn<T> {
  return {
    accessor: 'actions',
    title: <VisuallyHidden>Actions</VisuallyHidden>,
    textAlign: 'right',
    ...options,
    render: (record) => (
      <Group gap={6} justify="flex-end" wrap="nowrap">
        {render(record)}
      </Group>
    ),
  };
}

/** Active / Inactive. */
export function ActiveBadge({ active }: { active: boolean }) {
  return (
    <Badge color={active ? 'green' : 'gray'} variant="light" style={{ overflow: 'visible' }}>
      {active ? 'Active' : 'Inactive'}
    </Badge>
  );
}
