import { useState } from 'react';
import { Alert, Anchor, Grid, List, Select, SimpleGrid, Textarea, TextInput, VisuallyHidden } from '@mantine/core';
import { useForm } from '@mantine/form';
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
import { focusFirstInvalid } from '../../ui/focus';
import { notifySuccess } from '../../ui/notify';
import { zodResolver } from '../../ui/zod-resolver';
import { useSaveSection } from './api';
import { DateChangeModal, type DateChangeAnswer } from './components/date-change-modal';
import {
  LINKED_TYPE_LABELS,
  LinkedProjectsFields,
  refLabel,
  type LinkedType,
} from './components/linked-projects-fields';
import { PersonPopover } from './components/person-popover';
import { applyProjectErrors } from './form-errors';
import { personOptions, withCurrent } from './options';
import { EditActions, SaveFailed, ViewField } from './section-card';

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
      <Grid.Col span={{ base: 12, md: 4 }}>
        <ViewField label="Sales Representative">
          <PersonPopover person={project.project_sales_representative} />
        </ViewField>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <ViewField label="Project Manager">
          <PersonPopover person={project.project_manager} />
        </ViewField>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <ViewField label="Project Administrator">
          <PersonPopover person={project.project_administrator} />
        </ViewField>
      </Grid.Col>
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

/**
 * The Details form: administrator and manager cannot be cleared; changing the administrator
 * warns that pending tasks move to them; a changed start or end date asks about an official shift.
 */
export function DetailsEdit({ project, reference, onDone }: EditProps) {
  const save = useSaveSection(project.id, 'details');
  const [failure, setFailure] = useState<string | null>(null);
  const [asking, setAsking] = useState<DetailsValues | null>(null);
  const [initial] = useState(() => detailsValues(project));
  const form = useForm<DetailsValues>({
    mode: 'controlled',
    initialValues: initial,
    validate: zodResolver<DetailsValues>(ProjectDetailsUpdate),
    validateInputOnBlur: true,
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

  const send = (values: DetailsValues, answer: DateChangeAnswer) => {
    setFailure(null);
    save.mutate(toDetailsPayload(values, answer), {
      onSuccess: () => {
        notifySuccess(PROJECT_TEXT.saved);
        onDone();
      },
      onError: (error) => {
        const leftover = applyProjectErrors(form, error, DETAILS_FIELDS);
        setFailure([PROJECT_TEXT.mandatory, leftover].filter(Boolean).join(' '));
      },
    });
  };

  const submit = form.onSubmit(
    (values) => {
      const datesChanged = values.start_date !== initial.start_date || values.end_date !== initial.end_date;
      if (datesChanged) setAsking(values);
      else send(values, { official_shift: false, shift_reason: null });
    },
    () => {
      setFailure(PROJECT_TEXT.mandatory);
      focusFirstInvalid();
    },
  );

  const adminChanged =
    Boolean(v.project_administrator_id) && v.project_administrator_id !== initial.project_administrator_id;

  return (
    <form onSubmit={submit} noValidate aria-label="Edit details">
      <SaveFailed message={failure} />
      <Grid gap="md">
        <Grid.Col span={12}>
          <TextInput label="Project Name" required autoComplete="off" {...form.getInputProps('name')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <TextInput label="Start Date" type="datetime-local" {...form.getInputProps('start_date')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <TextInput label="End Date" type="datetime-local" {...form.getInputProps('end_date')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Select
            label="Project Administrator"
            required
            searchable
            allowDeselect={false}
            data={staff}
            {...form.getInputProps('project_administrator_id')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Select
            label="Project Manager"
            required
            searchable
            allowDeselect={false}
            data={managers}
            {...form.getInputProps('project_manager_id')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Select
            label="Sales Representative"
            searchable
            clearable
            clearButtonProps={{ 'aria-label': 'Clear sales representative' }}
            placeholder="None"
            data={staff}
            {...form.getInputProps('project_sales_representative_id')}
          />
        </Grid.Col>
        {adminChanged ? (
          <Grid.Col span={12}>
            <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden />} role="status">
              {PROJECT_TEXT.adminChangeNotice}
            </Alert>
          </Grid.Col>
        ) : null}
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Select
            label="Project Category"
            searchable
            clearable
            clearButtonProps={{ 'aria-label': 'Clear project category' }}
            data={classifications}
            {...form.getInputProps('classification_id')}
          />
        </Grid.Col>
        {showsCompletedDate(project.status) ? (
          <Grid.Col span={{ base: 12, md: 6 }}>
            <TextInput label="Completed Date" type="datetime-local" {...form.getInputProps('completed_on')} />
          </Grid.Col>
        ) : null}
        <Grid.Col span={12}>
          <Textarea label="Summary" autosize minRows={3} maxRows={10} {...form.getInputProps('summary')} />
        </Grid.Col>
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
      </Grid>
      <EditActions onCancel={onDone} saving={save.isPending} />
      <DateChangeModal
        opened={asking !== null}
        onAnswer={(answer) => {
          const values = asking;
          setAsking(null);
          if (values) send(values, answer);
        }}
      />
    </form>
  );
}
