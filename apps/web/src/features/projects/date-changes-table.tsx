import { Badge, Table, Text } from '@mantine/core';
import { formatDetailDate, type DateChangeView } from '@siteflow/core';
import { TableScroll } from '../../ui/table-scroll';

const change = (from: string | null, to: string | null) =>
  from === to
    ? formatDetailDate(to) || '—'
    : `${formatDetailDate(from) || 'Not set'} → ${formatDetailDate(to) || 'Not set'}`;

/** Who moved the dates, when, from what to what, whether it was an official shift and why. */
export function DateChangesTable({ changes }: { changes: DateChangeView[] }) {
  if (!changes.length) {
    return (
      <Text size="sm" c="dimmed">
        No date changes recorded.
      </Text>
    );
  }
  return (
    <TableScroll label="Date change history" minWidth={860}>
      <Table striped verticalSpacing="sm" aria-label="Date change history">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Changed By</Table.Th>
            <Table.Th>Changed At</Table.Th>
            <Table.Th>Start Date</Table.Th>
            <Table.Th>End Date</Table.Th>
            <Table.Th>Official Shift</Table.Th>
            <Table.Th>Reason</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {changes.map((c) => (
            <Table.Tr key={c.id}>
              <Table.Td>{c.changed_by ?? '—'}</Table.Td>
              <Table.Td>{formatDetailDate(c.changed_at)}</Table.Td>
              <Table.Td>{change(c.old_start, c.new_start)}</Table.Td>
              <Table.Td>{change(c.old_end, c.new_end)}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={c.official_shift ? 'green' : 'gray'}>
                  {c.official_shift ? 'Yes' : 'No'}
                </Badge>
              </Table.Td>
              <Table.Td>{c.reason ?? '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}
