import { Modal, Stack, Text } from '@mantine/core';
import { QUOTE_TERMS } from '@siteflow/core';

/** 'View T&Cs' (spec 3 sections 2.1, 2.2): the terms and conditions of quotes and agreements. */
export function TermsModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Terms & Conditions" size="lg">
      <Stack gap="xs">
        {QUOTE_TERMS.map((t) => (
          <Text key={t} size="sm">
            {t}
          </Text>
        ))}
      </Stack>
    </Modal>
  );
}
