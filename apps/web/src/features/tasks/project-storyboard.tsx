import { useState } from 'react';
import { Badge, Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { STORYBOARD_LABELS, STORYBOARD_TEXT, type Storyboard } from '@siteflow/core';
import { ErrorState, LoadingState } from '../../ui/query-states';
import { storyboardQuery } from './api';
import { formatDue } from './task-row';

/**
 * A project's storyboard (issue 12): the actions shared with the client or with the service
 * provider, newest first. Client and provider users see their own board; company users switch.
 */
export function ProjectStoryboard({ projectId }: { projectId: number }) {
  const [asked, setAsked] = useState<Storyboard>('client');
  // A phone has no room for the boards side by side ('Service provider storyboard' ran past the
  // card): there they stack, the width of the card.
  const phone = useMediaQuery('(max-width: 36em)');
  const query = useQuery(storyboardQuery(projectId, asked));
  const view = query.data;
  const headingId = `storyboard-${projectId}`;
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" mb="md">
        <Title order={2} size="h4" id={headingId}>
          {view && view.boards.length === 1 ? STORYBOARD_LABELS[view.board] : 'Storyboards'}
        </Title>
        {view && view.boards.length > 1 ? (
          <SegmentedControl
            aria-label="Storyboard"
            orientation={phone ? 'vertical' : 'horizontal'}
            fullWidth={phone}
            w={phone ? '100%' : undefined}
            value={asked}
            onChange={(v) => setAsked(v as Storyboard)}
            data={view.boards.map((b) => ({ value: b, label: STORYBOARD_LABELS[b] }))}
          />
        ) : null}
      </Group>
      {query.isPending ? (
        <LoadingState label="Loading the storyboard…" />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} title="Could not load the storyboard" />
      ) : view!.items.length === 0 ? (
        <Text c="dimmed">{STORYBOARD_TEXT.empty}</Text>
      ) : (
        <Stack gap="sm" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {view!.items.map((item) => (
            <li key={item.task_id}>
              <Paper withBorder radius="md" p="sm">
                <Group gap="sm" wrap="wrap">
                  <Text fw={600}>{item.title}</Text>
                  <Badge variant="light" color={item.status === 'Completed' ? 'green' : 'blue'}>
                    {item.status}
                  </Badge>
                  <Text size="sm" c="dimmed">
                    {item.completed_at
                      ? `Completed ${formatDue(item.completed_at)}`
                      : item.due_date_at
                        ? `Due ${formatDue(item.due_date_at)}`
                        : ''}
                  </Text>
                </Group>
                {item.action_taken ? (
                  <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap' }}>
                    {item.action_taken}
                  </Text>
                ) : null}
                <Text size="xs" c="dimmed" mt={4}>
                  Updated {formatDue(item.updated_at)}
                  {item.user_name ? ` · ${item.user_name}` : ''}
                </Text>
              </Paper>
            </li>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
