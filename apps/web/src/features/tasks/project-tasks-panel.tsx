import { useEffect, useId, useRef, useState } from 'react';
import { Accordion, Paper, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useLocation } from 'react-router';
import { closeProjectText, type TaskListItem } from '@siteflow/core';
import { notifyError } from '../../ui/notify';
import { useCloseProject, useReorderProjectTasks, useTaskList } from './api';
import { listParams, useUrlFilters } from './filters';
import { ProjectTaskTools } from './project-task-tools';
import { TaskForm } from './task-editor-lazy';
import { TaskFilterPanel } from './task-filters';
import { TaskRows } from './task-list';
import { ListStates, LoadMore } from './task-list-states';

/**
 * After a list refresh: when every task of the (not closed) project is Completed or Voided, ask
 * once whether to close it; a "no" is remembered while the panel is open.
 */
function useClosePrompt(projectId: number, close: boolean, count: number, refreshedAt: number) {
  const closeProject = useCloseProject(projectId);
  const [declined, setDeclined] = useState(false);
  const askedAt = useRef(0);
  useEffect(() => {
    if (!close || declined || refreshedAt === 0 || askedAt.current === refreshedAt) return;
    askedAt.current = refreshedAt;
    modals.openConfirmModal({
      title: 'Close the project?',
      centered: true,
      children: <Text size="sm">{closeProjectText(count)}</Text>,
      labels: { confirm: 'Yes', cancel: 'No' },
      onCancel: () => setDeclined(true),
      onConfirm: () =>
        closeProject.mutate(undefined, {
          onError: (error) => {
            setDeclined(true);
            notifyError(error, 'The project was not closed');
          },
        }),
    });
  }, [close, declined, refreshedAt, count, closeProject]);
}

/**
 * A project's action list (spec 2 section 2.1, project mode), the section `#todos` of the project
 * page: the filters (in the address), the tasks in their order with their numbers and, for
 * company roles, dragging to reorder, Add New Task, Recalculate Due Dates, Assign Pending Tasks
 * and Apply template.
 */
export function ProjectTasksPanel({ projectId }: { projectId: number }) {
  const headingId = useId();
  const { filters, set, reset } = useUrlFilters(projectId);
  const query = useTaskList(listParams(filters, projectId));
  const reorder = useReorderProjectTasks(projectId);
  const tasks = query.data?.pages.flatMap((p) => p.tasks) ?? [];
  const project = query.data?.pages[0]?.project ?? null;
  const manage = project?.manage ?? false;
  // Dragging saves the project's whole order, so it is offered when every task is listed.
  const sortable = manage && project !== null && tasks.length === project.task_count;
  const [moved, setMoved] = useState<TaskListItem[] | null>(null);
  // A new answer from the server replaces the order moved here.
  const [movedFrom, setMovedFrom] = useState(query.data);
  if (movedFrom !== query.data) {
    setMovedFrom(query.data);
    setMoved(null);
  }
  const [adding, setAdding] = useState<string | null>(null);
  // Opened at #todos (the action list's project links): the section comes into view once loaded.
  const { hash } = useLocation();
  const scrolled = useRef(false);
  const loaded = query.data !== undefined;
  useEffect(() => {
    if (hash !== '#todos' || scrolled.current || !loaded) return;
    scrolled.current = true;
    document.getElementById('todos')?.scrollIntoView?.({ block: 'start' });
  }, [hash, loaded]);
  useClosePrompt(projectId, project?.close ?? false, project?.task_count ?? 0, query.dataUpdatedAt);

  const onReorder = (next: TaskListItem[]) => {
    setMoved(next);
    reorder.mutate(
      next.map((t) => t.id),
      {
        onError: (error) => {
          setMoved(null);
          notifyError(error, 'The task order was not saved');
        },
      },
    );
  };

  const shown = moved ?? tasks;
  return (
    <Paper
      withBorder
      radius="lg"
      p="lg"
      component="section"
      id="todos"
      aria-labelledby={headingId}
      // Clear of the app's header when scrolled to.
      style={{ scrollMarginTop: 'calc(var(--app-shell-header-height, 60px) + 16px)' }}
    >
      <Title order={2} size="h4" mb="md" id={headingId}>
        Action list
      </Title>
      <Stack gap="md">
        <TaskFilterPanel projectId={projectId} filters={filters} set={set} reset={reset} />
        {manage ? <ProjectTaskTools projectId={projectId} /> : null}
        {manage ? (
          <Accordion variant="contained" transitionDuration={0} value={adding} onChange={setAdding}>
            <Accordion.Item value="new">
              <Accordion.Control>Add New Task</Accordion.Control>
              <Accordion.Panel>{adding ? <TaskForm projectId={projectId} /> : null}</Accordion.Panel>
            </Accordion.Item>
          </Accordion>
        ) : null}
        <ListStates query={query} empty={tasks.length === 0} />
        {shown.length > 0 ? <TaskRows tasks={shown} numbered onReorder={sortable ? onReorder : undefined} /> : null}
        <LoadMore query={query} />
      </Stack>
    </Paper>
  );
}
