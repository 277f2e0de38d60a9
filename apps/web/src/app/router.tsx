import { Suspense } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import type { Action } from '@siteflow/core';
import { FullPageLoader } from '../ui/full-page';
import { chunk, lazyPart } from '../ui/lazy-part';
import { projectMapCanvasChunk } from '../features/project-map/chunks';
import { providerPartChunk } from '../features/project-provider/chunks';
import { providerMapChunk, searchMapChunk } from '../features/providers/chunks';
import { startFirstData } from './first-data';
import { HomeRedirect, NotFoundScreen, RequireAbility, RequireAuth, RootLayout } from './root-layout';
import { RouteErrorBoundary } from './route-error';

/**
 * The screens, one chunk per screen module (not a feature's barrel: a list would wait for its
 * forms' code), fetched the first time one of its screens opens (lazy parts, `ui/lazy-part.tsx`).
 * Declarative routes (<Routes>), not a data router: the app loads its data with TanStack Query,
 * and the data router's own code is about 15 kB gzipped more on every page, the sign-in page
 * included.
 */
const auth = chunk(() => import('../features/auth'));
const customerList = chunk(() => import('../features/customers/customer-list-screen'));
const customerForms = chunk(() => import('../features/customers/customer-screens'));
const staffList = chunk(() => import('../features/staff/staff-list-screen'));
const staffForms = chunk(() => import('../features/staff/staff-screens'));
const settingList = chunk(() => import('../features/settings/setting-list-screen'));
const settingEditors = chunk(() => import('../features/settings/setting-editor-screens'));
// The published terms and policies: public, and without the settings editor's code.
const legal = chunk(() => import('../features/settings/legal-screen'));
const taskTemplateList = chunk(() => import('../features/task-templates/task-template-list-screen'));
const taskTemplateEditor = chunk(() => import('../features/task-templates/task-template-editor-screen'));
const messageTemplateList = chunk(() => import('../features/messages/message-template-list-screen'));
const messageTemplateForms = chunk(() => import('../features/messages/message-template-screens'));
const mailboxList = chunk(() => import('../features/mailbox/mailbox-list-screen'));
const mailboxMessage = chunk(() => import('../features/mailbox/mailbox-message-screen'));
const clientList = chunk(() => import('../features/clients/client-list-screen'));
const clientForms = chunk(() => import('../features/clients/client-screens'));
const catalogue = chunk(() => import('../features/catalogue'));
const categories = chunk(() => import('../features/reference/categories-screen'));
const tags = chunk(() => import('../features/reference/tags-screen'));
const classifications = chunk(() => import('../features/reference/classifications-screen'));
// One chunk per provider screen: the search (a map) does not wait for the setup form's code.
const providerList = chunk(() => import('../features/providers/provider-list-screen'));
const providerShow = chunk(() => import('../features/providers/provider-show-screen'));
const providerSetup = chunk(() => import('../features/providers/provider-setup-screen'));
const providerSearch = chunk(() => import('../features/providers/provider-search-screen'));
const certifications = chunk(() => import('../features/certificates/certifications-screen'));
const certificateTypeList = chunk(() => import('../features/certificates/certificate-type-list-screen'));
const certificateTypeEdit = chunk(() => import('../features/certificates/certificate-type-edit-screen'));
const projectMap = chunk(() => import('../features/project-map'));
const tasks = chunk(() => import('../features/tasks'));
const quotes = chunk(() => import('../features/quotes/quotes-screen'));
const clientQuote = chunk(() => import('../features/quotes/client-quote-screen'));
const bom = chunk(() => import('../features/bom'));
const agreements = chunk(() => import('../features/agreements/agreements-screen'));
const providerAgreements = chunk(() => import('../features/agreements/provider-screens'));
const finance = chunk(() => import('../features/finance'));
const reports = chunk(() => import('../features/reports'));
const shell = chunk(() => import('./signed-in'));
const projectList = chunk(() => import('../features/projects/project-list-screen'));
const projectCreate = chunk(() => import('../features/projects/project-create-screen'));
const projectDetails = chunk(() => import('./project-details-route'));

