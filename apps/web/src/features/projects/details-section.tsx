import { useState } from 'react';
import { Alert, Anchor, Grid, List, SimpleGrid, TextInput, VisuallyHidden } from '@mantine/core';
import { IconExternalLink, IconInfoCircle } from '@tabler/icons-react';
import {
  formatDetailDate,
  PROJECT_TEXT,
  ProjectDetailsUpdate,
  showsCompletedDate,
  toInputDateTime,
  type ProjectCreateData,
  type ProjectRef,
  type ProjectView,
} from '@siteflow/core';
import { DateChangeModal, type DateChangeAnswer } from './components/date-change-modal';
import {
  LINKED_TYPE_LABELS,
  LinkedProjectsFields,
  refLabel,
  type LinkedType,
} from './components/linked-projects-fields';
import { DetailsFields, type DetailsField } from './components/details-fields';
import { PersonPopover } from './components/person-popover';
import { personOptions, withCurrent } from './options';
import { SectionEditForm, ViewField } from './section-card';
import { useSectionForm } from './section-form';

/** The people of the Details section as read, in this order. */
const VIEWED_PEOPLE = [
  { label: 'Sales Representative', person: 'project_sales_representative' },
  { label: 'Project Manager', person: 'project_manager' },
  { label: 'Project Administrator', person: 'project_administrator' },
] as const;

/** The Details section as read. */
export function DetailsView({ project }: { project: ProjectView }) {
  return (
    <Grid gap="md" m={0}>
      <Grid.Col span={12}>
        <ViewField label="Project Name">{project.name}</ViewField>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <ViewField label="Start Date">{formatDetailDate(project.start_date)}</ViewField>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <ViewField label="End Date">{formatDetailDate(project.end_date)}</ViewField>
      </Grid.Col>
      {VIEWED_PEOPLE.map(({ label, person }) => (
        <Grid.Col key={person} span={{ base: 12, md: 4 }}>
          <ViewField label={label}>
            <PersonPopover person={project[person]} />
          </ViewField>
        </Grid.Col>
      ))}
      <Grid.Col span={{ base: 12, md: 6 }}>
        <ViewField label="Project Category">{project.classification?.title}</ViewField>
      </Grid.Col>
      {showsCompletedDate(project.status) ? (
        <Grid.Col span={{ base: 12, md: 6 }}>
          <ViewField label="Completed Date">{formatDetailDate(project.completed_on)}</ViewField>
        </Grid.Col>
      ) : null}
      <Grid.Col span={12}>
        <ViewField label="Summary">{project.summary}</ViewField>
      </Grid.Col>
      {project.client_comments ? (
        <Grid.Col span={12}>
          <ViewField label="Client Comments">{project.client_comments}</ViewField>
        </Grid.Col>
      ) : null}
    </Grid>
  );
}

function ProjectLinks({ refs }: { refs: ProjectRef[] }) {
  if (!refs.length) return null;
  return (
    <List listStyleType="none" spacing={4} p={0} m={0}>
      {refs.map((p) => (
        <List.Item key={p.id}>
          <Anchor
            href={`/projects/${p.id}/show`}
            target="_blank"
            rel="noopener noreferrer"
            size="sm"
            style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
          >
            {refLabel(p)}
            <IconExternalLink size={14} aria-hidden />
            <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
          </Anchor>
        </List.Item>
      ))}
    </List>
  );
}

/** The Linked Projects section as read: the type and the links, each opening in a new tab. */
export function LinkedProjectsView({ project }: { project: ProjectView }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md" m={0}>
      <ViewField label="Linked Project Type">{LINKED_TYPE_LABELS[project.linked_project_type]}</ViewField>
      <ViewField label="Linked Projects">
        {project.linked_projects.length ? <ProjectLinks refs={project.linked_projects} /> : null}
      </ViewField>
      <ViewField label="Sub Linked Projects">
        {project.sub_linked_projects.length ? <ProjectLinks refs={project.sub_linked_projects} /> : null}
      </ViewField>
    </SimpleGrid>
  );
}

export type DetailsValues = {
  name: string;
  start_date: string;
  end_date: string;
  completed_on: string;
  project_administrator_id: string | null;
  project_manager_id: string | null;
  project_sales_representative_id: string | null;
  classification_id: string | null;
  summary: string;
  linked_project_type: LinkedType;
  linked_projects: number[];
};

const DETAILS_FIELDS = [
  'name',
  'start_date',
  'end_date',
  'completed_on',
  'project_administrator_id',
  'project_manager_id',
  'project_sales_representative_id',
  'classification_id',
  'summary',
  'linked_project_type',
  'linked_projects',
];

