import { useState } from 'react';
import {
  ActionIcon,
  Box,
  Button,
  Checkbox,
  Grid,
  Group,
  Paper,
  Select,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useForm, type FormErrors } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import {
  CERTIFICATE_FIELD_TYPES,
  CERTIFICATE_TEXT,
  CertificateFieldDef,
  CertificateTypeInput,
  FIELD_KEY,
  type CertificateTypeView,
} from '@siteflow/core';
import { ApiError, errorMessage } from '../../api/client';
import { confirmAction } from '../../ui/confirm';
import { FormFrame } from '../../ui/form-frame';
import { FormActions, FormSection } from '../../ui/form-section';
import { focusFirstInvalid } from '../../ui/focus';
import { notifySuccess } from '../../ui/notify';
import { useSaveCertificateType, type CertificateTypeBody } from './api';

type FieldType = (typeof CERTIFICATE_FIELD_TYPES)[number];
export type FieldRow = {
  uid: string;
  key: string;
  label: string;
  type: FieldType;
  required: boolean;
  options: string[];
};
export type CertificateTypeFormValues = {
  name: string;
  description: string;
  mandatory_for_users: boolean;
  mandatory_for_providers: boolean;
  active: boolean;
  fields: FieldRow[];
};

const FIELD_TYPE_LABELS: Record<FieldType, string> = {
  text: 'Text',
  checkbox: 'Checkbox',
  radio: 'Radio buttons',
  select: 'Select list',
  date: 'Date',
  number: 'Number',
};
const TYPE_OPTIONS = CERTIFICATE_FIELD_TYPES.map((t) => ({ value: t, label: FIELD_TYPE_LABELS[t] }));
const withOptions = (type: FieldType) => type === 'radio' || type === 'select';
let uidCounter = 0;
const newUid = () => `row-${Date.now().toString(36)}-${(uidCounter += 1)}`;

export const KEY_MESSAGE = 'Field keys are lower-case letters, digits and _.';
export const KEY_REQUIRED = 'The key field is required.';
export const KEY_DUPLICATE = 'Each field key must be unique.';

function initialValues(type?: CertificateTypeView): CertificateTypeFormValues {
  return {
    name: type?.name ?? '',
    description: type?.details ?? '',
    mandatory_for_users: type?.mandatory_for_users ?? false,
    mandatory_for_providers: type?.mandatory_for_providers ?? false,
    active: type?.active ?? true,
    fields: Object.entries(type?.fields ?? {}).map(([key, def]) => ({
      uid: newUid(),
      key,
      label: def.label,
      type: def.type,
      required: def.required,
      options: def.options,
    })),
  };
}

export function toBody(values: CertificateTypeFormValues): CertificateTypeBody {
  const fields: CertificateTypeBody['fields'] = {};
  for (const row of values.fields) {
    fields[row.key.trim()] = {
      label: row.label.trim(),
      type: row.type,
      required: row.required,
      options: withOptions(row.type) ? row.options.map((o) => o.trim()).filter(Boolean) : [],
    };
  }
  return {
    name: values.name,
    description: values.description.trim() || null,
    fields,
    mandatory_for_users: values.mandatory_for_users,
    mandatory_for_providers: values.mandatory_for_providers,
    active: values.active,
  };
}

/** A message keyed 'fields.{key}.{prop}' (contract or server) goes to the row that has that key. */
function rowErrorKey(values: CertificateTypeFormValues, path: string): string | null {
  const match = /^fields\.([^.]+)(?:\.(.+))?$/.exec(path);
  if (!match) return null;
  const index = values.fields.findIndex((r) => r.key.trim() === match[1]);
  if (index < 0) return null;
  const prop =
    match[2] && ['label', 'type', 'options', 'required'].includes(match[2].split('.')[0] ?? '')
      ? match[2].split('.')[0]
      : 'key';
  return `fields.${index}.${prop}`;
}

export function validateType(values: CertificateTypeFormValues): FormErrors {
  const errors: FormErrors = {};
  const seen = new Set<string>();
  const body = toBody(values);
  values.fields.forEach((row, index) => {
    const key = row.key.trim();
    if (!key) errors[`fields.${index}.key`] = KEY_REQUIRED;
    else if (!FIELD_KEY.test(key)) errors[`fields.${index}.key`] = KEY_MESSAGE;
    else if (seen.has(key)) errors[`fields.${index}.key`] = KEY_DUPLICATE;
    seen.add(key);
    // Each row on its own against the contract's field definition (label, type, options).
    const def = CertificateFieldDef.safeParse({
      label: row.label,
      type: row.type,
      required: row.required,
      options: body.fields[key]?.options ?? row.options,
    });
    if (!def.success) {
      for (const issue of def.error.issues) {
        const name = `fields.${index}.${String(issue.path[0] ?? 'label')}`;
        if (!(name in errors)) errors[name] = issue.message;
      }
    }
  });
  const result = CertificateTypeInput.safeParse({ ...body, fields: {} });
  if (!result.success) {
    for (const issue of result.error.issues) {
      const path = issue.path.map(String).join('.');
      if (path && !(path in errors)) errors[path] = issue.message;
    }
  }
  return errors;
}

export function confirmDeleteType(name: string, onConfirm: () => void) {
  confirmAction({
    title: `Delete ${name}?`,
    message: `The certificate type ${name} and its sample images will be deleted. A type that certificates still use cannot be deleted.`,
    confirmLabel: 'Delete',
    onConfirm,
  });
}

