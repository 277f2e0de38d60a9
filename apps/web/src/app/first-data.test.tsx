import type { ReactElement } from 'react';
import { waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Action, SessionView } from '@siteflow/core';
import { CertificateTypeListScreen } from '../features/certificates/certificate-type-list-screen';
import { WorksAndMaterialsScreen } from '../features/catalogue/works-and-materials-screen';
import { ClientListScreen } from '../features/clients/client-list-screen';
import { CustomerListScreen } from '../features/customers/customer-list-screen';
import { MailboxListScreen } from '../features/mailbox/mailbox-list-screen';
import { MessageTemplateListScreen } from '../features/messages/message-template-list-screen';
import { ProviderListScreen } from '../features/providers/provider-list-screen';
import { CategoriesScreen } from '../features/reference/categories-screen';
import { ClassificationsScreen } from '../features/reference/classifications-screen';
import { TagsScreen } from '../features/reference/tags-screen';
import { SettingListScreen } from '../features/settings/setting-list-screen';
import { StaffListScreen } from '../features/staff/staff-list-screen';
import { TaskTemplateListScreen } from '../features/task-templates/task-template-list-screen';
import { mockFetch, platformSession, renderScreen, tenantSession } from '../test/render';
import { stubMatchMedia } from '../test/setup';
import { startFirstData } from './first-data';
import { createQueryClient } from './providers';

type Case = {
  name: string;
  /** The address the page opens on (with a query string where the list reads one). */
  address: string;
  screen: ReactElement;
  session: (abilities?: Action[]) => SessionView;
  ability: Action;
  /** The requests the screen's data makes (paths, no query string). */
  data: string[];
};

const tenant = (ability: Action) => (abilities?: Action[]) => tenantSession(abilities ?? [ability]);
const platform = (abilities?: Action[]) => ({ ...platformSession(), ...(abilities ? { abilities } : {}) });

const CASES: Case[] = [
  {
    name: 'clients',
    address: '/clients?search=harbour&status=inactive&page=2&pageSize=50',
    screen: <ClientListScreen />,
    session: tenant('clients.view'),
    ability: 'clients.view',
    data: ['/api/clients'],
  },
  {
    name: 'staff',
    address: '/staff?role=company_admin&status=active',
    screen: <StaffListScreen />,
    session: tenant('staff.view'),
    ability: 'staff.view',
    data: ['/api/staff'],
  },
  {
    name: 'service providers',
    address: '/service-providers?state=QLD&sort=performance&order=desc',
    screen: <ProviderListScreen />,
    session: tenant('providers.view'),
    ability: 'providers.view',
    data: ['/api/service-providers'],
  },
  {
    name: 'customers',
    address: '/customers?search=demo',
    screen: <CustomerListScreen />,
    session: platform,
    ability: 'customers.manage',
    data: ['/api/customers'],
  },
  {
    name: 'mailbox',
    address: '/mailbox?page=3',
    screen: <MailboxListScreen />,
    session: platform,
    ability: 'mailbox.read',
    data: ['/api/mailbox'],
  },
  {
    name: 'e-mail and SMS templates',
    address: '/message-templates?channel=sms',
    screen: <MessageTemplateListScreen />,
    session: tenant('messageTemplates.manage'),
    ability: 'messageTemplates.manage',
    data: ['/api/message-templates'],
  },
  {
    name: 'works and materials',
    address: '/works-and-materials?sort=unit_cost&order=asc',
    screen: <WorksAndMaterialsScreen />,
    session: tenant('catalogue.view'),
    ability: 'catalogue.view',
    data: ['/api/catalogue'],
  },
  {
    name: 'settings',
    address: '/settings',
    screen: <SettingListScreen />,
    session: tenant('settings.view'),
    ability: 'settings.view',
    data: ['/api/settings'],
  },
  {
    name: 'certificate types',
    address: '/certificate-types',
    screen: <CertificateTypeListScreen />,
    session: tenant('certificateTypes.manage'),
    ability: 'certificateTypes.manage',
    data: ['/api/certificate-types'],
  },
  {
    name: 'task templates',
    address: '/task-templates',
    screen: <TaskTemplateListScreen />,
    session: tenant('taskTemplates.manage'),
    ability: 'taskTemplates.manage',
    data: ['/api/task-templates'],
  },
  {
    name: 'categories',
    address: '/reference/categories',
    screen: <CategoriesScreen />,
    session: tenant('reference.view'),
    ability: 'reference.view',
    data: ['/api/categories', '/api/services'],
  },
  {
    name: 'tags',
    address: '/reference/tags',
    screen: <TagsScreen />,
    session: tenant('reference.view'),
    ability: 'reference.view',
    data: ['/api/tags'],
  },
  {
    name: 'classifications',
    address: '/reference/classifications',
    screen: <ClassificationsScreen />,
    session: tenant('reference.view'),
    ability: 'reference.view',
    data: ['/api/classifications'],
  },
];

/** Every list answers empty; the session is the case's. */
const serve = (session: SessionView) =>
  mockFetch((call) =>
    call.url.startsWith('/api/session') ? { body: session } : { body: { items: [], total: 0, page: 1, pageSize: 20 } },
  );

const pathOf = (url: string) => url.split('?')[0]!;
const location = (address: string) => {
  const url = new URL(address, 'http://x');
  return { pathname: url.pathname, search: url.search };
};

describe("the first requests of the screen a page opens on (the app's head start)", () => {
  beforeEach(() => {
    stubMatchMedia(true);
    Element.prototype.scrollTo ??= () => undefined;
  });

  it.each(CASES)(
    '$name: asks, from the address, exactly what the screen asks, and the screen asks nothing again',
    async ({ address, screen, session, data }) => {
      // What the screen asks for on its own.
      const alone = serve(session());
      renderScreen(screen, { session: session(), route: address, path: location(address).pathname });
      await waitFor(() => expect(alone.calls.filter((c) => data.includes(pathOf(c.url))).length).toBe(data.length));
      const screenAsks = alone.calls.map((c) => c.url).filter((url) => data.includes(pathOf(url)));

      // The head start, then the screen with the same cache.
      const fetch = serve(session());
      const client = createQueryClient({ retry: false });
      await startFirstData(client, location(address));
      const started = fetch.calls.map((c) => c.url).filter((url) => url !== '/api/session');
      expect(started.sort()).toEqual([...screenAsks].sort());
      const asked = fetch.calls.length;
      const view = renderScreen(screen, {
        session: session(),
        route: address,
        path: location(address).pathname,
        client,
      });
      await waitFor(() => expect(view.container.querySelector('h1')).not.toBeNull());
      // Given time for a request the screen would make after its first render.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(fetch.calls.slice(asked).filter((c) => data.includes(pathOf(c.url)))).toEqual([]);
    },
  );

  it.each(CASES)('$name: asks nothing but the session for a user who may not open the screen', async (c) => {
    const fetch = serve(c.session(c.ability === 'settings.view' ? ['staff.view'] : ['settings.view']));
    await startFirstData(createQueryClient({ retry: false }), location(c.address));
    expect(fetch.calls.map((call) => call.url)).toEqual(['/api/session']);
  });
});
