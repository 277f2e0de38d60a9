import { useEffect, useState, type ReactNode } from 'react';
import { Accordion, ActionIcon, Badge, Group, Stack, Text } from '@mantine/core';
import { IconStar, IconStarFilled } from '@tabler/icons-react';
import { generatingText, nextFiveMinuteMark, onCompanyClock, TASK_TEXT, type TaskListItem } from '@siteflow/core';
import { notifyError } from '../../ui/notify';
import { useTaskTransition } from './api';

/** A company wall-clock time ('YYYY-MM-DD HH:mm') as dd/MM/yyyy hh:mm a, as written whatever the browser's zone. */
export const formatDue = (value: string | null) => onCompanyClock(value)?.format('DD/MM/YYYY hh:mm a') ?? '';

/** 'Task is generating due date - come back in {time}', counting down to the next 5-minute mark. */
export function GeneratingNote() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <Text size="xs" c="dimmed">
      {generatingText(nextFiveMinuteMark(now))}
    </Text>
  );
}

/**
 * The star toggle of a task (the list is fetched again), named with its task ('Star task: Book the
 * site visit'): a list of them all named 'Star task' did not say which task each stars. The name
 * stays the same when starred; aria-pressed says whether it is.
 */
function StarToggle({ task }: { task: TaskListItem }) {
  const star = useTaskTransition(task.id, 'star');
  return (
    <ActionIcon
      variant="subtle"
      color="yellow"
      aria-label={`Star task: ${task.title}`}
      aria-pressed={task.starred}
      loading={star.isPending}
      onClick={() => star.mutate(undefined, { onError: (error) => notifyError(error, 'The task was not starred') })}
      mr="xs"
    >
      {task.starred ? <IconStarFilled size={18} aria-hidden /> : <IconStar size={18} aria-hidden />}
    </ActionIcon>
  );
}

/**
 * The task's flags: Completed, Voided, Overdue, Unassigned. Not Overdue while its due date is
 * generating: the row shows 'Generating...' in place of the old date, which the flag was read from.
 */
function Flags({ task }: { task: TaskListItem }) {
  return (
    <>
      {task.status === 'Completed' ? (
        <Badge variant="light" color="green">
          Completed
        </Badge>
      ) : null}
      {task.status === 'Voided' ? (
        <Badge variant="light" color="gray">
          Voided
        </Badge>
      ) : null}
      {task.overdue && !task.is_generating ? (
        <Badge variant="light" color="red">
          Overdue
        </Badge>
      ) : null}
      {task.user_id === null ? (
        <Badge variant="light" color="orange">
          Unassigned
        </Badge>
      ) : null}
    </>
  );
}

type Props = {
  task: TaskListItem;
  /** Project mode shows each task's position number. */
  numbered?: boolean;
  /** The drag handle (project mode, company roles). */
  handle?: ReactNode;
  /** The task's editor, shown when the row is open. */
  children: ReactNode;
};

/**
 * A task of the list (both modes): its number, title, due date (or 'Generating...' with the
 * countdown), priority, user, flags and star; the row opens into the task's editor (Enter or Space
 * on the row, as any accordion).
 */
export function TaskRow({ task, numbered, handle, children }: Props) {
  const completed = task.status === 'Completed';
  const voided = task.status === 'Voided';
  return (
    <Accordion.Item
      value={String(task.id)}
      data-testid="task-row"
      // Voided: greyed (a grey ground and grey text that still reads, not an opacity that would not).
      bg={voided ? 'gray.1' : undefined}
    >
      <Group gap={0} wrap="nowrap" pl={handle ? 'xs' : 0}>
        {handle}
        <Accordion.Control>
          <Stack gap={2}>
            <Group gap="sm" wrap="wrap">
              {numbered ? (
                <Text fw={600} c="dimmed">
                  {task.position}.
                </Text>
              ) : null}
              <Text fw={500} td={completed || voided ? 'line-through' : undefined} c={voided ? 'gray.8' : undefined}>
                {task.title}
              </Text>
              <Flags task={task} />
            </Group>
            <Group gap="md" wrap="wrap">
              <Text size="sm" c="dimmed">
                {task.is_generating ? TASK_TEXT.generating : formatDue(task.due_date_at) || 'No due date'}
              </Text>
              <Text size="sm" c="dimmed">
                {task.priority}
              </Text>
              {task.user_name ? <Text size="sm">{task.user_name}</Text> : null}
            </Group>
            {task.is_generating ? <GeneratingNote /> : null}
          </Stack>
        </Accordion.Control>
        <StarToggle task={task} />
      </Group>
      <Accordion.Panel>{children}</Accordion.Panel>
    </Accordion.Item>
  );
}
