import { Anchor, Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { Link } from 'react-router';
import type { TaskTemplateSummary } from '@siteflow/core';
import { confirmAction } from '../../ui/confirm';
import { actionsColumn, DeleteAction, EditAction, ListScreen, listTexts, NewButton } from '../../ui/list-page';
import { notifyError, notifySuccess } from '../../ui/notify';
import { useDeleteTemplate, useTaskTemplates } from './api';

const TEXTS = listTexts('task templates', {
  title: 'Task Templates',
  description: 'The tasks a project starts with, in order: applied by the project’s classification or by hand.',
  errorTitle: 'Could not load the task templates',
});

const COLUMNS: DataTableColumn<TaskTemplateSummary>[] = [
  {
    accessor: 'title',
    title: 'Title',
    render: (t) => (
      <Anchor component={Link} to={`/task-templates/${t.id}`} fw={600} size="sm">
        {t.title}
      </Anchor>
    ),
  },
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

  const askDelete = (template: TaskTemplateSummary) =>
    confirmAction({
      title: `Delete ${template.title}?`,
      message: 'The template and its tasks are deleted. Projects that were built from it keep their tasks.',
      confirmLabel: 'Delete',
      onConfirm: () =>
        remove.mutate(template.id, {
          onSuccess: (data) => notifySuccess(data.message),
          onError: (error) => notifyError(error, `${template.title} was not deleted`),
        }),
    });

  const actions = actionsColumn<TaskTemplateSummary>((t) => (
    <>
      <EditAction name={t.title} to={`/task-templates/${t.id}`} />
      <DeleteAction
        name={t.title}
        onClick={() => askDelete(t)}
        loading={remove.isPending && remove.variables === t.id}
      />
    </>
  ));

  return (
    <ListScreen<TaskTemplateSummary>
      actions={<NewButton to="/task-templates/new">New task template</NewButton>}
      texts={TEXTS}
      query={query}
      columns={[...COLUMNS, actions]}
    />
  );
}
