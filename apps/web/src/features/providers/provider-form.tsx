import { Button, Grid, Group, MultiSelect, Select, Stack, TagsInput, Textarea, TextInput } from '@mantine/core';
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
import { FormSection } from '../../ui/form-section';
import { notifySuccess } from '../../ui/notify';
import { useUnsavedChangesGuard } from '../../ui/unsaved-changes';
import { useCategoryReference, useSaveProvider } from './api';
import { AvailabilitiesSection } from './provider-availabilities';
import { errorFields, providerFormValues, toProviderInput, withCurrent } from './provider-form-values';

const STATUS_OPTIONS = PROVIDER_STATUSES.map((s) => ({ value: s, label: PROVIDER_STATUS_NAMES[s] }));
const STATE_OPTIONS = STATES.map((s) => ({ value: s, label: s }));
/** The provider's contact details, each a text field. */
const CONTACT_FIELDS = [
  { field: 'director_name', label: 'Director', maxLength: 150 },
  { field: 'email', label: 'Email', type: 'email' },
  { field: 'phone', label: 'Phone', type: 'tel', maxLength: 40 },
  { field: 'website', label: 'Website', maxLength: 255, placeholder: 'https://' },
] as const;

/** Setup / edit of a service provider (ProviderInput). */
export function ProviderForm({ provider }: { provider?: ProviderView }) {
  const navigate = useNavigate();
  const save = useSaveProvider(provider?.id);
  const { categories, links } = useCategoryReference();
  const { form, alert, submit, showServerErrors } = useContractForm(ProviderInput, {
    initial: providerFormValues(provider),
    toPayload: toProviderInput,
  });
  const guard = useUnsavedChangesGuard(form.isDirty());
  const values = form.getValues();

  const onSubmit = submit((payload, v) =>
    save.mutate(payload, {
      onSuccess: (saved) => {
        notifySuccess(
          provider ? `${saved.service_provider_name} saved.` : `${saved.service_provider_name} created.`,
          provider ? undefined : 'Service provider created',
        );
        guard.saved();
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
        <FormSection title="Details">
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
            {CONTACT_FIELDS.map(({ field, ...props }) => (
              <Grid.Col key={field} span={{ base: 12, md: 6 }}>
                <TextInput autoComplete="off" {...props} {...form.getInputProps(field)} />
              </Grid.Col>
            ))}
          </Grid>
        </FormSection>

        <FormSection
          title="Business Address"
          description="The address is located on save; distance searches measure from it."
        >
          <AddressFields
            values={values}
            getInputProps={(f) => form.getInputProps(f)}
            setValues={(patch) => {
              form.setValues(patch);
              for (const key of Object.keys(patch)) form.clearFieldError(key);
            }}
            maxLength={{ street: 255, suburb: 100 }}
          />
        </FormSection>

        <FormSection title="Categories and Services">
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
        </FormSection>

        <FormSection
          title="Preferences"
          description="Where the provider prefers to work; a provider with preferences is shown as ‘Preferred’."
        >
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
        </FormSection>

        <AvailabilitiesSection form={form} />

        <FormSection title="Notes">
          <Textarea label="Notes" rows={4} maxLength={5000} {...form.getInputProps('notes')} />
        </FormSection>

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
