import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import {
  formatDate,
  PROVIDER_TEXT,
  projectMapDateLine,
  seesPerformanceRating,
  type ProjectMapMarker,
  type ProjectStatus,
  type Role,
} from '@siteflow/core';
import { StarRating } from '../../ui/star-rating';

type Popup = NonNullable<ProjectMapMarker['project']>;

/** A stored date as the map shows it (DD/MM/YYYY); a missing one says so. */
export const mapDate = (value: string | null) => formatDate(value) || 'not set';

/** The popup's date line: 'Completed: date', 'Cancelled' or 'Scheduled: end date'. */
export const dateLineOf = (p: { status: ProjectStatus; completed_on: string | null; end_date: string | null }) =>
  projectMapDateLine(p, mapDate);

/** The status as the server labels and colours it. */
export function StatusBadge({ label, colour }: { label: string; colour: string }) {
  return (
    <Badge variant="light" color={colour} style={{ overflow: 'visible' }}>
      {label}
    </Badge>
  );
}

/** Star ratings by role: client roles see only the Customer Rating (spec 1 section 6). */
export function Ratings({
  role,
  performance,
  customer,
}: {
  role: Role | undefined;
  performance: number | null;
  customer: number | null;
}) {
  const rows: [string, number | null][] = [];
  if (role && seesPerformanceRating(role)) rows.push([PROVIDER_TEXT.performanceRating, performance]);
  rows.push([PROVIDER_TEXT.customerRating, customer]);
  return (
    <Stack gap={2}>
      {rows.map(([label, value]) => (
        <Group key={label} gap={6} wrap="nowrap">
          <Text size="xs" c="dimmed" w={128} style={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
            {label}
          </Text>
          <StarRating value={value} label={label} size={14} />
        </Group>
      ))}
    </Stack>
  );
}

/** The map popup of one project: name (link), status, date line and ratings. */
export function ProjectPopupContent({ project, role }: { project: Popup; role: Role | undefined }) {
  return (
    <Stack gap={6} miw={220}>
      <Anchor component={Link} to={`/projects/${project.id}/show`} fw={600} size="sm">
        {project.name}
      </Anchor>
      <Group gap="xs">
        <StatusBadge label={project.status_label} colour={project.status_colour} />
      </Group>
      <Text size="sm">{dateLineOf(project)}</Text>
      <Ratings role={role} performance={project.performance_rating} customer={project.customer_rating} />
    </Stack>
  );
}
