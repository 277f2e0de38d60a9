import { useState } from 'react';
import { Alert, Button, Grid, Group, Paper, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { CLIENT_TEXT, ClientInput, STATES, type ClientView } from '@siteflow/core';
import { focusFirstInvalid } from '../../ui/focus';
import { notifySuccess } from '../../ui/notify';
import { PostcodeInput } from '../../ui/postcode-input';
import { applyServerErrors } from '../../ui/server-errors';
import { StateSelect } from '../../ui/state-select';
import { zodResolver } from '../../ui/zod-resolver';
import { useSaveClient } from './api';

export type ClientFormValues = {
  trading_name: string;
  email: string;
  phone: string;
  street: string;
  suburb: string;
  state: string | null;
  postcode: string;
};
const FIELDS = ['trading_name', 'email', 'phone', 'street', 'suburb', 'state', 'postcode'] as const;

function initialValues(client?: ClientView): ClientFormValues {
  return {
    trading_name: client?.trading_name ?? '',
    email: client?.email ?? '',
    phone: client?.phone ?? '',
    street: client?.street ?? '',
    suburb: client?.suburb ?? '',
    state: client?.state && (STATES as readonly string[]).includes(client.state) ? client.state : null,
    postcode: client?.postcode ?? '',
  };
}

type ClientFormProps = { client?: ClientView; readOnly?: boolean };

/** Client details: only the trading name is required. Read-only for users who may only view clients. */
export function ClientForm({ client, readOnly = false }: ClientFormProps) {
  const navigate = useNavigate();
  const save = useSaveClient(client?.id);
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<ClientFormValues>({
    mode: 'controlled',
    initialValues: initialValues(client),
    validate: zodResolver<ClientFormValues>(ClientInput),
    validateInputOnBlur: true,
  });

  const submit = form.onSubmit(
    (values) => {
      setAlert(null);
      save.mutate(
        { ...values, state: (values.state ?? '') as ClientInput['state'], email: values.email || null },
        {
          onSuccess: (data) => {
            if (client) {
              notifySuccess(data.message || CLIENT_TEXT.saved);
              form.resetDirty();
            } else {
              notifySuccess(data.message || CLIENT_TEXT.created, 'You can add the client’s users now.');
              void navigate(`/clients/${data.client.id}/edit`);
            }
          },
          onError: (error) => setAlert(applyServerErrors(form, error, FIELDS)),
        },
      );
    },
    () => {
      setAlert(null);
      focusFirstInvalid();
    },
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Client details">
      <Stack gap="lg">
        {alert ? (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle aria-hidden />}
            role="alert"
            title="The client was not saved"
          >
            {alert}
          </Alert>
        ) : null}
        <Paper withBorder radius="lg" p="lg">
          <Title order={2} size="h4" mb="md">
            Details
          </Title>
          <Grid gap="md">
            <Grid.Col span={12}>
              <TextInput
                label="Trading Name"
                required={!readOnly}
                readOnly={readOnly}
                autoComplete="off"
                maxLength={200}
                {...form.getInputProps('trading_name')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <TextInput
                label="Email"
                type="email"
                autoComplete="off"
                readOnly={readOnly}
                {...form.getInputProps('email')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <TextInput
                label="Phone"
                type="tel"
                autoComplete="off"
                maxLength={40}
                readOnly={readOnly}
                {...form.getInputProps('phone')}
              />
            </Grid.Col>
          </Grid>
          <Title order={2} size="h4" mt="xl" mb="md">
            Address
          </Title>
          <Grid gap="md">
            <Grid.Col span={12}>
              <TextInput label="Street" autoComplete="off" readOnly={readOnly} {...form.getInputProps('street')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <TextInput
                label="Suburb"
                autoComplete="off"
                maxLength={100}
                readOnly={readOnly}
                {...form.getInputProps('suburb')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 6, md: 3 }}>
              <StateSelect
                allowDeselect
                clearable={!readOnly}
                readOnly={readOnly}
                clearButtonProps={{ 'aria-label': 'Clear state' }}
                {...form.getInputProps('state')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 6, md: 3 }}>
              <PostcodeInput
                label="Postcode"
                autoComplete="off"
                readOnly={readOnly}
                {...form.getInputProps('postcode')}
              />
            </Grid.Col>
          </Grid>
        </Paper>
        {readOnly ? null : (
          <Group justify="flex-end" gap="sm">
            <Button component={Link} to="/clients" variant="default">
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              {client ? 'Save Changes' : 'Create Client'}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
