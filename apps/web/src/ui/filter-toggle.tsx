import type { ReactNode } from 'react';
import { Badge, Button } from '@mantine/core';
import { IconAdjustmentsHorizontal } from '@tabler/icons-react';

/**
 * The button that shows or hides a screen's filters, with a badge of how many are set (the
 * project map's 'Show More Filters', the action list's on a phone). `controls` is the id of the
 * filters' container.
 */
export function FilterToggle({
  expanded,
  count,
  controls,
  onToggle,
  children,
}: {
  expanded: boolean;
  count: number;
  controls: string;
  onToggle: () => void;
  children: ReactNode;
}) {
  return (
    <Button
      variant="light"
      leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}
      rightSection={
        count > 0 ? (
          <Badge size="sm" circle aria-hidden>
            {count}
          </Badge>
        ) : null
      }
      title={count > 0 ? `${count} ${count === 1 ? 'filter' : 'filters'} set` : undefined}
      aria-expanded={expanded}
      aria-controls={controls}
      onClick={onToggle}
    >
      {children}
    </Button>
  );
}
