import { useEffect, useState } from 'react';
import { Alert, Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import {
  forceHttps,
  PROJECT_LINK_MESSAGE_MS,
  PROJECT_LINK_TEXT,
  ProjectLinkInput,
  type ProjectLinkView,
} from '@siteflow/core';
import { ApiError, errorMessage } from '../../api/client';
import { confirmAction } from '../../ui/confirm';
import { focusFirstInvalid } from '../../ui/focus';
import { LoadingState } from '../../ui/query-states';
import { zodResolver } from '../../ui/zod-resolver';
import { useDeleteProjectLink, useProjectLink, useSaveProjectLink } from './api';
import { checkAfterPress } from '../../ui/blur-validation';

const HTTPS = 'https://';

/**
 * The url as the input keeps it: always with https:// in front (an http:// or https:// typed or
 * pasted is replaced). Deleting back into the prefix empties the field instead of fighting the user.
 */
export function toHttpsInput(raw: string, previous = ''): string {
  if (raw.trim() === '') return '';
  if (raw.length < previous.length && HTTPS.startsWith(raw.trim().toLowerCase())) return '';
  // Pasting a full address after the prefix already there leaves one prefix.
  return forceHttps(raw.replace(/^\s*(https?:\/\/)+(?=https?:\/\/)/i, ''));
}

/** The server's message when it gave one; otherwise the panel's own text (spec 1 section 8). */
function saveFailure(error: unknown): string {
  const fallback = errorMessage(null);
  if (error instanceof ApiError && error.status > 0 && error.message && error.message !== fallback)
    return error.message;
  return PROJECT_LINK_TEXT.saveFailed;
}

type Values = { title: string; url: string; summary: string };
type Message = { kind: 'success' | 'error'; text: string };

export type LinkFormProps = {
  projectId: number;
  /** Absent: a new link. */
  linkId?: string;
  onClose: () => void;
};

/** The side form's content: loads the link in edit mode, then the form. */
export function LinkForm({ projectId, linkId, onClose }: LinkFormProps) {
  if (!linkId) return <LinkFields projectId={projectId} onClose={onClose} />;
  return <EditLinkForm projectId={projectId} linkId={linkId} onClose={onClose} />;
}

function EditLinkForm({ projectId, linkId, onClose }: Required<LinkFormProps>) {
  const link = useProjectLink(projectId, linkId);
  if (link.isPending) return <LoadingState label="Loading the link…" />;
  if (link.isError)
    return (
      <Stack>
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
          {PROJECT_LINK_TEXT.loadFailed}
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
        </Group>
      </Stack>
    );
  return <LinkFields projectId={projectId} link={link.data} onClose={onClose} />;
}

function LinkFields({ projectId, link, onClose }: { projectId: number; link?: ProjectLinkView; onClose: () => void }) {
  const save = useSaveProjectLink(projectId);
  const remove = useDeleteProjectLink(projectId);
  const [message, setMessage] = useState<Message | null>(null);
  // The link as last saved: a rename in this form changes what Delete names (the loaded copy is stale).
  const [saved, setSaved] = useState(link);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { title: link?.title ?? '', url: link?.url ?? '', summary: link?.summary ?? '' },
    // The API's own contract, checked here first: a url that is not a web address never leaves the browser.
    validate: zodResolver<Values>(ProjectLinkInput),
    validateInputOnBlur: true,
    enhanceGetInputProps: checkAfterPress,
  });

  // A success message shows for four seconds.
  useEffect(() => {
    if (message?.kind !== 'success') return;
    const timer = setTimeout(() => setMessage(null), PROJECT_LINK_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [message]);

  const send = (values: Values) => {
    const body = {
      title: values.title,
      url: values.url ? forceHttps(values.url) : values.url,
      summary: values.summary,
    };
    save.mutate(
      { linkId: link?.id, body },
      {
        onSuccess: (data) => {
          if (link) {
            setSaved(data.link);
            form.setValues({ title: data.link.title, url: data.link.url, summary: data.link.summary ?? '' });
            form.resetDirty();
            setMessage({ kind: 'success', text: PROJECT_LINK_TEXT.saved });
          } else {
            form.setValues({ title: '', url: '', summary: '' });
            form.resetDirty();
            setMessage({ kind: 'success', text: PROJECT_LINK_TEXT.created });
          }
          form.clearErrors();
        },
        onError: (error) => {
          if (error instanceof ApiError) {
            const fields: Record<string, string> = {};
            for (const key of ['title', 'url', 'summary'] as const) {
              const first = error.fieldError(key);
              if (first) fields[key] = first;
            }
            // A 422: the server's message in the banner (spec 1 section 8), each field's under it.
            form.setErrors(fields);
            if (Object.keys(fields).length > 0) focusFirstInvalid();
          }
          setMessage({ kind: 'error', text: saveFailure(error) });
        },
      },
    );
  };

  // Values the contract refuses show their messages under the fields, and nothing is sent.
  const submit = form.onSubmit(
    (values) => send(values),
    () => {
      setMessage(null);
      focusFirstInvalid();
    },
  );

  const askDelete = () => {
    if (!saved) return;
    confirmAction({
      title: 'Delete this link?',
      message: `“${saved.title || saved.url}” will be removed from the project.`,
      confirmLabel: 'Delete',
      onConfirm: () =>
        remove.mutate(saved.id, {
          onSuccess: onClose,
          onError: () => setMessage({ kind: 'error', text: PROJECT_LINK_TEXT.deleteFailed }),
        }),
    });
  };

  const url = form.getInputProps('url');
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {message ? (
          <Alert
            color={message.kind === 'success' ? 'green' : 'red'}
            variant="light"
            icon={message.kind === 'success' ? <IconCircleCheck aria-hidden /> : <IconAlertCircle aria-hidden />}
            role={message.kind === 'success' ? 'status' : 'alert'}
            data-testid="link-form-message"
          >
            {message.text}
          </Alert>
        ) : null}
        <TextInput label="Title" autoComplete="off" maxLength={200} data-autofocus {...form.getInputProps('title')} />
        <TextInput
          label="Url"
          type="url"
          inputMode="url"
          autoComplete="off"
          placeholder="https://"
          maxLength={2000}
          {...url}
          onChange={(e) => form.setFieldValue('url', toHttpsInput(e.currentTarget.value, form.getValues().url))}
          onBlur={(e) => {
            const value = e.currentTarget.value;
            if (value.trim()) form.setFieldValue('url', toHttpsInput(value));
            url.onBlur?.(e);
          }}
        />
        <Textarea label="Summary" rows={6} resize="vertical" maxLength={5000} {...form.getInputProps('summary')} />
        <Group justify="space-between" mt="sm">
          <div>
            {link ? (
              <Button color="red" variant="light" onClick={askDelete} loading={remove.isPending}>
                Delete
              </Button>
            ) : null}
          </div>
          <Group gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
