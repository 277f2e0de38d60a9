import { Badge, type BadgeProps } from '@mantine/core';
import { PROJECT_STATUS_COLOURS, PROJECT_STATUS_LABELS, type ProjectStatus } from '@siteflow/core';

/** A project's status: the label and colour of core (the same everywhere projects are listed). */
export function ProjectStatusBadge({
  status,
  ...props
}: { status: ProjectStatus } & Omit<BadgeProps, 'color' | 'children'>) {
  return (
    <Badge variant="light" color={PROJECT_STATUS_COLOURS[status]} style={{ overflow: 'visible' }} {...props}>
      {PROJECT_STATUS_LABELS[status]}
    </Badge>
  );
}
