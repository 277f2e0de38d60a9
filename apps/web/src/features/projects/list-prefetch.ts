import type { QueryClient } from '@tanstack/react-query';
import { sessionAllowing } from '../../session';
import { readListParams } from '../../ui/list-page/list-state';
import { projectListQuery } from './list-api';
import { allowedFilters, listConfig } from './list-config';

/**
 * The page of projects the address asks for, requested as soon as the session is known (the app
 * starts this on /projects, app/first-data.ts), alongside the screen's code instead of after it: the
 * screen's query finds it in the cache or in flight. Nothing for anyone not signed in.
 */
export async function prefetchProjectList(client: QueryClient, search: string) {
  const session = await sessionAllowing(client, 'projects.view');
  if (!session) return;
  const params = readListParams(new URLSearchParams(search), listConfig(allowedFilters(session)));
  await client.prefetchQuery(projectListQuery(params));
}
