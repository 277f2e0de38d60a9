import { useEffect, useRef, useState } from 'react';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Loader,
  Modal,
  Progress,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconFileUpload, IconSend, IconTrash } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import {
  isProviderRole,
  QUOTE_REQUEST_EXTENSIONS,
  QUOTE_REQUEST_TEXT,
  QUOTE_REQUEST_TEXT_MAX,
  QuoteRequestInput,
} from '@siteflow/core';
import { ApiError } from '../../api/client';
import { useSession } from '../../session';
import { AddressFields } from '../../ui/address/address-fields';
import { FormAlert, useContractForm } from '../../ui/contract-form';
import {
  createQuoteRequest,
  removeQuoteRequestFile,
  submitQuoteRequest,
  uploadQuoteRequestFile,
  useQuoteRequestAccountManagers,
} from './api';
import { addAttachments, nextUploads, submitError, uploadError, type Attachment } from './attachments';

type Values = {
  project_name: string;
  street: string;
  suburb: string;
  state: string | null;
  postcode: string;
  contact_name: string;
  contact_position: string;
  contact_email: string;
  contact_phone: string;
  account_manager: string | null;
  summary: string;
  notes: string;
};

const EMPTY: Values = {
  project_name: '',
  street: '',
  suburb: '',
  state: null,
  postcode: '',
  contact_name: '',
  contact_position: '',
  contact_email: '',
  contact_phone: '',
  account_manager: null,
  summary: '',
  notes: '',
};

const NO_MANAGER = (company: string) =>
  `Your company does not work on any client's project yet, so there is no account manager to send a request to. Ask ${company} to assign you to a project first.`;

const ACCEPT = QUOTE_REQUEST_EXTENSIONS.map((e) => `.${e}`).join(', ');

const sizeLabel = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/**
 * The quote request modal (spec 3 section 2.5): a draft is opened on the server when the modal
 * opens, so attachments upload to it while the form is filled (at most 8, 4 at a time, each with
 * its progress); Submit sends the form, and the 'Success!' dialog leads to the new project.
 * Unmounted on close, so reopening starts again with an empty form.
 */
export function QuoteRequestModal({
  opened,
  onClose,
  onCreated,
}: {
  opened: boolean;
  onClose: () => void;
  onCreated?: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Request a Quote" size="xl">
      {opened ? <QuoteRequestForm onClose={onClose} onCreated={onCreated} /> : null}
    </Modal>
  );
}

