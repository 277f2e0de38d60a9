import { useEffect, useState, type ReactNode } from 'react';
import { Accordion, ActionIcon, Group, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { TASK_TEMPLATE_TEXT, templateTaskHeading, type TemplateTaskView } from '@siteflow/core';
import { confirmDelete } from '../../ui/confirm-delete';
import { notifyError } from '../../ui/notify';
import { SortableList, SortableRow } from '../../ui/sortable-list';
import { useDeleteTemplateTask, useReorderTasks } from './api';
import { TemplateTaskForm } from './template-task-form';

/** How long 'Task order saved' stays after the order is saved (spec 2 section 9). */
export const ORDER_MESSAGE_MS = 3000;

type OrderState = 'idle' | 'saving' | 'saved';

/**
 * The template's tasks, each 'Task {index}: {title}' and expandable into its form, in an order
 * changed by dragging a task's handle or from the keyboard (focus the handle, Space, arrows,
 * Space); the new order is saved at once.
 */
export function TemplateTaskList({ templateId, tasks }: { templateId: string; tasks: TemplateTaskView[] }) {
  const [order, setOrder] = useState<TemplateTaskView[]>(tasks);
  const [state, setState] = useState<OrderState>('idle');
  const reorder = useReorderTasks(templateId);
  const remove = useDeleteTemplateTask(templateId);

  useEffect(() => setOrder(tasks), [tasks]);
  useEffect(() => {
    if (state !== 'saved') return;
    const timer = setTimeout(() => setState('idle'), ORDER_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [state]);

  const onMove = (next: TemplateTaskView[]) => {
    const moved = next.map((t, i) => ({ ...t, task_index: i + 1 }));
    setOrder(moved);
    setState('saving');
    reorder.mutate(
      moved.map((t) => t.id),
      {
        onSuccess: () => setState('saved'),
        onError: (error) => {
          setState('idle');
          setOrder(tasks);
          notifyError(error, 'The task order was not saved');
        },
      },
    );
  };

  const askDelete = (task: TemplateTaskView) =>
    confirmDelete(remove, task.id, {
      title: `Delete ${templateTaskHeading(task.task_index, task.title)}?`,
      message: 'Are you sure, you want to delete this task?',
      done: () => TASK_TEMPLATE_TEXT.removed,
      failed: 'The task was not deleted',
    });

  return (
    <>
      <Text
        size="sm"
        c={state === 'saved' ? undefined : 'dimmed'}
        fw={state === 'saved' ? 600 : undefined}
        role="status"
        mih={20}
        mb="xs"
      >
        {state === 'saving' ? TASK_TEMPLATE_TEXT.savingOrder : state === 'saved' ? TASK_TEMPLATE_TEXT.orderSaved : ''}
      </Text>
      {order.length === 0 ? (
        <Text size="sm" c="dimmed">
          No tasks yet: add the first one under New Task.
        </Text>
      ) : (
        <SortableList
          items={order}
          idOf={(t) => t.id}
          nameOf={(t) => templateTaskHeading(t.task_index, t.title)}
          onMove={onMove}
        >
          <Accordion multiple variant="separated" chevronPosition="left" transitionDuration={0}>
            {order.map((task) => (
              <SortableTask
                key={task.id}
                task={task}
                onDelete={() => askDelete(task)}
                deleting={remove.isPending && remove.variables === task.id}
              >
                <TemplateTaskForm templateId={templateId} task={task} tasks={order} />
              </SortableTask>
            ))}
          </Accordion>
        </SortableList>
      )}
    </>
  );
}

function SortableTask({
  task,
  onDelete,
  deleting,
  children,
}: {
  task: TemplateTaskView;
  onDelete: () => void;
  deleting: boolean;
  children: ReactNode;
}) {
  const heading = templateTaskHeading(task.task_index, task.title);
  return (
    <SortableRow id={task.id} handleLabel={`Move ${heading}`} testId="template-task">
      {(handle) => (
        <Accordion.Item value={task.id}>
          <Group gap={0} wrap="nowrap" pl="xs">
            {handle}
            <Accordion.Control>{heading}</Accordion.Control>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Delete ${heading}`}
              onClick={onDelete}
              loading={deleting}
              mr="xs"
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Group>
          <Accordion.Panel>{children}</Accordion.Panel>
        </Accordion.Item>
      )}
    </SortableRow>
  );
}
