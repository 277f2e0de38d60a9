import { useEffect, useRef, useState } from 'react';
import { Button, Grid, Group, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import {
  TemplateTaskInput,
  newTemplateTask,
  nextTaskIndex,
  templateTaskHeading,
  type TemplateTaskView,
} from '@siteflow/core';
import { FormAlert, useContractForm } from '../../ui/contract-form';
import { useSaveTemplateTask } from './api';
import { TaskFields, whole, type SharedTaskForm } from './task-fields';

/** How long the saved tick shows on a template task (spec 2 section 9). */
export const SAVED_TICK_MS = 5000;

type Values = Omit<TemplateTaskInput, 'task_index'> & { task_index: number | string | null };

/** The form's values of a saved task, or of a new one numbered after `indexes`. */
function initialValues(task: TemplateTaskView | undefined, indexes: number[]): Values {
  if (!task) return newTemplateTask(indexes) as Values;
  const { id: _id, template_id: _template, ...values } = task;
  return values;
}

function toPayload(values: Values): TemplateTaskInput {
  const index = values.task_index;
  return {
    ...values,
    task_index: index === '' || index == null ? null : Number(index),
    actioned_at_days: whole(values.actioned_at_days),
    actioned_at_hours: whole(values.actioned_at_hours),
    actioned_at_mins: whole(values.actioned_at_mins),
  };
}

type Props = {
  templateId: string;
  /** The saved task, or none for the 'New Task' form. */
  task?: TemplateTaskView;
  /** The template's tasks (for the next number and the Completed Task picker). */
  tasks: TemplateTaskView[];
};

/**
 * A template task's form (spec 2 sections 3 and 4): its number and title, then the fields a
 * project task shares with it and their dependent rules (TaskFields).
 */
export function TemplateTaskForm({ templateId, task, tasks }: Props) {
  const save = useSaveTemplateTask(templateId, task?.id);
  const [savedAt, setSavedAt] = useState<number | null>(null);
  const { form, alert, submit, showServerErrors } = useContractForm(TemplateTaskInput, {
    initial: initialValues(
      task,
      tasks.map((t) => t.task_index),
    ),
    toPayload,
  });
  const key = task?.id ?? 'new';

  // The number the task has now (a reorder renumbers), or the next one for a new task: the form
  // follows it unless the user typed a number of their own.
  const currentIndex = task ? task.task_index : nextTaskIndex(tasks.map((t) => t.task_index));
  const shownIndex = useRef(currentIndex);
  useEffect(() => {
    if (shownIndex.current === currentIndex) return;
    shownIndex.current = currentIndex;
    if (form.isDirty('task_index')) return;
    form.setFieldValue('task_index', currentIndex);
    form.resetDirty({ ...form.getValues(), task_index: currentIndex });
  }, [currentIndex, form]);

  useEffect(() => {
    if (savedAt === null) return;
    const timer = setTimeout(() => setSavedAt(null), SAVED_TICK_MS);
    return () => clearTimeout(timer);
  }, [savedAt]);

  // The Completed Task trigger names an earlier task: one before this one (any, for a new task).
  const earlier = tasks.filter((t) => t.id !== task?.id && (!task || t.task_index < task.task_index));

  const send = submit((payload) =>
    save.mutate(
      // A saved task keeps the number the server has unless the user changed it here.
      task && !form.isDirty('task_index') ? { ...payload, task_index: null } : payload,
      {
        onSuccess: (saved) => {
          setSavedAt(Date.now());
          // After saving a new task a blank form returns, numbered after it.
          if (!task) {
            const blank = newTemplateTask([...tasks.map((t) => t.task_index), saved.task_index]) as Values;
            form.setValues(blank);
            form.resetDirty(blank);
          } else form.resetDirty();
        },
        onError: (error) => showServerErrors(error),
      },
    ),
  );

  return (
    <form onSubmit={send} noValidate aria-label={task ? templateTaskHeading(task.task_index, task.title) : 'New Task'}>
      <Stack gap="sm">
        <FormAlert title="Not saved" message={alert} />
        <Grid>
          <Grid.Col span={{ base: 12, sm: 3 }}>
            <NumberInput
              id={`tt-${key}-index`}
              label="Task number"
              min={0}
              step={1}
              allowDecimal={false}
              allowNegative={false}
              {...form.getInputProps('task_index')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 9 }}>
            <TextInput id={`tt-${key}-title`} label="Title" required {...form.getInputProps('title')} />
          </Grid.Col>
          <TaskFields
            form={form as unknown as SharedTaskForm}
            idPrefix={`tt-${key}`}
            completedTasks={earlier.map((t) => ({ value: t.id, label: templateTaskHeading(t.task_index, t.title) }))}
          />
        </Grid>
        <Group justify="flex-end" gap="sm">
          {savedAt !== null ? (
            <Group gap={4} role="status">
              <IconCircleCheck size={18} color="var(--mantine-color-green-8)" aria-hidden />
              <Text size="sm">Saved</Text>
            </Group>
          ) : null}
          <Button type="submit" loading={save.isPending}>
            {task ? 'Save task' : 'Add task'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