function QuoteRequestForm({ onClose, onCreated }: { onClose: () => void; onCreated?: () => void }) {
  const navigate = useNavigate();
  const [requestId, setRequestId] = useState<string | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [attachments, setAttachments] = useState<Attachment[]>([]);
  const [limitMessage, setLimitMessage] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [redirect, setRedirect] = useState<string | null>(null);
  const started = useRef(new Set<string>());
  const managers = useQuoteRequestAccountManagers(true);
  const session = useSession();
  const providerUser = session.user ? isProviderRole(session.user.role) : false;
  // A provider working on no client's project yet has nobody to send the request to: say so, and
  // do not offer a Submit that can only be refused.
  const noManager = providerUser && managers.isSuccess && managers.data.account_managers.length === 0;
  const { form, alert, setAlert, submit, showServerErrors } = useContractForm(QuoteRequestInput, {
    initial: EMPTY,
    toPayload: (v) => ({
      ...v,
      state: (v.state ?? '') as QuoteRequestInput['state'],
      account_manager: v.account_manager ?? '',
    }),
  });

  useEffect(() => {
    let live = true;
    createQuoteRequest()
      .then((r) => live && setRequestId(r.quoteRequest.id))
      .catch(() => live && setLoadFailed(true));
    return () => {
      live = false;
    };
  }, []);

  const patch = (key: string, change: Partial<Attachment>) =>
    setAttachments((list) => list.map((a) => (a.key === key ? { ...a, ...change } : a)));

  // Start the queued uploads, at most four at a time.
  useEffect(() => {
    if (!requestId) return;
    for (const a of nextUploads(attachments)) {
      if (started.current.has(a.key)) continue;
      started.current.add(a.key);
      patch(a.key, { status: 'uploading', progress: 0 });
      uploadQuoteRequestFile(requestId, a.file, (progress) => patch(a.key, { progress }))
        .then((file) => patch(a.key, { status: 'done', progress: 100, id: file.id }))
        .catch((error: unknown) => patch(a.key, { status: 'error', error: uploadError(error) }));
    }
  }, [attachments, requestId]);

  const drop = (files: File[]) => {
    const { list, overflow } = addAttachments(attachments, files);
    setAttachments(list);
    setLimitMessage(overflow);
  };

  const remove = (a: Attachment) => {
    setAttachments((list) => list.filter((x) => x.key !== a.key));
    setLimitMessage(null);
    if (a.id && requestId) removeQuoteRequestFile(requestId, a.id).catch(() => undefined);
  };

  const uploading = attachments.some((a) => a.status === 'queued' || a.status === 'uploading');
  const loadError = loadFailed || managers.isError;

  if (redirect)
    return (
      <SuccessDialog
        onView={() => {
          onClose();
          void navigate(redirect);
        }}
      />
    );

  return (
    <form
      noValidate
      onSubmit={submit((payload) => {
        if (!requestId) return;
        setSubmitting(true);
        submitQuoteRequest(requestId, payload)
          .then((r) => {
            onCreated?.();
            setRedirect(r.redirect_url);
          })
          .catch((error: unknown) => {
            if (error instanceof ApiError && error.status === 422) showServerErrors(error);
            else setAlert(submitError(error));
          })
          .finally(() => setSubmitting(false));
      })}
    >
      <Stack gap="md">
        {loadError ? (
          <Alert color="red" variant="light" role="alert">
            {QUOTE_REQUEST_TEXT.loadFailed}
          </Alert>
        ) : null}
        <FormAlert title="The quote request was not sent" message={alert} />
        <TextInput label="Project Name" required maxLength={255} {...form.getInputProps('project_name')} />
        <AddressFields
          values={form.getValues()}
          getInputProps={(f) => form.getInputProps(f)}
          setValues={({ country: _country, ...rest }) => {
            form.setValues(rest);
            for (const key of Object.keys(rest)) form.clearFieldError(key);
          }}
          required
          labels={{ suburb: 'City/Suburb' }}
          maxLength={{ suburb: 100 }}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Contact Name" required maxLength={150} {...form.getInputProps('contact_name')} />
          <TextInput label="Contact Position" maxLength={100} {...form.getInputProps('contact_position')} />
          <TextInput label="Contact Email" type="email" {...form.getInputProps('contact_email')} />
          <TextInput label="Contact Phone" type="tel" maxLength={40} {...form.getInputProps('contact_phone')} />
        </SimpleGrid>
        <Select
          label="Account Manager"
          // A provider's request goes to a client through its account manager (docs/decisions.md).
          required={providerUser}
          description={noManager ? NO_MANAGER(session.tenant.name) : undefined}
          placeholder={managers.isPending ? 'Loading...' : 'Choose an account manager'}
          data={(managers.data?.account_managers ?? []).map((m) => ({ value: m.id, label: m.full_name }))}
          clearable
          searchable
          nothingFoundMessage="No results found"
          {...form.getInputProps('account_manager')}
        />
        <Textarea
          label="Describe Works Required"
          required
          rows={4}
          maxLength={QUOTE_REQUEST_TEXT_MAX}
          description={`${form.getValues().summary.length}/${QUOTE_REQUEST_TEXT_MAX}`}
          {...form.getInputProps('summary')}
        />
        <Textarea
          label="Attachment Notes"
          rows={3}
          maxLength={QUOTE_REQUEST_TEXT_MAX}
          description={`${form.getValues().notes.length}/${QUOTE_REQUEST_TEXT_MAX}`}
          {...form.getInputProps('notes')}
        />
        <Stack gap={6}>
          <Text size="sm" fw={500} id="quote-request-attachments">
            Attachments
          </Text>
          <Dropzone
            onDrop={drop}
            onReject={(rejections) => drop(rejections.map((r) => r.file))}
            disabled={!requestId}
            multiple
            radius="md"
            p="md"
            inputProps={{ 'aria-labelledby': 'quote-request-attachments', 'aria-label': 'Attachments' }}
          >
            <Group justify="center" gap="sm" mih={56} style={{ pointerEvents: 'none' }}>
              <IconFileUpload size={28} stroke={1.5} aria-hidden />
              <div>
                <Text size="sm" fw={500}>
                  Drag files here or click to choose
                </Text>
                <Text size="xs" c="dimmed">
                  Up to 8 files: {ACCEPT}
                </Text>
              </div>
            </Group>
          </Dropzone>
          {limitMessage ? (
            <Text size="sm" c="red" role="alert">
              {limitMessage}
            </Text>
          ) : null}
          {attachments.length ? (
            <Stack gap={6} data-testid="quote-request-files">
              {attachments.map((a) => (
                <AttachmentRow key={a.key} attachment={a} onRemove={() => remove(a)} />
              ))}
            </Stack>
          ) : null}
        </Stack>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            type="submit"
            leftSection={<IconSend size={16} aria-hidden />}
            loading={submitting}
            disabled={!requestId || uploading || noManager}
          >
            Submit
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function AttachmentRow({ attachment: a, onRemove }: { attachment: Attachment; onRemove: () => void }) {
  const label =
    a.status === 'done'
      ? 'Uploaded'
      : a.status === 'error'
        ? a.error
        : a.status === 'queued'
          ? 'Waiting...'
          : `${a.progress}%`;
  return (
    <Group gap="sm" wrap="nowrap" data-status={a.status}>
      <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text size="sm" truncate>
            {a.file.name}{' '}
            <Text span size="xs" c="dimmed">
              ({sizeLabel(a.file.size)})
            </Text>
          </Text>
          <Text size="xs" c={a.status === 'error' ? 'red' : 'dimmed'}>
            {label}
          </Text>
        </Group>
        <Progress
          value={a.status === 'error' ? 100 : a.progress}
          color={a.status === 'error' ? 'red' : a.status === 'done' ? 'green' : undefined}
          size="sm"
          aria-label={`Upload of ${a.file.name}`}
          animated={a.status === 'uploading'}
        />
      </Stack>
      {a.status === 'uploading' ? (
        <Loader size="xs" aria-hidden />
      ) : (
        <ActionIcon variant="subtle" color="red" aria-label={`Remove ${a.file.name}`} onClick={onRemove}>
          <IconTrash size={16} aria-hidden />
        </ActionIcon>
      )}
    </Group>
  );
}

function SuccessDialog({ onView }: { onView: () => void }) {
  return (
    <Stack gap="md" role="status">
      <Text fw={700} size="lg">
        {QUOTE_REQUEST_TEXT.successTitle}
      </Text>
      <Text>{QUOTE_REQUEST_TEXT.successBody}</Text>
      <Group justify="flex-end">
        <Button onClick={onView}>{QUOTE_REQUEST_TEXT.viewProject}</Button>
      </Group>
    </Stack>
  );
}