const LoginScreen = lazyPart(auth, (m) => m.LoginScreen);
const ForgotPasswordScreen = lazyPart(auth, (m) => m.ForgotPasswordScreen);
const ResetPasswordScreen = lazyPart(auth, (m) => m.ResetPasswordScreen);
const LegalScreen = lazyPart(legal, (m) => m.LegalScreen);
const AppLayout = lazyPart(shell, (m) => m.AppLayout);
const ProjectListScreen = lazyPart(projectList, (m) => m.ProjectListScreen);
const ProjectCreateScreen = lazyPart(projectCreate, (m) => m.ProjectCreateScreen);
const ProjectDetailsRoute = lazyPart(projectDetails, (m) => m.ProjectDetailsRoute);
const ProjectMapScreen = lazyPart(projectMap, (m) => m.ProjectMapScreen);
const ActionListScreen = lazyPart(tasks, (m) => m.ActionListScreen);
const QuotesScreen = lazyPart(quotes, (m) => m.QuotesScreen);
const ClientQuoteScreen = lazyPart(clientQuote, (m) => m.ClientQuoteScreen);
const BomScreen = lazyPart(bom, (m) => m.BomScreen);
const AgreementsScreen = lazyPart(agreements, (m) => m.AgreementsScreen);
const ProviderAgreementListScreen = lazyPart(providerAgreements, (m) => m.ProviderAgreementListScreen);
const ProviderAgreementScreen = lazyPart(providerAgreements, (m) => m.ProviderAgreementScreen);
const FinanceScreen = lazyPart(finance, (m) => m.FinanceScreen);
const FinanceReportScreen = lazyPart(reports, (m) => m.FinanceReportScreen);
const ProviderListScreen = lazyPart(providerList, (m) => m.ProviderListScreen);
const ProviderShowScreen = lazyPart(providerShow, (m) => m.ProviderShowScreen);
const ProviderSearchScreen = lazyPart(providerSearch, (m) => m.ProviderSearchScreen);
const ProviderSetupScreen = lazyPart(providerSetup, (m) => m.ProviderSetupScreen);
const CertificationsScreen = lazyPart(certifications, (m) => m.CertificationsScreen);
const CertificationsMeRedirect = lazyPart(certifications, (m) => m.CertificationsMeRedirect);
const CertificateTypeListScreen = lazyPart(certificateTypeList, (m) => m.CertificateTypeListScreen);
const CertificateTypeEditScreen = lazyPart(certificateTypeEdit, (m) => m.CertificateTypeEditScreen);
const ClientListScreen = lazyPart(clientList, (m) => m.ClientListScreen);
const WorksAndMaterialsScreen = lazyPart(catalogue, (m) => m.WorksAndMaterialsScreen);
const ClientCreateScreen = lazyPart(clientForms, (m) => m.ClientCreateScreen);
const ClientEditScreen = lazyPart(clientForms, (m) => m.ClientEditScreen);
const CategoriesScreen = lazyPart(categories, (m) => m.CategoriesScreen);
const TagsScreen = lazyPart(tags, (m) => m.TagsScreen);
const ClassificationsScreen = lazyPart(classifications, (m) => m.ClassificationsScreen);
const CustomerListScreen = lazyPart(customerList, (m) => m.CustomerListScreen);
const CustomerCreateScreen = lazyPart(customerForms, (m) => m.CustomerCreateScreen);
const CustomerEditScreen = lazyPart(customerForms, (m) => m.CustomerEditScreen);
const StaffListScreen = lazyPart(staffList, (m) => m.StaffListScreen);
const StaffCreateScreen = lazyPart(staffForms, (m) => m.StaffCreateScreen);
const StaffEditScreen = lazyPart(staffForms, (m) => m.StaffEditScreen);
const SettingListScreen = lazyPart(settingList, (m) => m.SettingListScreen);
const SettingCreateScreen = lazyPart(settingEditors, (m) => m.SettingCreateScreen);
const SettingEditScreen = lazyPart(settingEditors, (m) => m.SettingEditScreen);
const TaskTemplateListScreen = lazyPart(taskTemplateList, (m) => m.TaskTemplateListScreen);
const TaskTemplateCreateScreen = lazyPart(taskTemplateEditor, (m) => m.TaskTemplateCreateScreen);
const TaskTemplateEditorScreen = lazyPart(taskTemplateEditor, (m) => m.TaskTemplateEditorScreen);
const MessageTemplateListScreen = lazyPart(messageTemplateList, (m) => m.MessageTemplateListScreen);
const MessageTemplateCreateScreen = lazyPart(messageTemplateForms, (m) => m.MessageTemplateCreateScreen);
const MessageTemplateEditScreen = lazyPart(messageTemplateForms, (m) => m.MessageTemplateEditScreen);
const MailboxListScreen = lazyPart(mailboxList, (m) => m.MailboxListScreen);
const MailboxMessageScreen = lazyPart(mailboxMessage, (m) => m.MailboxMessageScreen);