/** Name, description, who must hold it, and the type's own fields (key, label, type, required, options). */
export function CertificateTypeForm({ type }: { type?: CertificateTypeView }) {
  const navigate = useNavigate();
  const save = useSaveCertificateType(type?.id);
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<CertificateTypeFormValues>({
    mode: 'controlled',
    initialValues: initialValues(type),
    validate: validateType,
  });

  const showServerErrors = (error: unknown, values: CertificateTypeFormValues) => {
    if (!(error instanceof ApiError)) return setAlert(errorMessage(error));
    const shown: FormErrors = {};
    const leftover: string[] = [];
    for (const [path, messages] of Object.entries(error.errors)) {
      const message = messages[0];
      if (!message) continue;
      const key = path.startsWith('fields.') ? rowErrorKey(values, path) : path;
      if (
        key &&
        (['name', 'description', 'mandatory_for_users', 'mandatory_for_providers', 'active'].includes(key) ||
          key.startsWith('fields.'))
      )
        shown[key] = message;
      else leftover.push(message);
    }
    form.setErrors(shown);
    if (Object.keys(shown).length) focusFirstInvalid();
    setAlert(leftover.length ? leftover.join(' ') : Object.keys(shown).length ? null : error.message);
  };

  const submit = form.onSubmit(
    (values) => {
      setAlert(null);
      save.mutate(toBody(values), {
        onSuccess: (saved) => {
          if (type) {
            notifySuccess(CERTIFICATE_TEXT.typeSaved);
            form.resetDirty();
          } else {
            notifySuccess(`${CERTIFICATE_TEXT.typeCreated} You can add sample images now.`);
            if (saved?.id) void navigate(`/certificate-types/${saved.id}/edit`);
            else void navigate('/certificate-types');
          }
        },
        onError: (error) => showServerErrors(error, values),
      });
    },
    () => {
      setAlert(null);
      focusFirstInvalid();
    },
  );

  const addRow = () =>
    form.insertListItem('fields', {
      uid: newUid(),
      key: '',
      label: '',
      type: 'text',
      required: false,
      options: [],
    } satisfies FieldRow);

  return (
    <FormFrame onSubmit={submit} label="Certificate type" alertTitle="The certificate type was not saved" alert={alert}>
      <FormSection title="Details">
        <Stack gap="md">
          <TextInput label="Name" required maxLength={150} autoComplete="off" {...form.getInputProps('name')} />
          <Textarea label="Description" rows={4} maxLength={5000} {...form.getInputProps('description')} />
          <Group gap="xl">
            <Switch label="Mandatory for users" {...form.getInputProps('mandatory_for_users', { type: 'checkbox' })} />
            <Switch
              label="Mandatory for service providers"
              {...form.getInputProps('mandatory_for_providers', { type: 'checkbox' })}
            />
            <Switch label="Active" {...form.getInputProps('active', { type: 'checkbox' })} />
          </Group>
        </Stack>
      </FormSection>
      <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="type-fields-title">
        <Group justify="space-between" mb="md">
          <Box>
            <Title order={2} size="h4" id="type-fields-title">
              Fields
            </Title>
            <Text size="sm" c="dimmed">
              Asked on every certificate of this type, beside name, licence number, dates and country.
            </Text>
          </Box>
          <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} onClick={addRow}>
            Add field
          </Button>
        </Group>
        {form.values.fields.length === 0 ? (
          <Text size="sm" c="dimmed">
            No fields of its own yet.
          </Text>
        ) : (
          <Stack gap="md">
            {form.values.fields.map((row, index) => {
              const n = index + 1;
              return (
                <Paper
                  key={row.uid}
                  withBorder
                  radius="md"
                  p="sm"
                  component="fieldset"
                  aria-label={`Field ${n}`}
                  style={{ margin: 0 }}
                >
                  <Grid gap="sm" align="flex-end">
                    <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
                      <TextInput
                        label={`Field ${n} key`}
                        required
                        autoComplete="off"
                        maxLength={40}
                        {...form.getInputProps(`fields.${index}.key`)}
                      />
                    </Grid.Col>
                    <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
                      <TextInput
                        label={`Field ${n} label`}
                        required
                        autoComplete="off"
                        maxLength={100}
                        {...form.getInputProps(`fields.${index}.label`)}
                      />
                    </Grid.Col>
                    <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
                      <Select
                        label={`Field ${n} type`}
                        data={TYPE_OPTIONS}
                        allowDeselect={false}
                        {...form.getInputProps(`fields.${index}.type`)}
                      />
                    </Grid.Col>
                    <Grid.Col span={{ base: 8, sm: 4, md: 2 }}>
                      <Checkbox
                        label={`Field ${n} required`}
                        mb={8}
                        {...form.getInputProps(`fields.${index}.required`, { type: 'checkbox' })}
                      />
                    </Grid.Col>
                    <Grid.Col span={{ base: 4, sm: 2, md: 1 }}>
                      <Group justify="flex-end">
                        <ActionIcon
                          variant="light"
                          color="red"
                          size="lg"
                          aria-label={`Remove field ${n}`}
                          onClick={() => form.removeListItem('fields', index)}
                        >
                          <IconTrash size={18} aria-hidden />
                        </ActionIcon>
                      </Group>
                    </Grid.Col>
                    {withOptions(row.type) ? (
                      <Grid.Col span={12}>
                        <TagsInput
                          label={`Field ${n} options`}
                          description="Type an option and press Enter."
                          required
                          {...form.getInputProps(`fields.${index}.options`)}
                        />
                      </Grid.Col>
                    ) : null}
                  </Grid>
                </Paper>
              );
            })}
          </Stack>
        )}
      </Paper>
      <FormActions
        cancelTo="/certificate-types"
        submitLabel={type ? 'Save Changes' : 'Create Certificate Type'}
        saving={save.isPending}
      />
    </FormFrame>
  );
}
