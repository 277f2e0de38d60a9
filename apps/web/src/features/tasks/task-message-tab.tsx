import { useEffect, useState } from 'react';
import {
  Alert,
  Button,
  Group,
  MultiSelect,
  Paper,
  Select,
  Stack,
  TagsInput,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ATTACHMENT_OPTIONS,
  ATTACHMENTS_SHOWN,
  contactOptions,
  formatDateTime,
  isCcEmail,
  RECIPIENTS,
  recipientFixesContact,
  TASK_MESSAGE_TEXT,
  type TaskAttachmentLink,
  type TaskMessageChoice,
  type TaskMessagePreview,
} from '@siteflow/core';
import { api, errorMessage } from '../../api/client';
import { SafeHtml } from '../../ui/safe-html';
import { useOfferedMessageTemplates } from '../messages/api';
import { TaskEmailTemplateModal } from './task-email-template-modal';
import { taskKeys } from './api';
import { taskMessageKey, taskMessagePath, type MessageChannel } from './task-message-api';

type Channel = MessageChannel;
const FLAG_MS = 3000;

/**
 * A task's Emails or SMS tab (spec 2 sections 2.2, 2.5, 4, 5, 8): who it goes to and its template
 * (Save shows 'Email Saved' / 'SMS Saved' for 3 s, a failure 'Error, something happend. Please try
 * again later.'), the message filled from the project, CC for an e-mail, and Send.
 */
