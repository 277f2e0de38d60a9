import { createBrowserRouter, type RouteObject } from 'react-router';
import { FullPageLoader } from '../ui/full-page';
import { HomeRedirect, NotFoundScreen, RequireAbility, RequireAuth, RootLayout } from './root-layout';
import { RouteError } from './route-error';

/** Each feature is its own chunk, fetched the first time one of its screens opens. */
const auth = () => import('../features/auth');
const customers = () => import('../features/customers');
const staff = () => import('../features/staff');
const settings = () => import('../features/settings');
const mailbox = () => import('../features/mailbox');
const projectCreate = () => import('../features/projects/project-create-screen');
const projectDetails = () => import('./project-details-route');
const shell = () => import('./shell/app-layout');
const projectList = () => import('../features/projects/project-list-screen');
const clients = () => import('../features/clients');
const reference = () => import('../features/reference');
const providers = () => import('../features/providers');
const certificates = () => import('../features/certificates');
const projectMap = () => import('../features/project-map');

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    HydrateFallback: FullPageLoader,
    ErrorBoundary: RouteError,
    children: [
      { path: 'login', lazy: async () => ({ Component: (await auth()).LoginScreen }) },
      { path: 'forgot-password', lazy: async () => ({ Component: (await auth()).ForgotPasswordScreen }) },
      { path: 'reset-password/:token', lazy: async () => ({ Component: (await auth()).ResetPasswordScreen }) },
      {
        Component: RequireAuth,
        children: [
          {
            lazy: async () => ({ Component: (await shell()).AppLayout }),
            children: [
              { index: true, Component: HomeRedirect },
              {
                path: 'projects',
                element: <RequireAbility ability="projects.view" />,
                children: [{ index: true, lazy: async () => ({ Component: (await projectList()).ProjectListScreen }) }],
              },
              {
                path: 'project-map',
                element: <RequireAbility ability="projectMap.view" />,
                children: [{ index: true, lazy: async () => ({ Component: (await projectMap()).ProjectMapScreen }) }],
              },
              {
                path: 'projects/:id/assign-provider',
                element: <RequireAbility ability="projects.assignProvider" />,
                children: [
                  { index: true, lazy: async () => ({ Component: (await providers()).ProviderSearchScreen }) },
                ],
              },
              {
                path: 'service-providers',
                element: <RequireAbility ability="providers.view" />,
                children: [
                  { index: true, lazy: async () => ({ Component: (await providers()).ProviderListScreen }) },
                  { path: 'show/:id', lazy: async () => ({ Component: (await providers()).ProviderShowScreen }) },
                  {
                    path: ':id/certifications',
                    element: <RequireAbility ability="certificates.view" />,
                    children: [
                      { index: true, lazy: async () => ({ Component: (await certificates()).CertificationsScreen }) },
                    ],
                  },
                  {
                    element: <RequireAbility ability="providers.search" />,
                    children: [
                      { path: 'search', lazy: async () => ({ Component: (await providers()).ProviderSearchScreen }) },
                    ],
                  },
                  {
                    element: <RequireAbility ability="providers.manage" />,
                    children: [
                      { path: 'new', lazy: async () => ({ Component: (await providers()).ProviderSetupScreen }) },
                      {
                        path: 'setup/:id/edit',
                        lazy: async () => ({ Component: (await providers()).ProviderSetupScreen }),
                      },
                    ],
                  },
                ],
              },
              {
                element: <RequireAbility ability="certificates.view" />,
                children: [
                  {
                    path: 'users/:userId/certifications',
                    lazy: async () => ({ Component: (await certificates()).CertificationsScreen }),
                  },
                  {
                    path: 'certifications/me',
                    lazy: async () => ({ Component: (await certificates()).CertificationsMeRedirect }),
                  },
                ],
              },
              {
                path: 'certificate-types',
                element: <RequireAbility ability="certificateTypes.manage" />,
                children: [
                  { index: true, lazy: async () => ({ Component: (await certificates()).CertificateTypeListScreen }) },
                  { path: 'new', lazy: async () => ({ Component: (await certificates()).CertificateTypeEditScreen }) },
                  {
                    path: ':id/edit',
                    lazy: async () => ({ Component: (await certificates()).CertificateTypeEditScreen }),
                  },
                ],
              },
              {
                path: 'clients',
                element: <RequireAbility ability="clients.view" />,
                children: [
                  { index: true, lazy: async () => ({ Component: (await clients()).ClientListScreen }) },
                  {
                    element: <RequireAbility ability="clients.manage" />,
                    children: [
                      { path: 'new', lazy: async () => ({ Component: (await clients()).ClientCreateScreen }) },
                    ],
                  },
                  { path: ':id/edit', lazy: async () => ({ Component: (await clients()).ClientEditScreen }) },
                ],
              },
              {
                path: 'reference',
                element: <RequireAbility ability="reference.view" />,
                children: [
                  { index: true, lazy: async () => ({ Component: (await reference()).ReferenceIndexRedirect }) },
                  { path: 'categories', lazy: async () => ({ Component: (await reference()).CategoriesScreen }) },
                  { path: 'tags', lazy: async () => ({ Component: (await reference()).TagsScreen }) },
                  {
                    path: 'classifications',
                    lazy: async () => ({ Component: (await reference()).ClassificationsScreen }),
                  },
                ],
              },
              {
                path: 'customers',
                element: <RequireAbility ability="customers.manage" />,
                children: [
                  { index: true, lazy: async () => ({ Component: (await customers()).CustomerListScreen }) },
                  { path: 'new', lazy: async () => ({ Component: (await customers()).CustomerCreateScreen }) },
                  { path: ':id/edit', lazy: async () => ({ Component: (await customers()).CustomerEditScreen }) },
                ],
              },
              {
                path: 'staff',
                element: <RequireAbility ability="staff.view" />,
                children: [
                  { index: true, lazy: async () => ({ Component: (await staff()).StaffListScreen }) },
                  {
                    element: <RequireAbility ability="staff.manage" />,
                    children: [
                      { path: 'new', lazy: async () => ({ Component: (await staff()).StaffCreateScreen }) },
                      { path: ':id/edit', lazy: async () => ({ Component: (await staff()).StaffEditScreen }) },
                    ],
                  },
                ],
              },
              {
                path: 'settings',
                element: <RequireAbility ability="settings.view" />,
                children: [
                  { index: true, lazy: async () => ({ Component: (await settings()).SettingListScreen }) },
                  {
                    element: <RequireAbility ability="settings.manage" />,
                    children: [
                      { path: 'new', lazy: async () => ({ Component: (await settings()).SettingCreateScreen }) },
                    ],
                  },
                  { path: ':id/edit', lazy: async () => ({ Component: (await settings()).SettingEditScreen }) },
                ],
              },
              {
                path: 'mailbox',
                element: <RequireAbility ability="mailbox.read" />,
                children: [
                  { index: true, lazy: async () => ({ Component: (await mailbox()).MailboxListScreen }) },
                  { path: ':id', lazy: async () => ({ Component: (await mailbox()).MailboxMessageScreen }) },
                ],
              },
              {
                path: 'projects/new',
                element: <RequireAbility ability="projects.create" />,
                children: [
                  { index: true, lazy: async () => ({ Component: (await projectCreate()).ProjectCreateScreen }) },
                ],
              },
              {
                path: 'projects/:id/show',
                element: <RequireAbility ability="projects.view" />,
                children: [
                  { index: true, lazy: async () => ({ Component: (await projectDetails()).ProjectDetailsRoute }) },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', Component: NotFoundScreen },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