/**
 * The chunks of the address the page opens on, fetched at once, alongside the session: the routes
 * would ask for the frame only once the session is known, and for the screen only once the frame
 * is drawn, one round trip after another.
 */
const SCREEN_CHUNKS: [RegExp, () => Promise<unknown>][] = [
  [/^\/projects\/?$/, projectList],
  [/^\/projects\/new/, projectCreate],
  // The service-provider part is a lazy part of the details (it carries Leaflet): fetched with them.
  [/^\/projects\/[^/]+\/show/, () => Promise.all([projectDetails(), providerPartChunk()])],
  [/^\/projects\/[^/]+\/quotes\/[^/]+\/agreements/, agreements],
  [/^\/projects\/[^/]+\/quotes/, quotes],
  [/^\/projects\/[^/]+\/quote\/?$/, clientQuote],
  [/^\/projects\/[^/]+\/bill-of-materials/, bom],
  [/^\/agreements/, providerAgreements],
  [/^\/projects\/[^/]+\/finances/, finance],
  [/^\/reports/, reports],
  // The search draws a map, a lazy part of its screen: fetched with the screen, not after it.
  [
    /^\/(projects\/[^/]+\/assign-provider|service-providers\/search)/,
    () => Promise.all([providerSearch(), searchMapChunk()]),
  ],
  // The provider page's map and the project map's canvas likewise.
  [/^\/service-providers\/show/, () => Promise.all([providerShow(), providerMapChunk()])],
  [/^\/service-providers\/(new|setup)/, providerSetup],
  [/^\/service-providers\/?$/, providerList],
  [/^\/(service-providers\/[^/]+\/certifications|users\/|certifications)/, certifications],
  [/^\/certificate-types\/?$/, certificateTypeList],
  [/^\/certificate-types\//, certificateTypeEdit],
  [/^\/project-map/, () => Promise.all([projectMap(), projectMapCanvasChunk()])],
  [/^\/action-list/, tasks],
  [/^\/clients\/?$/, clientList],
  [/^\/clients\//, clientForms],
  [/^\/works-and-materials/, catalogue],
  [/^\/reference\/categories/, categories],
  [/^\/reference\/tags/, tags],
  [/^\/reference\/classifications/, classifications],
  // /reference opens the categories.
  [/^\/reference\/?$/, categories],
  [/^\/customers\/?$/, customerList],
  [/^\/customers\//, customerForms],
  [/^\/staff\/?$/, staffList],
  [/^\/staff\//, staffForms],
  [/^\/settings\/?$/, settingList],
  [/^\/settings\//, settingEditors],
  [/^\/task-templates\/?$/, taskTemplateList],
  [/^\/task-templates\//, taskTemplateEditor],
  [/^\/message-templates\/?$/, messageTemplateList],
  [/^\/message-templates\//, messageTemplateForms],
  [/^\/mailbox\/?$/, mailboxList],
  [/^\/mailbox\//, mailboxMessage],
];
const FIRST_SCREEN: [RegExp, (pathname: string) => Promise<unknown>][] = [
  [/^\/(login|forgot-password|reset-password)(\/|$)/, auth],
  [/^\/legal(\/|$)/, legal],
  [/^\//, (pathname) => Promise.all([shell(), SCREEN_CHUNKS.find(([p]) => p.test(pathname))?.[1]()])],
];

/**
 * Starts fetching the first screen's code and data. Resolves once its code is here (or has failed):
 * the app draws its first screen then, in one go, with no Suspense fallback on the way (see
 * `ui/lazy-part.tsx`: one would hold the screen back 300 ms).
 */
export function preloadFirstScreen(
  client: QueryClient,
  { pathname, search }: { pathname: string; search: string },
): Promise<void> {
  const load = FIRST_SCREEN.find(([pattern]) => pattern.test(pathname))?.[1];
  // A failure here is only a missed head start: the route loads (and reports) it again. The data's
  // small module first: the browser fetches six files at a time from one host (HTTP/1.1), and the
  // screen's dozens of chunks would otherwise queue it behind them.
  void startFirstData(client, { pathname, search })?.catch(() => undefined);
  return Promise.resolve(load?.(pathname)).then(
    () => undefined,
    () => undefined,
  );
}

const needs = (ability: Action) => <RequireAbility ability={ability} />;

/** Every address of the app. A screen that fails to load or crashes shows RouteError (per address). */
export function AppRoutes() {
  const location = useLocation();
  return (
    <RouteErrorBoundary resetKey={location.pathname}>
      <Suspense fallback={<FullPageLoader />}>
        <Routes>
          <Route path="/" element={<RootLayout />}>
            <Route path="login" element={<LoginScreen />} />
            <Route path="forgot-password" element={<ForgotPasswordScreen />} />
            <Route path="reset-password/:token" element={<ResetPasswordScreen />} />
            <Route path="legal" element={<LegalScreen />} />
            <Route element={<RequireAuth />}>
              <Route element={<AppLayout />}>
                <Route index element={<HomeRedirect />} />
                <Route path="projects" element={needs('projects.view')}>
                  <Route index element={<ProjectListScreen />} />
                </Route>
                <Route path="project-map" element={needs('projectMap.view')}>
                  <Route index element={<ProjectMapScreen />} />
                </Route>
                <Route path="action-list" element={needs('tasks.view')}>
                  <Route index element={<ActionListScreen />} />
                </Route>
                <Route path="projects/:id/assign-provider" element={needs('projects.assignProvider')}>
                  <Route index element={<ProviderSearchScreen />} />
                </Route>
                <Route path="service-providers" element={needs('providers.view')}>
                  <Route index element={<ProviderListScreen />} />
                  <Route path="show/:id" element={<ProviderShowScreen />} />
                  <Route path=":id/certifications" element={needs('certificates.view')}>
                    <Route index element={<CertificationsScreen />} />
                  </Route>
                  <Route element={needs('providers.search')}>
                    <Route path="search" element={<ProviderSearchScreen />} />
                  </Route>
                  <Route element={needs('providers.manage')}>
                    <Route path="new" element={<ProviderSetupScreen />} />
                    <Route path="setup/:id/edit" element={<ProviderSetupScreen />} />
                  </Route>
                </Route>
                <Route element={needs('certificates.view')}>
                  <Route path="users/:userId/certifications" element={<CertificationsScreen />} />
                  <Route path="certifications/me" element={<CertificationsMeRedirect />} />
                </Route>
                <Route path="certificate-types" element={needs('certificateTypes.manage')}>
                  <Route index element={<CertificateTypeListScreen />} />
                  <Route path="new" element={<CertificateTypeEditScreen />} />
                  <Route path=":id/edit" element={<CertificateTypeEditScreen />} />
                </Route>
                <Route path="clients" element={needs('clients.view')}>
                  <Route index element={<ClientListScreen />} />
                  <Route element={needs('clients.manage')}>
                    <Route path="new" element={<ClientCreateScreen />} />
                  </Route>
                  <Route path=":id/edit" element={<ClientEditScreen />} />
                </Route>
                <Route path="works-and-materials" element={needs('catalogue.view')}>
                  <Route index element={<WorksAndMaterialsScreen />} />
                </Route>
                <Route path="reference" element={needs('reference.view')}>
                  <Route index element={<Navigate to="/reference/categories" replace />} />
                  <Route path="categories" element={<CategoriesScreen />} />
                  <Route path="tags" element={<TagsScreen />} />
                  <Route path="classifications" element={<ClassificationsScreen />} />
                </Route>
                <Route path="customers" element={needs('customers.manage')}>
                  <Route index element={<CustomerListScreen />} />
                  <Route path="new" element={<CustomerCreateScreen />} />
                  <Route path=":id/edit" element={<CustomerEditScreen />} />
                </Route>
                <Route path="staff" element={needs('staff.view')}>
                  <Route index element={<StaffListScreen />} />
                  <Route element={needs('staff.manage')}>
                    <Route path="new" element={<StaffCreateScreen />} />
                    <Route path=":id/edit" element={<StaffEditScreen />} />
                  </Route>
                </Route>
                <Route path="task-templates" element={needs('taskTemplates.manage')}>
                  <Route index element={<TaskTemplateListScreen />} />
                  <Route path="new" element={<TaskTemplateCreateScreen />} />
                  <Route path=":id" element={<TaskTemplateEditorScreen />} />
                </Route>
                <Route path="message-templates" element={needs('messageTemplates.manage')}>
                  <Route index element={<MessageTemplateListScreen />} />
                  <Route path="new" element={<MessageTemplateCreateScreen />} />
                  <Route path=":id" element={<MessageTemplateEditScreen />} />
                </Route>
                <Route path="settings" element={needs('settings.view')}>
                  <Route index element={<SettingListScreen />} />
                  <Route element={needs('settings.manage')}>
                    <Route path="new" element={<SettingCreateScreen />} />
                  </Route>
                  <Route path=":id/edit" element={<SettingEditScreen />} />
                </Route>
                <Route path="mailbox" element={needs('mailbox.read')}>
                  <Route index element={<MailboxListScreen />} />
                  <Route path=":id" element={<MailboxMessageScreen />} />
                </Route>
                <Route path="projects/new" element={needs('projects.create')}>
                  <Route index element={<ProjectCreateScreen />} />
                </Route>
                <Route path="projects/:id/show" element={needs('projects.view')}>
                  <Route index element={<ProjectDetailsRoute />} />
                </Route>
                <Route path="projects/:id/quotes" element={needs('quotes.view')}>
                  <Route index element={<QuotesScreen />} />
                </Route>
                <Route path="projects/:id/bill-of-materials" element={needs('quotes.view')}>
                  <Route index element={<BomScreen />} />
                </Route>
                <Route path="projects/:id/quote" element={needs('quotes.respond')}>
                  <Route index element={<ClientQuoteScreen />} />
                </Route>
                <Route path="projects/:id/quotes/:quoteId/agreements" element={needs('agreements.manage')}>
                  <Route index element={<AgreementsScreen />} />
                </Route>
                <Route path="agreements" element={needs('agreements.respond')}>
                  <Route index element={<ProviderAgreementListScreen />} />
                  <Route path=":agreementId" element={<ProviderAgreementScreen />} />
                </Route>
                <Route path="projects/:id/finances" element={needs('finance.view')}>
                  <Route index element={<FinanceScreen />} />
                </Route>
                <Route path="reports/finance" element={needs('reports.view')}>
                  <Route index element={<FinanceReportScreen />} />
                </Route>
              </Route>
            </Route>
            <Route path="*" element={<NotFoundScreen />} />
          </Route>
        </Routes>
      </Suspense>
    </RouteErrorBoundary>
  );
}
