import { useState } from 'react';
import { Accordion, Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { TaskGroup } from '@siteflow/core';
import { PageHeader } from '../../ui/page-header';
import { useTaskList } from './api';
import { listParams, useUrlFilters } from './filters';
import { TaskFilterPanel } from './task-filters';
import { TaskRows } from './task-list';
import { ListStates, LoadMore } from './task-list-states';
import { formatDue } from './task-row';

function GroupHead({ group }: { group: TaskGroup }) {
  const { project, next_task: next } = group;
  return (
    <Stack gap={2} style={{ overflowWrap: 'anywhere' }}>
      <Text fw={600}>
        {project.code} · {project.name}
      </Text>
      <Group gap="md">
        {project.category ? (
          <Text size="sm" c="dimmed">
            {project.category}
          </Text>
        ) : null}
        <Text size="sm">
          Next task: {next ? `${next.title}${next.due_date_at ? ` (${formatDue(next.due_date_at)})` : ''}` : 'none'}
        </Text>
      </Group>
    </Stack>
  );
}

/**
 * The action list of every project the user sees (spec 2 section 2.1, all-projects mode): the
 * filters in the address, then the projects with tasks, each opening into its tasks; Load more.
 */
export function ActionListScreen() {
  const { filters, set, reset } = useUrlFilters(0);
  const query = useTaskList(listParams(filters, 0));
  const [open, setOpen] = useState<string[]>([]);
  const groups = query.data?.pages.flatMap((p) => p.groups) ?? [];

  return (
    <>
      <PageHeader title="Action list" />
      <Stack gap="lg">
        <Paper withBorder radius="lg" p="lg">
          <TaskFilterPanel projectId={0} filters={filters} set={set} reset={reset} />
        </Paper>
        <ListStates query={query} empty={groups.length === 0} />
        {groups.length > 0 ? (
          <Accordion multiple value={open} onChange={setOpen} variant="separated" transitionDuration={0}>
            {groups.map((group) => (
              <Accordion.Item key={group.project.id} value={String(group.project.id)} data-testid="task-group">
                <Group gap={0} wrap="nowrap">
                  {/* minWidth 0: a long project name wraps here, leaving room for the link beside it. */}
                  <Accordion.Control style={{ minWidth: 0 }}>
                    <GroupHead group={group} />
                  </Accordion.Control>
                  {/* The code never breaks at its hyphen ('PRJ-' / '00048'): the link keeps one line. */}
                  <Anchor
                    component={Link}
                    to={`/projects/${group.project.id}/show#todos`}
                    size="sm"
                    px="md"
                    style={{ whiteSpace: 'nowrap', flexShrink: 0 }}
                  >
                    Open {group.project.code}
                  </Anchor>
                </Group>
                <Accordion.Panel>
                  {open.includes(String(group.project.id)) ? <TaskRows tasks={group.tasks} /> : null}
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        ) : null}
        <LoadMore query={query} />
      </Stack>
    </>
  );
}
