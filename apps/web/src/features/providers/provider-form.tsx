import {
  Button,
  Grid,
  Group,
  MultiSelect,
  Paper,
  Select,
  Stack,
  TagsInput,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import {
  PROVIDER_STATUS_NAMES,
  PROVIDER_STATUSES,
  ProviderInput,
  pruneServices,
  servicesForCategories,
  STATES,
  type ProviderView,
} from '@siteflow/core';
import { ApiError } from '../../api/client';
import { AddressFields } from '../../ui/address/address-fields';
import { FormAlert, useContractForm } from '../../ui/contract-form';
import { notifySuccess } from '../../ui/notify';
import { useCategoryReference, useSaveProvider } from './api';
import { AvailabilitiesSection } from './provider-availabilities';
import { errorFields, providerFormValues, toProviderInput, withCurrent } from './provider-form-values';

const STATUS_OPTIONS = PROVIDER_STATUSES.map((s) => ({ value: s, label: PROVIDER_STATUS_NAMES[s] }));
const STATE_OPTIONS = STATES.map((s) => ({ value: s, label: s }));

/** Setup / edit of a service provider (ProviderInput). */
export function ProviderForm({ provider }: { provider?: ProviderView }) {
  const navigate = useNavigate();
  const save = useSaveProvider(provider?.id);
  const { categories, links } = useCategoryReference();
  const { form, alert, submit, showServerErrors } = useContractForm(ProviderInput, {
    initial: providerFormValues(provider),
    toPayload: toProviderInput,
  });
  const values = form.getValues();

  const onSubmit = submit((payload, v) =>
    save.mutate(payload, {
      onSuccess: (saved) => {
        notifySuccess(
          provider ? `${saved.service_provider_name} saved.` : `${saved.service_provider_name} created.`,
          provider ? undefined : 'Service provider created',
        );
        void navigate(`/service-providers/show/${saved.id}`);
      },
      onError: (error) => {
        const keys = error instanceof ApiError ? Object.keys(error.errors) : [];
        const { fields, aliases } = errorFields(v, keys);
        showServerErrors(error, fields, aliases);
      },
    }),
  );

  const linkList = links.data ?? [];
  const categoryOptions = withCurrent(
    (categories.data ?? []).filter((c) => c.active).map((c) => ({ value: c.id, label: c.name })),
    (provider?.categories ?? []).map((c) => ({ value: c.id, label: c.name })),
  );
  const serviceOptions = withCurrent(
    servicesForCategories(values.categories, linkList).map((s) => ({ value: s.id, label: s.name })),
    (provider?.services ?? [])
      .filter((s) => values.services.includes(s.id))
      .map((s) => ({ value: s.id, label: s.name })),
  );
  const categoryProps = form.getInputProps('categories');

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Service provider details">
      <Stack gap="lg">
        <FormAlert title="The service provider was not saved" message={alert} />
        <Paper withBorder radius="lg" p="lg">
          <Title order={2} size="h4" mb="md">
            Details
          </Title>
          <Grid gap="md">
            <Grid.Col span={{ base: 12, md: 8 }}>
              <TextInput
                label="Service Provider Name"
                required
                autoComplete="off"
                maxLength={150}
                {...form.getInputProps('service_provider_name')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <Select
                label="Status"
                data={STATUS_OPTIONS}
                allowDeselect={false}
                {...form.getInputProps('status_code')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <TextInput label="Director" autoComplete="off" maxLength={150} {...form.getInputProps('director_name')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <TextInput label="Email" type="email" autoComplete="off" {...form.getInputProps('email')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <TextInput label="Phone" type="tel" autoComplete="off" maxLength={40} {...form.getInputProps('phone')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <TextInput
                label="Website"
                autoComplete="off"
                maxLength={255}
                placeholder="https://"
                {...form.getInputProps('website')}
              />
            </Grid.Col>
          </Grid>
        </Paper>

        <Paper withBorder radius="lg" p="lg">
          <Title order={2} size="h4" mb={4}>
            Business Address
          </Title>
          <Text size="sm" c="dimmed" mb="md">
            The address is located on save; distance searches measure from it.
          </Text>
          <AddressFields
            values={values}
            getInputProps={(f) => form.getInputProps(f)}
            setValues={(patch) => {
              form.setValues(patch);
              for (const key of Object.keys(patch)) form.clearFieldError(key);
            }}
            maxLength={{ street: 255, suburb: 100 }}
          />
        </Paper>

        <Paper withBorder radius="lg" p="lg">
          <Title order={2} size="h4" mb="md">
            Categories and Services
          </Title>
          <Grid gap="md">
            <Grid.Col span={{ base: 12, md: 6 }}>
              <MultiSelect
                label="Categories"
                searchable
                data={categoryOptions}
                nothingFoundMessage={categories.isLoading ? 'Loading…' : 'No category matches'}
                clearable
                clearButtonProps={{ 'aria-label': 'Clear categories' }}
                {...categoryProps}
                onChange={(ids: string[]) => {
                  form.setValues({ categories: ids, services: pruneServices(ids, values.services, linkList) });
                  form.clearFieldError('categories');
                }}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <MultiSelect
                label="Services"
                searchable
                data={serviceOptions}
                placeholder={values.categories.length ? undefined : 'Choose a category first'}
                nothingFoundMessage={values.categories.length ? 'No service matches' : 'Choose a category first'}
                clearable
                clearButtonProps={{ 'aria-label': 'Clear services' }}
                {...form.getInputProps('services')}
              />
            </Grid.Col>
          </Grid>
        </Paper>

        <Paper withBorder radius="lg" p="lg">
          <Title order={2} size="h4" mb={4}>
            Preferences
          </Title>
          <Text size="sm" c="dimmed" mb="md">
            Where the provider prefers to work; a provider with preferences is shown as ‘Preferred’.
          </Text>
          <Grid gap="md">
            <Grid.Col span={{ base: 12, md: 6 }}>
              <TagsInput
                label="Preferred postcodes"
                description="Type a postcode and press Enter."
                clearable
                clearButtonProps={{ 'aria-label': 'Clear preferred postcodes' }}
                {...form.getInputProps('preferred_postcodes')}
                onChange={(list: string[]) => {
                  form.setFieldValue('preferred_postcodes', [...new Set(list.map((s) => s.trim()).filter(Boolean))]);
                  form.clearFieldError('preferred_postcodes');
                }}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <MultiSelect
                label="Preferred states"
                description="The states the provider prefers to work in."
                data={STATE_OPTIONS}
                clearable
                clearButtonProps={{ 'aria-label': 'Clear preferred states' }}
                {...form.getInputProps('preferred_states')}
              />
            </Grid.Col>
          </Grid>
        </Paper>

        <AvailabilitiesSection form={form} />

        <Paper withBorder radius="lg" p="lg">
          <Title order={2} size="h4" mb="md">
            Notes
          </Title>
          <Textarea label="Notes" rows={4} maxLength={5000} {...form.getInputProps('notes')} />
        </Paper>

        <Group justify="flex-end" gap="sm">
          <Button
            component={Link}
            to={provider ? `/service-providers/show/${provider.id}` : '/service-providers'}
            variant="default"
          >
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
