import { useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Group,
  List,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconDeviceFloppy, IconFileExport, IconPlus, IconPrinter, IconTrash } from '@tabler/icons-react';
import dayjs from 'dayjs';
import {
  cloneSection,
  formatPercent,
  formatQuoteMoney,
  LAST_UPDATED_FORMAT,
  newLineItemAfter,
  newSection,
  QUOTE_LIMITS,
  QUOTE_TERMS,
  QUOTE_TEXT,
  wallClockAt,
  type QuoteView,
} from '@siteflow/core';
import { ApiError } from '../../api/client';
import { confirmAction } from '../../ui/confirm';
import { SortableList, SortableRow } from '../../ui/sortable-list';
import { useDeleteQuote, useSaveQuote } from './api';
import { quotePdfUrl } from './files-api';
import { QuoteExportModal } from './quote-export-modal';
import {
  describeFieldErrors,
  newKey,
  safeQuoteTotals,
  toEditor,
  toSaveBody,
  type EditorLine,
  type EditorQuote,
  type EditorSection,
} from './draft';
import { Figure, LineItemModal } from './line-item-modal';
import { QuoteSection } from './quote-section';
import { ClientDecisionLine, SendToClientButton } from './send-to-client';
import { notifyQuote } from './notify';
import { failureText, QuoteStatusControl } from './status-control';

type Banner = { kind: 'saved' } | { kind: 'error'; message: string; lines: string[]; reload: boolean } | null;

/** The message of a failed save: the server's, else the spec's (no answer, a server fault). */
const saveFailure = (error: unknown) =>
  error instanceof ApiError && error.status > 0 && error.status < 500 ? error.message : QUOTE_TEXT.saveFailed;

/** 'Last Updated' in the company's time zone: h:mma - DD/MM/YY. */
export const lastUpdatedText = (iso: string) => dayjs(wallClockAt(new Date(iso))).format(LAST_UPDATED_FORMAT);

type Editing = { sectionKey: string; line: EditorLine; isNew: boolean } | null;

type Props = {
  projectId: number;
  quote: QuoteView;
  onReload: () => void;
  onDeleted: () => void;
};

/**
 * One quote (spec 3 section 2.1): header with status and totals, the sections and their line
 * items, notes, T&Cs, Delete and Save. The editor keeps the user's edits until a save, a status
 * change or Reload brings a new version from the server. Everything is read-only unless the
 * view's abilities.edit (a Draft, for staff).
 */
