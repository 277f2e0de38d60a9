import type { ReactNode } from 'react';
import { Accordion, Paper, Stack, Title } from '@mantine/core';
import { useParams } from 'react-router';
import type { TaskTemplateView } from '@siteflow/core';
import { BreadcrumbTrail } from '../../ui/breadcrumb-trail';
import { Loaded } from '../../ui/loaded';
import { PageHeader } from '../../ui/page-header';
import { useTaskTemplate } from './api';
import { TemplateDetailsForm } from './template-details-form';
import { TemplateTaskForm } from './template-task-form';
import { TemplateTaskList } from './template-task-list';

/** The breadcrumb back to the list and the page's title. */
function TemplateHeader({ title }: { title: string }) {
  return (
    <>
      <BreadcrumbTrail list="Task Templates" to="/task-templates" current={title} />
      <PageHeader title={title} />
    </>
  );
}

/** A titled panel of the editor; `headingId` names it. */
function Section({
  headingId,
  title,
  gap,
  children,
}: {
  headingId: string;
  title: string;
  gap: 'xs' | 'md';
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" mb={gap} id={headingId}>
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** A new template: its title and classification; its tasks are added on its editor. */
export function TaskTemplateCreateScreen() {
  return (
    <>
      <TemplateHeader title="New task template" />
      <Paper withBorder radius="lg" p="lg">
        <TemplateDetailsForm />
      </Paper>
    </>
  );
}

/**
 * The template editor (spec 2 section 2.4): the title above, the template's details, the 'New
 * Task' accordion with the task form, then the drag-reorderable list of its tasks.
 */
export function TaskTemplateEditorScreen() {
  const { id = '' } = useParams();
  const query = useTaskTemplate(id);
  return (
    <Loaded query={query} loading="Loading the task template…" errorTitle="Could not load the task template">
      {(template) => <Editor key={template.id} template={template} />}
    </Loaded>
  );
}

function Editor({ template }: { template: TaskTemplateView }) {
  return (
    <>
      <TemplateHeader title={template.title} />
      <Stack gap="lg">
        <Section headingId="template-details-heading" title="Template details" gap="md">
          <TemplateDetailsForm template={template} />
        </Section>
        <Accordion variant="separated" chevronPosition="left" transitionDuration={0}>
          <Accordion.Item value="new">
            <Accordion.Control>New Task</Accordion.Control>
            <Accordion.Panel>
              <TemplateTaskForm templateId={template.id} tasks={template.tasks} />
            </Accordion.Panel>
          </Accordion.Item>
        </Accordion>
        <Section headingId="template-tasks-heading" title="Tasks" gap="xs">
          <TemplateTaskList templateId={template.id} tasks={template.tasks} />
        </Section>
      </Stack>
    </>
  );
}
