import type { ReactNode } from 'react';
import { ActionIcon } from '@mantine/core';
import { IconGripVertical } from '@tabler/icons-react';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  MeasuringStrategy,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';

type ListProps<T> = {
  items: T[];
  idOf: (item: T) => UniqueIdentifier;
  /** How an item is spoken of in the announcements ('Task 1: Book the site visit'). */
  nameOf: (item: T) => string;
  /** The items in their new order after a move. */
  onMove: (items: T[]) => void;
  /** The rows (SortableRow), in the items' order. */
  children: ReactNode;
};

/**
 * A vertical list reordered by its rows' handles: dragged, or from the keyboard (focus the handle,
 * Space, arrows, Space: dnd-kit's keyboard sensor) with spoken announcements.
 */
export function SortableList<T>({ items, idOf, nameOf, onMove, children }: ListProps<T>) {
  const sensors = useSensors(
    useSensor(PointerSensor),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const name = (id: UniqueIdentifier) => {
    const item = items.find((i) => idOf(i) === id);
    return item ? nameOf(item) : 'the item';
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = items.findIndex((i) => idOf(i) === active.id);
    const to = items.findIndex((i) => idOf(i) === over.id);
    if (from < 0 || to < 0) return;
    onMove(arrayMove(items, from, to));
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      // The rows are measured again while an item moves, not only when it is picked up: a row above
      // that was still closing (an editor folding away) left stale places, and an arrow key then
      // found no row to move over.
      measuring={{ droppable: { strategy: MeasuringStrategy.Always } }}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements: {
          onDragStart: ({ active }) => `Picked up ${name(active.id)}.`,
          onDragOver: ({ active, over }) => (over ? `${name(active.id)} is over ${name(over.id)}.` : ''),
          onDragEnd: ({ active }) => `${name(active.id)} was dropped.`,
          onDragCancel: ({ active }) => `Moving ${name(active.id)} was cancelled.`,
        },
      }}
    >
      <SortableContext items={items.map(idOf)} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  );
}

type RowProps = {
  id: UniqueIdentifier;
  /** The handle's name ('Move Task 1: Book the site visit'). */
  handleLabel: string;
  testId?: string;
  /** The row, given its drag handle to place. */
  children: (handle: ReactNode) => ReactNode;
};

/** A row of a SortableList and its drag handle. */
export function SortableRow({ id, handleLabel, testId, children }: RowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
  });
  const handle = (
    <ActionIcon
      ref={setActivatorNodeRef}
      variant="subtle"
      color="gray"
      aria-label={handleLabel}
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
      data-testid={testId}
    >
      {children(handle)}
    </div>
  );
}
