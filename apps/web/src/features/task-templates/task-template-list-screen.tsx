import { Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import type { TaskTemplateSummary } from '@siteflow/core';
import { ListScreen, listTexts, NewButton } from '../../ui/list-page';
import { editDeleteColumn } from '../../ui/list-page/edit-delete-column';
import { linkColumn } from '../../ui/list-page/link-column';
import { useDeleteTemplate, useTaskTemplates } from './api';

const TEXTS = listTexts('task templates', {
  title: 'Task Templates',
  description: 'The tasks a project starts with, in order: applied by the project’s classification or by hand.',
  errorTitle: 'Could not load the task templates',
});

const name = (t: TaskTemplateSummary) => t.title;
const editPath = (t: TaskTemplateSummary) => `/task-templates/${t.id}`;

const COLUMNS: DataTableColumn<TaskTemplateSummary>[] = [
  linkColumn('title', 'Title', { name, to: editPath }),
  {
    accessor: 'classification_title',
    title: 'Classification',
    render: (t) =>
      t.classification_title ?? (
        <Text size="sm" c="dimmed">
          By hand
        </Text>
      ),
  },
  { accessor: 'task_count', title: 'Tasks', textAlign: 'right' },
];

/** The company's task templates (settings, company admins and employees). */
export function TaskTemplateListScreen() {
  const query = useTaskTemplates();
  const remove = useDeleteTemplate();

  const actions = editDeleteColumn<TaskTemplateSummary>(remove, {
    name,
    editPath,
    confirmMessage: 'The template and its tasks are deleted. Projects that were built from it keep their tasks.',
  });

  return (
    <ListScreen<TaskTemplateSummary>
      actions={<NewButton to="/task-templates/new">New task template</NewButton>}
      texts={TEXTS}
      query={query}
      columns={[...COLUMNS, actions]}
    />
  );
}
