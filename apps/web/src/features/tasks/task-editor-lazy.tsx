import { Suspense, type ComponentProps } from 'react';
import { chunk, lazyPart } from '../../ui/lazy-part';
import { LoadingState } from '../../ui/query-states';

/**
 * The task editor (its form, date and time pickers, messages and history) is fetched when a task
 * is first opened or added, not with the project page or the action list: most visits only read
 * the rows (issue 11: no route above 450 kB).
 */
const editor = chunk(() => import('./task-editor'));
const Panel = lazyPart(editor, (m) => m.TaskPanel);
const Form = lazyPart(editor, (m) => m.TaskForm);

type PanelProps = ComponentProps<typeof Panel>;
type FormProps = ComponentProps<typeof Form>;

export function TaskPanel(props: PanelProps) {
  return (
    <Suspense fallback={<LoadingState label="Loading the task…" />}>
      <Panel {...props} />
    </Suspense>
  );
}

export function TaskForm(props: FormProps) {
  return (
    <Suspense fallback={<LoadingState label="Loading the task form…" />}>
      <Form {...props} />
    </Suspense>
  );
}
