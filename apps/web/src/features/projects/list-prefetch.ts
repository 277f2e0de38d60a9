import type { SessionView } from '@siteflow/core';
import { readListParams } from '../../ui/list-page/list-state';
import { projectListQuery } from './list-api';
import { allowedFilters, listConfig } from './list-config';

/**
 * The query of the page of projects the address asks for, with the filters this user may set: the
 * app requests it as soon as the session is known (app/first-data.ts), alongside the screen's code
 * instead of after it, and the screen's query finds it in the cache or in flight.
 */
export const projectListFirstQuery = (search: string, session: SessionView) =>
  projectListQuery(readListParams(new URLSearchParams(search), listConfig(allowedFilters(session))));
