import { useState } from 'react';
import { Divider, Grid, Group, Select, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  PROJECT_TEXT,
  ProjectOtherUpdate,
  type AccountManager,
  type ProjectCreateData,
  type ProjectView,
} from '@siteflow/core';
import { useCan } from '../../session';
import { focusFirstInvalid } from '../../ui/focus';
import { notifySuccess } from '../../ui/notify';
import { zodResolver } from '../../ui/zod-resolver';
import { useSaveSection } from './api';
import { AccountManagerDetails, AccountManagerFields } from './components/account-manager-fields';
import { AccountManagerQuickAddButton } from './components/account-manager-quick-add';
import {
  contactPayload,
  contactValues,
  invalidContacts,
  newContact,
  SiteContactsEditor,
  SiteContactsView,
  type ContactValues,
} from './components/site-contacts-carousel';
import { applyProjectErrors, contactPaths, projectErrorKeys } from './form-errors';
import { byLabel, withCurrent } from './options';
import { EditActions, SaveFailed, ViewField } from './section-card';

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
  const save = useSaveSection(project.id, 'other');
  const [failure, setFailure] = useState<string | null>(null);
  const [contactIndex, setContactIndex] = useState(0);
  const form = useForm<OtherValues>({
    mode: 'controlled',
    initialValues: {
      client_id: project.client?.id ?? null,
      client_order_reference: project.order_reference ?? '',
      account_manager_id: presetManager ?? project.account_manager?.id ?? null,
      site_contacts: project.site_contacts.map(contactValues),
    },
    validate: zodResolver<OtherValues>(ProjectOtherUpdate),
    validateInputOnBlur: true,
  });
  const v = form.getValues();
  const clients = withCurrent(
    reference.clients.map((c) => ({ value: c.id, label: c.trading_name })).sort(byLabel),
    project.client ? [{ value: project.client.id, label: project.client.trading_name }] : [],
  );
  const jumpToContact = (errors: Record<string, unknown>) => {
    const [first] = invalidContacts(errors);
    if (first !== undefined) setContactIndex(first);
  };

  const submit = form.onSubmit(
    (values) => {
      setFailure(null);
      save.mutate(
        {
          client_id: values.client_id as string,
          client_order_reference: values.client_order_reference,
          account_manager_id: values.account_manager_id as string,
          site_contacts: values.site_contacts.map(contactPayload),
        },
        {
          onSuccess: () => {
            notifySuccess(PROJECT_TEXT.saved);
            onDone();
          },
          onError: (error) => {
            const leftover = applyProjectErrors(form, error, [
              ...OTHER_FIELDS,
              ...contactPaths(values.site_contacts.length),
            ]);
            jumpToContact(projectErrorKeys(error));
            setFailure([PROJECT_TEXT.mandatory, leftover].filter(Boolean).join(' '));
          },
        },
      );
    },
    (errors) => {
      setFailure(PROJECT_TEXT.mandatory);
      jumpToContact(errors);
      focusFirstInvalid();
    },
  );

  const contacts = v.site_contacts;
  return (
    <form onSubmit={submit} noValidate aria-label="Edit client information">
      <SaveFailed message={failure} />
      <Stack gap="lg">
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Select
              label="Trading Name"
              required
              searchable
              allowDeselect={false}
              data={clients}
              nothingFoundMessage="No client matches"
              {...form.getInputProps('client_id')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <TextInput
              label="Order Reference"
              required
              autoComplete="off"
              {...form.getInputProps('client_order_reference')}
            />
          </Grid.Col>
        </Grid>
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
            markNew
            invalid={invalidContacts(form.errors)}
          />
        </div>
      </Stack>
      <EditActions onCancel={onDone} saving={save.isPending} />
    </form>
  );
}
