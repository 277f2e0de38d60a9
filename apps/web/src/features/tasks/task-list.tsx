import { useState, type ReactNode } from 'react';
import { Accordion } from '@mantine/core';
import type { TaskListItem } from '@siteflow/core';
import { SortableList, SortableRow } from '../../ui/sortable-list';
import { TaskPanel } from './task-editor-lazy';
import { TaskRow } from './task-row';

const nameOf = (task: TaskListItem) => `task ${task.position}: ${task.title}`;

type Props = {
  tasks: TaskListItem[];
  /** Project mode: each task's position number. */
  numbered?: boolean;
  /**
   * Given, the rows are moved by their handles (drag, or focus the handle, Space, arrows, Space)
   * and this gets the new order, every task renumbered 1..n (the caller saves it).
   */
  onReorder?: (tasks: TaskListItem[]) => void;
};

/** Tasks as rows that open into their editors (each fetched when its row opens). */
export function TaskRows({ tasks, numbered = false, onReorder }: Props) {
  const [open, setOpen] = useState<string[]>([]);
  const editor = (task: TaskListItem) => (open.includes(String(task.id)) ? <TaskPanel taskId={task.id} /> : null);
  const rows = (
    <Accordion
      multiple
      value={open}
      onChange={setOpen}
      variant="separated"
      chevronPosition="left"
      transitionDuration={0}
    >
      {tasks.map((task) =>
        onReorder ? (
          <SortableTask key={task.id} task={task}>
            {editor(task)}
          </SortableTask>
        ) : (
          <TaskRow key={task.id} task={task} numbered={numbered}>
            {editor(task)}
          </TaskRow>
        ),
      )}
    </Accordion>
  );
  if (!onReorder) return rows;
  return (
    <SortableList
      items={tasks}
      idOf={(t) => t.id}
      nameOf={nameOf}
      onMove={(moved) => onReorder(moved.map((t, i) => ({ ...t, position: i + 1 })))}
    >
      {rows}
    </SortableList>
  );
}

function SortableTask({ task, children }: { task: TaskListItem; children: ReactNode }) {
  return (
    <SortableRow id={task.id} handleLabel={`Move ${nameOf(task)}`}>
      {(handle) => (
        <TaskRow task={task} numbered handle={handle}>
          {children}
        </TaskRow>
      )}
    </SortableRow>
  );
}