export function TaskMessageTab({ taskId, channel }: { taskId: number; channel: Channel }) {
  const client = useQueryClient();
  const key = taskMessageKey(taskId, channel);
  const preview = useQuery({
    queryKey: key,
    queryFn: () => api.get<TaskMessagePreview>(taskMessagePath(taskId, channel)),
  });
  const [recipient, setRecipient] = useState<string | null>(null);
  const [contact, setContact] = useState<string | null>(null);
  const [template, setTemplate] = useState<string | null>(null);
  const [cc, setCc] = useState<string[]>([]);
  const [ccError, setCcError] = useState(false);
  const [subject, setSubject] = useState('');
  const [attachments, setAttachments] = useState<string[]>([]);
  const [flag, setFlag] = useState<{ ok: boolean; text: string } | null>(null);
  const [editing, setEditing] = useState(false);
  const templates = useOfferedMessageTemplates(channel, preview.data?.template_id ?? null);
  const label = channel === 'email' ? 'Email' : 'SMS';

  useEffect(() => {
    if (!preview.data) return;
    setRecipient(preview.data.recipient);
    setContact(preview.data.contact);
    setTemplate(preview.data.template_id);
    setSubject(preview.data.subject ?? '');
  }, [preview.data]);
  useEffect(() => {
    if (!flag) return;
    const timer = setTimeout(() => setFlag(null), FLAG_MS);
    return () => clearTimeout(timer);
  }, [flag]);

  const show = (data: TaskMessagePreview) => {
    client.setQueryData(key, data);
    // The task's recipient and contact changed with it: Basic Details shows them.
    void client.invalidateQueries({ queryKey: taskKeys.detail(taskId) });
  };
  const failed = () => setFlag({ ok: false, text: TASK_MESSAGE_TEXT.failed });
  const save = useMutation({
    mutationFn: (body: TaskMessageChoice) =>
      api.put<{ message: string; preview: TaskMessagePreview }>(taskMessagePath(taskId, channel), body),
    onSuccess: (r) => {
      show(r.preview);
      setFlag({ ok: true, text: r.message });
    },
    onError: failed,
  });
  const clear = useMutation({
    mutationFn: () => api.delete<{ message: string; preview: TaskMessagePreview }>(taskMessagePath(taskId, channel)),
    onSuccess: (r) => {
      show(r.preview);
      setFlag({ ok: true, text: r.message });
    },
    onError: failed,
  });
  const send = useMutation({
    mutationFn: () =>
      api.post<{ message: string }>(
        `${taskMessagePath(taskId, channel)}/send`,
        channel === 'email' ? { cc, attachments, ...(subject.trim() ? { subject: subject.trim() } : {}) } : {},
      ),
    onSuccess: (r) => {
      setFlag({ ok: true, text: r.message });
      // The send form clears 3 seconds after a send (spec 2 section 4).
      setTimeout(() => {
        setCc([]);
        setAttachments([]);
      }, FLAG_MS);
      return client.invalidateQueries({ queryKey: taskKeys.history(taskId) });
    },
    onError: (error) => setFlag({ ok: false, text: errorMessage(error) }),
  });

  const fixed = recipientFixesContact(recipient);
  const contacts = contactOptions(recipient);
  const canSave = !!recipient && (fixed || !!contact) && !!template;
  const data = preview.data;
  const addCc = (values: string[]) => {
    const valid = values.filter(isCcEmail);
    setCcError(valid.length !== values.length);
    setCc(valid);
  };

  return (
    <Stack gap="md">
      <Group align="flex-end" wrap="wrap">
        <Select
          label="Send To"
          data={[...RECIPIENTS]}
          value={recipient}
          onChange={(v) => {
            setRecipient(v);
            setContact(recipientFixesContact(v) ? v : null);
          }}
          allowDeselect={false}
        />
        <Select
          label="Contact Person"
          data={fixed && recipient ? [recipient] : [...contacts]}
          value={fixed ? recipient : contact}
          onChange={setContact}
          disabled={fixed || !recipient}
        />
        {(fixed || contact) && (
          <Select
            label={`${label} Template`}
            placeholder={templates.isLoading ? 'Loading...' : 'Choose a template'}
            data={templates.data ?? []}
            value={template}
            onChange={setTemplate}
            searchable
          />
        )}
        <Button
          onClick={() =>
            recipient &&
            template &&
            save.mutate({
              recipient: recipient as TaskMessageChoice['recipient'],
              contact: contact ?? undefined,
              template_id: template,
            })
          }
          disabled={!canSave}
          loading={save.isPending}
        >
          Save
        </Button>
        <Button
          variant="default"
          onClick={() => clear.mutate()}
          loading={clear.isPending}
          disabled={!data?.template_id}
        >
          Clear
        </Button>
      </Group>
      {flag && (
        <Text role="status" c={flag.ok ? undefined : 'red.9'} fw={600}>
          {flag.text}
        </Text>
      )}
      <Paper withBorder p="md" radius="md" component="section" aria-label={`${label} preview`}>
        <Title order={3} size="h5" mb="xs">
          {label} preview
        </Title>
        {preview.isLoading ? (
          <Text c="dimmed">Loading...</Text>
        ) : !data || data.body === null ? (
          <Text c="dimmed">{TASK_MESSAGE_TEXT.noPreview}</Text>
        ) : (
          <Stack gap="xs">
            <Text size="sm">
              To: {data.to_name ?? ''} {data.to ? `<${data.to}>` : ''}
            </Text>
            {channel === 'email' && <Text size="sm">Subject: {data.subject}</Text>}
            {channel === 'email' ? (
              <SafeHtml html={data.body} />
            ) : (
              <Text style={{ whiteSpace: 'pre-wrap' }}>{data.body}</Text>
            )}
          </Stack>
        )}
        {(data?.notice_at || data?.reminder_at) && (
          <Stack gap={2} mt="sm" aria-label="Scheduled e-mails">
            {data.notice_at && <Text size="sm">Notice to the contact goes out {formatDateTime(data.notice_at)}.</Text>}
            {data.reminder_at && (
              <Text size="sm">Reminder to the assigned user goes out {formatDateTime(data.reminder_at)}.</Text>
            )}
          </Stack>
        )}
        {data?.problem && (
          <Alert color="orange" mt="sm" title="This message cannot go out yet">
            {data.problem}
          </Alert>
        )}
      </Paper>
      {channel === 'email' && (
        <Group align="flex-end" wrap="wrap">
          <TagsInput
            label="CC"
            description="Press Enter after each address."
            value={cc}
            onChange={addCc}
            error={ccError ? TASK_MESSAGE_TEXT.ccInvalid : undefined}
            style={{ minWidth: 280 }}
          />
          <TextInput label="Subject" value={subject} onChange={(e) => setSubject(e.currentTarget.value)} />
          <AttachmentPicker taskId={taskId} value={attachments} onChange={setAttachments} />
        </Group>
      )}
      <Group>
        {channel === 'email' && (
          <Button variant="default" onClick={() => setEditing(true)} disabled={!data?.template_id}>
            Edit Template
          </Button>
        )}
        <Button
          onClick={() => send.mutate()}
          loading={send.isPending}
          disabled={!data || !!data.problem || data.body === null || (channel === 'email' && !subject.trim())}
        >
          Send {label}
        </Button>
      </Group>
      {channel === 'email' && editing && (
        <TaskEmailTemplateModal
          taskId={taskId}
          to={data?.to ? `${data.to_name ?? ''} <${data.to}>` : ''}
          cc={cc}
          onCc={setCc}
          opened={editing}
          onClose={() => setEditing(false)}
        />
      )}
    </Stack>
  );
}

/**
 * The project's documents (its links) to list in the e-mail (spec 2 sections 2.7 and 5): up to
 * 300 offered, searchable; a failure says the server's message or 'Failed to get email attachment links.'.
 */
function AttachmentPicker({
  taskId,
  value,
  onChange,
}: {
  taskId: number;
  value: string[];
  onChange: (ids: string[]) => void;
}) {
  const links = useQuery({
    queryKey: ['tasks', 'attachments', taskId],
    queryFn: () => api.get<{ items: TaskAttachmentLink[] }>(`/api/tasks/${taskId}/email/attachments`),
  });
  const failed = links.error ? errorMessage(links.error) || TASK_MESSAGE_TEXT.attachmentsFailed : undefined;
  return (
    <MultiSelect
      label="Attachments"
      description={
        value.length > ATTACHMENTS_SHOWN ? `${value.length} documents chosen` : 'Links to the project’s documents.'
      }
      placeholder={links.isLoading ? 'Loading...' : links.data?.items.length ? 'Choose documents' : 'No documents'}
      data={(links.data?.items ?? []).slice(0, ATTACHMENT_OPTIONS).map((l) => ({ value: l.id, label: l.title }))}
      value={value}
      onChange={onChange}
      searchable
      clearable
      error={failed}
      style={{ minWidth: 280 }}
    />
  );
}
