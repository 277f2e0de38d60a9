import { Anchor } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { Link } from 'react-router';

/** A column showing the row's name in bold as the link to its screen. */
export function linkColumn<T>(
  accessor: string,
  title: string,
  link: { name: (record: T) => string; to: (record: T) => string },
): DataTableColumn<T> {
  return {
    accessor,
    title,
    render: (record) => (
      <Anchor component={Link} to={link.to(record)} fw={600} size="sm">
        {link.name(record)}
      </Anchor>
    ),
  };
}
