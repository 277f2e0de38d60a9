import { createElement } from 'react';
import { Title } from '@mantine/core';

/**
 * Placeholder created by the project details work so the screen can mount the panel; the project
 * links work replaces it with the real table and side form (spec 1: Project links panel).
 */
export function ProjectLinksPanel(_props: { projectId: number; canManage: boolean }) {
  return createElement(
    'section',
    { 'aria-label': 'Project Links' },
    createElement(Title, { order: 2, size: 'h4' }, 'Project Links'),
  );
}
