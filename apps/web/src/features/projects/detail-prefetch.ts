import type { QueryClient } from '@tanstack/react-query';
import type { SessionView } from '@siteflow/core';
import { sessionAllowing } from '../../session';
import { projectQuery } from './project-query';

/**
 * The project the details address names, requested as soon as the session is known (the app
 * starts this on /projects/:id/show, app/first-data.ts), alongside the screen's code instead of after
 * it: the screen's query finds it in the cache or in flight. Nothing for anyone not signed in or
 * not allowed to see projects; a failure is left to the screen's own query, which reports it.
 * `alongside(id, session)` starts the requests of the page's other parts at the same moment (the
 * app's parts of the page: `app/project-details-prefetch.ts`).
 */
export async function prefetchProject(
  client: QueryClient,
  pathname: string,
  alongside?: (id: number, session: SessionView) => Promise<unknown>[],
) {
  const id = Number(/^\/projects\/(\d+)\/show\/?$/.exec(pathname)?.[1]);
  if (!Number.isInteger(id) || id <= 0) return;
  const session = await sessionAllowing(client, 'projects.view');
  if (!session) return;
  await Promise.all([client.prefetchQuery(projectQuery(id)), ...(alongside?.(id, session) ?? [])]);
}
