import { useEffect, useState, type ReactNode } from 'react';
import { Accordion, ActionIcon, Group, Text } from '@mantine/core';
import { IconGripVertical, IconTrash } from '@tabler/icons-react';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { TASK_TEMPLATE_TEXT, templateTaskHeading, type TemplateTaskView } from '@siteflow/core';
import { confirmDelete } from '../../ui/confirm-delete';
import { notifyError } from '../../ui/notify';
import { useDeleteTemplateTask, useReorderTasks } from './api';
import { TemplateTaskForm } from './template-task-form';

/** How long 'Task order saved' stays after the order is saved (spec 2 section 9). */
export const ORDER_MESSAGE_MS = 3000;

type OrderState = 'idle' | 'saving' | 'saved';

/** How the list announces a drag to screen readers (dnd-kit's live region). */
const headingOf = (tasks: TemplateTaskView[], id: unknown) => {
  const task = tasks.find((t) => t.id === id);
  return task ? templateTaskHeading(task.task_index, task.title) : 'the task';
};

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
  const sensors = useSensors(
    useSensor(PointerSensor),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  useEffect(() => setOrder(tasks), [tasks]);
  useEffect(() => {
    if (state !== 'saved') return;
    const timer = setTimeout(() => setState('idle'), ORDER_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [state]);

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = order.findIndex((t) => t.id === active.id);
    const to = order.findIndex((t) => t.id === over.id);
    if (from < 0 || to < 0) return;
    const moved = arrayMove(order, from, to).map((t, i) => ({ ...t, task_index: i + 1 }));
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
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{
            announcements: {
              onDragStart: ({ active }) => `Picked up ${headingOf(order, active.id)}.`,
              onDragOver: ({ active, over }) =>
                over ? `${headingOf(order, active.id)} is over ${headingOf(order, over.id)}.` : '',
              onDragEnd: ({ active }) => `${headingOf(order, active.id)} was dropped.`,
              onDragCancel: ({ active }) => `Moving ${headingOf(order, active.id)} was cancelled.`,
            },
          }}
        >
          <SortableContext items={order.map((t) => t.id)} strategy={verticalListSortingStrategy}>
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
          </SortableContext>
        </DndContext>
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
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: task.id,
  });
  const heading = templateTaskHeading(task.task_index, task.title);
  return (
    <div
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition, zIndex: isDragging ? 2 : undefined }}
      data-testid="template-task"
    >
      <Accordion.Item value={task.id}>
        <Group gap={0} wrap="nowrap" pl="xs">
          <ActionIcon
            ref={setActivatorNodeRef}
            variant="subtle"
            color="gray"
            aria-label={`Move ${heading}`}
            {...attributes}
            {...listeners}
            style={{ cursor: 'grab', touchAction: 'none' }}
          >
            <IconGripVertical size={18} aria-hidden />
          </ActionIcon>
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
    </div>
  );
}
