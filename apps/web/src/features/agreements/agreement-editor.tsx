import { useId, useState } from 'react';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  Select,
  Stack,
  Text,
  Textarea,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconBan, IconDeviceFloppy, IconFileTypePdf, IconInfoCircle, IconTrash } from '@tabler/icons-react';
import {
  AGREEMENT_LIMITS,
  AGREEMENT_PDF_LABELS,
  AGREEMENT_PDF_TYPES,
  AGREEMENT_TEXT,
  formatLastUpdated,
  type AgreementView,
  type QuoteAgreementsView,
} from '@siteflow/core';
import { ApiError } from '../../api/client';
import { confirmAction } from '../../ui/confirm';
import { notifyDialog } from '../../ui/notify';
import { SaveBanner, type SaveBannerState } from '../../ui/save-banner';
import { TermsModal } from '../../ui/terms-modal';
import { agreementPdfUrl, useDeleteAgreement, useSaveAgreement, useVoidAgreement } from './api';
import {
  draftErrors,
  draftTotals,
  gridRows,
  selectAll,
  setPrice,
  toDraft,
  toggleSection,
  toSaveBody,
  type AgreementDraft,
} from './draft';
import { responseText } from './texts';
import { SectionGrid } from './section-grid';

export type Banner = SaveBannerState;

/** The message of a failed save: the server's (409 section or provider taken, version conflict, 422), else the spec's. */
const saveFailure = (error: unknown) =>
  error instanceof ApiError && error.status > 0 && error.status < 500 ? error.message : AGREEMENT_TEXT.saveFailed;

/** What a failed void or delete says: a refusal's own message (409), else the spec's text. */
const refusal = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.status === 409 ? error.message : fallback;

type Props = {
  projectId: number;
  quoteId: number;
  view: QuoteAgreementsView;
  agreement: AgreementView;
  /** Just made by New: 'New agreement created.' until the next save or void. */
  created?: boolean;
  onCreatedSeen?: () => void;
  onReload: () => void;
  onDeleted: () => void;
};

/**
 * One agreement (spec 3 sections 2.2 and 4): the provider, the section grid (Select All, a
 * checkbox per section to own or release it, the contract prices, the figures and Totals worked
 * out live), the notes, View T&Cs, Last Updated, Delete, Void, the Generate group and Save. A
 * void agreement is read-only. The draft starts again from each version the server answers.
 */
