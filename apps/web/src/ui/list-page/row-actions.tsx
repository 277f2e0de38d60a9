import type { ReactNode } from 'react';
import { ActionIcon, Badge, Group, Tooltip, VisuallyHidden } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
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
