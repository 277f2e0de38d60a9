import { Button, Grid, Group, Paper, Stack, TextInput, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { CLIENT_TEXT, ClientInput, type ClientView } from '@siteflow/core';
import { AddressFields, stateValue } from '../../ui/address/address-fields';
import { FormAlert, useContractForm } from '../../ui/contract-form';
import { notifySuccess } from '../../ui/notify';
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

function initialValues(client?: ClientView): ClientFormValues {
  return {
    trading_name: client?.trading_name ?? '',
    email: client?.email ?? '',
    phone: client?.phone ?? '',
    street: client?.street ?? '',
    suburb: client?.suburb ?? '',
    state: stateValue(client?.state),
    postcode: client?.postcode ?? '',
  };
}

type ClientFormProps = { client?: ClientView; readOnly?: boolean };

/** Client details: only the trading name is required. Read-only for users who may only view clients. */
export function ClientForm({ client, readOnly = false }: ClientFormProps) {
  const navigate = useNavigate();
  const save = useSaveClient(client?.id);
  const { form, alert, submit, showServerErrors } = useContractForm(ClientInput, {
    initial: initialValues(client),
    toPayload: (values) => ({
      ...values,
      state: (values.state ?? '') as ClientInput['state'],
      email: values.email || null,
    }),
  });

  const onSubmit = submit((payload) =>
    save.mutate(payload, {
      onSuccess: (data) => {
        if (client) {
          notifySuccess(data.message || CLIENT_TEXT.saved);
          form.resetDirty();
        } else {
          notifySuccess(data.message || CLIENT_TEXT.created, 'You can add the client’s users now.');
          void navigate(`/clients/${data.client.id}/edit`);
        }
      },
      onError: (error) => showServerErrors(error),
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Client details">
      <Stack gap="lg">
        <FormAlert title="The client was not saved" message={alert} />
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
          <AddressFields
            values={form.values}
            getInputProps={(f) => form.getInputProps(f)}
            readOnly={readOnly}
            maxLength={{ suburb: 100 }}
          />
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
