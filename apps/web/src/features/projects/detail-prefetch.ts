import type { QueryClient } from '@tanstack/react-query';
import { SESSION_KEY, fetchSession } from '../../session';
import { projectQuery } from './project-query';

/**
 * The project the details address names, requested as soon as the session is known (the app
 * starts this on /projects/:id/show, router.tsx), alongside the screen's code instead of after
 * it: the screen's query finds it in the cache or in flight. Nothing for anyone not signed in or
 * not allowed to see projects; a failure is left to the screen's own query, which reports it.
 */
export async function prefetchProject(client: QueryClient, pathname: string) {
  const id = Number(/^\/projects\/(\d+)\/show\/?$/.exec(pathname)?.[1]);
  if (!Number.isInteger(id) || id <= 0) return;
  const session = await client.ensureQueryData({
    queryKey: SESSION_KEY,
    queryFn: ({ signal }) => fetchSession(signal),
  });
  if (!session.user || !session.abilities.includes('projects.view')) return;
  await client.prefetchQuery(projectQuery(id));
}
