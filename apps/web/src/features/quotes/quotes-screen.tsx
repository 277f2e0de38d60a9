import { useRef, useState } from 'react';
import { Button, Group, Paper, Select, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconCopyPlus, IconFileImport, IconPlus } from '@tabler/icons-react';
import { useParams, useSearchParams } from 'react-router';
import { QUOTE_TEXT, type QuoteSummary, type QuoteView } from '@siteflow/core';
import { Loaded } from '../../ui/loaded';
import { ProjectPageTrail } from '../../ui/breadcrumb-trail';
import { PageHeader } from '../../ui/page-header';
import { useCan } from '../../session';
import { notifyError } from '../../ui/notify';
import { closeAsking, UNSAVED_CHANGES_TEXT } from '../../ui/unsaved-changes';
import { useCreateQuote, useQuote, useQuoteList, useReviseQuote } from './api';
import { defaultQuoteId } from './draft';
import { QuoteEditor } from './quote-editor';
import { QuoteImportModal } from './quote-import-modal';
import { notifyQuote } from './notify';
import { failureText } from './status-control';

/** The revision dropdown's text for a quote: code and status. */
const optionLabel = (q: Pick<QuoteSummary, 'code' | 'status'>) => `${q.code} - ${q.status}`;

/**
 * A project's quotes (spec 3 sections 2.1 and 4), /projects/:id/quotes: New, Import (later),
 * Revision and the revision dropdown; the selected quote below. After loading, the quote named by
 * ?quote= (Back from its agreements), else the Accepted quote is shown, else the most recently updated one that is not Void; a new quote or revision is
 * selected; deleting clears the selection.
 */
export function QuotesScreen() {
  const projectId = Number(useParams().id);
  const list = useQuoteList(projectId);
  // undefined: nothing chosen yet (the rule picks); null: none (after a delete).
  const [chosen, setChosen] = useState<number | null | undefined>(undefined);
  const quotes = list.data?.items ?? [];
  // ?quote={id} (Back from a quote's agreements) selects that quote when the project has it.
  const requested = Number(useSearchParams()[0].get('quote'));
  const selectedId =
    chosen === undefined
      ? list.data
        ? quotes.some((q) => q.id === requested)
          ? requested
          : defaultQuoteId(quotes)
        : null
      : chosen;
  const quote = useQuote(projectId, selectedId);
  const canManage = useCan('quotes.manage');
  const create = useCreateQuote(projectId);
  const [importOpen, setImportOpen] = useState(false);
  // Showing another quote drops the shown one's unsaved edits: asked first ('Discard changes?').
  const edited = useRef<() => boolean>(() => false);
  const unlessEditsKept = (show: () => void) =>
    closeAsking(() => edited.current(), show, UNSAVED_CHANGES_TEXT.quoteMessage)();

  const onNew = () =>
    create.mutate(undefined, {
      onSuccess: (view) => {
        setChosen(view.id);
        notifyQuote(true, undefined, QUOTE_TEXT.created);
      },
      onError: (error) => notifyError(error, 'The quote was not created'),
    });

  // The list names the project even before it has a quote.
  const project = list.data?.project ?? quote.data?.project;
  const options = quotes.map((q) => ({ value: String(q.id), label: optionLabel(q) }));
  if (quote.data && !quotes.some((q) => q.id === quote.data.id))
    options.push({ value: String(quote.data.id), label: optionLabel(quote.data) });

  return (
    <>
      <ProjectPageTrail projectId={projectId} code={project?.code} current="Quotes" />
      <PageHeader title="Quotes" description={project ? `${project.code} · ${project.title}` : undefined} />
      <Paper withBorder p="sm" radius="md" mb="md">
        <Group gap="sm" wrap="wrap">
          {canManage ? (
            <Button
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => unlessEditsKept(onNew)}
              loading={create.isPending}
            >
              New
            </Button>
          ) : null}
          {canManage ? (
            <Button
              variant="default"
              leftSection={<IconFileImport size={16} aria-hidden />}
              onClick={() => setImportOpen(true)}
            >
              Import
            </Button>
          ) : null}
          {quote.data?.abilities.revise ? (
            <RevisionButton projectId={projectId} quote={quote.data} onCreated={setChosen} />
          ) : null}
          <Select
            aria-label="Quote revision"
            placeholder={QUOTE_TEXT.selectRevision}
            data={options}
            value={selectedId !== null ? String(selectedId) : null}
            onChange={(v) => unlessEditsKept(() => setChosen(v ? Number(v) : null))}
            allowDeselect={false}
            disabled={!list.data || quotes.length === 0}
            w={280}
            data-testid="quote-revisions"
          />
        </Group>
      </Paper>
      <Loaded query={list} loading="Loading quotes…" errorTitle="Could not load the quotes">
        {() =>
          quotes.length === 0 && selectedId === null ? (
            <Empty text={QUOTE_TEXT.createOrImport} />
          ) : selectedId === null ? (
            <Empty text={QUOTE_TEXT.selectRevision} />
          ) : (
            <Loaded query={quote} loading="Loading the quote…" errorTitle="Could not load the quote">
              {(view) => (
                <QuoteEditor
                  key={view.id}
                  projectId={projectId}
                  quote={view}
                  onReload={() => void quote.refetch()}
                  onDeleted={() => setChosen(null)}
                  editedRef={edited}
                />
              )}
            </Loaded>
          )
        }
      </Loaded>
      {canManage ? (
        <QuoteImportModal
          projectId={projectId}
          currentQuoteId={quote.data?.status === 'Draft' ? quote.data.id : null}
          opened={importOpen}
          onClose={() => setImportOpen(false)}
          onImported={(id) => {
            setImportOpen(false);
            setChosen(id);
          }}
        />
      ) : null}
    </>
  );
}

function Empty({ text }: { text: string }) {
  return (
    <Paper withBorder p="xl" radius="md">
      <Text ta="center" c="dimmed" data-testid="quotes-empty">
        {text}
      </Text>
    </Paper>
  );
}

function RevisionButton({
  projectId,
  quote,
  onCreated,
}: {
  projectId: number;
  quote: QuoteView;
  onCreated: (id: number) => void;
}) {
  const revise = useReviseQuote(projectId, quote.id);
  const ask = () =>
    modals.openConfirmModal({
      title: 'Create Revision',
      centered: true,
      children: (
        <>
          <Text size="sm" mb="xs">
            {QUOTE_TEXT.revisionConfirm}
          </Text>
          <Text size="sm" c="dimmed">
            {QUOTE_TEXT.revisionWarning}
          </Text>
        </>
      ),
      labels: { confirm: QUOTE_TEXT.createRevision, cancel: 'Cancel' },
      onConfirm: () =>
        revise.mutate(undefined, {
          onSuccess: (view) => {
            notifyQuote(true, QUOTE_TEXT.revisionCreatedTitle, QUOTE_TEXT.revisionCreated);
            onCreated(view.id);
          },
          onError: (error) =>
            notifyQuote(false, QUOTE_TEXT.revisionFailedTitle, failureText(error, QUOTE_TEXT.revisionFailed)),
        }),
    });
  return (
    <Button
      variant="default"
      leftSection={<IconCopyPlus size={16} aria-hidden />}
      onClick={ask}
      loading={revise.isPending}
    >
      Revision
    </Button>
  );
}
