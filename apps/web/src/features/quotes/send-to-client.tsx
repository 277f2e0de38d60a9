import { useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { CLIENT_QUOTE_TEXT, clientDecisionText, type QuoteView } from '@siteflow/core';
import { useSendQuote } from './client-quote-api';
import { notifyQuote } from './notify';
import { failureText } from './status-control';

/**
 * Staff: 'Send to Client' for a Draft (issue 13 section 6), with a confirmation. The client's
 * admins and the project's account manager are e-mailed a link; `onSent` gets the quote as saved.
 * In the editor, changes not saved yet are saved first (the client is sent what the screen shows);
 * a refused save stops the sending and the editor shows why.
 */
export function SendToClientButton({
  projectId,
  quote,
  onSent,
  hasUnsavedChanges,
  saveChanges,
}: {
  projectId: number;
  quote: QuoteView;
  onSent?: (view: QuoteView) => void;
  hasUnsavedChanges?: () => boolean;
  saveChanges?: () => Promise<boolean>;
}) {
  const [open, setOpen] = useState(false);
  const [unsaved, setUnsaved] = useState(false);
  const [saving, setSaving] = useState(false);
  const send = useSendQuote(projectId, quote.id);
  const ask = () => {
    setUnsaved(hasUnsavedChanges?.() ?? false);
    setOpen(true);
  };
  const confirm = async () => {
    if (unsaved && saveChanges) {
      setSaving(true);
      const saved = await saveChanges();
      setSaving(false);
      if (!saved) {
        setOpen(false);
        return;
      }
    }
    send.mutate(undefined, {
      onSuccess: (view) => {
        setOpen(false);
        notifyQuote(true, CLIENT_QUOTE_TEXT.sentTitle, CLIENT_QUOTE_TEXT.sent);
        onSent?.(view);
      },
      onError: (error) => {
        setOpen(false);
        notifyQuote(false, undefined, failureText(error, CLIENT_QUOTE_TEXT.sendFailed));
      },
    });
  };
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconSend size={16} aria-hidden />}
        onClick={ask}
        disabled={quote.status !== 'Draft'}
      >
        {CLIENT_QUOTE_TEXT.sendButton}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={CLIENT_QUOTE_TEXT.sendTitle} centered>
        <Stack gap="md">
          <Text size="sm" fw={500}>
            {CLIENT_QUOTE_TEXT.sendConfirm}
          </Text>
          <Text size="sm">{CLIENT_QUOTE_TEXT.sendDetail}</Text>
          {unsaved ? <Text size="sm">{CLIENT_QUOTE_TEXT.saveFirst}</Text> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>
              {CLIENT_QUOTE_TEXT.cancel}
            </Button>
            <Button onClick={() => void confirm()} loading={saving || send.isPending}>
              {CLIENT_QUOTE_TEXT.send}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/**
 * The quote's line about the client: 'Accepted by {name} on {date}', 'Rejected on {date}:
 * {reason}' or 'Sent to the client on {date} by {name}'; nothing when it was never sent.
 */
export function ClientDecisionLine({ quote }: { quote: QuoteView }) {
  const text = clientDecisionText(quote);
  if (!text) return null;
  return (
    <Text size="sm" data-testid="client-decision" style={{ whiteSpace: 'pre-wrap' }}>
      {text}
    </Text>
  );
}
