import { Divider, Grid, Group, Stack, Title } from '@mantine/core';
import { ProjectOtherUpdate, type AccountManager, type ProjectCreateData, type ProjectView } from '@siteflow/core';
import { useCan } from '../../session';
import { AccountManagerDetails, AccountManagerFields } from './components/account-manager-fields';
import { AccountManagerQuickAddButton } from './components/account-manager-quick-add';
import { ClientFields } from './components/client-fields';
import {
  contactPayload,
  contactValues,
  FormContactsEditor,
  SiteContactsView,
  useContactIndex,
  type ContactValues,
} from './components/site-contacts-carousel';
import { contactPaths, projectErrorKeys } from './form-errors';
import { byLabel, withCurrent } from './options';
import { SectionEditForm, ViewField } from './section-card';
import { useSectionForm } from './section-form';

function SubHeading({ children }: { children: string }) {
  return (
    <Title order={3} size="h5" mb="xs">
      {children}
    </Title>
  );
}

/**
 * Client Information as read: trading name, order reference, the account manager (disabled
 * fields) with Quick Add, and the site contacts one at a time.
 */
export function ClientView({
  project,
  onManagerAdded,
}: {
  project: ProjectView;
  onManagerAdded: (manager: AccountManager) => void;
}) {
  const canQuickAdd = useCan('clients.quickAdd');
  const m = project.account_manager;
  return (
    <Stack gap="lg">
      <Grid gap="md" m={0}>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <ViewField label="Trading Name">{project.client?.trading_name}</ViewField>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <ViewField label="Order Reference">{project.order_reference}</ViewField>
        </Grid.Col>
      </Grid>
      <div>
        <Group justify="space-between" align="center" mb="xs">
          <SubHeading>Account Manager</SubHeading>
          {canQuickAdd && project.client ? (
            <AccountManagerQuickAddButton clientId={project.client.id} onAdded={onManagerAdded} />
          ) : null}
        </Group>
        <AccountManagerDetails manager={m ? { name: m.full_name, email: m.email, phone: m.mobile || m.phone } : null} />
      </div>
      <Divider />
      <div>
        <SubHeading>Site Contacts</SubHeading>
        <SiteContactsView contacts={project.site_contacts} />
      </div>
    </Stack>
  );
}

type OtherValues = {
  client_id: string | null;
  client_order_reference: string;
  account_manager_id: string | null;
  site_contacts: ContactValues[];
};
const OTHER_FIELDS = ['client_id', 'client_order_reference', 'account_manager_id'];

type EditProps = {
  project: ProjectView;
  reference: ProjectCreateData;
  onDone: () => void;
  /** A manager just added with Quick Add from the view, to choose at once. */
  presetManager?: string | null;
};

/** Client, order reference, account manager and site contacts (contacts not saved yet are marked New). */
export function ClientEdit({ project, reference, onDone, presetManager }: EditProps) {
  const contact = useContactIndex();
  const { form, failure, saving, send, invalid } = useSectionForm<OtherValues, 'other'>({
    projectId: project.id,
    section: 'other',
    initialValues: {
      client_id: project.client?.id ?? null,
      client_order_reference: project.order_reference ?? '',
      account_manager_id: presetManager ?? project.account_manager?.id ?? null,
      site_contacts: project.site_contacts.map(contactValues),
    },
    contract: ProjectOtherUpdate,
    onDone,
  });
  const v = form.getValues();
  const clients = withCurrent(
    reference.clients.map((c) => ({ value: c.id, label: c.trading_name })).sort(byLabel),
    project.client ? [{ value: project.client.id, label: project.client.trading_name }] : [],
  );

  const submit = form.onSubmit(
    (values) =>
      send(
        {
          client_id: values.client_id as string,
          client_order_reference: values.client_order_reference,
          account_manager_id: values.account_manager_id as string,
          site_contacts: values.site_contacts.map(contactPayload),
        },
        [...OTHER_FIELDS, ...contactPaths(values.site_contacts.length)],
        { onFailed: (error) => contact.showFirstInvalid(projectErrorKeys(error)) },
      ),
    (errors) => {
      invalid();
      contact.showFirstInvalid(errors);
    },
  );

  return (
    <SectionEditForm
      label="Edit client information"
      onSubmit={submit}
      failure={failure}
      onCancel={onDone}
      saving={saving}
    >
      <Stack gap="lg">
        <ClientFields
          clients={clients}
          clientProps={form.getInputProps('client_id')}
          orderReferenceProps={form.getInputProps('client_order_reference')}
        />
        <div>
          <SubHeading>Account Manager</SubHeading>
          <AccountManagerFields
            clientId={v.client_id}
            value={v.account_manager_id}
            onChange={(id) => form.setFieldValue('account_manager_id', id)}
            error={form.errors.account_manager_id}
          />
        </div>
        <Divider />
        <div>
          <SubHeading>Site Contacts</SubHeading>
          <FormContactsEditor form={form} index={contact.index} onIndexChange={contact.setIndex} markNew />
        </div>
      </Stack>
    </SectionEditForm>
  );
}
