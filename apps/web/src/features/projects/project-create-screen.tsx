import { useState } from 'react';
import { Button, Grid, Group, Stack, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useNavigate } from 'react-router';
import { PROJECT_TEXT, ProjectCreate, type ProjectCreateData } from '@siteflow/core';
import { ApiError } from '../../api/client';
import { BreadcrumbTrail } from '../../ui/breadcrumb-trail';
import { FormAlert } from '../../ui/contract-form';
import { FormSection } from '../../ui/form-section';
import { focusFirstInvalid } from '../../ui/focus';
import { notifySuccess } from '../../ui/notify';
import { PageHeader } from '../../ui/page-header';
import { ErrorState, LoadingState } from '../../ui/query-states';
import { useUnsavedChangesGuard } from '../../ui/unsaved-changes';
import { zodResolver } from '../../ui/zod-resolver';
import { useCreateProject, useProjectCreateData } from './api';
import { AccountManagerFields } from './components/account-manager-fields';
import { ClientFields } from './components/client-fields';
import { LinkedProjectsFields } from './components/linked-projects-fields';
import { LocationFields } from './components/location-fields';
import { ServicesFields } from './components/services-fields';
import { FormContactsEditor, useContactIndex } from './components/site-contacts-carousel';
import { CreateDetailsFields } from './create-details-fields';
import { CREATE_FIELDS, createInitialValues, toCreatePayload, type CreateValues } from './create-values';
import { applyProjectErrors, contactPaths, projectErrorKeys } from './form-errors';
import { byLabel, personOptions } from './options';
import { mandatoryWith } from './section-form';
import { checkAfterPress } from '../../ui/blur-validation';

export const CREATE_TITLE = 'Create Project';

function ProjectCreateForm({ data }: { data: ProjectCreateData }) {
  const navigate = useNavigate();
  const create = useCreateProject();
  const [alert, setAlert] = useState<{ title: string; message: string } | null>(null);
  const contact = useContactIndex();

  const form = useForm<CreateValues>({
    mode: 'controlled',
    initialValues: createInitialValues(data),
    validate: zodResolver<CreateValues>(ProjectCreate),
    validateInputOnBlur: true,
    enhanceGetInputProps: checkAfterPress,
  });
  const guard = useUnsavedChangesGuard(form.isDirty());
  const v = form.getValues();

  const staff = personOptions(data.staff);
  const managers = personOptions(data.project_managers);
  const classifications = data.classifications.map((c) => ({ value: c.id, label: c.title }));
  const clients = data.clients.map((c) => ({ value: c.id, label: c.trading_name })).sort(byLabel);

  const submit = form.onSubmit(
    (values) => {
      setAlert(null);
      create.mutate(toCreatePayload(values), {
        onSuccess: (created) => {
          notifySuccess(created.message || PROJECT_TEXT.created);
          guard.saved();
          if (!created.redirect_url) console.warn('The new project came back without a redirect address', created);
          void navigate(created.redirect_url || `/projects/${created.id}/show`);
        },
        onError: (error) => {
          // The form keeps everything chosen (the selected people included); only errors are added.
          const leftover = applyProjectErrors(form, error, [
            ...CREATE_FIELDS,
            ...contactPaths(values.site_contacts.length),
          ]);
          contact.showFirstInvalid(projectErrorKeys(error));
          const invalid = error instanceof ApiError && error.status === 422;
          setAlert({
            title: 'The project was not created',
            message: invalid ? mandatoryWith(leftover) : (leftover ?? error.message),
          });
        },
      });
    },
    (errors) => {
      setAlert({ title: 'The project was not created', message: PROJECT_TEXT.mandatory });
      contact.showFirstInvalid(errors);
      focusFirstInvalid();
    },
  );

  return (
    <form onSubmit={submit} noValidate aria-label="New project">
      <Stack gap="lg">
        <FormAlert title={alert?.title ?? ''} message={alert?.message ?? null} />

        <FormSection landmark title="Details">
          <CreateDetailsFields form={form} staff={staff} managers={managers} classifications={classifications} />
        </FormSection>

        <FormSection landmark title="Linked Projects">
          <LinkedProjectsFields
            type={form.getInputProps('linked_project_type')}
            value={v.linked_projects}
            onChange={(ids) => form.setFieldValue('linked_projects', ids)}
            error={form.errors.linked_projects}
          />
        </FormSection>

        <FormSection landmark title="Tags / Service Category / Service Details">
          <ServicesFields form={form} reference={data} />
        </FormSection>

        <FormSection landmark title="Client Information">
          <ClientFields
            clients={clients}
            clientProps={form.getInputProps('client')}
            orderReferenceProps={form.getInputProps('order_reference')}
            placeholder="Choose the client"
          >
            <Grid.Col span={12}>
              <Textarea
                label="Client Comments"
                autosize
                minRows={2}
                maxRows={8}
                {...form.getInputProps('client_comments')}
              />
            </Grid.Col>
          </ClientFields>
        </FormSection>

        <FormSection landmark title="Account Manager">
          <AccountManagerFields
            clientId={v.client}
            value={v.client_am}
            onChange={(id) => form.setFieldValue('client_am', id)}
            error={form.errors.client_am}
          />
        </FormSection>

        <FormSection landmark title="Site Contact">
          <FormContactsEditor form={form} index={contact.index} onIndexChange={contact.setIndex} />
        </FormSection>

        <FormSection landmark title="Location of Work">
          <LocationFields form={form} />
        </FormSection>

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
      <BreadcrumbTrail list="Projects" to="/projects" current="New project" />
      <PageHeader title={CREATE_TITLE} description="Fields marked * are required." />
      {data.isPending ? <LoadingState label="Loading the form…" /> : null}
      {data.isError ? (
        <ErrorState error={data.error} onRetry={() => void data.refetch()} title="Could not load the form" />
      ) : null}
      {data.data ? <ProjectCreateForm data={data.data} /> : null}
    </>
  );
}
