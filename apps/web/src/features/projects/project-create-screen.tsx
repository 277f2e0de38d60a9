import { useState, type ReactNode } from 'react';
import {
  Alert,
  Anchor,
  Breadcrumbs,
  Button,
  Grid,
  Group,
  Paper,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconCalendarBolt } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import {
  autoFillToday,
  DEFAULT_CLASSIFICATION,
  PROJECT_TEXT,
  ProjectCreate,
  type ProjectCreateData,
} from '@siteflow/core';
import { ApiError } from '../../api/client';
import { focusFirstInvalid } from '../../ui/focus';
import { notifySuccess } from '../../ui/notify';
import { PageHeader } from '../../ui/page-header';
import { ErrorState, LoadingState } from '../../ui/query-states';
import { zodResolver } from '../../ui/zod-resolver';
import { useCreateProject, useProjectCreateData } from './api';
import { AccountManagerFields } from './components/account-manager-fields';
import { LinkedProjectsFields, type LinkedType } from './components/linked-projects-fields';
import { LocationFields, type LocationValues } from './components/location-fields';
import { ServicesFields } from './components/services-fields';
import {
  contactPayload,
  invalidContacts,
  newContact,
  SiteContactsEditor,
  type ContactValues,
} from './components/site-contacts-carousel';
import { applyProjectErrors, contactPaths, projectErrorKeys } from './form-errors';
import { byLabel, ifOffered, personOptions } from './options';

export const CREATE_TITLE = 'Create Project';

export type CreateValues = {
  name: string;
  start_date: string;
  end_date: string;
  project_administrator: string | null;
  project_manager: string | null;
  project_sales_representative: string | null;
  classification: string | null;
  summary: string;
  linked_project_type: LinkedType;
  linked_projects: number[];
  tags: string[];
  categories: string[];
  services: string[];
  client: string | null;
  order_reference: string;
  client_comments: string;
  client_am: string | null;
  site_contacts: ContactValues[];
} & LocationValues;

const FIELDS = [
  'name',
  'start_date',
  'end_date',
  'project_administrator',
  'project_manager',
  'project_sales_representative',
  'classification',
  'summary',
  'linked_project_type',
  'linked_projects',
  'tags',
  'categories',
  'services',
  'client',
  'order_reference',
  'client_comments',
  'client_am',
  'street',
  'suburb',
  'state',
  'postcode',
  'country',
];

function initialValues(data: ProjectCreateData): CreateValues {
  const me = data.user.id;
  const classification = data.classifications.find(
    (c) => c.title.toLowerCase() === DEFAULT_CLASSIFICATION.toLowerCase(),
  );
  return {
    name: '',
    start_date: '',
    end_date: '',
    // Administrator, manager and sales representative default to the current user where they may be.
    project_administrator: ifOffered(personOptions(data.staff), me),
    project_manager: ifOffered(personOptions(data.project_managers), me),
    project_sales_representative: ifOffered(personOptions(data.staff), me),
    classification: classification?.id ?? null,
    summary: '',
    linked_project_type: 'master',
    linked_projects: [],
    tags: [],
    categories: [],
    services: [],
    client: null,
    order_reference: '',
    client_comments: '',
    client_am: null,
    site_contacts: [newContact()],
    street: '',
    suburb: '',
    state: null,
    postcode: '',
    country: 'Australia',
  };
}

