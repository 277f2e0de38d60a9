import type { FetchQueryOptions, QueryClient } from '@tanstack/react-query';
import type { Action, SessionView } from '@siteflow/core';
import { sessionAllowing } from '../session';
import type { PagedList } from '../ui/list-page/paged-list';

type FirstData = (client: QueryClient, search: string, pathname: string) => Promise<unknown>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each query has its own data type
type Queries = (search: string, session: SessionView) => FetchQueryOptions<any, any, any, any>[];

/**
 * Once the session is known to allow `ability` (the route's own), the screen's queries for the
 * address's query string, from the feature's api.ts: the same options its hooks use, so the
 * screen finds its data in the cache or in flight. The api module and the session load together.
 */
const whenAllowed =
  (ability: Action, load: () => Promise<Queries>): FirstData =>
  async (client, search) => {
    const [queries, session] = await Promise.all([load(), sessionAllowing(client, ability)]);
    if (session) await Promise.all(queries(search, session).map((query) => client.prefetchQuery(query)));
  };

/** A paged list's page for the address (`ui/list-page/paged-list.ts`). */
const page =
  <F extends string, S extends string, T>(list: PagedList<F, S, T>): Queries =>
  (search) => [list.fromSearch(search)];

/**
 * The data of the screen the page opens on, requested once the session is known, alongside the
 * screen's code (router.tsx `preloadFirstScreen`): the screen's own query would ask only once its
 * code had arrived and run, a round trip and a render later (about 100-250 ms of a cold load).
 * One entry per screen that shows data as it opens; the address patterns are the routes'.
 */
const FIRST_DATA: [RegExp, FirstData][] = [
  [
    /^\/projects\/?$/,
    whenAllowed('projects.view', () =>
      import('../features/projects/list-prefetch').then((m) => (search, session) => [
        m.projectListFirstQuery(search, session),
      ]),
    ),
  ],
  [
    /^\/projects\/\d+\/show\/?$/,
    (client, search, pathname) =>
      import('./project-details-prefetch').then((m) => m.prefetchProjectPage(client, pathname, search)),
  ],
  [
    /^\/clients\/?$/,
    whenAllowed('clients.view', () => import('../features/clients/api').then((m) => page(m.clientList))),
  ],
  [/^\/staff\/?$/, whenAllowed('staff.view', () => import('../features/staff/api').then((m) => page(m.staffList)))],
  [
    /^\/service-providers\/?$/,
    whenAllowed('providers.view', () => import('../features/providers/api').then((m) => page(m.providerList))),
  ],
  [
    /^\/customers\/?$/,
    whenAllowed('customers.manage', () => import('../features/customers/api').then((m) => page(m.customerList))),
  ],
  [
    /^\/mailbox\/?$/,
    whenAllowed('mailbox.read', () => import('../features/mailbox/api').then((m) => page(m.mailboxList))),
  ],
  [
    /^\/message-templates\/?$/,
    whenAllowed('messageTemplates.manage', () =>
      import('../features/messages/api').then((m) => page(m.messageTemplateList)),
    ),
  ],
  [
    /^\/works-and-materials\/?$/,
    whenAllowed('catalogue.view', () => import('../features/catalogue/api').then((m) => page(m.workItemList))),
  ],
  [
    /^\/settings\/?$/,
    whenAllowed('settings.view', () => import('../features/settings/api').then((m) => () => [m.settingListQuery])),
  ],
  [
    /^\/certificate-types\/?$/,
    whenAllowed('certificateTypes.manage', () =>
      import('../features/certificates/api').then((m) => () => [m.certificateTypeListQuery]),
    ),
  ],
  [
    /^\/task-templates\/?$/,
    whenAllowed('taskTemplates.manage', () =>
      import('../features/task-templates/api').then((m) => () => [m.taskTemplateListQuery]),
    ),
  ],
  [
    /^\/reference(\/categories)?\/?$/,
    whenAllowed('reference.view', () =>
      import('../features/reference/api').then((m) => () => [
        m.referenceQueries.categories,
        m.referenceQueries.services,
      ]),
    ),
  ],
  [
    /^\/reference\/tags\/?$/,
    whenAllowed('reference.view', () =>
      import('../features/reference/api').then((m) => () => [m.referenceQueries.tags]),
    ),
  ],
  [
    /^\/reference\/classifications\/?$/,
    whenAllowed('reference.view', () =>
      import('../features/reference/api').then((m) => () => [m.referenceQueries.classifications]),
    ),
  ],
];

/** Starts the requests of the screen at this address, if it has any (settled once they are answered). */
export function startFirstData(client: QueryClient, { pathname, search }: { pathname: string; search: string }) {
  return FIRST_DATA.find(([pattern]) => pattern.test(pathname))?.[1](client, search, pathname);
}
