import type { ReactNode } from 'react';
import { Table } from '@mantine/core';

/**
 * A table that scrolls sideways below `minWidth`. Its scroll area is a labelled region that takes
 * keyboard focus, so a keyboard user can scroll it with the arrow keys when its rows hold nothing
 * focusable (read-only rows, or an empty table's header alone): WCAG 2.1.1, axe's
 * scrollable-region-focusable. Tables whose rows hold buttons or fields need no such stop and use
 * `Table.ScrollContainer` directly.
 */
export function TableScroll({ label, minWidth, children }: { label: string; minWidth: number; children: ReactNode }) {
  return (
    <Table.ScrollContainer
      minWidth={minWidth}
      scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': label } }}
    >
      {children}
    </Table.ScrollContainer>
  );
}
