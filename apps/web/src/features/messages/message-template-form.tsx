import { Suspense, useCallback, useRef, useState } from 'react';
import { Grid, Group, Paper, Radio, Select, Skeleton, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { Editor } from '@tiptap/react';
import { useNavigate } from 'react-router';
import {
  escapeHtml,
  MESSAGE_CHANNEL_LABELS,
  MESSAGE_CHANNELS,
  MESSAGE_TEMPLATE_STATUSES,
  MESSAGE_TEMPLATE_TEXT,
  MessageTemplateInput,
  SMS_MAX_LENGTH,
  type MessageChannel,
  type MessageTemplateStatus,
  type MessageTemplateView,
} from '@siteflow/core';
import { FormAlert, useContractForm } from '../../ui/contract-form';
import { FormActions } from '../../ui/form-section';
import { notifySuccess } from '../../ui/notify';
import { useClientOptions } from '../projects/list-api';
import { useSaveMessageTemplate } from './api';
import { PreviewPanel } from './preview-panel';
import { VariableList } from '../../ui/rich-text/variable-list';
import { chunk, lazyPart } from '../../ui/lazy-part';

/** tiptap is only downloaded when an e-mail body is edited. */
const BodyEditor = lazyPart(
  chunk(() => import('./body-editor')),
  (m) => m.default,
);

const BODY_LABEL = 'Body';

type Values = {
  channel: MessageChannel;
  name: string;
  subject: string;
  body: string;
  status: MessageTemplateStatus;
  client_id: string | null;
};

/** Plain text of an HTML body (an e-mail template turned into an SMS). */
const textOf = (html: string) => {
  if (typeof DOMParser === 'undefined') return html;
  const doc = new DOMParser().parseFromString(html.replace(/<\/(p|h\d|li|blockquote)>/g, '$&\n'), 'text/html');
  return (doc.body.textContent ?? '').trim();
};
/** An SMS text as e-mail paragraphs. */
const htmlOf = (text: string) =>
  text
    .split(/\n+/)
    .filter((line) => line.trim())
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('');

function EditorFallback() {
  return (
    <Stack gap={6} role="status" aria-label="Loading the editor">
      <Text size="sm" fw={500}>
        {BODY_LABEL}
      </Text>
      <Skeleton height={44} radius="md" />
      <Skeleton height={200} radius="md" />
    </Stack>
  );
}

/**
 * An e-mail or SMS template: name, channel, subject (e-mail), body (rich text for an e-mail, plain
 * text with a character count for an SMS), status and optional client; the variable list inserts
 * at the cursor, and the preview fills the template from a project.
 */
export function MessageTemplateForm({ template }: { template?: MessageTemplateView }) {
  const navigate = useNavigate();
  const save = useSaveMessageTemplate(template?.id);
  const { form, alert, submit, showServerErrors } = useContractForm(MessageTemplateInput, {
    initial: {
      channel: template?.channel ?? 'email',
      name: template?.name ?? '',
      subject: template?.subject ?? '',
      body: template?.body ?? '',
      status: template?.status ?? 'Active',
      client_id: template?.client_id ?? null,
    } as Values,
    toPayload: (values) => values,
  });
  const { channel } = form.values;

  // Where a clicked variable goes: the field last focused (the body by default).
  const target = useRef<'subject' | 'body'>('body');
  const subjectRef = useRef<HTMLInputElement>(null);
  const smsRef = useRef<HTMLTextAreaElement>(null);
  const editorRef = useRef<Editor | null>(null);
  const onEditor = useCallback((editor: Editor | null) => {
    editorRef.current = editor;
  }, []);

  const insertInto = (el: HTMLInputElement | HTMLTextAreaElement | null, field: 'subject' | 'body', text: string) => {
    const value = form.values[field];
    const start = el?.selectionStart ?? value.length;
    const end = el?.selectionEnd ?? value.length;
    form.setFieldValue(field, value.slice(0, start) + text + value.slice(end));
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + text.length, start + text.length);
    });
  };
  const insert = (text: string) => {
    if (channel === 'email' && target.current === 'subject') insertInto(subjectRef.current, 'subject', text);
    else if (channel === 'sms') insertInto(smsRef.current, 'body', text);
    else editorRef.current?.chain().focus().insertContent(text).run();
  };

  const changeChannel = (next: string) => {
    if (next === channel) return;
    form.setValues({
      channel: next as MessageChannel,
      body: next === 'sms' ? textOf(form.values.body) : htmlOf(form.values.body),
    });
    target.current = 'body';
  };

  const [clientSearch, setClientSearch] = useState('');
  const [debouncedClient] = useDebouncedValue(clientSearch.trim(), 250);
  const clients = useClientOptions(debouncedClient, true);
  const clientData = [...(clients.data ?? [])];
  if (template?.client_id && template.client_name && !clientData.some((c) => c.value === template.client_id))
    clientData.unshift({ value: template.client_id, label: template.client_name });

  const send = submit((payload) =>
    save.mutate(payload, {
      onSuccess: (saved) => {
        notifySuccess(MESSAGE_TEMPLATE_TEXT.saved);
        if (!template) void navigate(`/message-templates/${saved.id}`);
        else form.resetDirty();
      },
      onError: (error) => showServerErrors(error),
    }),
  );

  const bodyError = (form.errors.body as string | undefined) ?? null;

  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p="lg">
        <form onSubmit={send} noValidate aria-label="Template">
          <FormAlert title="Not saved" message={alert} />
          <Grid mb="md">
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput label="Name" required {...form.getInputProps('name')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <Radio.Group label="Channel" value={channel} onChange={changeChannel}>
                <Group mt="xs" gap="lg">
                  {MESSAGE_CHANNELS.map((c) => (
                    <Radio key={c} value={c} label={MESSAGE_CHANNEL_LABELS[c]} />
                  ))}
                </Group>
              </Radio.Group>
            </Grid.Col>
            {channel === 'email' ? (
              <Grid.Col span={12}>
                <TextInput
                  ref={subjectRef}
                  label="Subject"
                  required
                  {...form.getInputProps('subject')}
                  onFocus={() => (target.current = 'subject')}
                />
              </Grid.Col>
            ) : null}
            <Grid.Col span={12}>
              {channel === 'email' ? (
                <Suspense fallback={<EditorFallback />}>
                  <BodyEditor
                    key="email-body"
                    label={BODY_LABEL}
                    value={form.values.body}
                    onChange={(html) => form.setFieldValue('body', html)}
                    onEditor={onEditor}
                    onFocus={() => (target.current = 'body')}
                    error={bodyError}
                  />
                </Suspense>
              ) : (
                <Textarea
                  ref={smsRef}
                  label={BODY_LABEL}
                  required
                  rows={5}
                  description={`${form.values.body.length} / ${SMS_MAX_LENGTH} characters`}
                  {...form.getInputProps('body')}
                  onFocus={() => (target.current = 'body')}
                />
              )}
            </Grid.Col>
            <Grid.Col span={12}>
              <VariableList onInsert={insert} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <Radio.Group label="Status" {...form.getInputProps('status')}>
                <Group mt="xs" gap="lg">
                  {MESSAGE_TEMPLATE_STATUSES.map((s) => (
                    <Radio key={s} value={s} label={s} />
                  ))}
                </Group>
              </Radio.Group>
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <Select
                label="Client"
                placeholder="Every client"
                description="A template for one client only."
                searchable
                clearable
                clearButtonProps={{ 'aria-label': 'Clear client' }}
                searchValue={clientSearch}
                onSearchChange={setClientSearch}
                filter={({ options }) => options}
                data={clientData}
                {...form.getInputProps('client_id')}
              />
            </Grid.Col>
          </Grid>
          <FormActions
            cancelTo="/message-templates"
            cancelLabel={template ? 'Back to templates' : 'Cancel'}
            submitLabel={template ? 'Save template' : 'Create template'}
            saving={save.isPending}
          />
        </form>
      </Paper>
      <PreviewPanel draft={{ channel, subject: form.values.subject, body: form.values.body }} />
    </Stack>
  );
}