export function AgreementEditor({
  projectId,
  quoteId,
  view,
  agreement,
  created = false,
  onCreatedSeen,
  onReload,
  onDeleted,
}: Props) {
  const [held, setHeld] = useState(() => ({ version: agreement.version, draft: toDraft(agreement) }));
  if (held.version !== agreement.version) setHeld({ version: agreement.version, draft: toDraft(agreement) });
  const draft = held.draft;
  const update = (next: (d: AgreementDraft) => AgreementDraft) =>
    setHeld((h) => ({ version: h.version, draft: next(h.draft) }));
  const [ownBanner, setBanner] = useState<Banner>(null);
  const banner: Banner = ownBanner ?? (created ? { kind: 'saved', text: AGREEMENT_TEXT.created } : null);
  const clearBanner = () => {
    setBanner(null);
    onCreatedSeen?.();
  };
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [termsOpen, setTermsOpen] = useState(false);
  const save = useSaveAgreement(projectId, quoteId);
  const voidIt = useVoidAgreement(projectId, quoteId);
  const remove = useDeleteAgreement(projectId, quoteId);
  const isVoid = agreement.status === 'VOID';
  const readOnly = isVoid;
  const rows = gridRows(agreement, draft);
  const totals = draftTotals(rows);

  const onSave = () => {
    clearBanner();
    const body = toSaveBody(agreement, draft);
    const problems = draftErrors(body);
    setFieldErrors(problems);
    if (Object.keys(problems).length) return;
    save.mutate(
      { id: agreement.id, body },
      {
        onSuccess: () => setBanner({ kind: 'saved', text: AGREEMENT_TEXT.saved }),
        onError: (error) => {
          const fields = error instanceof ApiError ? error.errors : {};
          setFieldErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v[0] ?? ''])));
          setBanner({
            kind: 'error',
            message: saveFailure(error),
            lines: Object.entries(fields)
              .filter(([k]) => !/^sections\.\d+\.price$/.test(k) && k !== 'notes')
              .map(([, v]) => v[0] ?? ''),
            reload: error instanceof ApiError && error.status === 409,
          });
        },
      },
    );
  };

  const askDelete = () =>
    confirmAction({
      title: 'Delete agreement?',
      message: `${agreement.name} will be deleted and its sections freed for other agreements. This cannot be undone.`,
      confirmLabel: 'Delete',
      onConfirm: () =>
        remove.mutate(agreement.id, {
          onSuccess: () => {
            notifyDialog(true, AGREEMENT_TEXT.deletedTitle, AGREEMENT_TEXT.deleted);
            onDeleted();
          },
          onError: (error) =>
            notifyDialog(false, AGREEMENT_TEXT.deleteFailedTitle, refusal(error, AGREEMENT_TEXT.deleteFailed)),
        }),
    });

  const askVoid = () =>
    confirmAction({
      title: 'Void agreement?',
      message: `${agreement.name} will be void: its sections are freed for other agreements and it can no longer be changed.`,
      confirmLabel: 'Void',
      onConfirm: () =>
        voidIt.mutate(agreement.id, {
          onSuccess: () => {
            clearBanner();
            notifyDialog(true, AGREEMENT_TEXT.voidedTitle, AGREEMENT_TEXT.voided);
          },
          onError: (error) =>
            notifyDialog(false, AGREEMENT_TEXT.voidFailedTitle, refusal(error, AGREEMENT_TEXT.voidFailed)),
        }),
    });

  const providerOptions = view.providers.map((p) => ({
    value: p.id,
    label: p.name,
    disabled: p.used_by !== null && p.used_by !== agreement.id,
  }));
  // A provider no longer Approved stays shown on the agreement that has it.
  if (agreement.service_provider && !view.providers.some((p) => p.id === agreement.service_provider?.id))
    providerOptions.push({
      value: agreement.service_provider.id,
      label: agreement.service_provider.name,
      disabled: true,
    });
  const response = responseText(agreement.response);

  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
          <Stack gap={6}>
            <Group gap="sm">
              <Title order={2} size="h3" data-testid="agreement-name">
                {agreement.name}
              </Title>
              <Badge variant="light" color={isVoid ? 'red' : 'green'} data-testid="agreement-status">
                {agreement.status}
              </Badge>
            </Group>
            {response ? (
              <Text size="sm" data-testid="agreement-response" style={{ whiteSpace: 'pre-wrap' }}>
                {response}
              </Text>
            ) : null}
          </Stack>
          <Select
            label="Service Provider"
            placeholder={AGREEMENT_TEXT.selectProvider}
            data={providerOptions}
            value={draft.providerId}
            onChange={(v) => update((d) => ({ ...d, providerId: v }))}
            searchable
            nothingFoundMessage="No Approved service provider matches"
            disabled={readOnly}
            error={fieldErrors.service_provider_id}
            w={{ base: '100%', sm: 320 }}
            data-testid="agreement-provider"
          />
        </Group>
      </Paper>

      {isVoid ? (
        <Alert color="gray" variant="light" data-testid="agreement-void">
          {AGREEMENT_TEXT.voidReadOnly}
        </Alert>
      ) : null}

      <SectionGrid
        rows={rows}
        totals={totals}
        readOnly={readOnly}
        draft={draft}
        errors={fieldErrors}
        onToggle={(id, owned) => update((d) => toggleSection(d, id, owned))}
        onPrice={(id, price) => update((d) => setPrice(d, id, price))}
        onSelectAll={(checked) => update((d) => selectAll(d, checked))}
      />

      <Notes
        value={draft.notes}
        disabled={readOnly}
        error={fieldErrors.notes}
        onChange={(notes) => update((d) => ({ ...d, notes }))}
      />

      <SaveBanner banner={banner} onClose={clearBanner} onReload={onReload} testId="agreement-banner" />

      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="md">
          <Text size="sm" c="dimmed" data-testid="agreement-updated">
            Last Updated: {formatLastUpdated(agreement.updated_at)}
            {agreement.updated_by_name ? ` by ${agreement.updated_by_name}` : ''}
          </Text>
          <Anchor component="button" type="button" size="sm" onClick={() => setTermsOpen(true)}>
            View T&amp;Cs
          </Anchor>
        </Group>
        <Group gap="sm" wrap="wrap">
          {agreement.service_provider ? (
            <Group gap={6} role="group" aria-label="Generate" data-testid="agreement-generate">
              <Text size="sm" fw={500}>
                Generate:
              </Text>
              {AGREEMENT_PDF_TYPES.map((type) => (
                <Button
                  key={type}
                  variant="default"
                  size="sm"
                  component="a"
                  href={agreementPdfUrl(projectId, quoteId, agreement.id, type)}
                  target="_blank"
                  rel="noopener"
                  leftSection={<IconFileTypePdf size={16} aria-hidden />}
                >
                  {AGREEMENT_PDF_LABELS[type]}
                </Button>
              ))}
            </Group>
          ) : null}
          <Button
            color="red"
            variant="light"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={askDelete}
            loading={remove.isPending}
          >
            Delete
          </Button>
          {isVoid ? null : (
            <Button
              color="orange"
              variant="light"
              leftSection={<IconBan size={16} aria-hidden />}
              onClick={askVoid}
              loading={voidIt.isPending}
            >
              Void
            </Button>
          )}
          <Button
            leftSection={<IconDeviceFloppy size={16} aria-hidden />}
            onClick={onSave}
            loading={save.isPending}
            disabled={readOnly}
          >
            Save
          </Button>
        </Group>
      </Group>
      <TermsModal opened={termsOpen} onClose={() => setTermsOpen(false)} />
    </Stack>
  );
}

/** The notes shared with the provider: the spec's title tied to the textarea, its limit as a tooltip and a counter. */
function Notes({
  value,
  disabled,
  error,
  onChange,
}: {
  value: string;
  disabled: boolean;
  error: string | undefined;
  onChange: (v: string) => void;
}) {
  const id = useId();
  return (
    <Stack gap={4}>
      <Group gap={4}>
        <Text component="label" htmlFor={id} size="sm" fw={500}>
          {AGREEMENT_TEXT.notesTitle}
        </Text>
        <Tooltip label={AGREEMENT_TEXT.notesTooltip} events={{ hover: true, focus: true, touch: true }}>
          <ActionIcon variant="subtle" color="gray" size="sm" aria-label={AGREEMENT_TEXT.notesTooltip}>
            <IconInfoCircle size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Group>
      <Textarea
        id={id}
        autosize
        minRows={3}
        maxRows={12}
        value={value}
        maxLength={AGREEMENT_LIMITS.notes}
        description={`${value.length}/${AGREEMENT_LIMITS.notes}`}
        inputWrapperOrder={['input', 'description', 'error']}
        onChange={(e) => onChange(e.currentTarget.value)}
        disabled={disabled}
        error={error}
        data-testid="agreement-notes"
      />
    </Stack>
  );
}
