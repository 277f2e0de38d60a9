import { useState } from 'react';
import { Grid, Modal, Stack, TextInput, Textarea, Title } from '@mantine/core';
import { useForm, type FormErrors } from '@mantine/form';
import { CERTIFICATE_TEXT, CertificateInput, type CertificateTypeView, type CertificateView } from '@siteflow/core';
import { ApiError, errorMessage } from '../../api/client';
import { focusFirstInvalid } from '../../ui/focus';
import { notifySuccess } from '../../ui/notify';
import { FormFrame } from '../../ui/form-frame';
import { FormActions } from '../../ui/form-section';
import { Loaded } from '../../ui/loaded';
import { useCertificationsOfType, useSaveCertificate } from './api';
import { CertificateFilesField, useCertificateFiles } from './certificate-files-field';
import { TypeField } from './certificate-type-field';
import {
  buildCertificateBody,
  COMMON_FIELDS,
  initialValues,
  isEmpty,
  type CertificateFormValues,
} from './certificate-values';
import { DateField } from './date-field';
import type { CertificateOwner } from './owner';

export { buildCertificateBody, checkFiles, type CertificateFormValues } from './certificate-values';

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
      <Loaded query={ofType} loading="Loading the form…" errorTitle="Could not load the certificate type">
        {(data) => (
          <CertificateForm
            key={`${data.type.id}:${certificate?.id ?? 'new'}`}
            owner={owner}
            type={data.type}
            certificate={certificate}
            onClose={onClose}
          />
        )}
      </Loaded>
    </Modal>
  );
}

type FormProps = Omit<ModalProps, 'typeId'> & { type: CertificateTypeView };

export function CertificateForm({ owner, type, certificate, onClose }: FormProps) {
  const save = useSaveCertificate(owner, certificate?.id);
  const files = useCertificateFiles(certificate?.files ?? []);
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
    files.setError(filesMessage);
    if (Object.keys(shown).length > 0) focusFirstInvalid();
    const found = Object.keys(shown).length > 0 || filesMessage !== null;
    setAlert(leftover.length ? leftover.join(' ') : found ? null : error.message);
  };

  const submit = form.onSubmit(
    (values) => {
      setAlert(null);
      if (!files.check()) return;
      save.mutate(buildCertificateBody(type, values, files.files, certificate ? files.kept : null), {
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
    <FormFrame
      onSubmit={submit}
      label={certificate ? `Edit ${type.name}` : CERTIFICATE_TEXT.addNew(type.name)}
      alertTitle="The certificate was not saved"
      alert={alert}
      gap="md"
    >
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

      <CertificateFilesField editing={Boolean(certificate)} fileListId={fileListId} state={files} />

      <FormActions
        onCancel={onClose}
        cancelLabel={CERTIFICATE_TEXT.cancel}
        submitLabel={certificate ? CERTIFICATE_TEXT.update : CERTIFICATE_TEXT.save}
        saving={save.isPending}
      />
    </FormFrame>
  );
}
