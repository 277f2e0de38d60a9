import { Text } from '@mantine/core';
import { formatDateTime } from '@siteflow/core';

/**
 * A date and time for a table cell (DD/MM/YYYY h:mm am): the date above the time, so narrow
 * columns stay readable. The text reads as one ('21/11/2026 8:00 am'). An instant (ISO with Z or
 * an offset) shows on the company's clock, a wall-clock value as written (core formatDateTime).
 */
export function DateTimeCell({ value }: { value: string | null | undefined }) {
  const text = formatDateTime(value);
  if (!text) return null;
  const cut = text.indexOf(' ');
  return (
    <Text size="sm" component="span" style={{ display: 'block', whiteSpace: 'nowrap' }}>
      <span style={{ display: 'block' }}>{text.slice(0, cut)}</span>{' '}
      <Text component="span" size="xs" c="dimmed" style={{ display: 'block' }}>
        {text.slice(cut + 1)}
      </Text>
    </Text>
  );
}
