import { useState } from 'react';
import { Alert, Button, Code, Grid, Group, Paper, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { CUSTOMER_TEXT, CustomerInput, STATES, type CustomerView } from '@siteflow/core';
import { toFormData } from '../../api/client';
import { ImageUpload } from '../../ui/image-upload';
import { notifySuccess } from '../../ui/notify';
import { PostcodeInput } from '../../ui/postcode-input';
import { applyServerErrors } from '../../ui/server-errors';
import { StateSelect } from '../../ui/state-select';
import { focusFirstInvalid } from '../../ui/focus';
import { zodResolver } from '../../ui/zod-resolver';
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

const FIELDS = [
  'customer_name',
  'name',
  'email',
  'first_name',
  'last_name',
  'phone',
  'position',
  'address',
  'suburb',
  'state',
  'postcode',
  'staff_pm_flag',
  'staff_system_emails',
  'file',
] as const;

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
    state: c.state && (STATES as readonly string[]).includes(c.state) ? c.state : null,
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
  const [alert, setAlert] = useState<string | null>(null);

  const form = useForm<CustomerFormValues>({
    mode: 'controlled',
    initialValues: customer ? customerToValues(customer) : EMPTY_CUSTOMER,
    validate: zodResolver<CustomerFormValues>(CustomerInput),
    validateInputOnBlur: true,
  });

  const submit = form.onSubmit(
    (values) => {
      setAlert(null);
      const body = toFormData({ ...values, state: values.state ?? '' }, logo);
      save.mutate(body, {
        onSuccess: () => {
          notifySuccess(isEdit ? CUSTOMER_TEXT.saved : CUSTOMER_TEXT.created);
          void navigate('/customers');
        },
        onError: (error) => setAlert(applyServerErrors(form, error, FIELDS)),
      });
    },
    () => {
      setAlert(null);
      focusFirstInvalid();
    },
  );

  const submitLabel = isEdit ? CUSTOMER_TEXT.save : CUSTOMER_TEXT.create;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        {alert ? (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle aria-hidden />}
            role="alert"
            title="The customer was not saved"
          >
            {alert}
          </Alert>
        ) : null}

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
          <Grid gap="md">
            <Grid.Col span={12}>
              <TextInput
                label="Street Address"
                required
                autoComplete="street-address"
                {...form.getInputProps('address')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <TextInput label="Suburb" required autoComplete="address-level2" {...form.getInputProps('suburb')} />
            </Grid.Col>
            <Grid.Col span={{ base: 6, md: 3 }}>
              <StateSelect required {...form.getInputProps('state')} />
            </Grid.Col>
            <Grid.Col span={{ base: 6, md: 3 }}>
              <PostcodeInput label="Postcode" required {...form.getInputProps('postcode')} />
            </Grid.Col>
          </Grid>
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
