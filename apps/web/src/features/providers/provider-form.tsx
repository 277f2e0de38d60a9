import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Autocomplete,
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
  Tooltip,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useForm, type GetInputPropsReturnType } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertCircle, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import {
  GAZETTEER_CREDIT,
  PROVIDER_STATUS_NAMES,
  PROVIDER_STATUSES,
  ProviderInput,
  pruneServices,
  servicesForCategories,
  STATES,
  type Place,
  type ProviderStatus,
  type ProviderView,
  type State,
} from '@siteflow/core';
import { focusFirstInvalid } from '../../ui/focus';
import { notifySuccess } from '../../ui/notify';
import { PostcodeInput } from '../../ui/postcode-input';
import { applyServerErrors } from '../../ui/server-errors';
import { StateSelect } from '../../ui/state-select';
import { zodResolver } from '../../ui/zod-resolver';
import { fetchPostcodeState, usePlaces } from '../projects/api';
import { useCategoryReference, useSaveProvider } from './api';

/** The picker's placeholder is text on the page: dimmed (4.5:1), not the fainter placeholder grey. */
const DATE_STYLES = { placeholder: { color: 'var(--mantine-color-dimmed)' } };

type Option = { value: string; label: string };
export type AvailabilityValues = {
  key: string;
  id?: string;
  start_date: string | null;
  end_date: string | null;
  note: string;
};
export type ProviderFormValues = {
  service_provider_name: string;
  status_code: ProviderStatus;
  director_name: string;
  email: string;
  phone: string;
  website: string;
  street: string;
  suburb: string;
  state: string | null;
  postcode: string;
  categories: string[];
  services: string[];
  preferred_postcodes: string[];
  preferred_states: string[];
  availabilities: AvailabilityValues[];
  notes: string;
};
const FIELDS = [
  'service_provider_name',
  'status_code',
  'director_name',
  'email',
  'phone',
  'website',
  'street',
  'suburb',
  'state',
  'postcode',
  'categories',
  'services',
  'preferred_postcodes',
  'preferred_states',
  'notes',
] as const;

const STATUS_OPTIONS = PROVIDER_STATUSES.map((s) => ({ value: s, label: PROVIDER_STATUS_NAMES[s] }));
const STATE_OPTIONS = STATES.map((s) => ({ value: s, label: s }));
const isState = (v: string | null | undefined): v is State => Boolean(v && (STATES as readonly string[]).includes(v));
let rowSeq = 0;
const rowKey = () => `row-${++rowSeq}`;

function initialValues(p?: ProviderView): ProviderFormValues {
  return {
    service_provider_name: p?.service_provider_name ?? '',
    status_code: (PROVIDER_STATUSES as readonly string[]).includes(p?.status_code ?? '')
      ? (p!.status_code as ProviderStatus)
      : 'evaluating',
    director_name: p?.director_name ?? '',
    email: p?.email ?? '',
    phone: p?.phone ?? '',
    website: p?.website ?? '',
    street: p?.business_address.street ?? '',
    suburb: p?.business_address.suburb ?? '',
    state: isState(p?.business_address.state) ? p!.business_address.state : null,
    postcode: p?.business_address.postcode ?? '',
    categories: p?.categories.map((c) => c.id) ?? [],
    services: p?.services.map((s) => s.id) ?? [],
    preferred_postcodes: p?.preferences.postcodes ?? [],
    preferred_states: (p?.preferences.states ?? []).filter(isState),
    availabilities: (p?.availabilities ?? []).map((a) => ({
      key: a.id,
      id: a.id,
      start_date: a.start_date.slice(0, 10),
      end_date: a.end_date.slice(0, 10),
      note: a.note ?? '',
    })),
    notes: p?.notes ?? '',
  };
}

/** What the form sends: the contract's input (empty texts become null on the server). */
export function toProviderInput(v: ProviderFormValues): ProviderInput {
  return {
    ...v,
    state: (v.state ?? '') as ProviderInput['state'],
    email: v.email.trim() || null,
    preferred_states: v.preferred_states as State[],
    availabilities: v.availabilities.map(({ id, start_date, end_date, note }) => ({
      ...(id ? { id } : {}),
      start_date: start_date ?? '',
      end_date: end_date ?? '',
      note,
    })),
  };
}

