import type { ComponentType } from 'react';
import {
  IconAddressBook,
  IconBriefcase,
  IconBuildingSkyscraper,
  IconPackage,
  IconCertificate,
  IconChecklist,
  IconChartBar,
  IconFileCertificate,
  IconFileText,
  IconMap2,
  IconTool,
  IconListDetails,
  IconMail,
  IconScale,
  IconUsers,
  type IconProps,
} from '@tabler/icons-react';
import { FILTERED_VIEW_FILTERS, FILTERED_VIEWS, type Action, type SessionView } from '@siteflow/core';

export type MenuLink = { label: string; href: string; ability: Action };
export type MenuItem = {
  label: string;
  icon: ComponentType<IconProps>;
  /** A plain item links here; an item with children only groups them. */
  href?: string;
  ability?: Action;
  children?: MenuLink[];
};

/** The published terms and policies (/legal): every role, in both areas, may read them. */
const LEGAL_ITEM: MenuItem = { label: 'Terms and policies', icon: IconFileText, href: '/legal' };

const PLATFORM_MENU: MenuItem[] = [
  {
    label: 'Customers',
    icon: IconBuildingSkyscraper,
    children: [
      { label: 'All customers', href: '/customers', ability: 'customers.manage' },
      { label: 'New customer', href: '/customers/new', ability: 'customers.manage' },
    ],
  },
  { label: 'Mailbox', icon: IconMail, href: '/mailbox', ability: 'mailbox.read' },
  {
    label: 'Settings',
    icon: IconScale,
    children: [{ label: 'Legal settings', href: '/settings', ability: 'settings.view' }],
  },
  LEGAL_ITEM,
];

const TENANT_MENU: MenuItem[] = [
  {
    label: 'Projects',
    icon: IconBriefcase,
    children: [
      { label: 'All projects', href: '/projects', ability: 'projects.view' },
      { label: 'New project', href: '/projects/new', ability: 'projects.create' },
    ],
  },
  { label: 'Project map', icon: IconMap2, href: '/project-map', ability: 'projectMap.view' },
  {
    label: 'Action list',
    icon: IconChecklist,
    // Each filtered view is the list's address with its filters (names in alphabetical order, as
    // the list writes them), so the view is marked active while its filters are unchanged.
    children: FILTERED_VIEWS.map((view) => ({
      label: view,
      href: `/action-list?${new URLSearchParams(Object.entries(FILTERED_VIEW_FILTERS[view]).sort()).toString()}`,
      // Unallocated is a company view: client and provider users filter by Any and Mine only.
      ability: view === 'Unallocated' ? ('tasks.manage' as const) : ('tasks.view' as const),
    })),
  },
  {
    label: 'Service providers',
    icon: IconTool,
    children: [
      { label: 'All service providers', href: '/service-providers', ability: 'providers.view' },
      { label: 'Find a provider', href: '/service-providers/search', ability: 'providers.search' },
      { label: 'New service provider', href: '/service-providers/new', ability: 'providers.manage' },
    ],
  },
  {
    label: 'Certifications',
    icon: IconCertificate,
    children: [
      { label: 'My certifications', href: '/certifications/me', ability: 'certificates.view' },
      { label: 'Certificate types', href: '/certificate-types', ability: 'certificateTypes.manage' },
    ],
  },
  { label: 'Clients', icon: IconAddressBook, href: '/clients', ability: 'clients.view' },
  { label: 'Works & Materials', icon: IconPackage, href: '/works-and-materials', ability: 'catalogue.view' },
  { label: 'Finance report', icon: IconChartBar, href: '/reports/finance', ability: 'reports.view' },
  // A provider's users: the agreements made with their provider (staff reach them from a quote).
  { label: 'Agreements', icon: IconFileCertificate, href: '/agreements', ability: 'agreements.respond' },
  {
    label: 'Staff',
    icon: IconUsers,
    children: [
      { label: 'All staff', href: '/staff', ability: 'staff.view' },
      { label: 'New staff', href: '/staff/new', ability: 'staff.manage' },
    ],
  },
  {
    label: 'Reference data',
    icon: IconListDetails,
    children: [
      { label: 'Categories & services', href: '/reference/categories', ability: 'reference.view' },
      { label: 'Tags', href: '/reference/tags', ability: 'reference.view' },
      { label: 'Classifications', href: '/reference/classifications', ability: 'reference.view' },
    ],
  },
  {
    label: 'Settings',
    icon: IconScale,
    children: [
      { label: 'Legal settings', href: '/settings', ability: 'settings.view' },
      { label: 'Task Templates', href: '/task-templates', ability: 'taskTemplates.manage' },
      { label: 'E-mail & SMS Templates', href: '/message-templates', ability: 'messageTemplates.manage' },
    ],
  },
  LEGAL_ITEM,
];

/** The menu of this area, without what the user may not do (and without empty groups). */
export function menuFor(session: Pick<SessionView, 'area' | 'abilities'>): MenuItem[] {
  const allowed = (a?: Action) => !a || session.abilities.includes(a);
  const items = session.area === 'platform' ? PLATFORM_MENU : TENANT_MENU;
  return items
    .map((item) => (item.children ? { ...item, children: item.children.filter((c) => allowed(c.ability)) } : item))
    .filter((item) => (item.children ? item.children.length > 0 : allowed(item.ability)));
}

/**
 * The current path plus query string marks the active item: an exact match of path
 * and query first, then the exact path, then the longest link the path lies under.
 */
/**
 * The address the menu matches: /certifications/me redirects to the user's own
 * /users/{id}/certifications, which stays "My certifications" in the menu.
 */
export function menuPath(session: SessionView, pathname: string): string {
  const own = session.user ? `/users/${encodeURIComponent(session.user.id)}/certifications` : null;
  return own !== null && pathname === own ? '/certifications/me' : pathname;
}

export function activeHref(items: MenuItem[], pathname: string, search: string): string | null {
  const hrefs = items.flatMap((i) => (i.children ? i.children.map((c) => c.href) : i.href ? [i.href] : []));
  const full = pathname + search;
  const exact = hrefs.find((h) => h === full) ?? hrefs.find((h) => h === pathname);
  if (exact) return exact;
  const under = hrefs
    .filter((h) => !h.includes('?') && pathname.startsWith(`${h}/`))
    .sort((a, b) => b.length - a.length);
  return under[0] ?? null;
}
