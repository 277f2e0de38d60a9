import { useState, type ReactNode } from 'react';
import { Accordion, ActionIcon } from '@mantine/core';
import { IconGripVertical } from '@tabler/icons-react';
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
import type { TaskListItem } from '@siteflow/core';
import { TaskPanel } from './task-editor';
import { TaskRow } from './task-row';

/** The open rows' editors (each fetched when its row opens). */
function useOpenRows() {
  const [open, setOpen] = useState<string[]>([]);
  const editor = (task: TaskListItem) => (open.includes(String(task.id)) ? <TaskPanel taskId={task.id} /> : null);
  return { open, setOpen, editor };
}

/** Tasks as rows that open into their editors (all-projects mode: a project's tasks). */
export function TaskRows({ tasks, numbered = false }: { tasks: TaskListItem[]; numbered?: boolean }) {
  const { open, setOpen, editor } = useOpenRows();
  return (
    <Accordion
      multiple
      value={open}
      onChange={setOpen}
      variant="separated"
      chevronPosition="left"
      transitionDuration={0}
    >
      {tasks.map((task) => (
        <TaskRow key={task.id} task={task} numbered={numbered}>
          {editor(task)}
        </TaskRow>
      ))}
    </Accordion>
  );
}

const titleOf = (tasks: TaskListItem[], id: unknown) => {
  const task = tasks.find((t) => t.id === id);
  return task ? `task ${task.position}, ${task.title}` : 'the task';
};

type SortableProps = {
  tasks: TaskListItem[];
  /** The new order, every task renumbered 1..n (the caller saves it). */
  onReorder: (tasks: TaskListItem[]) => void;
};

/**
 * A project's tasks in their order, numbered, each moved by its handle (drag, or focus the handle,
 * Space, arrows, Space: dnd-kit's keyboard sensor with spoken announcements).
 */
export function SortableTaskRows({ tasks, onReorder }: SortableProps) {
  const { open, setOpen, editor } = useOpenRows();
  const sensors = useSensors(
    useSensor(PointerSensor),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = tasks.findIndex((t) => t.id === active.id);
    const to = tasks.findIndex((t) => t.id === over.id);
    if (from < 0 || to < 0) return;
    onReorder(arrayMove(tasks, from, to).map((t, i) => ({ ...t, position: i + 1 })));
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements: {
          onDragStart: ({ active }) => `Picked up ${titleOf(tasks, active.id)}.`,
          onDragOver: ({ active, over }) =>
            over ? `${titleOf(tasks, active.id)} is over ${titleOf(tasks, over.id)}.` : '',
          onDragEnd: ({ active }) => `${titleOf(tasks, active.id)} was dropped.`,
          onDragCancel: ({ active }) => `Moving ${titleOf(tasks, active.id)} was cancelled.`,
        },
      }}
    >
      <SortableContext items={tasks.map((t) => t.id)} strategy={verticalListSortingStrategy}>
        <Accordion
          multiple
          value={open}
          onChange={setOpen}
          variant="separated"
          chevronPosition="left"
          transitionDuration={0}
        >
          {tasks.map((task) => (
            <SortableTask key={task.id} task={task}>
              {editor(task)}
            </SortableTask>
          ))}
        </Accordion>
      </SortableContext>
    </DndContext>
  );
}

function SortableTask({ task, children }: { task: TaskListItem; children: ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: task.id,
  });
  const handle = (
    <ActionIcon
      ref={setActivatorNodeRef}
      variant="subtle"
      color="gray"
      aria-label={`Move task ${task.position}: ${task.title}`}
      {...attributes}
      {...listeners}
      style={{ cursor: 'grab', touchAction: 'none' }}
    >
      <IconGripVertical size={18} aria-hidden />
    </ActionIcon>
  );
  return (
    <div
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition, zIndex: isDragging ? 2 : undefined }}
    >
      <TaskRow task={task} numbered handle={handle}>
        {children}
      </TaskRow>
    </div>
  );
}
