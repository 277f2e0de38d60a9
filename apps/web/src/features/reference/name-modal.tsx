import { useState, type ReactNode } from 'react';
import { Alert, Button, Group, Modal, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import type { z } from 'zod';
import { REFERENCE_TEXT } from '@siteflow/core';
import { confirmAction } from '../../ui/confirm';
import { focusFirstInvalid } from '../../ui/focus';
import { notifyError, notifySuccess } from '../../ui/notify';
import { applyServerErrors } from '../../ui/server-errors';

export type NameValues = { text: string; active: boolean };

type NameModalProps = {
  opened: boolean;
  onClose: () => void;
  heading: string;
  /** 'Name' or 'Title': the field's label, and (lower-cased) its key at the API. */
  label: 'Name' | 'Title';
  schema: z.ZodType;
  initial?: NameValues;
  /** Show the Active switch. */
  withActive?: boolean;
  submitLabel: string;
  /** Sends the values; a rejection's field errors show beside the field. */
  onSubmit: (values: NameValues) => Promise<unknown>;
  children?: ReactNode;
};

/** A small modal form for one named reference item (a service, tag or classification). */
export function NameModal(props: NameModalProps) {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.heading} size="md">
      {props.opened ? <NameForm {...props} /> : null}
    </Modal>
  );
}

function NameForm({ onClose, label, schema, initial, withActive, submitLabel, onSubmit }: NameModalProps) {
  const key = label.toLowerCase();
  const [alert, setAlert] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const form = useForm<NameValues>({
    mode: 'controlled',
    initialValues: initial ?? { text: '', active: true },
    validate: (values) => {
      const result = schema.safeParse({ [key]: values.text, active: values.active });
      if (result.success) return {};
      const issue = result.error.issues.find((i) => i.path[0] === key);
      return issue ? { text: issue.message } : {};
    },
  });

  const submit = form.onSubmit(
    async (values) => {
      setAlert(null);
      setSaving(true);
      try {
        await onSubmit(values);
        notifySuccess(REFERENCE_TEXT.saved);
        onClose();
      } catch (error) {
        setAlert(applyServerErrors(form, error, ['text'], { [key]: 'text' }));
      } finally {
        setSaving(false);
      }
    },
    () => focusFirstInvalid(),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {alert ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert" title="Not saved">
            {alert}
          </Alert>
        ) : null}
        <TextInput
          label={label}
          required
          autoComplete="off"
          data-autofocus
          maxLength={100}
          {...form.getInputProps('text')}
        />
        {withActive ? (
          <Switch label="Active" size="md" {...form.getInputProps('active', { type: 'checkbox' })} />
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Delete after confirming; a refusal (in use) shows the server's message. */
export function confirmRemove(
  what: string,
  name: string,
  remove: () => Promise<unknown>,
  note = `A ${what} in use by projects cannot be deleted; deactivate it instead.`,
) {
  confirmAction({
    title: `Delete ${what} “${name}”?`,
    message: `${name} will be deleted. ${note}`,
    confirmLabel: 'Delete',
    onConfirm: () => {
      remove().then(
        () => notifySuccess(REFERENCE_TEXT.removed),
        (error: unknown) => notifyError(error, `Could not delete ${name}`),
      );
    },
  });
}
