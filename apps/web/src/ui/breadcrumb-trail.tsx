import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { Link } from 'react-router';

/** The trail above a page's title: the list the page belongs to (a link), then the page itself. */
export function BreadcrumbTrail({ list, to, current }: { list: string; to: string; current: string }) {
  return (
    <Breadcrumbs mb="xs" aria-label="Breadcrumb">
      <Anchor component={Link} to={to} size="sm">
        {list}
      </Anchor>
      <Text size="sm" c="dimmed" aria-current="page">
        {current}
      </Text>
    </Breadcrumbs>
  );
}
