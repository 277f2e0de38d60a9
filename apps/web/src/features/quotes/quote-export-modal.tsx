import { useState } from 'react';
import { Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { QUOTE_FILE_TEXT, type QuoteSaveInput, type QuoteView } from '@siteflow/core';
import { useExportQuote, type ExportType } from './files-api';

export type QuoteExportModalProps = {
  projectId: number;
  quote: Pick<QuoteView, 'id' | 'code' | 'status'>;
  opened: boolean;
  onClose: () => void;
  /**
   * The quote as the editor holds it (a Draft): the System Friendly export saves it first
   * (spec 3 section 7). Null or absent: the stored quote is exported.
   */
  saveInput?: () => QuoteSaveInput | null;
};

/**
 * Export (spec 3 section 2.1): System Friendly (CSV, re-importable) or Client Friendly (XLSX).
 * Export is enabled once a type is picked; the file downloads as '{code}_SYSTEM.csv' or
 * '{code}_CLIENT.xlsx'. Errors are only logged (spec 3 section 8).
 */
export function QuoteExportModal({ projectId, quote, opened, onClose, saveInput }: QuoteExportModalProps) {
  const [type, setType] = useState<ExportType | null>(null);
  const exporter = useExportQuote(projectId, quote);

  const close = () => {
    setType(null);
    onClose();
  };
  const run = () => {
    if (!type) return;
    const save = type === 'system' && quote.status === 'Draft' ? (saveInput?.() ?? null) : null;
    exporter.mutate(
      { type, save },
      {
        onSuccess: close,
        onError: (error) => console.error('Quote export failed', error),
      },
    );
  };

  return (
    <Modal opened={opened} onClose={close} title={QUOTE_FILE_TEXT.exportTitle} centered>
      <Stack>
        <Radio.Group value={type} onChange={(v) => setType(v as ExportType)} label={<Text fw={500}>{quote.code}</Text>}>
          <Stack gap="xs" mt="xs">
            <Radio value="system" label={QUOTE_FILE_TEXT.systemFriendly} />
            <Radio value="client" label={QUOTE_FILE_TEXT.clientFriendly} />
          </Stack>
        </Radio.Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {QUOTE_FILE_TEXT.cancel}
          </Button>
          <Button onClick={run} disabled={!type} loading={exporter.isPending}>
            {QUOTE_FILE_TEXT.export}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
