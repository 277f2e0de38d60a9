import { useState } from 'react';
import { Button, Code, Grid, Group, Paper, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { CUSTOMER_TEXT, CustomerInput, type CustomerView } from '@siteflow/core';
import { toFormData } from '../../api/client';
import { AddressFields, stateValue } from '../../ui/address/address-fields';
import { FormAlert, useContractForm } from '../../ui/contract-form';
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

type CustomerFormProps = { customer?: CustomerView };

export function CustomerForm({ customer }: CustomerFormProps) {
  const isEdit = Boolean(customer);
  const navigate = useNavigate();
  const save = useSaveCustomer(customer?.id);
  const [logo, setLogo] = useState<File | null>(null);
  const { form, alert, submit, showServerErrors } = useContractForm(CustomerInput, {
    initial: customer ? customerToValues(customer) : EMPTY_CUSTOMER,
    toPayload: (values) => ({ ...values, state: (values.state ?? '') as CustomerInput['state'] }),
    serverFields: ['file'],
  });

  // Multipart (the logo): the values as fields, the state as the contract takes it.
  const onSubmit = submit((payload, values) =>
    save.mutate(toFormData({ ...values, state: payload.state }, logo), {
      onSuccess: () => {
        notifySuccess(isEdit ? CUSTOMER_TEXT.saved : CUSTOMER_TEXT.created);
        void navigate('/customers');
      },
      onError: (error) => showServerErrors(error),
    }),
  );

  const submitLabel = isEdit ? CUSTOMER_TEXT.save : CUSTOMER_TEXT.create;

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="lg">
        <FormAlert title="The customer was not saved" message={alert} />

        <Paper withBorder radius="lg" p="lg">
          <Title order={2} size="h4" mb="md">
            Company
          </Title>
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
                value={logo}
                onChange={(file) => {
                  setLogo(file);
                  form.clearFieldError('file');
                }}
                currentUrl={customer?.logo_path ?? null}
                error={(form.errors.file as string | undefined) ?? null}
                previewAlt={customer ? `${customer.customer_name} logo` : 'Logo preview'}
                withAsterisk
              />
            </Grid.Col>
          </Grid>
        </Paper>

        <Paper withBorder radius="lg" p="lg">
          <Title order={2} size="h4" mb={4}>
            Administrator
          </Title>
          <Text size="sm" c="dimmed" mb="md">
            This person receives an email to set their password and manages the company.
          </Text>
          <Grid gap="md">
            <Grid.Col span={{ base: 12, md: 6 }}>
              <TextInput label="First Name" required autoComplete="given-name" {...form.getInputProps('first_name')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <TextInput label="Last Name" required autoComplete="family-name" {...form.getInputProps('last_name')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <TextInput label="Email" type="email" required autoComplete="email" {...form.getInputProps('email')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <TextInput label="Phone" type="tel" required autoComplete="tel" {...form.getInputProps('phone')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <TextInput
                label="Position"
                required
                autoComplete="organization-title"
                {...form.getInputProps('position')}
              />
            </Grid.Col>
          </Grid>
        </Paper>

        <Paper withBorder radius="lg" p="lg">
          <Title order={2} size="h4" mb="md">
            Address
          </Title>
          <AddressFields
            values={form.values}
            getInputProps={(f) => form.getInputProps(f)}
            streetField="address"
            labels={{ street: 'Street Address' }}
            required
            autofill
          />
        </Paper>

        <Paper withBorder radius="lg" p="lg">
          <Title order={2} size="h4" mb={4}>
            Staff form options
          </Title>
          <Text size="sm" c="dimmed" mb="md">
            Choose which optional flags this company sees on its staff form.
          </Text>
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
        </Paper>

        <Group justify="flex-end" gap="sm">
          <Button component={Link} to="/customers" variant="default">
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
