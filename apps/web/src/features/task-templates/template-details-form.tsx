import { Grid, Select, TextInput } from '@mantine/core';
import { useNavigate } from 'react-router';
import { TASK_TEMPLATE_TEXT, TaskTemplateInput, type TaskTemplateView } from '@siteflow/core';
import { FormAlert, useContractForm } from '../../ui/contract-form';
import { FormActions } from '../../ui/form-section';
import { notifySuccess } from '../../ui/notify';
import { useClassifications } from '../reference/api';
import { useSaveTemplate } from './api';

type Values = { title: string; classification_id: string | null };

/**
 * A template's title and the classification it is applied to; a new template goes on to its
 * editor once saved.
 */
export function TemplateDetailsForm({ template }: { template?: TaskTemplateView }) {
  const navigate = useNavigate();
  const save = useSaveTemplate(template?.id);
  const classifications = useClassifications();
  const { form, alert, submit, showServerErrors } = useContractForm(TaskTemplateInput, {
    initial: { title: template?.title ?? '', classification_id: template?.classification_id ?? null } as Values,
    toPayload: (values) => values,
  });
  const data = (classifications.data ?? [])
    .filter((c) => c.active || c.id === template?.classification_id)
    .map((c) => ({ value: c.id, label: c.title }));

  const send = submit((payload) =>
    save.mutate(payload, {
      onSuccess: (saved) => {
        notifySuccess(TASK_TEMPLATE_TEXT.saved);
        if (!template) void navigate(`/task-templates/${saved.id}`);
        else form.resetDirty();
      },
      onError: (error) => showServerErrors(error),
    }),
  );

  return (
    <form onSubmit={send} noValidate aria-label="Template details">
      <FormAlert title="Not saved" message={alert} />
      <Grid mb="md">
        <Grid.Col span={{ base: 12, sm: 7 }}>
          <TextInput label="Template title" required {...form.getInputProps('title')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 5 }}>
          <Select
            label="Apply to classification"
            placeholder="None (apply by hand)"
            data={data}
            clearable
            {...form.getInputProps('classification_id')}
          />
        </Grid.Col>
      </Grid>
      <FormActions
        cancelTo="/task-templates"
        cancelLabel={template ? 'Back to templates' : 'Cancel'}
        submitLabel={template ? 'Save template' : 'Create template'}
        saving={save.isPending}
      />
    </form>
  );
}
