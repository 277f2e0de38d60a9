import { Button } from '@mantine/core';
import { IconFileCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { CLIENT_QUOTE_TEXT } from '@siteflow/core';
import { useCan } from '../../session';

/**
 * A client user's 'Quote' button on the project (issue 13 section 6): the quote sent to them, to
 * read and accept or reject (/projects/:id/quote). Nothing for anyone without quotes.respond.
 */
export function ClientQuoteButton({ projectId }: { projectId: number }) {
  const canRespond = useCan('quotes.respond');
  if (!canRespond) return null;
  return (
    <Button
      component={Link}
      to={`/projects/${projectId}/quote`}
      variant="default"
      leftSection={<IconFileCheck size={16} aria-hidden />}
    >
      {CLIENT_QUOTE_TEXT.button}
    </Button>
  );
}