/** Server keys of list items (availabilities.0.end_date, preferred_postcodes.2) → the form's fields. */
function errorFields(values: ProviderFormValues, keys: string[]) {
  const fields: string[] = [...FIELDS];
  const aliases: Record<string, string> = {};
  values.availabilities.forEach((_, i) => {
    for (const f of ['start_date', 'end_date', 'note']) fields.push(`availabilities.${i}.${f}`);
  });
  for (const key of keys) {
    const list = /^(preferred_postcodes|preferred_states|categories|services)\.\d+$/.exec(key);
    if (list) aliases[key] = list[1]!;
  }
  return { fields, aliases };
}

const withCurrent = (options: Option[], current: Option[]) => {
  const seen = new Set(options.map((o) => o.value));
  return [...options, ...current.filter((o) => !seen.has(o.value) && (seen.add(o.value), true))];
};

/** Setup / edit of a service provider (ProviderInput). */
export function ProviderForm({ provider }: { provider?: ProviderView }) {
  const navigate = useNavigate();
  const save = useSaveProvider(provider?.id);
  const { categories, links } = useCategoryReference();
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<ProviderFormValues>({
    mode: 'controlled',
    initialValues: initialValues(provider),
    validate: zodResolver<ProviderFormValues>(ProviderInput),
    validateInputOnBlur: true,
  });
  const values = form.getValues();

  const submit = form.onSubmit(
    (v) => {
      setAlert(null);
      save.mutate(toProviderInput(v), {
        onSuccess: (saved) => {
          notifySuccess(
            provider ? `${saved.service_provider_name} saved.` : `${saved.service_provider_name} created.`,
            provider ? undefined : 'Service provider created',
          );
          navigate(`/service-providers/show/${saved.id}`);
        },
        onError: (error) => {
          const keys =
            error && typeof error === 'object' && 'errors' in error
              ? Object.keys((error as { errors: object }).errors)
              : [];
          const { fields, aliases } = errorFields(v, keys);
          setAlert(applyServerErrors(form, error, fields, aliases));
        },
      });
    },
    () => {
      setAlert(null);
      focusFirstInvalid();
    },
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

  const addPeriod = () =>
    form.insertListItem('availabilities', {
      key: rowKey(),
      start_date: null,
      end_date: null,
      note: '',
    } satisfies AvailabilityValues);

  return (
    <form onSubmit={submit} noValidate aria-label="Service provider details">
      <Stack gap="lg">
        {alert ? (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle aria-hidden />}
            role="alert"
            title="The service provider was not saved"
          >
            {alert}
          </Alert>
        ) : null}
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

        <Paper withBorder radius="lg" p="lg">
          <Group justify="space-between" mb="md">
            <Stack gap={2}>
              <Title order={2} size="h4">
                Availabilities
              </Title>
              <Text size="sm" c="dimmed">
                Periods in which the provider is unavailable. Searches mark it ‘Unavailable’ when one covers the
                project’s dates.
              </Text>
            </Stack>
            <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} onClick={addPeriod}>
              Add period
            </Button>
          </Group>
          {values.availabilities.length === 0 ? (
            <Text size="sm">No unavailable periods.</Text>
          ) : (
            <Stack gap="sm">
              {values.availabilities.map((row, i) => (
                <Grid key={row.key} gap="sm" align="flex-start">
                  <Grid.Col span={{ base: 6, md: 3 }}>
                    <DatePickerInput
                      label={`Unavailable from (period ${i + 1})`}
                      valueFormat="YYYY-MM-DD"
                      placeholder="YYYY-MM-DD"
                      styles={DATE_STYLES}
                      required
                      clearable
                      clearButtonProps={{ 'aria-label': `Clear start of period ${i + 1}` }}
                      popoverProps={{ withinPortal: true }}
                      {...form.getInputProps(`availabilities.${i}.start_date`)}
                    />
                  </Grid.Col>
                  <Grid.Col span={{ base: 6, md: 3 }}>
                    <DatePickerInput
                      label={`Unavailable to (period ${i + 1})`}
                      valueFormat="YYYY-MM-DD"
                      placeholder="YYYY-MM-DD"
                      styles={DATE_STYLES}
                      required
                      clearable
                      clearButtonProps={{ 'aria-label': `Clear end of period ${i + 1}` }}
                      minDate={row.start_date ?? undefined}
                      popoverProps={{ withinPortal: true }}
                      {...form.getInputProps(`availabilities.${i}.end_date`)}
                    />
                  </Grid.Col>
                  <Grid.Col span={{ base: 10, md: 5 }}>
                    <TextInput
                      label={`Note (period ${i + 1})`}
                      autoComplete="off"
                      maxLength={200}
                      {...form.getInputProps(`availabilities.${i}.note`)}
                    />
                  </Grid.Col>
                  <Grid.Col span={{ base: 2, md: 1 }}>
                    <Tooltip label="Remove period" withArrow>
                      <ActionIcon
                        variant="light"
                        color="red"
                        size="lg"
                        mt={26}
                        aria-label={`Remove period ${i + 1}`}
                        onClick={() => form.removeListItem('availabilities', i)}
                      >
                        <IconTrash size={18} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                  </Grid.Col>
                </Grid>
              ))}
            </Stack>
          )}
        </Paper>

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

type AddressField = 'street' | 'suburb' | 'state' | 'postcode';
type AddressProps = {
  values: Pick<ProviderFormValues, AddressField>;
  getInputProps: (field: AddressField) => GetInputPropsReturnType;
  setValues: (patch: Partial<Pick<ProviderFormValues, AddressField>>) => void;
};

/**
 * Street, Suburb, State and Postcode with the address search of the project forms (the offline
 * AU + NZ gazetteer): a picked place fills suburb, state and postcode; a typed postcode an empty state.
 */
function AddressFields({ values, getInputProps, setValues }: AddressProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const places = usePlaces(debounced);
  const items: Place[] = debounced.trim().length >= 2 ? (places.data ?? []) : [];

  const pick = (id: string) => {
    const place = items.find((p) => String(p.id) === id);
    if (!place) return;
    const state = isState(place.state) ? place.state : place.country === 'New Zealand' ? 'OTH' : values.state;
    setValues({ suburb: place.suburb, state, postcode: place.postcode ?? values.postcode });
  };
  const postcodeProps = getInputProps('postcode');
  const fillState = (postcode: string) => {
    if (values.state || !/^\d{3,4}$/.test(postcode)) return;
    fetchPostcodeState(postcode, values.suburb)
      .then((state) => {
        if (state) setValues({ state });
      })
      .catch(() => undefined);
  };

  return (
    <Grid gap="md">
      <Grid.Col span={12}>
        <Autocomplete
          label="Search address"
          description="Type a suburb, town or postcode in Australia or New Zealand."
          placeholder="e.g. Fortitude Valley or 4006"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={setSearch}
          data={items.map((p) => ({ value: String(p.id), label: p.label }))}
          filter={({ options }) => options}
          onOptionSubmit={pick}
          limit={10}
          autoComplete="off"
          clearable
          clearButtonProps={{ 'aria-label': 'Clear address search' }}
        />
      </Grid.Col>
      <Grid.Col span={12}>
        <TextInput label="Street" autoComplete="off" maxLength={255} {...getInputProps('street')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <TextInput label="Suburb" autoComplete="off" maxLength={100} {...getInputProps('suburb')} />
      </Grid.Col>
      <Grid.Col span={{ base: 6, md: 3 }}>
        <StateSelect
          allowDeselect
          clearable
          clearButtonProps={{ 'aria-label': 'Clear state' }}
          {...getInputProps('state')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 6, md: 3 }}>
        <PostcodeInput
          label="Postcode"
          autoComplete="off"
          {...postcodeProps}
          onChange={(v) => {
            postcodeProps.onChange(v);
            if (v.length === 4) fillState(v);
          }}
          onBlur={(e) => {
            postcodeProps.onBlur?.(e);
            fillState(values.postcode);
          }}
        />
      </Grid.Col>
      <Grid.Col span={12}>
        <Text size="xs" c="dimmed">
          {GAZETTEER_CREDIT}
        </Text>
      </Grid.Col>
    </Grid>
  );
}
