import { Anchor, Button, Group, Paper, ScrollArea, Skeleton, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import {
  addressLine,
  formatDate,
  isProviderRole,
  type ProjectMapItem,
  type ProjectMapResponse,
  type Role,
} from '@siteflow/core';
import { ErrorState } from '../../ui/query-states';
import { Ratings, StatusBadge } from './project-popup';

const datesOf = (p: ProjectMapItem) => {
  const start = formatDate(p.start_date);
  const end = formatDate(p.end_date);
  if (!start && !end) return '';
  return start === end || !end ? start : `${start || '…'} – ${end}`;
};

export const countLabel = (total: number) => (total === 1 ? '1 project' : `${total.toLocaleString('en-AU')} projects`);

/** The list beside the map (4/12): one page of the filtered projects, with Previous/Next. */
export function ProjectMapList({
  data,
  role,
  loading,
  fetching,
  error,
  onRetry,
  onPage,
  height,
  emptyText,
}: {
  data: ProjectMapResponse | undefined;
  role: Role | undefined;
  loading: boolean;
  fetching: boolean;
  error: unknown;
  onRetry: () => void;
  /** What an empty page says: no projects at all, none matching, or none in the view. */
  emptyText: string;
  onPage: (page: number) => void;
  height: number;
}) {
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <Paper withBorder radius="lg" p="sm" h={height} style={{ display: 'flex', flexDirection: 'column' }}>
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Text fw={600} aria-live="polite" data-testid="project-map-count">
          {data ? countLabel(data.total) : loading ? 'Loading projects…' : ''}
        </Text>
        {fetching && data ? (
          <Text size="xs" c="dimmed" role="status">
            Updating…
          </Text>
        ) : null}
      </Group>
      {error ? <ErrorState error={error} onRetry={onRetry} title="Could not load the project map" /> : null}
      <ScrollArea style={{ flex: 1 }} type="auto" offsetScrollbars>
        {loading && !data ? (
          <Stack gap="sm" role="status" aria-label="Loading projects">
            {Array.from({ length: 5 }, (_, i) => (
              <Skeleton key={i} h={88} radius="md" />
            ))}
          </Stack>
        ) : data && data.items.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl">
            {emptyText}
          </Text>
        ) : (
          <Stack
            gap="xs"
            component="ul"
            style={{ listStyle: 'none', margin: 0, padding: 0 }}
            aria-label="Projects on the map"
          >
            {data?.items.map((p) => (
              <ProjectItem key={p.id} project={p} role={role} />
            ))}
          </Stack>
        )}
      </ScrollArea>
      {data && data.total > 0 ? (
        <Group justify="space-between" mt="xs" wrap="nowrap">
          <Button variant="default" size="xs" disabled={data.page <= 1} onClick={() => onPage(data.page - 1)}>
            Previous
          </Button>
          <Text size="xs" c="dimmed">
            Page {data.page} of {pages.toLocaleString('en-AU')}
          </Text>
          <Button variant="default" size="xs" disabled={data.page >= pages} onClick={() => onPage(data.page + 1)}>
            Next
          </Button>
        </Group>
      ) : null}
    </Paper>
  );
}

function ProjectItem({ project: p, role }: { project: ProjectMapItem; role: Role | undefined }) {
  const address = addressLine(p.location_first);
  const dates = datesOf(p);
  const categories = p.categories_list.map((c) => c.name).join(', ');
  return (
    <Paper component="li" withBorder radius="md" p="xs">
      <Stack gap={4}>
        <Anchor component={Link} to={`/projects/${p.id}/show`} size="sm" fw={600}>
          {p.id_code} · {p.name}
        </Anchor>
        <Group gap="xs" wrap="wrap">
          <StatusBadge label={p.status_label} colour={p.status_colour} />
          {dates ? <Text size="xs">{dates}</Text> : null}
        </Group>
        <Text size="xs">
          {/* Provider users do not see the client (as on the project list). */}
          {[role && isProviderRole(role) ? '' : p.client_name, p.project_manager ? `PM ${p.project_manager}` : '']
            .filter(Boolean)
            .join(' · ')}
        </Text>
        {address ? (
          <Text size="xs" c="dimmed">
            {address}
            {p.km !== null ? ` · ${p.km.toFixed(1)} km` : ''}
          </Text>
        ) : p.km !== null ? (
          <Text size="xs" c="dimmed">
            {p.km.toFixed(1)} km
          </Text>
        ) : null}
        {categories ? (
          <Text size="xs" c="dimmed">
            {categories}
          </Text>
        ) : null}
        <Ratings role={role} performance={p.performance_rating} customer={p.customer_rating} />
      </Stack>
    </Paper>
  );
}
