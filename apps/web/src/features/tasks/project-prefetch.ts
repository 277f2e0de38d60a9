import type { QueryClient } from '@tanstack/react-query';
import { storyboardQuery, taskListQuery } from './api';
import { listParams, readFilters } from './filters';

/**
 * A project page's action list (with the filters its address carries) and storyboard, requested as
 * the app starts on the page (`app/project-details-prefetch.ts`) instead of once the project has
 * been drawn: the panels' queries find them in the cache or in flight.
 */
export function prefetchProjectTasks(client: QueryClient, projectId: number, search: string): Promise<unknown> {
  const params = listParams(readFilters(new URLSearchParams(search), projectId), projectId);
  return Promise.all([
    client.prefetchInfiniteQuery(taskListQuery(params)),
    client.prefetchQuery(storyboardQuery(projectId, 'client')),
  ]);
}
