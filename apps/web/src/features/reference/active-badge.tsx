import { Badge } from '@mantine/core';

export function ActiveBadge({ active }: { active: boolean }) {
  return (
    <Badge color={active ? 'green' : 'gray'} variant="light" style={{ overflow: 'visible' }}>
      {active ? 'Active' : 'Inactive'}
    </Badge>
  );
}