export const detailsValues = (p: ProjectView): DetailsValues => ({
  name: p.name,
  start_date: toInputDateTime(p.start_date),
  end_date: toInputDateTime(p.end_date),
  completed_on: toInputDateTime(p.completed_on),
  project_administrator_id: p.project_administrator.id,
  project_manager_id: p.project_manager.id,
  project_sales_representative_id: p.project_sales_representative?.id ?? null,
  classification_id: p.classification?.id ?? null,
  summary: p.summary ?? '',
  linked_project_type: p.linked_project_type,
  linked_projects: p.linked_projects.map((r) => r.id),
});

export const toDetailsPayload = (v: DetailsValues, answer: DateChangeAnswer): ProjectDetailsUpdate => ({
  name: v.name,
  start_date: v.start_date || null,
  end_date: v.end_date || null,
  completed_on: v.completed_on || null,
  project_administrator_id: v.project_administrator_id as string,
  project_manager_id: v.project_manager_id as string,
  project_sales_representative_id: v.project_sales_representative_id,
  classification_id: v.classification_id,
  summary: v.summary || null,
  linked_project_type: v.linked_project_type,
  linked_projects: v.linked_projects,
  official_shift: answer.official_shift,
  shift_reason: answer.shift_reason,
});

type EditProps = {
  project: ProjectView;
  reference: ProjectCreateData;
  onDone: () => void;
};

/** Where the Details form keeps each Details field. */
const EDIT_PATHS: Record<DetailsField, keyof DetailsValues> = {
  name: 'name',
  start_date: 'start_date',
  end_date: 'end_date',
  administrator: 'project_administrator_id',
  manager: 'project_manager_id',
  sales: 'project_sales_representative_id',
  classification: 'classification_id',
  summary: 'summary',
};

/**
 * The Details form: administrator and manager cannot be cleared; changing the administrator
 * warns that pending tasks move to them; a changed start or end date asks about an official shift.
 */
export function DetailsEdit({ project, reference, onDone }: EditProps) {
  const [asking, setAsking] = useState<DetailsValues | null>(null);
  const [initial] = useState(() => detailsValues(project));
  const { form, failure, saving, send, invalid } = useSectionForm({
    projectId: project.id,
    section: 'details',
    initialValues: initial,
    contract: ProjectDetailsUpdate,
    onDone,
  });
  const v = form.getValues();

  const staff = withCurrent(personOptions(reference.staff), [
    { value: project.project_administrator.id, label: project.project_administrator.full_name },
    ...(project.project_sales_representative
      ? [{ value: project.project_sales_representative.id, label: project.project_sales_representative.full_name }]
      : []),
  ]);
  const managers = withCurrent(personOptions(reference.project_managers), [
    { value: project.project_manager.id, label: project.project_manager.full_name },
  ]);
  const classifications = withCurrent(
    reference.classifications.map((c) => ({ value: c.id, label: c.title })),
    project.classification ? [{ value: project.classification.id, label: project.classification.title }] : [],
  );

  const sendDetails = (values: DetailsValues, answer: DateChangeAnswer) =>
    send(toDetailsPayload(values, answer), DETAILS_FIELDS);

  const submit = form.onSubmit((values) => {
    const datesChanged = values.start_date !== initial.start_date || values.end_date !== initial.end_date;
    if (datesChanged) setAsking(values);
    else sendDetails(values, { official_shift: false, shift_reason: null });
  }, invalid);

  const adminChanged =
    Boolean(v.project_administrator_id) && v.project_administrator_id !== initial.project_administrator_id;

  return (
    <SectionEditForm label="Edit details" onSubmit={submit} failure={failure} onCancel={onDone} saving={saving}>
      <DetailsFields
        inputProps={(field) => form.getInputProps(EDIT_PATHS[field])}
        staff={staff}
        managers={managers}
        classifications={classifications}
        classificationLabel="Project Category"
        classificationSpan={6}
        afterPeople={
          adminChanged ? (
            <Grid.Col span={12}>
              <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden />} role="status">
                {PROJECT_TEXT.adminChangeNotice}
              </Alert>
            </Grid.Col>
          ) : null
        }
        afterClassification={
          showsCompletedDate(project.status) ? (
            <Grid.Col span={{ base: 12, md: 6 }}>
              <TextInput label="Completed Date" type="datetime-local" {...form.getInputProps('completed_on')} />
            </Grid.Col>
          ) : null
        }
      >
        <Grid.Col span={12}>
          <LinkedProjectsFields
            type={form.getInputProps('linked_project_type')}
            value={v.linked_projects}
            onChange={(ids) => form.setFieldValue('linked_projects', ids)}
            error={form.errors.linked_projects}
            initial={project.linked_projects}
            exclude={project.id}
          />
        </Grid.Col>
      </DetailsFields>
      <DateChangeModal
        opened={asking !== null}
        onAnswer={(answer) => {
          const values = asking;
          setAsking(null);
          if (values) sendDetails(values, answer);
        }}
      />
    </SectionEditForm>
  );
}
