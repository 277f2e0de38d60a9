import { useState } from 'react';
import { Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import {
  QUOTE_LIMITS,
  QUOTE_TEXT,
  statusConfirmText,
  statusOptions,
  type QuoteStatus,
  type QuoteView,
} from '@siteflow/core';
import { ApiError } from '../../api/client';
import { useChangeQuoteStatus } from './api';
import { notifyQuote } from './notify';
import { closeAsking, UNSAVED_CHANGES_TEXT } from '../../ui/unsaved-changes';

/** The spec's failure text, with the server's reason when it gave one (a rule of section 4). */
export const failureText = (error: unknown, text: string) =>
  error instanceof ApiError && (error.status === 409 || error.status === 422) ? `${text} ${error.message}` : text;

/**
 * The status dropdown (spec 3 section 4): options from core's statusOptions; choosing one asks
 * 'Are you sure you want to update the status of this quote from X to Y ?', with 'Reason for
 * Rejection:' only for Rejected. A new status brings a new version of the quote, so while the
 * editor holds unsaved edits (`edited`) it asks 'Discard changes?' first.
 */
export function QuoteStatusControl({
  projectId,
  quote,
  edited = () => false,
}: {
  projectId: number;
  quote: QuoteView;
  edited?: () => boolean;
}) {
  const [target, setTarget] = useState<QuoteStatus | null>(null);
  const [reason, setReason] = useState('');
  const change = useChangeQuoteStatus(projectId, quote.id);
  const close = () => {
    setTarget(null);
    setReason('');
  };
  const confirm = () => {
    if (!target) return;
    change.mutate(
      { status: target, reason: target === 'Rejected' ? reason : null },
      {
        onSuccess: () => {
          notifyQuote(true, QUOTE_TEXT.statusUpdatedTitle, QUOTE_TEXT.statusUpdated);
          close();
        },
        onError: (error) => {
          notifyQuote(false, QUOTE_TEXT.statusFailedTitle, failureText(error, QUOTE_TEXT.statusFailed));
          close();
        },
      },
    );
  };
  return (
    <>
      <Select
        aria-label="Quote status"
        data={statusOptions(quote.status, quote.other_accepted)}
        value={quote.status}
        onChange={(v) => {
          if (!v || v === quote.status) return;
          closeAsking(edited, () => setTarget(v as QuoteStatus), UNSAVED_CHANGES_TEXT.quoteMessage)();
        }}
        allowDeselect={false}
        disabled={!quote.abilities.change_status}
        w={150}
        data-testid="quote-status"
      />
      <Modal opened={target !== null} onClose={close} title="Update quote status" centered>
        <Stack gap="md">
          <Text size="sm">{target ? statusConfirmText(quote.status, target) : ''}</Text>
          {target === 'Rejected' ? (
            <Textarea
              label={QUOTE_TEXT.reasonForRejection}
              autosize
              minRows={3}
              maxLength={QUOTE_LIMITS.reason}
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              data-autofocus
            />
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button onClick={confirm} loading={change.isPending}>
              Confirm
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
