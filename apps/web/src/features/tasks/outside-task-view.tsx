import { useState } from 'react';
import { Button, Group, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { TASK_TEXT, TRIGGER_PROJECT_STATUS_OPTIONS, type TaskView } from '@siteflow/core';
import { errorMessage } from '../../api/client';
import { confirmAction } from '../../ui/confirm';
import { useSaveActionTaken, useTaskTransition } from './api';
import { CYCLES, useCycle } from './cycle';
import { CycleButton, FailureBanner } from './task-form-parts';
import { formatDue } from './task-row';

/** The Completed button of the outside view (spec 2 section 2.3 names it so). */
const OUTSIDE_COMPLETE = ['Completed', CYCLES.complete[1], CYCLES.complete[2]] as const;

function Detail({ label, value }: { label: string; value: string | null }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
        {value || '-'}
      </Text>
    </div>
  );
}

/**
 * A task as a client or service-provider user sees it (spec 2 section 2.3): read-only but for
 * Actions Taken; Save, and Completed while the task is pending.
 */
export function OutsideTaskView({ task }: { task: TaskView }) {
  const [actionTaken, setActionTaken] = useState(task.action_taken ?? '');
  const [alert, setAlert] = useState<string | null>(null);
  const save = useSaveActionTaken(task.id);
  const complete = useTaskTransition(task.id, 'complete');
  const saveCycle = useCycle(CYCLES.save, save.isPending);
  const completeCycle = useCycle(OUTSIDE_COMPLETE, complete.isPending);
  const failed = (error: unknown) => setAlert(errorMessage(error));
  const status = TRIGGER_PROJECT_STATUS_OPTIONS.find((o) => o.value === task.trigger_project_status)?.label ?? null;

  const send = (event: React.FormEvent) => {
    event.preventDefault();
    setAlert(null);
    save.mutate({ action_taken: actionTaken }, { onSuccess: () => saveCycle.succeeded(), onError: failed });
  };
  const askComplete = () =>
    confirmAction({
      title: 'Please confirm',
      message: TASK_TEXT.confirmComplete,
      confirmLabel: 'Complete',
      danger: false,
      onConfirm: () => {
        setAlert(null);
        complete.mutate(undefined, { onSuccess: () => completeCycle.succeeded(), onError: failed });
      },
    });

  return (
    <form onSubmit={send} noValidate aria-label={`Task ${task.position}: ${task.title}`}>
      <Stack gap="sm">
        <FailureBanner text={alert} />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Detail label="Title" value={task.title} />
          <Detail label="Actioned by" value={task.action_by} />
          <Detail label="Staff Responsible" value={task.staff_responsible} />
          <Detail label="Priority" value={task.priority} />
          <Detail label="Trigger project status" value={status} />
          <Detail label="Due date" value={task.is_generating ? TASK_TEXT.generating : formatDue(task.due_date_at)} />
        </SimpleGrid>
        <Detail label="Instructions" value={task.instructions} />
        <Textarea
          id={`task-${task.id}-action-taken`}
          label="Actions Taken"
          rows={3}
          value={actionTaken}
          disabled={!task.abilities.action_taken}
          onChange={(event) => setActionTaken(event.currentTarget.value)}
        />
        <Group justify="flex-end" gap="sm">
          {task.abilities.complete || completeCycle.done || complete.isPending ? (
            <Button
              color="green"
              variant="light"
              disabled={complete.isPending || completeCycle.done}
              onClick={askComplete}
            >
              {completeCycle.label}
            </Button>
          ) : null}
          {task.abilities.action_taken ? (
            <CycleButton type="submit" cycle={saveCycle} disabled={save.isPending} />
          ) : null}
        </Group>
      </Stack>
    </form>
  );
}
