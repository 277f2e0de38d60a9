import { useId, useMemo, useState } from 'react';
import { Button, Group, Modal, MultiSelect, Radio, Select, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { notifications } from '@mantine/notifications';
import { IconFileTypeCsv } from '@tabler/icons-react';
import {
  DEFAULT_IMPORT_PERIOD,
  IMPORT_PERIODS,
  importableLabel,
  importedCloneText,
  QUOTE_FILE_TEXT,
  type ImportPeriod,
  type QuoteView,
} from '@siteflow/core';
import { isApiError } from '../../api/client';
import { useImportableOptions, useImportableQuotes, useImportQuote } from './files-api';

export type QuoteImportModalProps = {
  projectId: number;
  /** The quote open in the editor: 'Import & Attach' is offered only with one. */
  currentQuoteId: number | null;
  opened: boolean;
  onClose: () => void;
  /** The new quote (clone, file) or the current one with the attached sections: the screen selects it. */
  onImported: (quoteId: number) => void;
};

type Mode = 'clone' | 'file';

/** A dialog of spec 3 section 8 (title and text), as the quote screen shows them. */
function dialog(ok: boolean, title: string, message: React.ReactNode) {
  notifications.show({
    color: ok ? 'green' : 'red',
    title,
    message,
    autoClose: ok ? 5000 : 8000,
    styles: { description: { color: 'var(--mantine-color-text)' } },
  });
}

/**
 * The failure: the server's message and its field errors as extra lines, else the spec's text;
 * titled 'Import Quote failed!' for a clone or attach, 'Import Quote Failed!' for a file (the spec
 * has both).
 */
const failed = (title: string) => (error: unknown) => {
  const lines =
    isApiError(error) && error.status !== 0 && error.status < 500
      ? [
          error.message,
          ...Object.entries(error.errors).flatMap(([k, v]) => v.map((m) => (k === 'file' ? m : `${k}: ${m}`))),
        ]
      : [QUOTE_FILE_TEXT.importFailed];
  const unique = [...new Set(lines)];
  dialog(
    false,
    title,
    <Stack gap={2}>
      {unique.map((l) => (
        <Text key={l} size="sm">
          {l}
        </Text>
      ))}
    </Stack>,
  );
};

/**
 * Import (spec 3 section 2.1): 'Clone Existing Quotation' (filters client, project, tags, period;
 * the quote; optional sections; 'Import & Attach' with a current quote, 'Import & Create New
 * Quote') or 'Choose A File To Import' (one .csv; Import once chosen).
 */
export function QuoteImportModal({ projectId, currentQuoteId, opened, onClose, onImported }: QuoteImportModalProps) {
  const [mode, setMode] = useState<Mode>('clone');
  const [client, setClient] = useState<string | null>(null);
  const [project, setProject] = useState<string | null>(null);
  const [tags, setTags] = useState<string[]>([]);
  const [period, setPeriod] = useState<ImportPeriod>(DEFAULT_IMPORT_PERIOD);
  const [quoteId, setQuoteId] = useState<string | null>(null);
  const [sections, setSections] = useState<string[]>([]);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const fileHint = useId();

  const options = useImportableOptions(opened && mode === 'clone');
  const quotes = useImportableQuotes({ client, project, tags, period }, opened && mode === 'clone');
  const imports = useImportQuote(projectId);
  const busy = imports.clone.isPending || imports.attach.isPending || imports.file.isPending;

  const items = useMemo(() => quotes.data?.items ?? [], [quotes.data]);
  const chosen = items.find((q) => String(q.id) === quoteId) ?? null;

  const reset = () => {
    setMode('clone');
    setQuoteId(null);
    setSections([]);
    setFile(null);
    setFileError(null);
  };
  const close = () => {
    reset();
    onClose();
  };
  const done = (view: QuoteView, title: string, text: string) => {
    dialog(true, title, text);
    reset();
    onImported(view.id);
    onClose();
  };

  const body = () => ({ quote_id: chosen!.id, sections: sections.map(Number) });
  const create = () =>
    imports.clone.mutate(body(), {
      onSuccess: (view) => done(view, QUOTE_FILE_TEXT.importedTitle, importedCloneText(view.code)),
      onError: failed(QUOTE_FILE_TEXT.cloneFailedTitle),
    });
  const attach = () =>
    imports.attach.mutate(
      { quoteId: currentQuoteId!, ...body() },
      {
        onSuccess: (view) => done(view, QUOTE_FILE_TEXT.attachedTitle, QUOTE_FILE_TEXT.attached),
        onError: failed(QUOTE_FILE_TEXT.cloneFailedTitle),
      },
    );
  const upload = () =>
    imports.file.mutate(file!, {
      onSuccess: (view) => done(view, QUOTE_FILE_TEXT.importedTitle, QUOTE_FILE_TEXT.importedFile),
      onError: failed(QUOTE_FILE_TEXT.importFailedTitle),
    });

  const pick = (files: File[]) => {
    const f = files[0] ?? null;
    if (f && !/\.csv$/i.test(f.name)) {
      setFile(null);
      setFileError(QUOTE_FILE_TEXT.onlyCsv);
      return;
    }
    setFile(f);
    setFileError(null);
  };

  return (
    <Modal opened={opened} onClose={close} title={QUOTE_FILE_TEXT.importTitle} size="lg" centered>
      <Stack>
        <Radio.Group value={mode} onChange={(v) => setMode(v as Mode)} aria-label={QUOTE_FILE_TEXT.importTitle}>
          <Group>
            <Radio value="clone" label={QUOTE_FILE_TEXT.cloneExisting} />
            <Radio value="file" label={QUOTE_FILE_TEXT.chooseFile} />
          </Group>
        </Radio.Group>

        {mode === 'clone' ? (
          <>
            <Group grow align="flex-start">
              <Select
                label="Client"
                placeholder="Any client"
                data={(options.data?.clients ?? []).map((c) => ({ value: c.id, label: c.trading_name }))}
                value={client}
                onChange={(v) => {
                  setClient(v);
                  setQuoteId(null);
                }}
                searchable
                clearable
              />
              <Select
                label="Project"
                placeholder="Any project"
                data={(options.data?.projects ?? []).map((p) => ({
                  value: String(p.id),
                  label: `${p.code} ${p.title}`,
                }))}
                value={project}
                onChange={(v) => {
                  setProject(v);
                  setQuoteId(null);
                }}
                searchable
                clearable
              />
            </Group>
            <Group grow align="flex-start">
              <MultiSelect
                label="Tags"
                placeholder={tags.length ? undefined : 'Any tag'}
                data={(options.data?.tags ?? []).map((t) => ({ value: t.id, label: t.name }))}
                value={tags}
                onChange={(v) => {
                  setTags(v);
                  setQuoteId(null);
                }}
                searchable
                clearable
              />
              <Select
                label="Period"
                data={IMPORT_PERIODS.map((p) => ({ value: p.id, label: p.name }))}
                value={period}
                onChange={(v) => {
                  if (!v) return; // the period cannot be emptied
                  setPeriod(v as ImportPeriod);
                  setQuoteId(null);
                }}
                allowDeselect={false}
              />
            </Group>
            <Select
              label="Quote"
              placeholder={quotes.isLoading ? 'Loading...' : 'Choose a quote'}
              nothingFoundMessage="No results found"
              data={items.map((q) => ({ value: String(q.id), label: importableLabel(q) }))}
              value={quoteId}
              onChange={(v) => {
                setQuoteId(v);
                setSections([]);
              }}
              searchable
              clearable
            />
            <MultiSelect
              label="Sections"
              description={QUOTE_FILE_TEXT.sectionsHint}
              data={(chosen?.sections ?? []).map((s) => ({ value: String(s.id), label: s.name || '(no name)' }))}
              value={sections}
              onChange={setSections}
              disabled={!chosen}
              clearable
            />
          </>
        ) : (
          <Stack gap="xs">
            <Dropzone
              onDrop={pick}
              onReject={() => {
                setFile(null);
                setFileError(QUOTE_FILE_TEXT.onlyCsv);
              }}
              accept={{ 'text/csv': ['.csv'], 'application/vnd.ms-excel': ['.csv'] }}
              multiple={false}
              maxFiles={1}
              inputProps={{ 'aria-label': QUOTE_FILE_TEXT.chooseFile, 'aria-describedby': fileHint }}
              p="md"
              style={{ borderColor: fileError ? 'var(--mantine-color-error)' : undefined }}
            >
              <Group justify="center" gap="sm" mih={60} style={{ pointerEvents: 'none' }}>
                <IconFileTypeCsv size={28} stroke={1.5} aria-hidden />
                <Text size="sm" fw={500}>
                  {QUOTE_FILE_TEXT.dropzone}
                </Text>
              </Group>
            </Dropzone>
            <Text id={fileHint} size="sm" c={fileError ? 'red.8' : undefined} role={fileError ? 'alert' : undefined}>
              {fileError ?? (file ? file.name : 'No file chosen')}
            </Text>
          </Stack>
        )}

        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {QUOTE_FILE_TEXT.cancel}
          </Button>
          {mode === 'clone' ? (
            <>
              {currentQuoteId !== null && (
                <Button variant="light" onClick={attach} disabled={!chosen || busy} loading={imports.attach.isPending}>
                  {QUOTE_FILE_TEXT.importAttach}
                </Button>
              )}
              <Button onClick={create} disabled={!chosen || busy} loading={imports.clone.isPending}>
                {QUOTE_FILE_TEXT.importCreate}
              </Button>
            </>
          ) : (
            <Button onClick={upload} disabled={!file || busy} loading={imports.file.isPending}>
              {QUOTE_FILE_TEXT.import}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
