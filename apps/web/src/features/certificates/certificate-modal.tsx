import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  FileButton,
  Grid,
  Group,
  Input,
  List,
  Modal,
  NumberInput,
  Radio,
  Select,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useForm, type FormErrors } from '@mantine/form';
import { IconAlertCircle, IconFile, IconUpload, IconX } from '@tabler/icons-react';
import {
  CERTIFICATE_FILE_MAX_BYTES,
  CERTIFICATE_FILE_MAX_COUNT,
  CERTIFICATE_FILE_MIMES,
  CERTIFICATE_TEXT,
  CertificateInput,
  type CertificateTypeView,
  type CertificateView,
  type DocumentFileView,
} from '@siteflow/core';
import { ApiError, errorMessage } from '../../api/client';
import { focusFirstInvalid } from '../../ui/focus';
import { notifySuccess } from '../../ui/notify';
import { ErrorState, LoadingState } from '../../ui/query-states';
import { useCertificationsOfType, useSaveCertificate } from './api';
import { DateField } from './date-field';
import type { CertificateOwner } from './owner';

type DetailValue = string | number | boolean | null;
export type CertificateFormValues = {
  name: string;
  license_number: string;
  comments: string;
  expiry: string | null;
  issue_date: string | null;
  country: string;
  details: Record<string, DetailValue>;
};
const COMMON_FIELDS = ['name', 'license_number', 'comments', 'expiry', 'issue_date', 'country'] as const;
type FieldDef = CertificateTypeView['fields'][string];

function initialDetail(def: FieldDef, saved: DetailValue | undefined): DetailValue {
  if (def.type === 'checkbox') return saved === true || saved === 'true' || saved === '1' || saved === 1;
  if (def.type === 'number') return typeof saved === 'number' ? saved : saved ? Number(saved) : '';
  if (def.type === 'date' || def.type === 'select') return typeof saved === 'string' && saved ? saved : null;
  return saved === null || saved === undefined ? '' : String(saved);
}

function initialValues(type: CertificateTypeView, certificate?: CertificateView): CertificateFormValues {
  const details: Record<string, DetailValue> = {};
  for (const [key, def] of Object.entries(type.fields)) details[key] = initialDetail(def, certificate?.details[key]);
  return {
    name: certificate?.name ?? '',
    license_number: certificate?.license_number ?? '',
    comments: certificate?.comments ?? '',
    expiry: certificate?.expiry?.slice(0, 10) ?? null,
    issue_date: certificate?.issue_date?.slice(0, 10) ?? null,
    country: certificate?.country ?? '',
    details,
  };
}

/** What the server gets for a type field: empty text/number/date/choice as null, a checkbox as a boolean. */
function detailOut(def: FieldDef, value: DetailValue): DetailValue {
  if (def.type === 'checkbox') return value === true;
  if (def.type === 'number') return value === '' || value === null ? null : Number(value);
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim();
  return value;
}

