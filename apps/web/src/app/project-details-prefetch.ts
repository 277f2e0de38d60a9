import type { QueryClient } from '@tanstack/react-query';
import { prefetchProjectLinks } from '../features/project-links/prefetch';
import { prefetchProject } from '../features/projects/detail-prefetch';
import { prefetchProjectTasks } from '../features/tasks/project-prefetch';

/**
 * What a project's page asks for first, all at once as the app starts on it (`first-data.ts`):
 * the project, and the parts the app puts in the page (project-details-route.tsx) that the user
 * may see: the action list and storyboard, and the links. They used to wait until
 * the project had been drawn, a second round trip before the page was whole.
 */
export const prefetchProjectPage = (client: QueryClient, pathname: string, search: string) =>
  prefetchProject(client, pathname, (id, session) => [
    ...(session.abilities.includes('tasks.view') ? [prefetchProjectTasks(client, id, search)] : []),
    prefetchProjectLinks(client, id),
  ]);
