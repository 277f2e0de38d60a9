import { useState } from 'react';
import { Badge, Group, SimpleGrid } from '@mantine/core';
import { useForm } from '@mantine/form';
import { PROJECT_TEXT, ProjectServicesUpdate, type ProjectCreateData, type ProjectView } from '@siteflow/core';
import { focusFirstInvalid } from '../../ui/focus';
import { notifySuccess } from '../../ui/notify';
import { zodResolver } from '../../ui/zod-resolver';
import { useSaveSection } from './api';
import { ServicesFields, type ServicesValues } from './components/services-fields';
import { applyProjectErrors } from './form-errors';
import { EditActions, SaveFailed, ViewField } from './section-card';

function Badges({ names, color }: { names: string[]; color: string }) {
  if (!names.length) return null;
  return (
    <Group gap={6}>
      {names.map((n) => (
        <Badge key={n} variant="light" color={color} tt="none" style={{ overflow: 'visible' }}>
          {n}
        </Badge>
      ))}
    </Group>
  );
}

export function ServicesView({ project }: { project: ProjectView }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md" m={0}>
      <ViewField label="Tags">
        {project.tags.length ? <Badges names={project.tags.map((t) => t.name)} color="gray" /> : null}
      </ViewField>
      <ViewField label="Service Category">
        {project.categories.length ? <Badges names={project.categories.map((c) => c.name)} color="blue" /> : null}
      </ViewField>
      <ViewField label="Services Details">
        {project.services.length ? <Badges names={project.services.map((s) => s.name)} color="teal" /> : null}
      </ViewField>
    </SimpleGrid>
  );
}

/** Tags, categories and services; a failed save shows the server's message. */
export function ServicesEdit({
  project,
  reference,
  onDone,
}: {
  project: ProjectView;
  reference: ProjectCreateData;
  onDone: () => void;
}) {
  const save = useSaveSection(project.id, 'services');
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ServicesValues>({
    mode: 'controlled',
    initialValues: {
      tags: project.tags.map((t) => t.name),
      categories: project.categories.map((c) => c.id),
      services: project.services.map((s) => s.id),
    },
    validate: zodResolver<ServicesValues>(ProjectServicesUpdate),
  });

  const submit = form.onSubmit(
    (values) => {
      setFailure(null);
      save.mutate(values, {
        onSuccess: () => {
          notifySuccess(PROJECT_TEXT.saved);
          onDone();
        },
        onError: (error) => {
          applyProjectErrors(form, error, ['tags', 'categories', 'services']);
          setFailure(error.message);
        },
      });
    },
    () => focusFirstInvalid(),
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Edit services">
      <SaveFailed message={failure} />
      <ServicesFields
        values={form.getValues()}
        getInputProps={(f) => form.getInputProps(f)}
        setValues={(patch) => {
          form.setValues(patch);
          if (patch.categories) form.clearFieldError('categories');
        }}
        reference={reference}
        current={{ categories: project.categories, services: project.services }}
      />
      <EditActions onCancel={onDone} saving={save.isPending} />
    </form>
  );
}
