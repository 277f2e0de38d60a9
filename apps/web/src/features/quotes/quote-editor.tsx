import { memo, useCallback, useLayoutEffect, useMemo, useState, useSyncExternalStore, type RefObject } from 'react';
import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconDeviceFloppy, IconFileExport, IconFileText, IconPlus, IconPrinter, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import dayjs from 'dayjs';
import {
  AGREEMENT_TEXT,
  cloneSection,
  formatPercent,
  formatQuoteMoney,
  LAST_UPDATED_FORMAT,
  newLineItemAfter,
  newSection,
  QUOTE_LIMITS,
  QUOTE_TEXT,
  wallClockAt,
  type QuoteView,
} from '@siteflow/core';
import { ApiError } from '../../api/client';
import { useCan } from '../../session';
import { confirmAction } from '../../ui/confirm';
import { focusSoon } from '../../ui/focus';
import { SaveBanner, type SaveBannerState } from '../../ui/save-banner';
import { SortableList, SortableRow } from '../../ui/sortable-list';
import { TermsModal } from '../../ui/terms-modal';
import { useUnsavedChangesGuard } from '../../ui/unsaved-changes';
import { useDeleteQuote, useSaveQuote } from './api';
import { quotePdfUrl } from './files-api';
import { QuoteExportModal } from './quote-export-modal';
import {
  createDraftStore,
  describeFieldErrors,
  newKey,
  safeQuoteTotals,
  sectionLabel,
  toEditor,
  toSaveBody,
  type DraftStore,
  type EditorLine,
  type EditorSection,
} from './draft';
import { Figure, LineItemModal } from './line-item-modal';
import { QuoteSection } from './quote-section';
import { ClientDecisionLine, SendToClientButton } from './send-to-client';
import { notifyQuote } from './notify';
import { failureText, QuoteStatusControl } from './status-control';

type Banner = SaveBannerState;

/** The message of a failed save: the server's, else the spec's (no answer, a server fault). */
const saveFailure = (error: unknown) =>
  error instanceof ApiError && error.status > 0 && error.status < 500 ? error.message : QUOTE_TEXT.saveFailed;

/** 'Last Updated' in the company's time zone: h:mma - DD/MM/YY. */
export const lastUpdatedText = (iso: string) => dayjs(wallClockAt(new Date(iso))).format(LAST_UPDATED_FORMAT);

/**
 * The line item in the dialog, and the control that opened it (its Edit button, or the section's
 * Add a line item button): the dialog is drawn only while open, so Mantine does not return focus,
 * and closing it would leave focus on the page.
 */
type Editing = { sectionKey: string; line: EditorLine; isNew: boolean; opener: HTMLElement | null } | null;

/** The control that has focus (null when the page itself has it). */
const focusedControl = () => {
  const active = document.activeElement;
  return active instanceof HTMLElement && active !== document.body ? active : null;
};

/** What a section's row does to the draft; the same object while the draft is the same quote version. */
type SectionActions = {
  change: (section: EditorSection) => void;
  copy: (section: EditorSection) => void;
  remove: (section: EditorSection, label: string) => void;
  editLine: (sectionKey: string, line: EditorLine | null, after?: EditorLine) => void;
  move: (keys: string[]) => void;
};

type Props = {
  projectId: number;
  quote: QuoteView;
  onReload: () => void;
  onDeleted: () => void;
  /** Set to the editor's own check 'holds unsaved edits' while it is shown (the screen asks before showing another quote). */
  editedRef?: RefObject<() => boolean>;
};

/**
 * One quote (spec 3 section 2.1): header with status and totals, the sections and their line
 * items, notes, T&Cs, Delete and Save. The editor keeps the user's edits until a save, a status
 * change or Reload brings a new version from the server. Everything is read-only unless the
 * view's abilities.edit (a Draft, for staff).
 */
