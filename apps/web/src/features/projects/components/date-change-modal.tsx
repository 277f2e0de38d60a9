import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { PROJECT_TEXT } from '@siteflow/core';

/** The date-change answer: an official shift keeps its reason; otherwise no reason is kept. */
export type DateChangeAnswer = { official_shift: boolean; shift_reason: string | null };

export const DATE_CHANGE_TITLE = 'Project dates changed';

type Props = { opened: boolean; onAnswer: (answer: DateChangeAnswer) => void };

/**
 * Asked after the start or end date changed, before the details are saved. Yes records an
 * official shift with the reason (default 'Site Attendance'); No, or closing, records none.
 */
export function DateChangeModal({ opened, onAnswer }: Props) {
  return (
    <Modal
      opened={opened}
      onClose={() => onAnswer({ official_shift: false, shift_reason: null })}
      title={DATE_CHANGE_TITLE}
      centered
    >
      {/* Mounted per opening, so the reason starts from the default each time. */}
      {opened ? <DateChangeBody onAnswer={onAnswer} /> : null}
    </Modal>
  );
}

function DateChangeBody({ onAnswer }: { onAnswer: Props['onAnswer'] }) {
  const [reason, setReason] = useState<string>(PROJECT_TEXT.defaultShiftReason);
  return (
    <Stack gap="md">
      <Text size="sm">{PROJECT_TEXT.dateChangeQuestion}</Text>
      <TextInput
        label="Reason"
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
        maxLength={200}
        data-autofocus
      />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={() => onAnswer({ official_shift: false, shift_reason: null })}>
          No
        </Button>
        <Button
          onClick={() =>
            onAnswer({ official_shift: true, shift_reason: reason.trim() || PROJECT_TEXT.defaultShiftReason })
          }
        >
          Yes
        </Button>
      </Group>
    </Stack>
  );
}
