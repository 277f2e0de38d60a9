import { useState } from 'react';
import { Table, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import type { TaskHistoryRow } from '@siteflow/core';
import { EmptyTableRow } from '../../ui/empty-table-row';
import { ErrorState, LoadingState } from '../../ui/query-states';
import { useTaskHistory } from './api';
import { formatDue } from './task-row';

type Column = 'date' | 'type' | 'description' | 'user';
const COLUMNS: { key: Column; label: string }[] = [
  { key: 'date', label: 'Date' },
  { key: 'type', label: 'Type' },
  { key: 'description', label: 'Description' },
  { key: 'user', label: 'User' },
];

const sortRows = (rows: TaskHistoryRow[], column: Column, descending: boolean) =>
  [...rows].sort((a, b) => {
    // Dates are 'YYYY-MM-DD HH:mm': their text order is their time order.
    const order = (a[column] ?? '').localeCompare(b[column] ?? '');
    return descending ? -order : order;
  });

/** A task's history (spec 2 section 2.6): Date, Type, Description and User, each sortable. */
export function TaskHistory({ taskId }: { taskId: number }) {
  const query = useTaskHistory(taskId);
  const [sort, setSort] = useState<{ column: Column; descending: boolean }>({ column: 'date', descending: true });
  if (query.isPending) return <LoadingState label="Loading the history…" />;
  if (query.isError)
    return <ErrorState error={query.error} onRetry={() => void query.refetch()} title="Could not load the history" />;
  const rows = sortRows(query.data.items, sort.column, sort.descending);
  const sortBy = (column: Column) =>
    setSort((s) => ({ column, descending: s.column === column ? !s.descending : false }));

  return (
    <Table striped highlightOnHover aria-label="Task history">
      <Table.Thead>
        <Table.Tr>
          {COLUMNS.map(({ key, label }) => {
            const active = sort.column === key;
            return (
              <Table.Th key={key} aria-sort={active ? (sort.descending ? 'descending' : 'ascending') : 'none'}>
                <UnstyledButton onClick={() => sortBy(key)} fw={600} fz="sm">
                  {label}{' '}
                  {active ? (
                    sort.descending ? (
                      <IconArrowDown size={12} aria-hidden />
                    ) : (
                      <IconArrowUp size={12} aria-hidden />
                    )
                  ) : null}
                </UnstyledButton>
              </Table.Th>
            );
          })}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.length === 0 ? (
          <EmptyTableRow columns={4} size="sm">
            No records found...
          </EmptyTableRow>
        ) : (
          rows.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td>{formatDue(row.date)}</Table.Td>
              <Table.Td>{row.type}</Table.Td>
              <Table.Td>{row.description}</Table.Td>
              <Table.Td>{row.user ?? ''}</Table.Td>
            </Table.Tr>
          ))
        )}
      </Table.Tbody>
    </Table>
  );
}
