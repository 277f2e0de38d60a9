import { useState } from 'react';
import { Button } from '@mantine/core';
import { IconFileDollar } from '@tabler/icons-react';
import { useCan } from '../../session';
import { QuoteRequestModal } from './quote-request-modal';

/** 'Request a Quote' for client and provider users (quoteRequests.create); nothing for anyone else. */
export function QuoteRequestButton({ onCreated }: { onCreated?: () => void }) {
  const allowed = useCan('quoteRequests.create');
  const [opened, setOpened] = useState(false);
  if (!allowed) return null;
  return (
    <>
      <Button leftSection={<IconFileDollar size={16} aria-hidden />} onClick={() => setOpened(true)}>
        Request a Quote
      </Button>
      <QuoteRequestModal opened={opened} onClose={() => setOpened(false)} onCreated={onCreated} />
    </>
  );
}