function isEmpty(def: FieldDef, value: DetailValue): boolean {
  if (def.type === 'checkbox') return value !== true;
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

/** The client-side file checks: JPG, PNG or PDF, under 5 MB each, 10 at most (the server checks content too). */
export function checkFiles(files: File[], keptCount: number): string | null {
  if (files.length + keptCount > CERTIFICATE_FILE_MAX_COUNT) return CERTIFICATE_TEXT.fileCount;
  for (const file of files) {
    const typeOk =
      (CERTIFICATE_FILE_MIMES as readonly string[]).includes(file.type) || /\.(jpe?g|png|pdf)$/i.test(file.name);
    if (!typeOk) return CERTIFICATE_TEXT.fileType;
    if (file.size >= CERTIFICATE_FILE_MAX_BYTES) return CERTIFICATE_TEXT.fileSize;
  }
  return null;
}

export function buildCertificateBody(
  type: CertificateTypeView,
  values: CertificateFormValues,
  files: File[],
  kept: DocumentFileView[] | null,
): FormData {
  const body = new FormData();
  body.append('type_id', type.id);
  for (const field of COMMON_FIELDS) body.append(field, (values[field] ?? '').trim());
  const details: Record<string, DetailValue> = {};
  for (const [key, def] of Object.entries(type.fields)) details[key] = detailOut(def, values.details[key] ?? null);
  body.append('details', JSON.stringify(details));
  files.forEach((file, index) => body.append(`files[${index}]`, file));
  // On update the ids kept; an empty list (no existingFiles[n]) removes every saved file.
  kept?.forEach((file, index) => body.append(`existingFiles[${index}]`, file.id));
  return body;
}

type ModalProps = {
  owner: CertificateOwner;
  typeId: string;
  /** Editing this certificate; creating when absent. */
  certificate?: CertificateView;
  onClose: () => void;
};

/** Create or edit one certificate of a type: the common fields, the type's own fields and the files. */
export function CertificateModal({ owner, typeId, certificate, onClose }: ModalProps) {
  const ofType = useCertificationsOfType(owner, typeId);
  const type = ofType.data?.type;
  const title = type
    ? certificate
      ? `Edit ${type.name}`
      : CERTIFICATE_TEXT.addNew(type.name)
    : certificate
      ? 'Edit certificate'
      : 'New certificate';
  return (
    <Modal opened onClose={onClose} title={title} size="lg" centered>
      {ofType.isError ? (
        <ErrorState
          error={ofType.error}
          onRetry={() => void ofType.refetch()}
          title="Could not load the certificate type"
        />
      ) : type ? (
        <CertificateForm
          key={`${type.id}:${certificate?.id ?? 'new'}`}
          owner={owner}
          type={type}
          certificate={certificate}
          onClose={onClose}
        />
      ) : (
        <LoadingState label="Loading the form…" />
      )}
    </Modal>
  );
}

type FormProps = {
  owner: CertificateOwner;
  type: CertificateTypeView;
  certificate?: CertificateView;
  onClose: () => void;
};

export function CertificateForm({ owner, type, certificate, onClose }: FormProps) {
  const save = useSaveCertificate(owner, certificate?.id);
  const [files, setFiles] = useState<File[]>([]);
  const [kept, setKept] = useState<DocumentFileView[]>(certificate?.files ?? []);
  const [fileError, setFileError] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const fieldEntries = Object.entries(type.fields);

  const form = useForm<CertificateFormValues>({
    mode: 'controlled',
    initialValues: initialValues(type, certificate),
    validate: (values) => {
      const errors: FormErrors = {};
      const common = CertificateInput.safeParse({
        type_id: type.id,
        ...Object.fromEntries(COMMON_FIELDS.map((f) => [f, values[f]])),
      });
      if (!common.success) {
        for (const issue of common.error.issues) {
          const key = issue.path.map(String).join('.');
          if (key && !(key in errors)) errors[key] = issue.message;
        }
      }
      for (const [key, def] of fieldEntries) {
        if (def.required && isEmpty(def, values.details[key] ?? null)) {
          errors[`details.${key}`] = CERTIFICATE_TEXT.fieldRequired(def.label);
        }
      }
      return errors;
    },
  });

  const addFiles = (chosen: File[]) => {
    if (chosen.length === 0) return;
    const next = [...files, ...chosen];
    const problem = checkFiles(next, kept.length);
    setFileError(problem);
    if (!problem) setFiles(next);
  };

  const showServerErrors = (error: unknown) => {
    if (!(error instanceof ApiError)) {
      setAlert(errorMessage(error));
      return;
    }
    const shown: FormErrors = {};
    const leftover: string[] = [];
    let filesMessage: string | null = null;
    const known = new Set<string>([...COMMON_FIELDS, ...fieldEntries.map(([key]) => `details.${key}`)]);
    for (const [key, messages] of Object.entries(error.errors)) {
      const message = messages[0];
      if (!message) continue;
      if (/^(files|existingFiles)\b/.test(key)) filesMessage ??= message;
      else if (known.has(key)) shown[key] = message;
      else leftover.push(message);
    }
    form.setErrors(shown);
    setFileError(filesMessage);
    if (Object.keys(shown).length > 0) focusFirstInvalid();
    const found = Object.keys(shown).length > 0 || filesMessage !== null;
    setAlert(leftover.length ? leftover.join(' ') : found ? null : error.message);
  };

  const submit = form.onSubmit(
    (values) => {
      setAlert(null);
      const problem = checkFiles(files, kept.length);
      setFileError(problem);
      if (problem) return;
      save.mutate(buildCertificateBody(type, values, files, certificate ? kept : null), {
        onSuccess: () => {
          notifySuccess(certificate ? CERTIFICATE_TEXT.updated : CERTIFICATE_TEXT.created);
          onClose();
        },
        onError: showServerErrors,
      });
    },
    () => {
      setAlert(null);
      focusFirstInvalid();
    },
  );

  const fileListId = `certificate-files-${certificate?.id ?? 'new'}`;

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={certificate ? `Edit ${type.name}` : CERTIFICATE_TEXT.addNew(type.name)}
    >
      <Stack gap="md">
        {alert ? (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle aria-hidden />}
            role="alert"
            title="The certificate was not saved"
          >
            {alert}
          </Alert>
        ) : null}
        <Grid gap="md">
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label="Name" autoComplete="off" maxLength={150} {...form.getInputProps('name')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label="License Number"
              autoComplete="off"
              maxLength={100}
              {...form.getInputProps('license_number')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <DateField label="Issue Date" {...form.getInputProps('issue_date')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <DateField label="Expiry" {...form.getInputProps('expiry')} />
          </Grid.Col>
          <Grid.Col span={12}>
            <TextInput label="Country" autoComplete="country-name" maxLength={100} {...form.getInputProps('country')} />
          </Grid.Col>
          <Grid.Col span={12}>
            <Textarea label="Comments" rows={3} maxLength={2000} {...form.getInputProps('comments')} />
          </Grid.Col>
        </Grid>

        {fieldEntries.length ? (
          <Stack gap="sm">
            <Title order={3} size="h5">
              {type.name} details
            </Title>
            {fieldEntries.map(([key, def]) => (
              <TypeField
                key={key}
                def={def}
                inputProps={form.getInputProps(
                  `details.${key}`,
                  def.type === 'checkbox' ? { type: 'checkbox' } : undefined,
                )}
              />
            ))}
          </Stack>
        ) : null}

        <Input.Wrapper
          label={CERTIFICATE_TEXT.uploadFiles}
          description="JPG, PNG or PDF, under 5 MB each, 10 at most."
          error={fileError}
        >
          <Stack gap="xs" mt={6}>
            {certificate && kept.length ? (
              <List spacing={4} listStyleType="none" aria-label="Saved files" id={`${fileListId}-saved`}>
                {kept.map((file) => (
                  <List.Item key={file.id}>
                    <Group gap="xs" wrap="nowrap">
                      <IconFile size={16} aria-hidden />
                      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {file.name}
                      </Text>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        size="sm"
                        aria-label={`Remove ${file.name}`}
                        onClick={() => setKept((list) => list.filter((f) => f.id !== file.id))}
                      >
                        <IconX size={14} aria-hidden />
                      </ActionIcon>
                    </Group>
                  </List.Item>
                ))}
              </List>
            ) : null}
            {files.length ? (
              <List spacing={4} listStyleType="none" aria-label="Files to upload" id={fileListId}>
                {files.map((file, index) => (
                  <List.Item key={`${file.name}-${index}`}>
                    <Group gap="xs" wrap="nowrap">
                      <IconUpload size={16} aria-hidden />
                      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {file.name}
                      </Text>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        size="sm"
                        aria-label={`Do not upload ${file.name}`}
                        onClick={() => setFiles((list) => list.filter((_, i) => i !== index))}
                      >
                        <IconX size={14} aria-hidden />
                      </ActionIcon>
                    </Group>
                  </List.Item>
                ))}
              </List>
            ) : null}
            <Group>
              <FileButton onChange={addFiles} accept={CERTIFICATE_FILE_MIMES.join(',')} multiple>
                {(props) => (
                  <Button {...props} variant="default" leftSection={<IconUpload size={16} aria-hidden />}>
                    {CERTIFICATE_TEXT.uploadFiles}
                  </Button>
                )}
              </FileButton>
            </Group>
          </Stack>
        </Input.Wrapper>

        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {CERTIFICATE_TEXT.cancel}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {certificate ? CERTIFICATE_TEXT.update : CERTIFICATE_TEXT.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

type InputProps = ReturnType<ReturnType<typeof useForm<CertificateFormValues>>['getInputProps']>;

/** One of the type's own fields, by its type; required ones are marked and checked. */
function TypeField({ def, inputProps }: { def: FieldDef; inputProps: InputProps }) {
  const common = { label: def.label, required: def.required };
  switch (def.type) {
    case 'number':
      return <NumberInput {...common} {...inputProps} />;
    case 'date':
      return (
        <DateField
          {...common}
          value={(inputProps.value as string | null) ?? null}
          onChange={inputProps.onChange}
          error={inputProps.error}
        />
      );
    case 'checkbox':
      return <Checkbox {...common} {...inputProps} />;
    case 'radio':
      return (
        <Radio.Group {...common} {...inputProps} value={(inputProps.value as string | null) ?? ''}>
          <Group gap="md" mt={6}>
            {def.options.map((option) => (
              <Radio key={option} value={option} label={option} />
            ))}
          </Group>
        </Radio.Group>
      );
    case 'select':
      return (
        <Select
          {...common}
          data={def.options}
          clearable={!def.required}
          clearButtonProps={{ 'aria-label': `Clear ${def.label}` }}
          {...inputProps}
        />
      );
    default:
      return (
        <TextInput {...common} autoComplete="off" {...inputProps} value={(inputProps.value as string | null) ?? ''} />
      );
  }
}