/** The creation payload (spec 1: Project creation payload); the first contact's name is the site contact name. */
export function toCreatePayload(v: CreateValues): ProjectCreate {
  return {
    name: v.name,
    start_date: v.start_date || null,
    end_date: v.end_date || null,
    project_manager: v.project_manager as string,
    project_administrator: v.project_administrator as string,
    project_sales_representative: v.project_sales_representative,
    classification: v.classification,
    client: v.client as string,
    client_am: v.client_am as string,
    client_comments: v.client_comments || null,
    order_reference: v.order_reference,
    summary: v.summary || null,
    linked_project_type: v.linked_project_type,
    linked_projects: v.linked_projects,
    categories: v.categories,
    services: v.services,
    tags: v.tags,
    street: v.street,
    suburb: v.suburb,
    state: v.state as ProjectCreate['state'],
    postcode: v.postcode,
    country: v.country,
    site_contact_name: v.site_contacts[0]?.name || null,
    site_contacts: v.site_contacts.map(contactPayload),
  };
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p="lg" component="section">
      <Title order={2} size="h4" mb="md">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function ProjectCreateForm({ data }: { data: ProjectCreateData }) {
  const navigate = useNavigate();
  const create = useCreateProject();
  const [alert, setAlert] = useState<{ title: string; message: string } | null>(null);
  const [contactIndex, setContactIndex] = useState(0);

  const form = useForm<CreateValues>({
    mode: 'controlled',
    initialValues: initialValues(data),
    validate: zodResolver<CreateValues>(ProjectCreate),
    validateInputOnBlur: true,
  });
  const v = form.getValues();

  const staff = personOptions(data.staff);
  const managers = personOptions(data.project_managers);
  const classifications = data.classifications.map((c) => ({ value: c.id, label: c.title }));
  const clients = data.clients.map((c) => ({ value: c.id, label: c.trading_name })).sort(byLabel);

  // Show the first contact with an error, so its messages are seen.
  const showContactErrors = (errors: Record<string, unknown>) => {
    const [first] = invalidContacts(errors);
    if (first !== undefined) setContactIndex(first);
  };

  const submit = form.onSubmit(
    (values) => {
      setAlert(null);
      create.mutate(toCreatePayload(values), {
        onSuccess: (created) => {
          notifySuccess(created.message || PROJECT_TEXT.created);
          if (!created.redirect_url) console.warn('The new project came back without a redirect address', created);
          navigate(created.redirect_url || `/projects/${created.id}/show`);
        },
        onError: (error) => {
          // The form keeps everything chosen (the selected people included); only errors are added.
          const leftover = applyProjectErrors(form, error, [...FIELDS, ...contactPaths(values.site_contacts.length)]);
          showContactErrors(projectErrorKeys(error));
          const invalid = error instanceof ApiError && error.status === 422;
          setAlert({
            title: 'The project was not created',
            message: invalid ? [PROJECT_TEXT.mandatory, leftover].filter(Boolean).join(' ') : (leftover ?? error.message),
          });
        },
      });
    },
    (errors) => {
      setAlert({ title: 'The project was not created', message: PROJECT_TEXT.mandatory });
      showContactErrors(errors);
      focusFirstInvalid();
    },
  );

  const contacts = v.site_contacts;
  return (
    <form onSubmit={submit} noValidate aria-label="New project">
      <Stack gap="lg">
        {alert ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert" title={alert.title}>
            {alert.message}
          </Alert>
        ) : null}

        <Section title="Details">
          <Grid gap="md">
            <Grid.Col span={12}>
              <TextInput label="Project Name" required autoComplete="off" {...form.getInputProps('name')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <TextInput label="Start Date" type="datetime-local" {...form.getInputProps('start_date')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <TextInput
                label="End Date"
                type="datetime-local"
                {...form.getInputProps('end_date')}
                inputContainer={(input) => (
                  <Group gap="sm" wrap="nowrap" align="flex-start">
                    <div style={{ flex: 1, minWidth: 0 }}>{input}</div>
                    <Button
                      variant="light"
                      leftSection={<IconCalendarBolt size={16} aria-hidden />}
                      onClick={() => {
                        form.setValues(autoFillToday(new Date()));
                        form.clearFieldError('start_date');
                        form.clearFieldError('end_date');
                      }}
                      style={{ flex: '0 0 auto' }}
                    >
                      {PROJECT_TEXT.autoFillToday}
                    </Button>
                  </Group>
                )}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <Select
                label="Project Administrator"
                required
                searchable
                allowDeselect={false}
                data={staff}
                placeholder="Choose the administrator"
                {...form.getInputProps('project_administrator')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <Select
                label="Project Manager"
                required
                searchable
                allowDeselect={false}
                data={managers}
                placeholder="Choose the manager"
                {...form.getInputProps('project_manager')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <Select
                label="Sales Representative"
                searchable
                clearable
                clearButtonProps={{ 'aria-label': 'Clear sales representative' }}
                data={staff}
                placeholder="None"
                {...form.getInputProps('project_sales_representative')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <Select
                label="Classification"
                searchable
                clearable
                clearButtonProps={{ 'aria-label': 'Clear classification' }}
                data={classifications}
                {...form.getInputProps('classification')}
              />
            </Grid.Col>
            <Grid.Col span={12}>
              <Textarea label="Summary" autosize minRows={3} maxRows={10} {...form.getInputProps('summary')} />
            </Grid.Col>
          </Grid>
        </Section>

        <Section title="Linked Projects">
          <LinkedProjectsFields
            type={form.getInputProps('linked_project_type')}
            value={v.linked_projects}
            onChange={(ids) => form.setFieldValue('linked_projects', ids)}
            error={form.errors.linked_projects}
          />
        </Section>

        <Section title="Tags / Service Category / Service Details">
          <ServicesFields
            values={v}
            getInputProps={(f) => form.getInputProps(f)}
            setValues={(patch) => {
              form.setValues(patch);
              if (patch.categories) form.clearFieldError('categories');
            }}
            reference={data}
          />
        </Section>

        <Section title="Client Information">
          <Grid gap="md">
            <Grid.Col span={{ base: 12, md: 6 }}>
              <Select
                label="Trading Name"
                required
                searchable
                allowDeselect={false}
                data={clients}
                placeholder="Choose the client"
                nothingFoundMessage="No client matches"
                {...form.getInputProps('client')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <TextInput label="Order Reference" required autoComplete="off" {...form.getInputProps('order_reference')} />
            </Grid.Col>
            <Grid.Col span={12}>
              <Textarea
                label="Client Comments"
                autosize
                minRows={2}
                maxRows={8}
                {...form.getInputProps('client_comments')}
              />
            </Grid.Col>
          </Grid>
        </Section>

        <Section title="Account Manager">
          <AccountManagerFields
            clientId={v.client}
            value={v.client_am}
            onChange={(id) => form.setFieldValue('client_am', id)}
            error={form.errors.client_am}
          />
        </Section>

        <Section title="Site Contact">
          <SiteContactsEditor
            contacts={contacts}
            index={contactIndex}
            onIndexChange={setContactIndex}
            getInputProps={(i, f) => form.getInputProps(`site_contacts.${i}.${f}`)}
            onAdd={() => {
              form.insertListItem('site_contacts', newContact());
              setContactIndex(contacts.length);
            }}
            onRemove={(i) => {
              form.removeListItem('site_contacts', i);
              setContactIndex(Math.max(0, Math.min(i, contacts.length - 2)));
            }}
            invalid={invalidContacts(form.errors)}
          />
        </Section>

        <Section title="Location of Work">
          <LocationFields
            values={v}
            getInputProps={(f) => form.getInputProps(f)}
            setValues={(patch) => {
              form.setValues(patch);
              for (const key of Object.keys(patch)) form.clearFieldError(key);
            }}
          />
        </Section>

        <Group justify="flex-end" gap="sm">
          <Button component={Link} to="/projects" variant="default">
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function ProjectCreateScreen() {
  const data = useProjectCreateData();
  return (
    <>
      <Breadcrumbs mb="xs" aria-label="Breadcrumb">
        <Anchor component={Link} to="/projects" size="sm">
          Projects
        </Anchor>
        <Text size="sm" c="dimmed" aria-current="page">
          New project
        </Text>
      </Breadcrumbs>
      <PageHeader title={CREATE_TITLE} description="Fields marked * are required." />
      {data.isPending ? <LoadingState label="Loading the form…" /> : null}
      {data.isError ? (
        <ErrorState error={data.error} onRetry={() => data.refetch()} title="Could not load the form" />
      ) : null}
      {data.data ? <ProjectCreateForm data={data.data} /> : null}
    </>
  );
}