export function QuoteEditor({ projectId, quote, onReload, onDeleted, editedRef }: Props) {
  // A new version from the server (a save, a status change, Reload) starts a new draft.
  const [held, setHeld] = useState<{ version: number; store: DraftStore }>(() => ({
    version: quote.version,
    store: createDraftStore(toEditor(quote)),
  }));
  if (held.version !== quote.version) setHeld({ version: quote.version, store: createDraftStore(toEditor(quote)) });
  const store = held.store;
  // The editor itself is drawn again on a key only when it shows what changed: the figures, the
  // notes and the sections subscribe to their own part of the draft.
  const keys = useSyncExternalStore(store.subscribe, store.keys);
  // Leaving with unsaved edits asks first; a save brings the next version and a new, unedited draft.
  useUnsavedChangesGuard(useSyncExternalStore(store.subscribe, store.edited) && quote.abilities.edit);
  const editable = quote.abilities.edit;
  // 'Holds unsaved edits', read when the user is about to show another quote or status.
  const unsaved = useCallback(() => editable && store.edited(), [editable, store]);
  useLayoutEffect(() => {
    if (!editedRef) return;
    editedRef.current = unsaved;
    return () => {
      editedRef.current = () => false;
    };
  }, [editedRef, unsaved]);
  const [banner, setBanner] = useState<Banner>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [termsOpen, setTermsOpen] = useState(false);
  const [exportOpen, setExportOpen] = useState(false);
  const save = useSaveQuote(projectId, quote.id);
  const remove = useDeleteQuote(projectId, quote.id);
  const canManageAgreements = useCan('agreements.manage');

  const update = store.update;

  /** Saves the draft; true once saved, false (with the error banner) when refused. */
  const saveDraft = () =>
    new Promise<boolean>((resolve) => {
      setBanner(null);
      save.mutate(toSaveBody(quote.version, store.get()), {
        onSuccess: () => {
          setBanner({ kind: 'saved', text: QUOTE_TEXT.saved });
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
    JSON.stringify(toSaveBody(quote.version, store.get())) !==
      JSON.stringify(toSaveBody(quote.version, toEditor(quote)));

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

  // The sections' rows are drawn again only when their own section changes: their callbacks are
  // the same for the whole version and act on the store's latest draft.
  const actions = useMemo<SectionActions>(
    () => ({
      change: (section) =>
        store.update((d) => ({ ...d, sections: d.sections.map((s) => (s.key === section.key ? section : s)) })),
      copy: (section) =>
        store.update((d) => {
          const copy = cloneSection(section);
          const at = d.sections.findIndex((s) => s.key === section.key);
          const added: EditorSection = {
            ...copy,
            key: newKey('s'),
            line_items: copy.line_items.map((l) => ({ ...l, key: newKey('l') })),
          };
          return { ...d, sections: [...d.sections.slice(0, at + 1), added, ...d.sections.slice(at + 1)] };
        }),
      remove: (section, label) =>
        confirmAction({
          title: 'Delete section?',
          message: `${label} and its ${section.line_items.length} line item(s) will be removed from the quote when you save.`,
          confirmLabel: 'Delete',
          onConfirm: () => store.update((d) => ({ ...d, sections: d.sections.filter((s) => s.key !== section.key) })),
        }),
      editLine: (sectionKey, line, after) =>
        setEditing(
          line
            ? { sectionKey, line, isNew: false, opener: focusedControl() }
            : {
                sectionKey,
                line: { ...newLineItemAfter(after), key: newKey('l') },
                isNew: true,
                opener: focusedControl(),
              },
        ),
      move: (keys) =>
        store.update((d) => {
          const byKey = new Map(d.sections.map((s) => [s.key, s]));
          return { ...d, sections: keys.map((k) => byKey.get(k)!) };
        }),
    }),
    [store],
  );

  /** Closes the line item's dialog, focus back on the button that opened it. */
  const closeLine = () => {
    const opener = editing?.opener;
    setEditing(null);
    focusSoon(() => (opener?.isConnected ? opener : null));
  };
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
    closeLine();
  };
  const editingSection = useSyncExternalStore(store.subscribe, () =>
    editing ? store.section(editing.sectionKey) : undefined,
  );

  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
          <Stack gap={6}>
            <Group gap="sm">
              <Title order={2} size="h3" data-testid="quote-code">
                {quote.code}
              </Title>
              <QuoteStatusControl projectId={projectId} quote={quote} edited={unsaved} />
            </Group>
            <ClientDecisionLine quote={quote} />
            {quote.status === 'Rejected' && quote.reason ? (
              <Text size="sm" c="red.8" data-testid="quote-reason">
                {QUOTE_TEXT.reasonForRejection} {quote.reason}
              </Text>
            ) : null}
          </Stack>
          <QuoteFigures store={store} />
        </Group>
      </Paper>

      {editable ? null : (
        <Alert color="gray" variant="light" data-testid="quote-locked">
          This quote is {quote.status}: only a Draft quote can be changed. Change its status to Draft or create a
          revision.
        </Alert>
      )}

      <SectionList store={store} editable={editable} actions={actions} />
      {keys.length === 0 ? (
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

      <QuoteNotes editable={editable} store={store} />

      <SaveBanner banner={banner} onClose={() => setBanner(null)} onReload={onReload} />

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
          {quote.status === 'Accepted' && canManageAgreements ? (
            <Button
              variant="default"
              component={Link}
              to={`/projects/${projectId}/quotes/${quote.id}/agreements`}
              leftSection={<IconFileText size={16} aria-hidden />}
            >
              {AGREEMENT_TEXT.title}
            </Button>
          ) : null}
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
        saveInput={() => (editable ? toSaveBody(quote.version, store.get()) : null)}
      />
      <TermsModal opened={termsOpen} onClose={() => setTermsOpen(false)} />

      {editing && editingSection ? (
        <LineItemModal
          line={editing.line}
          sectionName={editingSection.name}
          editable={editable}
          onApply={applyLine}
          onClose={closeLine}
        />
      ) : null}
    </Stack>
  );
}

/** The quote's figures in the header, from its sections' (cached) totals: drawn again on every change of a section. */
function QuoteFigures({ store }: { store: DraftStore }) {
  const sections = useSyncExternalStore(store.subscribe, () => store.get().sections);
  const totals = safeQuoteTotals(sections);
  return (
    <SimpleGrid cols={{ base: 2, sm: 5 }} component="dl" m={0} spacing="lg" data-testid="quote-totals">
      <Figure label="Revenue" value={formatQuoteMoney(totals?.revenue)} testId="quote-revenue" />
      <Figure label="Cost" value={formatQuoteMoney(totals?.cost)} testId="quote-cost" />
      <Figure label="Gross Profit" value={formatQuoteMoney(totals?.gross_profit)} testId="quote-profit" />
      <Figure label="Profit %" value={formatPercent(totals?.profit_percent)} testId="quote-percent" />
      <Figure label="Margin" value={formatPercent(totals?.margin_percent)} testId="quote-margin" />
    </SimpleGrid>
  );
}

/**
 * The quote's notes. Memoised: its autosize measures the textarea (a layout of the whole page) each
 * time it is drawn, so it is drawn again only when the notes change, not on every key elsewhere.
 */
const QuoteNotes = memo(function QuoteNotes({ editable, store }: { editable: boolean; store: DraftStore }) {
  const note = useSyncExternalStore(store.subscribe, () => store.get().note);
  return (
    <Textarea
      label="Quote Notes"
      autosize
      minRows={3}
      maxRows={12}
      value={note}
      maxLength={QUOTE_LIMITS.note}
      description={`${note.length}/${QUOTE_LIMITS.note}`}
      onChange={(e) => {
        const value = e.currentTarget.value;
        store.update((d) => ({ ...d, note: value }));
      }}
      readOnly={!editable}
    />
  );
});

type SectionListProps = { store: DraftStore; editable: boolean; actions: SectionActions };

/**
 * The sections in their drag and drop list. Drawn again only when sections are added, removed or
 * moved (it subscribes to the sections' keys), so typing in a section does not draw the drag and
 * drop context again (whose new context values would make React visit every line item's row).
 */
const SectionList = memo(function SectionList({ store, editable, actions }: SectionListProps) {
  const keys = useSyncExternalStore(store.subscribe, store.keys);
  return (
    <SortableList
      items={keys}
      idOf={(key) => key}
      // Asked when announcing a move: the section's name as it is then.
      nameOf={(key) => {
        const section = store.section(key);
        return section ? sectionLabel(section, store.keys().indexOf(key)) : 'the item';
      }}
      onMove={actions.move}
    >
      <Stack gap="md">
        {keys.map((key, index) => (
          <SectionRow key={key} store={store} sectionKey={key} index={index} editable={editable} actions={actions} />
        ))}
      </Stack>
    </SortableList>
  );
});

type SectionRowProps = SectionListProps & { sectionKey: string; index: number };

/** One section's sortable row, drawn again when that section changes (it subscribes to it alone). */
const SectionRow = memo(function SectionRow({ store, sectionKey, index, editable, actions }: SectionRowProps) {
  const section = useSyncExternalStore(store.subscribe, () => store.section(sectionKey));
  if (!section) return null;
  const label = sectionLabel(section, index);
  return (
    <SortableRow id={section.key} handleLabel={`Move ${label}`}>
      {(handle) => (
        <QuoteSection
          section={section}
          index={index}
          editable={editable}
          handle={handle}
          onChange={actions.change}
          onCopy={() => actions.copy(section)}
          onDelete={() => actions.remove(section, label)}
          onEditLine={(line, after) => actions.editLine(section.key, line, after)}
        />
      )}
    </SortableRow>
  );
});
