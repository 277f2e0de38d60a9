import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { Link } from 'react-router';

type Crumb = { label: string; to: string };

/**
 * The trail above a page's title: the list the page belongs to (a link), the record it is part of
 * when there is one (a link, e.g. the project of its quotes), then the page itself.
 */
export function BreadcrumbTrail({
  list,
  to,
  parent,
  current,
}: {
  list: string;
  to: string;
  parent?: Crumb;
  current: string;
}) {
  return (
    <Breadcrumbs mb="xs" aria-label="Breadcrumb">
      <Anchor component={Link} to={to} size="sm">
        {list}
      </Anchor>
      {parent ? (
        <Anchor component={Link} to={parent.to} size="sm">
          {parent.label}
        </Anchor>
      ) : null}
      <Text size="sm" c="dimmed" aria-current="page">
        {current}
      </Text>
    </Breadcrumbs>
  );
}

/** A project's page (its quotes, its bill of materials): Projects / {project code} / the page. */
export const ProjectPageTrail = ({
  projectId,
  code,
  current,
}: {
  projectId: number;
  code?: string | undefined;
  current: string;
}) => (
  <BreadcrumbTrail
    list="Projects"
    to="/projects"
    parent={{ label: code ?? 'Project', to: `/projects/${projectId}/show` }}
    current={current}
  />
);
