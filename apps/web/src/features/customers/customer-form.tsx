import { Code, Grid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useNavigate } from 'react-router';
import { CUSTOMER_TEXT, CustomerInput, type CustomerView } from '@siteflow/core';
import { toFormData } from '../../api/client';
import { stateValue } from '../../ui/address/address-fields';
import { useContractForm } from '../../ui/contract-form';
import { FormFrame } from '../../ui/form-frame';
import { personFields, StreetAddressSection, TextFieldGrid, useFormImage } from '../../ui/form-fields';
import { FormActions, FormSection } from '../../ui/form-section';
import { ImageUpload } from '../../ui/image-upload';
import { notifySuccess } from '../../ui/notify';
import { useSaveCustomer } from './api';

export type CustomerFormValues = {
  customer_name: string;
  name: string;
  email: string;
  first_name: string;
  last_name: string;
  phone: string;
  position: string;
  address: string;
  suburb: string;
  state: string | null;
  postcode: string;
  staff_pm_flag: boolean;
  staff_system_emails: boolean;
};

export const EMPTY_CUSTOMER: CustomerFormValues = {
  customer_name: '',
  name: '',
  email: '',
  first_name: '',
  last_name: '',
  phone: '',
  position: '',
  address: '',
  suburb: '',
  state: null,
  postcode: '',
  staff_pm_flag: false,
  staff_system_emails: false,
};

export function customerToValues(c: CustomerView): CustomerFormValues {
  return {
    customer_name: c.customer_name,
    name: c.name,
    email: c.email,
    first_name: c.first_name,
    last_name: c.last_name,
    phone: c.phone ?? '',
    position: c.position ?? '',
    address: c.address ?? '',
    suburb: c.suburb ?? '',
    state: stateValue(c.state),
    postcode: c.postcode ?? '',
    staff_pm_flag: c.staff_pm_flag,
    staff_system_emails: c.staff_system_emails,
  };
}

/** The address a subdomain will have: <slug>.<this host>. */
export function tenantAddress(slug: string): string {
  const clean = slug.trim().toLowerCase();
  return `${window.location.protocol}//${clean || '<subdomain>'}.${window.location.host}`;
}

/** The company's administrator: a person who fills in their own details, and their position. */
const ADMINISTRATOR_FIELDS = [
  ...personFields(true),
  { name: 'position', label: 'Position', required: true, autoComplete: 'organization-title' },
];

type CustomerFormProps = { customer?: CustomerView };

export function CustomerForm({ customer }: CustomerFormProps) {
  const isEdit = Boolean(customer);
  const navigate = useNavigate();
  const save = useSaveCustomer(customer?.id);
  const { form, alert, submit, showServerErrors } = useContractForm(CustomerInput, {
    initial: customer ? customerToValues(customer) : EMPTY_CUSTOMER,
    toPayload: (values) => ({ ...values, state: (values.state ?? '') as CustomerInput['state'] }),
    serverFields: ['file'],
  });
  const logo = useFormImage(form);

  // Multipart (the logo): the values as fields, the state as the contract takes it.
  const onSubmit = submit((payload, values) =>
    save.mutate(toFormData({ ...values, state: payload.state }, logo.file), {
      onSuccess: () => {
        notifySuccess(isEdit ? CUSTOMER_TEXT.saved : CUSTOMER_TEXT.created);
        void navigate('/customers');
      },
      onError: (error) => showServerErrors(error),
    }),
  );

  return (
    <FormFrame onSubmit={onSubmit} alertTitle="The customer was not saved" alert={alert}>
      <FormSection title="Company">
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 6 }}>
            <TextInput
              label="Company Name"
              required
              autoComplete="organization"
              {...form.getInputProps('customer_name')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <TextInput
              label="Subdomain"
              required
              autoComplete="off"
              spellCheck={false}
              description={
                <Text component="span" size="xs" c="dimmed">
                  Company address: <Code data-testid="subdomain-preview">{tenantAddress(form.values.name)}</Code>
                </Text>
              }
              {...form.getInputProps('name')}
            />
          </Grid.Col>
          <Grid.Col span={12}>
            <ImageUpload
              label="Logo"
              hint={CUSTOMER_TEXT.logoHint}
              {...logo.uploadProps}
              currentUrl={customer?.logo_path ?? null}
              previewAlt={customer ? `${customer.customer_name} logo` : 'Logo preview'}
              withAsterisk
            />
          </Grid.Col>
        </Grid>
      </FormSection>

      <FormSection
        title="Administrator"
        description="This person receives an email to set their password and manages the company."
      >
        <TextFieldGrid fields={ADMINISTRATOR_FIELDS} inputProps={(name) => form.getInputProps(name)} />
      </FormSection>

      <StreetAddressSection values={form.values} getInputProps={(f) => form.getInputProps(f)} autofill />

      <FormSection
        title="Staff form options"
        description="Choose which optional flags this company sees on its staff form."
      >
        <Stack gap="sm">
          <Switch
            label="Project Manager flag on staff form"
            {...form.getInputProps('staff_pm_flag', { type: 'checkbox' })}
          />
          <Switch
            label="System Emails flag on staff form"
            {...form.getInputProps('staff_system_emails', { type: 'checkbox' })}
          />
        </Stack>
      </FormSection>

      <FormActions
        cancelTo="/customers"
        submitLabel={isEdit ? CUSTOMER_TEXT.save : CUSTOMER_TEXT.create}
        saving={save.isPending}
      />
    </FormFrame>
  );
}
