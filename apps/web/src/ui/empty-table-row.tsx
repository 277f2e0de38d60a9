import type { ReactNode } from 'react';
import { Table, Text, type TextProps } from '@mantine/core';

/** A table's one row when it has none: the text across all its `columns`, dimmed. */
export function EmptyTableRow({ columns, children, ...text }: TextProps & { columns: number; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={columns}>
        <Text c="dimmed" {...text}>
          {children}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}
