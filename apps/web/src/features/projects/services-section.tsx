import { Badge, Group, SimpleGrid } from '@mantine/core';
import { ProjectServicesUpdate, type ProjectCreateData, type ProjectView } from '@siteflow/core';
import { focusFirstInvalid } from '../../ui/focus';
import { ServicesFields, type ServicesValues } from './components/services-fields';
import { SectionEditForm, ViewField } from './section-card';
import { useSectionForm } from './section-form';

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
  const { form, failure, saving, send } = useSectionForm<ServicesValues, 'services'>({
    projectId: project.id,
    section: 'services',
    initialValues: {
      tags: project.tags.map((t) => t.name),
      categories: project.categories.map((c) => c.id),
      services: project.services.map((s) => s.id),
    },
    contract: ProjectServicesUpdate,
    onDone,
    validateInputOnBlur: false,
  });

  const submit = form.onSubmit(
    (values) => send(values, ['tags', 'categories', 'services'], { message: (error) => error.message }),
    () => focusFirstInvalid(),
  );

  return (
    <SectionEditForm label="Edit services" onSubmit={submit} failure={failure} onCancel={onDone} saving={saving}>
      <ServicesFields
        form={form}
        reference={reference}
        current={{ categories: project.categories, services: project.services }}
      />
    </SectionEditForm>
  );
}