export function QuoteEditor({ projectId, quote, onReload, onDeleted }: Props) {
  const [state, setState] = useState<{ version: number; draft: EditorQuote }>(() => ({
    version: quote.version,
    draft: toEditor(quote),
  }));
  if (state.version !== quote.version) setState({ version: quote.version, draft: toEditor(quote) });
  const draft = state.draft;
  const [banner, setBanner] = useState<Banner>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [termsOpen, setTermsOpen] = useState(false);
  const [exportOpen, setExportOpen] = useState(false);
  const save = useSaveQuote(projectId, quote.id);
  const remove = useDeleteQuote(projectId, quote.id);
  const editable = quote.abilities.edit;
  const totals = safeQuoteTotals(draft.sections);

  const update = (change: (d: EditorQuote) => EditorQuote) => setState((s) => ({ ...s, draft: change(s.draft) }));
  const setSections = (sections: EditorSection[]) => update((d) => ({ ...d, sections }));
  const replaceSection = (section: EditorSection) =>
    update((d) => ({ ...d, sections: d.sections.map((s) => (s.key === section.key ? section : s)) }));

  /** Saves the draft; true once saved, false (with the error banner) when refused. */
  const saveDraft = () =>
    new Promise<boolean>((resolve) => {
      setBanner(null);
      save.mutate(toSaveBody(quote.version, draft), {
        onSuccess: () => {
          setBanner({ kind: 'saved' });
          resolve(true);
        },
        onError: (error) => {
          setBanner({
            kind: 'error',
            message: saveFailure(error),
            lines: error instanceof ApiError ? describeFieldErrors(error.errors) : [],
            reload: error instanceof ApiError && error.status === 409,
          });
          resolve(false);
        },
      });
    });
  const onSave = () => void saveDraft();
  /** Whether the draft differs from the quote as saved (asked when sending, not on every key). */
  const hasUnsavedChanges = () =>
    editable &&
    JSON.stringify(toSaveBody(quote.version, draft)) !== JSON.stringify(toSaveBody(quote.version, toEditor(quote)));

  const askDelete = () =>
    confirmAction({
      title: 'Delete quote?',
      message: `${quote.code} will be deleted with its sections and line items. This cannot be undone.`,
      confirmLabel: 'Delete',
      onConfirm: () =>
        remove.mutate(undefined, {
          onSuccess: () => {
            notifyQuote(true, QUOTE_TEXT.deletedTitle, QUOTE_TEXT.deleted);
            onDeleted();
          },
          onError: (error) =>
            notifyQuote(false, QUOTE_TEXT.deleteFailedTitle, failureText(error, QUOTE_TEXT.deleteFailed)),
        }),
    });

  const askDeleteSection = (section: EditorSection, label: string) =>
    confirmAction({
      title: 'Delete section?',
      message: `${label} and its ${section.line_items.length} line item(s) will be removed from the quote when you save.`,
      confirmLabel: 'Delete',
      onConfirm: () => update((d) => ({ ...d, sections: d.sections.filter((s) => s.key !== section.key) })),
    });

  const copySection = (section: EditorSection) =>
    update((d) => {
      const copy = cloneSection(section);
      const at = d.sections.findIndex((s) => s.key === section.key);
      const added: EditorSection = {
        ...copy,
        key: newKey('s'),
        line_items: copy.line_items.map((l) => ({ ...l, key: newKey('l') })),
      };
      return { ...d, sections: [...d.sections.slice(0, at + 1), added, ...d.sections.slice(at + 1)] };
    });

  const applyLine = (line: EditorLine) => {
    if (!editing) return;
    update((d) => ({
      ...d,
      sections: d.sections.map((s) => {
        if (s.key !== editing.sectionKey) return s;
        const line_items = editing.isNew
          ? [...s.line_items, line]
          : s.line_items.map((l) => (l.key === line.key ? line : l));
        return { ...s, line_items };
      }),
    }));
    setEditing(null);
  };
  const editingSection = editing ? draft.sections.find((s) => s.key === editing.sectionKey) : undefined;

  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
          <Stack gap={6}>
            <Group gap="sm">
              <Title order={2} size="h3" data-testid="quote-code">
                {quote.code}
              </Title>
              <QuoteStatusControl projectId={projectId} quote={quote} />
            </Group>
            <ClientDecisionLine quote={quote} />
            {quote.status === 'Rejected' && quote.reason ? (
              <Text size="sm" c="red.8" data-testid="quote-reason">
                {QUOTE_TEXT.reasonForRejection} {quote.reason}
              </Text>
            ) : null}
          </Stack>
          <SimpleGrid cols={{ base: 2, sm: 5 }} component="dl" m={0} spacing="lg" data-testid="quote-totals">
            <Figure label="Revenue" value={formatQuoteMoney(totals?.revenue)} testId="quote-revenue" />
            <Figure label="Cost" value={formatQuoteMoney(totals?.cost)} testId="quote-cost" />
            <Figure label="Gross Profit" value={formatQuoteMoney(totals?.gross_profit)} testId="quote-profit" />
            <Figure label="Profit %" value={formatPercent(totals?.profit_percent)} testId="quote-percent" />
            <Figure label="Margin" value={formatPercent(totals?.margin_percent)} testId="quote-margin" />
          </SimpleGrid>
        </Group>
      </Paper>

      {editable ? null : (
        <Alert color="gray" variant="light" data-testid="quote-locked">
          This quote is {quote.status}: only a Draft quote can be changed. Change its status to Draft or create a
          revision.
        </Alert>
      )}

      <SortableList
        items={draft.sections}
        idOf={(s) => s.key}
        nameOf={(s) => `Section ${draft.sections.indexOf(s) + 1}${s.name ? `: ${s.name}` : ''}`}
        onMove={setSections}
      >
        <Stack gap="md">
          {draft.sections.map((section, index) => {
            const label = `Section ${index + 1}${section.name ? `: ${section.name}` : ''}`;
            return (
              <SortableRow key={section.key} id={section.key} handleLabel={`Move ${label}`}>
                {(handle) => (
                  <QuoteSection
                    section={section}
                    index={index}
                    editable={editable}
                    handle={handle}
                    onChange={replaceSection}
                    onCopy={() => copySection(section)}
                    onDelete={() => askDeleteSection(section, label)}
                    onEditLine={(line, after) =>
                      setEditing(
                        line
                          ? { sectionKey: section.key, line, isNew: false }
                          : {
                              sectionKey: section.key,
                              line: { ...newLineItemAfter(after), key: newKey('l') },
                              isNew: true,
                            },
                      )
                    }
                  />
                )}
              </SortableRow>
            );
          })}
        </Stack>
      </SortableList>
      {draft.sections.length === 0 ? (
        <Text size="sm" c="dimmed">
          This quote has no sections yet.
        </Text>
      ) : null}

      {editable ? (
        <Group>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() =>
              update((d) => ({
                ...d,
                sections: [...d.sections, { ...newSection(), line_items: [], key: newKey('s') }],
              }))
            }
          >
            Add Section
          </Button>
        </Group>
      ) : null}

      <Textarea
        label="Quote Notes"
        autosize
        minRows={3}
        maxRows={12}
        value={draft.note}
        maxLength={QUOTE_LIMITS.note}
        description={`${draft.note.length}/${QUOTE_LIMITS.note}`}
        onChange={(e) => {
          const note = e.currentTarget.value;
          update((d) => ({ ...d, note }));
        }}
        disabled={!editable}
      />

      {banner?.kind === 'saved' ? (
        <Alert
          color="green"
          variant="light"
          role="status"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setBanner(null)}
        >
          {QUOTE_TEXT.saved}
        </Alert>
      ) : null}
      {banner?.kind === 'error' ? (
        <Alert color="red" variant="light" role="alert" title={banner.message}>
          {banner.lines.length ? (
            <List size="sm" spacing={2}>
              {banner.lines.map((l) => (
                <List.Item key={l}>{l}</List.Item>
              ))}
            </List>
          ) : null}
          {banner.reload ? (
            <Button
              mt="sm"
              size="xs"
              variant="light"
              onClick={() => {
                setBanner(null);
                onReload();
              }}
            >
              Reload
            </Button>
          ) : null}
        </Alert>
      ) : null}

      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="md">
          <Text size="sm" c="dimmed" data-testid="quote-updated">
            {QUOTE_TEXT.lastUpdated}: {lastUpdatedText(quote.updated_at)}
          </Text>
          <Anchor component="button" type="button" size="sm" onClick={() => setTermsOpen(true)}>
            {QUOTE_TEXT.viewTerms}
          </Anchor>
        </Group>
        <Group gap="sm">
          <Button
            variant="default"
            leftSection={<IconFileExport size={16} aria-hidden />}
            onClick={() => setExportOpen(true)}
          >
            Export
          </Button>
          <Button
            variant="default"
            component="a"
            href={quotePdfUrl(projectId, quote.id)}
            target="_blank"
            rel="noopener"
            leftSection={<IconPrinter size={16} aria-hidden />}
          >
            Print PDF
          </Button>
          {quote.abilities.delete ? (
            <Button
              color="red"
              variant="light"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={askDelete}
              loading={remove.isPending}
            >
              Delete
            </Button>
          ) : null}
          {editable ? (
            <SendToClientButton
              projectId={projectId}
              quote={quote}
              hasUnsavedChanges={hasUnsavedChanges}
              saveChanges={saveDraft}
            />
          ) : null}
          <Button
            leftSection={<IconDeviceFloppy size={16} aria-hidden />}
            onClick={onSave}
            loading={save.isPending}
            disabled={!editable}
          >
            Save
          </Button>
        </Group>
      </Group>

      <QuoteExportModal
        projectId={projectId}
        quote={quote}
        opened={exportOpen}
        onClose={() => setExportOpen(false)}
        saveInput={() => (editable ? toSaveBody(quote.version, draft) : null)}
      />
      <Modal opened={termsOpen} onClose={() => setTermsOpen(false)} title="Terms & Conditions" size="lg">
        <Stack gap="xs">
          {QUOTE_TERMS.map((t) => (
            <Text key={t} size="sm">
              {t}
            </Text>
          ))}
        </Stack>
      </Modal>

      {editing && editingSection ? (
        <LineItemModal
          line={editing.line}
          sectionName={editingSection.name}
          editable={editable}
          onApply={applyLine}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Stack>
  );
}
