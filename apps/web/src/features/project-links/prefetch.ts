import type { QueryClient } from '@tanstack/react-query';
import { LINKS_PAGE_SIZE, projectLinksQuery } from './api';

/** The first page of a project's links, requested as the app starts on the project's page (`app/project-details-prefetch.ts`). */
export const prefetchProjectLinks = (client: QueryClient, projectId: number): Promise<void> =>
  client.prefetchQuery(projectLinksQuery(projectId, 1, LINKS_PAGE_SIZE));
