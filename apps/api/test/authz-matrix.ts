/**
 * The authorization matrix (issue 9): every route the app serves x every kind of principal x the
 * kinds of object it names. The route list comes from the app itself (printRoutes), and every
 * route must be declared here with its access rule and how to address an object, so a new route
 * that nobody declared fails the test. A cell is a request; it is a leak when a principal that
 * must be refused gets a 2xx, or when any body holds data of an object the principal may not see.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { can, SYSTEM_CSV_COLUMNS, type Action, type Role } from '@siteflow/core';
import { SESSION_COOKIE } from '../src/platform/context.js';
import { mailbox, tenants } from '../src/platform/db/schema.js';
import {
  asOwner,
  createPlatformAdmin,
  createTenant,
  createUser,
  formData,
  ownerDb,
  PLATFORM_HOST,
  pngBytes,
  randomIp,
  request,
  TEST_PASSWORD,
  uniq,
  uniqueEmail,
  type RequestOptions,
  type TestApp,
  type TestResponse,
  type TestTenant,
} from './harness.js';
import {
  createCatalogue,
  createClientCo,
  createClientUser,
  createProject,
  createProvider,
  createProviderUser,
  type ProjectOptions,
  type TestCatalogue,
  type TestClient,
  type TestProject,
} from './factories.js';
import { customerInput as customerInputFor } from './inputs.js';

// ---------------------------------------------------------------------------------------------
// The app's own route list

/** Every route of the app as 'METHOD /path/:param', from Fastify's printRoutes (HEAD twins left out). */
export function routesOf(app: FastifyInstance): string[] {
  const tree = app.printRoutes({ commonPrefix: false });
  const stack: string[] = [];
  const out: string[] = [];
  for (const line of tree.split('\n')) {
    const m = /^([│ ]*)[├└]── (\S+)(?: \(([^)]*)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    stack.length = depth;
    const path = (stack[depth - 1] ?? '') + m[2]!;
    stack[depth] = path;
    for (const method of (m[3] ?? '').split(',').map((s) => s.trim())) {
      if (method && method !== '-' && method !== 'HEAD') out.push(`${method} ${path}`);
    }
  }
  return [...new Set(out)].sort();
}

/** The routes the matrix must cover: the API and the document files, without the docs and the health check. */
export const inMatrixScope = (route: string) => {
  const path = route.split(' ')[1]!;
  return (
    (path.startsWith('/api/') || path.startsWith('/documents/')) &&
    !path.startsWith('/api/docs') &&
    path !== '/api/health'
  );
};

// ---------------------------------------------------------------------------------------------
// Principals and objects

export const PRINCIPALS = [
  'anonymous',
  'platformAdmin',
  'companyAdmin',
  'companyEmployee',
  'clientUser',
  'providerUser',
  'otherTenantAdmin',
  'cookieOnWrongHost',
] as const;
export type PrincipalName = (typeof PRINCIPALS)[number];

export type Principal = {
  name: PrincipalName;
  /** Where its requests go (anonymous: the area's host). */
  host: string;
  cookie?: string;
  remoteAddress: string;
  /** Who the server should see: null when no session is valid on that host. */
  actor: { role: Role; area: 'platform' | 'tenant' } | null;
  scope: 'all' | 'client' | 'provider' | 'none';
};

/**
 * own: tenant A's object the principal may see (platform admin: the platform's own, where the route
 * has one); sameTenantOther: tenant A's object outside a client or provider user's scope (another
 * client's project, a project assigned to another provider, another user's certificate);
 * otherTenant: tenant B's object, asked for on the principal's host.
 */
export const KINDS = ['own', 'sameTenantOther', 'otherTenant'] as const;
export type Kind = (typeof KINDS)[number];

type Scope = 'in' | 'out';
type Pair<T> = { in: T; out: T };

/** What a principal may not find in any body: ids and unique names of objects outside its sight. */
type Marker = { text: string; seenBy: ReadonlySet<PrincipalName> };

const STAFF: PrincipalName[] = ['companyAdmin', 'companyEmployee'];

export type TenantFx = {
  key: 'A' | 'B';
  tenant: TestTenant;
  host: string;
  /** The company admin's session on its own host, for building objects through the API. */
  adminCookie: string;
  ip: string;
  catalogue: TestCatalogue;
  staff: Pair<{ id: string }>;
  client: Pair<TestClient>;
  clientUser: Pair<{ id: string }>;
  am: Pair<{ id: string }>;
  provider: Pair<{ id: string; name: string }>;
  providerUser: Pair<{ id: string }>;
  /** The signed-in client user (client_admin of client.in) and provider user (sp_admin of provider.in). */
  cu: { id: string; email: string };
  pu: { id: string; email: string };
  project: Pair<TestProject>;
  link: Pair<{ projectId: number; id: string }>;
  notification: Pair<{ projectId: number; id: string }>;
  setting: Pair<{ id: string }>;
  category: Pair<{ id: string }>;
  service: Pair<{ id: string }>;
  tag: Pair<{ id: string }>;
  classification: Pair<{ id: string }>;
  certType: Pair<{ id: string }>;
  /** A task template with one task. */
  taskTemplate: Pair<{ id: string; taskId: string }>;
  /** A task of project.in / project.out (its title is unique). */
  task: Pair<{ projectId: number; id: number; title: string }>;
  /** An e-mail template. */
  messageTemplate: Pair<{ id: string }>;
  /** A works-and-materials item (its name is unique). */
  workItem: Pair<{ id: number; name: string }>;
  sample: Pair<{ typeId: string; fileId: string }>;
  /** Certificates with a file: of a user (in: the provider user's own; out: a staff member's) and of a provider. */
  userCert: Pair<{ ownerId: string; id: string; fileId: string }>;
  providerCert: Pair<{ ownerId: string; id: string; fileId: string }>;
};

export type World = {
  t: TestApp;
  A: TenantFx;
  B: TenantFx;
  platform: { cookie: string; ip: string; setting: { id: string }; mail: { id: string } };
  principals: Principal[];
  markers: Marker[];
};

// ---------------------------------------------------------------------------------------------
// Building objects

/** Sign in once per principal, each from its own address (sign-in throttles count per address). */
async function signInFrom(t: TestApp, host: string, email: string, remoteAddress: string): Promise<string> {
  const res = await request(t, {
    method: 'POST',
    url: '/api/auth/login',
    host,
    remoteAddress,
    body: { email, password: TEST_PASSWORD },
  });
  if (res.status !== 200 || !res.sessionCookie?.value)
    throw new Error(`sign-in as ${email} on ${host} failed: ${res.status} ${res.text}`);
  return `${SESSION_COOKIE}=${res.sessionCookie.value}`;
}

/** A task's body (a template's or a project's): an automatic due date needs a trigger. */
const taskBody = (title = `Task ${uniq()}`) => ({ title, trigger: 'Current Date' });

async function ok(res: TestResponse, what: string): Promise<TestResponse> {
  if (res.status < 200 || res.status > 299) throw new Error(`setup: ${what} failed: ${res.status} ${res.text}`);
  return res;
}

export const adminApi = (t: TestApp, T: Pick<TenantFx, 'host' | 'adminCookie' | 'ip'>, opts: RequestOptions) =>
  request(t, { host: T.host, cookie: T.adminCookie, remoteAddress: T.ip, ...opts });

const png = () => ({ data: pngBytes(2, 2), filename: 'card.png', type: 'image/png', field: 'files[0]' });

const messageTemplateBody = () => ({
  channel: 'email',
  name: `Template ${uniq()}`,
  subject: 'About {{project_name}}',
  body: '<p>Hello</p>',
});

const workItemBody = (name = `Item ${uniq()}`) => ({
  name,
  item_code: 'WI-1',
  supplier_name: 'Supplier',
  unit_sell_price: '10.00',
  unit_cost: '7.50',
});

export const make = {
  staff: async (t: TestApp, T: { tenant: TestTenant }) =>
    createUser(T.tenant, 'company_employee', { pictureKey: await t.deps.files.put(pngBytes(2, 2), 'png') }),
  project: (T: TenantFx, s: Scope, opts: ProjectOptions = {}) =>
    createProject(T.tenant, T.client[s], { providerId: T.provider[s].id, amId: T.am[s].id, ...opts }),
  link: async (t: TestApp, T: TenantFx, projectId: number) => {
    const res = await ok(
      await adminApi(t, T, {
        method: 'POST',
        url: `/api/projects/${projectId}/links`,
        body: { title: `Link ${uniq()}`, url: 'https://example.com/plans' },
      }),
      'link',
    );
    return { projectId, id: res.json.link.id as string };
  },
  notification: async (t: TestApp, T: TenantFx, projectId: number) => {
    const res = await ok(
      await adminApi(t, T, { method: 'POST', url: `/api/projects/${projectId}/notify-provider` }),
      'notification',
    );
    return { projectId, id: res.json.id as string };
  },
  setting: async (t: TestApp, T: Pick<TenantFx, 'host' | 'adminCookie' | 'ip'>) => {
    const res = await ok(
      await adminApi(t, T, {
        method: 'POST',
        url: '/api/settings',
        body: { key: `authz.${uniq()}`, value: `value ${uniq()}` },
      }),
      'setting',
    );
    return { id: res.json.id as string };
  },
  reference: async (t: TestApp, T: TenantFx, what: 'categories' | 'services' | 'tags' | 'classifications') => {
    const body = what === 'classifications' ? { title: `Class ${uniq()}` } : { name: `${what} ${uniq()}` };
    const res = await ok(await adminApi(t, T, { method: 'POST', url: `/api/${what}`, body }), what);
    return { id: res.json.id as string };
  },
  certType: async (t: TestApp, T: TenantFx) => {
    const res = await ok(
      await adminApi(t, T, { method: 'POST', url: '/api/certificate-types', body: { name: `Type ${uniq()}` } }),
      'type',
    );
    return { id: res.json.id as string };
  },
  taskTemplate: async (t: TestApp, T: TenantFx) => {
    const template = await ok(
      await adminApi(t, T, { method: 'POST', url: '/api/task-templates', body: { title: `Template ${uniq()}` } }),
      'task template',
    );
    const id = template.json.id as string;
    const task = await ok(
      await adminApi(t, T, {
        method: 'POST',
        url: `/api/task-templates/${id}/tasks`,
        body: taskBody(),
      }),
      'template task',
    );
    return { id, taskId: task.json.id as string };
  },
  task: async (t: TestApp, T: TenantFx, projectId: number) => {
    const title = `Task ${uniq()}`;
    const res = await ok(
      await adminApi(t, T, { method: 'POST', url: `/api/projects/${projectId}/tasks`, body: taskBody(title) }),
      'task',
    );
    return { projectId, id: res.json.id as number, title };
  },
  /** A task, then `action` on it as the admin (complete, void). */
  taskThen: async (t: TestApp, T: TenantFx, projectId: number, action: 'complete' | 'void') => {
    const task = await make.task(t, T, projectId);
    await ok(await adminApi(t, T, { method: 'POST', url: `/api/tasks/${task.id}/${action}` }), `task ${action}`);
    return task;
  },
  messageTemplate: async (t: TestApp, T: TenantFx) => {
    const res = await ok(
      await adminApi(t, T, { method: 'POST', url: '/api/message-templates', body: messageTemplateBody() }),
      'message template',
    );
    return { id: res.json.id as string };
  },
  workItem: async (t: TestApp, T: TenantFx) => {
    const name = `Item ${uniq()}`;
    const res = await ok(
      await adminApi(t, T, { method: 'POST', url: '/api/catalogue', body: workItemBody(name) }),
      'work item',
    );
    return { id: res.json.work.id as number, name };
  },
  sample: async (t: TestApp, T: TenantFx) => {
    const type = await make.certType(t, T);
    const res = await ok(
      await adminApi(t, T, {
        method: 'POST',
        url: `/api/certificate-types/${type.id}/samples`,
        body: formData({}, png()),
      }),
      'sample',
    );
    return { typeId: type.id, fileId: res.json.files[0].id as string };
  },
  cert: async (t: TestApp, T: TenantFx, ownerKind: 'user' | 'service_provider', ownerId: string, typeId: string) => {
    const url = `/api/certifications/${ownerId}?is_service_provider=${ownerKind === 'service_provider'}`;
    const res = await ok(
      await adminApi(t, T, { method: 'POST', url, body: formData({ type_id: typeId, name: `Cert ${uniq()}` }, png()) }),
      'certificate',
    );
    return { ownerId, id: res.json.id as string, fileId: res.json.files[0].id as string };
  },
};

async function buildTenant(t: TestApp, key: 'A' | 'B'): Promise<TenantFx> {
  const tenant = await createTenant();
  const logoKey = await t.deps.files.put(pngBytes(2, 2), 'png');
  await asOwner(tenant.id, (tx) => tx.update(tenants).set({ logoKey }).where(eq(tenants.id, tenant.id)));
  const ip = randomIp();
  const adminCookie = await signInFrom(t, tenant.host, tenant.admin.email, ip);
  const [catalogue, staffIn, staffOut, clientIn, clientOut, providerIn, providerOut] = await Promise.all([
    createCatalogue(tenant),
    make.staff(t, { tenant }),
    make.staff(t, { tenant }),
    createClientCo(tenant),
    createClientCo(tenant),
    createProvider(tenant),
    createProvider(tenant),
  ]);
  const [cu, cuOther, cuOut, amIn, amOut, pu, puOther, puOut] = await Promise.all([
    createClientUser(tenant, clientIn.id, 'client_admin'),
    createClientUser(tenant, clientIn.id, 'client_admin'),
    createClientUser(tenant, clientOut.id, 'client_admin'),
    createClientUser(tenant, clientIn.id, 'client_am'),
    createClientUser(tenant, clientOut.id, 'client_am'),
    createProviderUser(tenant, providerIn.id, 'sp_admin'),
    createProviderUser(tenant, providerIn.id, 'sp_employee'),
    createProviderUser(tenant, providerOut.id, 'sp_employee'),
  ]);
  const T = {
    key,
    tenant,
    host: tenant.host,
    adminCookie,
    ip,
    catalogue,
    staff: { in: staffIn, out: staffOut },
    client: { in: clientIn, out: clientOut },
    clientUser: { in: cuOther, out: cuOut },
    am: { in: amIn, out: amOut },
    provider: { in: providerIn, out: providerOut },
    providerUser: { in: puOther, out: puOut },
    cu,
    pu,
  } as unknown as TenantFx;
  const [projectIn, projectOut] = await Promise.all([make.project(T, 'in'), make.project(T, 'out')]);
  T.project = { in: projectIn, out: projectOut };
  const pair = async <R>(fn: (s: Scope) => Promise<R>): Promise<Pair<R>> => {
    const [a, b] = await Promise.all([fn('in'), fn('out')]);
    return { in: a, out: b };
  };
  T.link = await pair((s) => make.link(t, T, T.project[s].id));
  T.notification = await pair((s) => make.notification(t, T, T.project[s].id));
  T.setting = await pair(() => make.setting(t, T));
  T.category = await pair(() => make.reference(t, T, 'categories'));
  T.service = await pair(() => make.reference(t, T, 'services'));
  T.tag = await pair(() => make.reference(t, T, 'tags'));
  T.classification = await pair(() => make.reference(t, T, 'classifications'));
  T.certType = await pair(() => make.certType(t, T));
  T.taskTemplate = await pair(() => make.taskTemplate(t, T));
  T.task = await pair((s) => make.task(t, T, T.project[s].id));
  T.messageTemplate = await pair(() => make.messageTemplate(t, T));
  T.workItem = await pair(() => make.workItem(t, T));
  T.sample = await pair(() => make.sample(t, T));
  T.userCert = {
    in: await make.cert(t, T, 'user', pu.id, T.certType.in.id),
    out: await make.cert(t, T, 'user', staffIn.id, T.certType.in.id),
  };
  T.providerCert = {
    in: await make.cert(t, T, 'service_provider', providerIn.id, T.certType.in.id),
    out: await make.cert(t, T, 'service_provider', providerOut.id, T.certType.in.id),
  };
  return T;
}

/** Who may see each shared object (by its ids and unique names). Tenant B's objects: nobody here. */
function markersOf(T: TenantFx): Marker[] {
  const all = T.key === 'A';
  const list: Marker[] = [];
  const add = (seenBy: PrincipalName[], ...texts: (string | undefined)[]) => {
    const set = new Set(all ? seenBy : []);
    for (const text of texts) if (text) list.push({ text, seenBy: set });
  };
  const CU: PrincipalName = 'clientUser';
  const PU: PrincipalName = 'providerUser';
  add(STAFF, T.staff.in.id, T.staff.out.id, T.clientUser.in.id, T.clientUser.out.id, T.providerUser.out.id);
  // The project of the client user's client, assigned to the provider user's provider: both see it,
  // its client and provider, and its link and notification.
  add(
    [...STAFF, CU, PU],
    T.client.in.id,
    T.client.in.tradingName,
    T.project.in.name,
    T.link.in.id,
    T.notification.in.id,
  );
  add([...STAFF, CU, PU], T.provider.in.id, T.provider.in.name);
  add(
    [...STAFF, PU],
    T.providerUser.in.id,
    T.pu.id,
    T.userCert.in.id,
    T.userCert.in.fileId,
    T.providerCert.in.id,
    T.providerCert.in.fileId,
  );
  add([...STAFF, CU], T.cu.id);
  add([...STAFF, CU, PU], T.task.in.title);
  add(STAFF, T.task.out.title);
  add(STAFF, T.client.out.id, T.client.out.tradingName, T.project.out.name, T.link.out.id, T.notification.out.id);
  add(
    STAFF,
    T.provider.out.id,
    T.provider.out.name,
    T.userCert.out.id,
    T.userCert.out.fileId,
    T.providerCert.out.id,
    T.providerCert.out.fileId,
  );
  add(
    STAFF,
    T.setting.in.id,
    T.setting.out.id,
    T.tag.in.id,
    T.tag.out.id,
    T.classification.in.id,
    T.classification.out.id,
    T.taskTemplate.in.id,
    T.taskTemplate.out.id,
    T.taskTemplate.in.taskId,
    T.taskTemplate.out.taskId,
    T.messageTemplate.in.id,
    T.messageTemplate.out.id,
    T.workItem.in.name,
    T.workItem.out.name,
  );
  // Categories and services are the project map's filter options for every role that sees the map.
  add([...STAFF, CU, PU], T.category.in.id, T.category.out.id, T.service.in.id, T.service.out.id);
  add(
    [...STAFF, PU],
    T.certType.in.id,
    T.certType.out.id,
    T.sample.in.typeId,
    T.sample.out.typeId,
    T.sample.in.fileId,
    T.sample.out.fileId,
  );
  // The company admin (a project's manager on the project screens; the company's contact for the platform).
  const admin = new Set<PrincipalName>(all ? [...STAFF, CU, PU, 'platformAdmin'] : ['platformAdmin']);
  list.push({ text: T.tenant.admin.id, seenBy: admin }, { text: T.tenant.admin.email, seenBy: admin });
  return list;
}

export async function buildWorld(t: TestApp): Promise<World> {
  const pa = await createPlatformAdmin();
  const paIp = randomIp();
  const platformCookie = await signInFrom(t, PLATFORM_HOST, pa.email, paIp);
  const [A, B] = await Promise.all([buildTenant(t, 'A'), buildTenant(t, 'B')]);
  const platformSetting = await make.setting(t, { host: PLATFORM_HOST, adminCookie: platformCookie, ip: paIp });
  const [mail] = await ownerDb()
    .insert(mailbox)
    .values({
      channel: 'email',
      from: 'noreply@example.test',
      to: uniqueEmail('mailbox'),
      subject: `Mail ${uniq()}`,
      text: 'Hello',
    })
    .returning({ id: mailbox.id });
  const employee = await createUser(A.tenant, 'company_employee');
  const [employeeIp, cuIp, puIp] = [randomIp(), randomIp(), randomIp()];
  const [employeeCookie, cuCookie, puCookie] = await Promise.all([
    signInFrom(t, A.host, employee.email, employeeIp),
    signInFrom(t, A.host, A.cu.email, cuIp),
    signInFrom(t, A.host, A.pu.email, puIp),
  ]);
  const tenantActor = (role: Role) => ({ role, area: 'tenant' as const });
  const principals: Principal[] = [
    { name: 'anonymous', host: A.host, remoteAddress: randomIp(), actor: null, scope: 'none' },
    {
      name: 'platformAdmin',
      host: PLATFORM_HOST,
      cookie: platformCookie,
      remoteAddress: paIp,
      actor: { role: 'platform_admin', area: 'platform' },
      scope: 'none',
    },
    {
      name: 'companyAdmin',
      host: A.host,
      cookie: A.adminCookie,
      remoteAddress: A.ip,
      actor: tenantActor('company_admin'),
      scope: 'all',
    },
    {
      name: 'companyEmployee',
      host: A.host,
      cookie: employeeCookie,
      remoteAddress: employeeIp,
      actor: tenantActor('company_employee'),
      scope: 'all',
    },
    {
      name: 'clientUser',
      host: A.host,
      cookie: cuCookie,
      remoteAddress: cuIp,
      actor: tenantActor('client_admin'),
      scope: 'client',
    },
    {
      name: 'providerUser',
      host: A.host,
      cookie: puCookie,
      remoteAddress: puIp,
      actor: tenantActor('sp_admin'),
      scope: 'provider',
    },
    // B's admin, signed in on B, sending B's cookie to A's host: no session there.
    {
      name: 'otherTenantAdmin',
      host: A.host,
      cookie: B.adminCookie,
      remoteAddress: randomIp(),
      actor: null,
      scope: 'none',
    },
    // A's admin cookie on B's host: no session there either.
    {
      name: 'cookieOnWrongHost',
      host: B.host,
      cookie: A.adminCookie,
      remoteAddress: randomIp(),
      actor: null,
      scope: 'none',
    },
  ];
  const markers = [
    ...markersOf(A),
    ...markersOf(B),
    { text: platformSetting.id, seenBy: new Set<PrincipalName>(['platformAdmin']) },
  ];
  markers.push({ text: mail!.id, seenBy: new Set<PrincipalName>(['platformAdmin']) });
  return {
    t,
    A,
    B,
    platform: { cookie: platformCookie, ip: paIp, setting: platformSetting, mail: mail! },
    principals,
    markers,
  };
}

// ---------------------------------------------------------------------------------------------
// The declared routes

type ObjType = 'plain' | 'project' | 'provider' | 'cert' | 'setting' | 'customer' | 'mailbox';

/** Which scoped principals see only part of the tenant's objects of a type (staff see them all). */
const SCOPED: Record<ObjType, Principal['scope'][]> = {
  plain: [],
  setting: [],
  customer: [],
  mailbox: [],
  project: ['client', 'provider'],
  provider: ['provider'],
  cert: ['provider'],
};

export type Cell = {
  w: World;
  p: Principal;
  kind: Kind | null;
  variant: string | null;
  /** An allowed write: build a throwaway object so that cells stay independent. */
  fresh: boolean;
  /** The tenant the object belongs to (B for otherTenant) and its scope (out for sameTenantOther). */
  T: TenantFx;
  s: Scope;
};

type Req = { url: string; body?: unknown };

export type RouteDef = {
  /** The ability the route needs (any of a list), or public. */
  action: Action | Action[] | 'public' | ((variant: string | null) => Action);
  /** Platform routes: anonymous asks on the platform host. */
  area?: 'platform';
  /** The object the path names; a route without one has a single object cell per principal. */
  obj?: ObjType | ((variant: string | null) => ObjType);
  kinds?: Kind[];
  variants?: string[];
  /** Statuses other than 2xx that show an allowed principal got past authorization. */
  reached?: number[];
  /** Run after every other cell (signing out ends the shared sessions). */
  last?: boolean;
  /**
   * Why bodies of this route may hold any company's data for the principals it allows (the
   * platform's built-in mailbox shows every message it delivered); refused principals are still checked.
   */
  holdsAnyData?: string;
  /** An access rule that is not an ability (customers: the platform admin, whichever company). */
  allow?: (p: Principal) => boolean;
  req: (c: Cell) => Req | Promise<Req>;
};

const objOf = (r: RouteDef, v: string | null) => (typeof r.obj === 'function' ? r.obj(v) : r.obj);

const clientInput = () => ({
  trading_name: `Client ${uniq()}`,
  email: 'accounts@client.test',
  suburb: 'Brisbane City',
  state: 'QLD',
  postcode: '4000',
});
const personInput = (role?: string) => ({
  first_name: 'Matrix',
  last_name: `Person ${uniq()}`,
  email: uniqueEmail('matrix'),
  phone: '07 3000 0000',
  ...(role ? { role } : {}),
});
const staffInput = () => ({
  ...personInput(),
  address: '1 Test Street',
  suburb: 'Testville',
  state: 'QLD',
  postcode: '4000',
});
const customerInput = () => customerInputFor({ customer_name: `Customer ${uniq()}` });
const details = (T: TenantFx) => ({
  name: `Renamed ${uniq()}`,
  start_date: '2026-11-21T08:00',
  end_date: '2026-11-21T17:00',
  project_administrator_id: T.tenant.admin.id,
  project_manager_id: T.tenant.admin.id,
});
const certQuery = (v: string | null) => `?is_service_provider=${v === 'provider'}`;
const certOf = (c: Cell) => (c.variant === 'provider' ? c.T.providerCert[c.s] : c.T.userCert[c.s]);
const freshCert = async (c: Cell) => {
  const owner = certOf(c).ownerId;
  return c.fresh
    ? make.cert(c.w.t, c.T, c.variant === 'provider' ? 'service_provider' : 'user', owner, c.T.certType.in.id)
    : certOf(c);
};
const project = async (c: Cell, opts: ProjectOptions = {}) =>
  c.fresh ? make.project(c.T, c.s, opts) : c.T.project[c.s];
const asPrincipal = (c: Cell, opts: RequestOptions) =>
  request(c.w.t, { ...opts, host: c.p.host, cookie: c.p.cookie, remoteAddress: c.p.remoteAddress });
/** A quote request is its requester's alone: an allowed principal opens its own draft; others get any id (refused first). */
const quoteRequestOf = async (c: Cell): Promise<string> => {
  if (!c.fresh) return crypto.randomUUID();
  const res = await ok(await asPrincipal(c, { method: 'POST', url: '/api/quote-requests' }), 'quote request');
  return res.json.quoteRequest.id as string;
};
/** The shared task, or a throwaway one on the same project for an allowed write. */
const taskOf = async (c: Cell) => (c.fresh ? make.task(c.w.t, c.T, c.T.project[c.s].id) : c.T.task[c.s]);
/** A one-line System Friendly CSV (the quote import's body). */
const QUOTE_CSV = [
  SYSTEM_CSV_COLUMNS.join(','),
  SYSTEM_CSV_COLUMNS.map((c) =>
    c === 'section_position' || c === 'item_position' || c === 'quantity'
      ? '1'
      : c === 'category'
        ? 'Service'
        : c === 'supplied_by'
          ? 'Company'
          : c === 'description'
            ? 'Labour'
            : c === 'unit_sell_price' || c === 'unit_cost'
              ? '1.00'
              : '',
  ).join(','),
].join('\r\n');

/** A new Draft quote of the cell's project, made by its company's admin (every quote cell gets its own). */
const quoteOf = async (c: Cell) => {
  const projectId = c.T.project[c.s].id;
  const res = await ok(
    await adminApi(c.w.t, c.T, { method: 'POST', url: `/api/projects/${projectId}/quotes` }),
    'quote',
  );
  return `/api/projects/${projectId}/quotes/${res.json.id as number}`;
};
/** A new Draft quote of the cell's project, sent to its client's users by the company's admin: its id. */
const sentQuoteOf = async (c: Cell) => {
  const quote = await quoteOf(c);
  await ok(await adminApi(c.w.t, c.T, { method: 'POST', url: `${quote}/send` }), 'quote send');
  return Number(quote.split('/').pop());
};
/** An agreement's addresses: its quote's agreements (`base`) and its id. */
type AgreementFx = { base: string; id: number };
const sharedAgreements = new Map<string, Promise<AgreementFx>>();
/**
 * An agreement of an Accepted quote (one section) on a new project of the cell's tenant and scope
 * (a project has one Accepted quote), its provider the project's (provider.in for own, provider.out
 * for sameTenantOther); built by the company's admin. Reads share one per tenant and scope; an
 * allowed write gets its own.
 */
const agreementOf = (c: Cell): Promise<AgreementFx> => {
  const build = async () => {
    const api = (opts: RequestOptions) => adminApi(c.w.t, c.T, opts);
    const projectId = (await make.project(c.T, c.s)).id;
    const created = await ok(await api({ method: 'POST', url: `/api/projects/${projectId}/quotes` }), 'quote');
    const quote = `/api/projects/${projectId}/quotes/${created.json.id as number}`;
    const line = { category: 'Service', description: 'Labour', supplied_by: 'Company', quantity: '1' };
    const sections = [{ name: 'Works', line_items: [{ ...line, unit_sell_price: '10', unit_cost: '5' }] }];
    await ok(await api({ method: 'PUT', url: quote, body: { version: 1, sections } }), 'quote save');
    await ok(await api({ method: 'POST', url: `${quote}/status`, body: { status: 'Accepted' } }), 'quote accept');
    const agreement = await ok(await api({ method: 'POST', url: `${quote}/agreements` }), 'agreement');
    return { base: `${quote}/agreements`, id: agreement.json.id as number };
  };
  if (c.fresh) return build();
  const key = `${c.T.tenant.id}:${c.s}`;
  let shared = sharedAgreements.get(key);
  if (!shared) sharedAgreements.set(key, (shared = build()));
  return shared;
};
/** A product of a new Draft quote of the cell's project (its current quote), as its BOM address. */
const bomItemOf = async (c: Cell) => {
  const quote = await quoteOf(c);
  const body = {
    version: 1,
    sections: [
      {
        name: 'Materials',
        line_items: [
          {
            category: 'Product',
            description: 'Cable tray',
            supplied_by: 'Company',
            quantity: '2',
            unit_sell_price: '10',
            unit_cost: '4',
          },
        ],
      },
    ],
  };
  const saved = await ok(await adminApi(c.w.t, c.T, { method: 'PUT', url: quote, body }), 'quote save');
  const itemId = (saved.json as { sections: { line_items: { id: number }[] }[] }).sections[0]!.line_items[0]!.id;
  return `${quote.replace(/\/quotes\/\d+$/, '')}/bill-of-materials/${itemId}`;
};
const ref = async (
  c: Cell,
  what: 'categories' | 'services' | 'tags' | 'classifications',
  key: 'category' | 'service' | 'tag' | 'classification',
) => (c.fresh ? make.reference(c.w.t, c.T, what) : c.T[key][c.s]);
const platformSide = (c: Cell) => c.p.actor?.area === 'platform' && c.kind === 'own';
const setting = async (c: Cell) => {
  if (platformSide(c))
    return c.fresh
      ? make.setting(c.w.t, { host: PLATFORM_HOST, adminCookie: c.w.platform.cookie, ip: c.w.platform.ip })
      : c.w.platform.setting;
  return c.fresh ? make.setting(c.w.t, c.T) : c.T.setting[c.s];
};
const referenceRoutes = (
  what: 'categories' | 'services' | 'tags' | 'classifications',
  key: 'category' | 'service' | 'tag' | 'classification',
  put: boolean,
) => {
  const body = () => (what === 'classifications' ? { title: `Class ${uniq()}` } : { name: `${what} ${uniq()}` });
  const routes: Record<string, RouteDef> = {
    [`GET /api/${what}`]: { action: 'reference.view', req: () => ({ url: `/api/${what}` }) },
    [`POST /api/${what}`]: { action: 'reference.manage', req: () => ({ url: `/api/${what}`, body: body() }) },
    [`DELETE /api/${what}/:id`]: {
      action: 'reference.manage',
      obj: 'plain',
      req: async (c) => ({ url: `/api/${what}/${(await ref(c, what, key)).id}` }),
    },
  };
  if (put)
    routes[`PUT /api/${what}/:id`] = {
      action: 'reference.manage',
      obj: 'plain',
      req: async (c) => ({ url: `/api/${what}/${(await ref(c, what, key)).id}`, body: body() }),
    };
  return routes;
};

const mailNote =
  'the built-in mailbox (platform admins only) shows every message delivered without SMTP, e.g. Notify Service Provider mails naming a project';

export const ROUTES: Record<string, RouteDef> = {
  // ----- public
  'GET /api/session': { action: 'public', req: () => ({ url: '/api/session' }) },
  'GET /api/tenant/logo': { action: 'public', req: () => ({ url: '/api/tenant/logo' }), reached: [404] },
  'GET /api/legal': { action: 'public', req: () => ({ url: '/api/legal' }) },
  'POST /api/auth/login': { action: 'public', reached: [422], req: () => ({ url: '/api/auth/login', body: {} }) },
  'POST /api/auth/logout': { action: 'public', last: true, req: () => ({ url: '/api/auth/logout' }) },
  'POST /api/auth/forgot-password': {
    action: 'public',
    req: () => ({ url: '/api/auth/forgot-password', body: { email: uniqueEmail('nobody') } }),
  },
  'POST /api/auth/reset-password': {
    action: 'public',
    reached: [422],
    req: () => ({
      url: '/api/auth/reset-password',
      body: {
        token: 'not-a-token',
        email: uniqueEmail('nobody'),
        password: 'Quiet-harbour-lantern-42',
        password_confirmation: 'Quiet-harbour-lantern-42',
      },
    }),
  },

  // ----- platform
  'GET /api/customers': { action: 'customers.manage', area: 'platform', req: () => ({ url: '/api/customers' }) },
  'POST /api/customers': {
    action: 'customers.manage',
    area: 'platform',
    req: () => ({ url: '/api/customers', body: customerInput() }),
  },
  'GET /api/customers/:id': {
    action: 'customers.manage',
    area: 'platform',
    obj: 'customer',
    kinds: ['own', 'otherTenant'],
    allow: (p) => p.name === 'platformAdmin',
    req: (c) => ({ url: `/api/customers/${c.T.tenant.id}` }),
  },
  'PUT /api/customers/:id': {
    action: 'customers.manage',
    area: 'platform',
    obj: 'customer',
    kinds: ['own', 'otherTenant'],
    allow: (p) => p.name === 'platformAdmin',
    req: async (c) => ({
      url: `/api/customers/${(c.fresh ? await createTenant() : c.T.tenant).id}`,
      body: customerInput(),
    }),
  },
  'GET /api/customers/:id/logo': {
    action: 'customers.manage',
    area: 'platform',
    obj: 'customer',
    kinds: ['own', 'otherTenant'],
    allow: (p) => p.name === 'platformAdmin',
    req: (c) => ({ url: `/api/customers/${c.T.tenant.id}/logo` }),
  },
  'GET /api/mailbox': {
    action: 'mailbox.read',
    area: 'platform',
    holdsAnyData: mailNote,
    req: () => ({ url: '/api/mailbox' }),
  },
  'GET /api/mailbox/:id': {
    action: 'mailbox.read',
    area: 'platform',
    obj: 'mailbox',
    kinds: ['own'],
    holdsAnyData: mailNote,
    req: (c) => ({ url: `/api/mailbox/${c.w.platform.mail.id}` }),
  },

  // ----- settings (the platform has its own)
  'GET /api/settings': { action: 'settings.view', req: () => ({ url: '/api/settings' }) },
  'POST /api/settings': {
    action: 'settings.manage',
    req: () => ({ url: '/api/settings', body: { key: `authz.${uniq()}`, value: 'v' } }),
  },
  'GET /api/settings/:id': {
    action: 'settings.view',
    obj: 'setting',
    req: async (c) => ({ url: `/api/settings/${(await setting(c)).id}` }),
  },
  'PUT /api/settings/:id': {
    action: 'settings.manage',
    obj: 'setting',
    req: async (c) => ({ url: `/api/settings/${(await setting(c)).id}`, body: { value: 'changed' } }),
  },
  'DELETE /api/settings/:id': {
    action: 'settings.manage',
    obj: 'setting',
    req: async (c) => ({ url: `/api/settings/${(await setting(c)).id}` }),
  },

  // ----- staff
  'GET /api/staff': { action: 'staff.view', req: () => ({ url: '/api/staff' }) },
  'GET /api/staff/form-options': { action: 'staff.manage', req: () => ({ url: '/api/staff/form-options' }) },
  'POST /api/staff': { action: 'staff.manage', req: () => ({ url: '/api/staff', body: staffInput() }) },
  'GET /api/staff/:id': {
    action: 'staff.view',
    obj: 'plain',
    req: (c) => ({ url: `/api/staff/${c.T.staff[c.s].id}` }),
  },
  'GET /api/staff/:id/picture': {
    action: 'staff.view',
    obj: 'plain',
    req: (c) => ({ url: `/api/staff/${c.T.staff[c.s].id}/picture` }),
  },
  'PUT /api/staff/:id': {
    action: 'staff.manage',
    obj: 'plain',
    req: async (c) => ({
      url: `/api/staff/${(c.fresh ? await make.staff(c.w.t, c.T) : c.T.staff[c.s]).id}`,
      body: staffInput(),
    }),
  },
  'POST /api/staff/:id/deactivate': {
    action: 'staff.manage',
    obj: 'plain',
    req: async (c) => ({
      url: `/api/staff/${(c.fresh ? await make.staff(c.w.t, c.T) : c.T.staff[c.s]).id}/deactivate`,
    }),
  },
  'POST /api/staff/:id/activate': {
    action: 'staff.manage',
    obj: 'plain',
    req: async (c) => ({ url: `/api/staff/${(c.fresh ? await make.staff(c.w.t, c.T) : c.T.staff[c.s]).id}/activate` }),
  },

  // ----- reference data
  ...referenceRoutes('categories', 'category', true),
  ...referenceRoutes('services', 'service', true),
  ...referenceRoutes('tags', 'tag', false),
  ...referenceRoutes('classifications', 'classification', true),
  'GET /api/category-services': { action: 'reference.view', req: () => ({ url: '/api/category-services' }) },

  // ----- clients
  'GET /api/clients': { action: 'clients.view', req: () => ({ url: '/api/clients' }) },
  'POST /api/clients': { action: 'clients.manage', req: () => ({ url: '/api/clients', body: clientInput() }) },
  'GET /api/clients/:id': {
    action: 'clients.view',
    obj: 'plain',
    req: (c) => ({ url: `/api/clients/${c.T.client[c.s].id}` }),
  },
  'PUT /api/clients/:id': {
    action: 'clients.manage',
    obj: 'plain',
    req: async (c) => ({
      url: `/api/clients/${(c.fresh ? await createClientCo(c.T.tenant) : c.T.client[c.s]).id}`,
      body: clientInput(),
    }),
  },
  'POST /api/clients/:id/deactivate': {
    action: 'clients.manage',
    obj: 'plain',
    req: async (c) => ({
      url: `/api/clients/${(c.fresh ? await createClientCo(c.T.tenant) : c.T.client[c.s]).id}/deactivate`,
    }),
  },
  'POST /api/clients/:id/activate': {
    action: 'clients.manage',
    obj: 'plain',
    req: async (c) => ({
      url: `/api/clients/${(c.fresh ? await createClientCo(c.T.tenant) : c.T.client[c.s]).id}/activate`,
    }),
  },
  'GET /api/clients/:id/users': {
    action: 'clients.view',
    obj: 'plain',
    req: (c) => ({ url: `/api/clients/${c.T.client[c.s].id}/users` }),
  },
  'POST /api/clients/:id/users': {
    action: 'clients.manage',
    obj: 'plain',
    req: (c) => ({
      url: `/api/clients/${c.T.client[c.s].id}/users`,
      body: { ...personInput('client_admin'), mobile: '0400 111 222' },
    }),
  },
  'PUT /api/clients/:id/users/:userId': {
    action: 'clients.manage',
    obj: 'plain',
    req: async (c) => {
      const client = c.T.client[c.s];
      const user = c.fresh ? await createClientUser(c.T.tenant, client.id, 'client_admin') : c.T.clientUser[c.s];
      return { url: `/api/clients/${client.id}/users/${user.id}`, body: personInput('client_admin') };
    },
  },
  'GET /api/clients/:id/account-managers': {
    action: 'clients.view',
    obj: 'plain',
    req: (c) => ({ url: `/api/clients/${c.T.client[c.s].id}/account-managers` }),
  },
  'POST /api/clients/:id/account-managers': {
    action: 'clients.quickAdd',
    obj: 'plain',
    req: (c) => ({
      url: `/api/clients/${c.T.client[c.s].id}/account-managers`,
      body: { first_name: 'Quick', last_name: `Add ${uniq()}`, email: uniqueEmail('am'), mobile: '0400 222 333' },
    }),
  },

  // ----- projects
  'GET /api/projects': { action: 'projects.view', req: () => ({ url: '/api/projects' }) },
  'GET /api/projects/create-data': { action: 'projects.create', req: () => ({ url: '/api/projects/create-data' }) },
  'GET /api/projects/lookup': { action: 'projects.view', req: () => ({ url: '/api/projects/lookup?q=Project' }) },
  'POST /api/projects': {
    action: 'projects.create',
    req: (c) => {
      const A = c.w.A;
      return {
        url: '/api/projects',
        body: {
          name: `Matrix ${uniq()}`,
          project_manager: A.tenant.admin.id,
          project_administrator: A.tenant.admin.id,
          client: A.client.in.id,
          client_am: A.am.in.id,
          order_reference: `PO-${uniq()}`,
          categories: [A.catalogue.categories[0]!.id],
          services: [A.catalogue.services[0]!.id],
          street: '1 Test Street',
          suburb: 'Testville',
          state: 'QLD',
          postcode: '4000',
          site_contacts: [{ name: 'Sam Site' }],
        },
      };
    },
  },
  'GET /api/projects/:id': {
    action: 'projects.view',
    obj: 'project',
    req: (c) => ({ url: `/api/projects/${c.T.project[c.s].id}` }),
  },
  'PUT /api/projects/:id/details': {
    action: 'projects.edit',
    obj: 'project',
    req: async (c) => ({ url: `/api/projects/${(await project(c)).id}/details`, body: details(c.T) }),
  },
  'PUT /api/projects/:id/services': {
    action: 'projects.edit',
    obj: 'project',
    req: async (c) => ({
      url: `/api/projects/${(await project(c)).id}/services`,
      body: { categories: [c.T.catalogue.categories[0]!.id], services: [c.T.catalogue.services[0]!.id] },
    }),
  },
  'PUT /api/projects/:id/other': {
    action: 'projects.edit',
    obj: 'project',
    req: async (c) => ({
      url: `/api/projects/${(await project(c)).id}/other`,
      body: {
        client_id: c.T.client[c.s].id,
        client_order_reference: `PO-${uniq()}`,
        account_manager_id: c.T.am[c.s].id,
      },
    }),
  },
  'PUT /api/projects/:id/location': {
    action: 'projects.edit',
    obj: 'project',
    req: async (c) => ({
      url: `/api/projects/${(await project(c)).id}/location`,
      body: { street: '2 Test Street', suburb: 'Testville', state: 'QLD', postcode: '4000' },
    }),
  },
  'PUT /api/projects/:id/status': {
    action: 'projects.edit',
    obj: 'project',
    req: async (c) => ({ url: `/api/projects/${(await project(c)).id}/status`, body: { status: 'on_hold' } }),
  },
  'DELETE /api/projects/:id': {
    action: 'projects.delete',
    obj: 'project',
    req: async (c) => ({ url: `/api/projects/${(await project(c)).id}` }),
  },
  'GET /api/projects/:id/directions': {
    action: 'projects.view',
    obj: 'project',
    req: (c) => ({ url: `/api/projects/${c.T.project[c.s].id}/directions` }),
  },
  'GET /api/projects/:id/nearby-providers': {
    action: 'projects.assignProvider',
    obj: 'project',
    req: (c) => ({ url: `/api/projects/${c.T.project[c.s].id}/nearby-providers` }),
  },
  'GET /api/projects/:id/links': {
    action: 'projects.view',
    obj: 'project',
    req: (c) => ({ url: `/api/projects/${c.T.project[c.s].id}/links` }),
  },
  'GET /api/projects/:id/links/:linkId': {
    action: 'projects.view',
    obj: 'project',
    req: (c) => ({ url: `/api/projects/${c.T.link[c.s].projectId}/links/${c.T.link[c.s].id}` }),
  },
  'POST /api/projects/:id/links': {
    action: 'projectLinks.manage',
    obj: 'project',
    req: (c) => ({
      url: `/api/projects/${c.T.project[c.s].id}/links`,
      body: { title: 'Plans', url: 'https://example.com/p' },
    }),
  },
  'PUT /api/projects/:id/links/:linkId': {
    action: 'projectLinks.manage',
    obj: 'project',
    req: async (c) => {
      const link = c.fresh ? await make.link(c.w.t, c.T, c.T.project[c.s].id) : c.T.link[c.s];
      return {
        url: `/api/projects/${link.projectId}/links/${link.id}`,
        body: { title: 'Renamed', url: 'https://example.com/q' },
      };
    },
  },
  'DELETE /api/projects/:id/links/:linkId': {
    action: 'projectLinks.manage',
    obj: 'project',
    req: async (c) => {
      const link = c.fresh ? await make.link(c.w.t, c.T, c.T.project[c.s].id) : c.T.link[c.s];
      return { url: `/api/projects/${link.projectId}/links/${link.id}` };
    },
  },
  'POST /api/projects/:id/service-provider': {
    action: 'projects.assignProvider',
    obj: 'project',
    req: async (c) => ({
      url: `/api/projects/${(await project(c)).id}/service-provider`,
      body: { service_provider: c.T.provider[c.s].id },
    }),
  },
  'POST /api/projects/:id/notify-provider': {
    action: 'projects.notifyProvider',
    obj: 'project',
    req: async (c) => ({ url: `/api/projects/${(await project(c)).id}/notify-provider` }),
  },
  'GET /api/projects/:id/notify-provider/:notificationId': {
    action: 'projects.notifyProvider',
    obj: 'project',
    req: (c) => ({
      url: `/api/projects/${c.T.notification[c.s].projectId}/notify-provider/${c.T.notification[c.s].id}`,
    }),
  },
  'GET /api/projects/:id/ratings': {
    action: 'projects.view',
    obj: 'project',
    req: (c) => ({ url: `/api/projects/${c.T.project[c.s].id}/ratings` }),
  },
  'PUT /api/projects/:id/ratings/:kind': {
    action: (v) => (v === 'customer' ? 'projects.rateCustomer' : 'projects.ratePerformance'),
    obj: 'project',
    variants: ['performance', 'customer'],
    req: async (c) => ({
      url: `/api/projects/${(await project(c, { status: 'completed' })).id}/ratings/${c.variant}`,
      body: { rating: 4 },
    }),
  },
  'GET /api/project-map': { action: 'projectMap.view', req: () => ({ url: '/api/project-map' }) },
  'GET /api/project-map/options': { action: 'projectMap.view', req: () => ({ url: '/api/project-map/options' }) },
  'GET /api/search/projects': { action: 'projects.view', req: () => ({ url: '/api/search/projects?q=Project' }) },
  'GET /api/recently-viewed': { action: 'projects.view', req: () => ({ url: '/api/recently-viewed' }) },
  'DELETE /api/recently-viewed/:projectId': {
    action: 'projects.view',
    obj: 'project',
    req: async (c) => {
      const p = await project(c);
      if (c.fresh)
        await ok(
          await request(c.w.t, {
            url: `/api/projects/${p.id}`,
            host: c.p.host,
            cookie: c.p.cookie,
            remoteAddress: c.p.remoteAddress,
          }),
          'view',
        );
      return { url: `/api/recently-viewed/${p.id}` };
    },
  },
  'GET /api/geo/places': { action: 'projects.view', req: () => ({ url: '/api/geo/places?q=Brisbane' }) },
  'GET /api/geo/postcode-state': {
    action: 'projects.view',
    req: () => ({ url: '/api/geo/postcode-state?postcode=4000' }),
  },

  // ----- service providers
  'GET /api/service-providers': { action: 'providers.view', req: () => ({ url: '/api/service-providers' }) },
  'GET /api/service-providers/options': {
    action: 'projects.assignProvider',
    req: () => ({ url: '/api/service-providers/options?q=Provider' }),
  },
  'GET /api/service-providers/search': {
    action: 'providers.search',
    req: () => ({ url: '/api/service-providers/search?distance=0' }),
  },
  'POST /api/service-providers': {
    action: 'providers.manage',
    req: () => ({ url: '/api/service-providers', body: { service_provider_name: `Provider ${uniq()}` } }),
  },
  'GET /api/service-providers/:id': {
    action: 'providers.view',
    obj: 'provider',
    req: (c) => ({ url: `/api/service-providers/${c.T.provider[c.s].id}` }),
  },
  'PUT /api/service-providers/:id': {
    action: 'providers.manage',
    obj: 'provider',
    req: async (c) => ({
      url: `/api/service-providers/${(c.fresh ? await createProvider(c.T.tenant) : c.T.provider[c.s]).id}`,
      body: { service_provider_name: `Provider ${uniq()}` },
    }),
  },
  'POST /api/service-providers/:id/users': {
    action: 'providers.manage',
    obj: 'provider',
    req: (c) => ({ url: `/api/service-providers/${c.T.provider[c.s].id}/users`, body: personInput('sp_employee') }),
  },
  'PUT /api/service-providers/:id/users/:userId': {
    action: 'providers.manage',
    obj: 'provider',
    req: async (c) => {
      const provider = c.T.provider[c.s];
      const user = c.fresh ? await createProviderUser(c.T.tenant, provider.id, 'sp_employee') : c.T.providerUser[c.s];
      return { url: `/api/service-providers/${provider.id}/users/${user.id}`, body: personInput('sp_employee') };
    },
  },
  'PUT /api/service-providers/:id/users/:userId/active': {
    action: 'providers.manage',
    obj: 'provider',
    req: async (c) => {
      const provider = c.T.provider[c.s];
      const user = c.fresh ? await createProviderUser(c.T.tenant, provider.id, 'sp_employee') : c.T.providerUser[c.s];
      return { url: `/api/service-providers/${provider.id}/users/${user.id}/active`, body: { active: true } };
    },
  },

  // ----- project tasks (the action list)
  'GET /api/tasks': { action: 'tasks.view', req: () => ({ url: '/api/tasks' }) },
  'GET /api/tasks/assignees': { action: 'tasks.manage', req: () => ({ url: '/api/tasks/assignees' }) },
  'GET /api/tasks/:id': {
    action: 'tasks.view',
    obj: 'project',
    req: (c) => ({ url: `/api/tasks/${c.T.task[c.s].id}` }),
  },
  'PUT /api/tasks/:id': {
    action: 'tasks.manage',
    obj: 'project',
    req: async (c) => ({ url: `/api/tasks/${(await taskOf(c)).id}`, body: taskBody() }),
  },
  'DELETE /api/tasks/:id': {
    action: 'tasks.manage',
    obj: 'project',
    req: async (c) => ({ url: `/api/tasks/${(await taskOf(c)).id}` }),
  },
  'PUT /api/tasks/:id/action-taken': {
    action: 'tasks.view',
    obj: 'project',
    req: async (c) => ({ url: `/api/tasks/${(await taskOf(c)).id}/action-taken`, body: { action_taken: 'Done.' } }),
  },
  'POST /api/tasks/:id/complete': {
    action: 'tasks.view',
    obj: 'project',
    req: async (c) => ({ url: `/api/tasks/${(await taskOf(c)).id}/complete` }),
  },
  'POST /api/tasks/:id/restore': {
    action: 'tasks.manage',
    obj: 'project',
    req: async (c) => ({
      url: `/api/tasks/${(c.fresh ? await make.taskThen(c.w.t, c.T, c.T.project[c.s].id, 'complete') : c.T.task[c.s]).id}/restore`,
    }),
  },
  'POST /api/tasks/:id/void': {
    action: 'tasks.manage',
    obj: 'project',
    req: async (c) => ({ url: `/api/tasks/${(await taskOf(c)).id}/void` }),
  },
  'POST /api/tasks/:id/star': {
    action: 'tasks.view',
    obj: 'project',
    req: async (c) => ({ url: `/api/tasks/${(await taskOf(c)).id}/star` }),
  },
  'GET /api/tasks/:id/history': {
    action: 'tasks.manage',
    obj: 'project',
    req: (c) => ({ url: `/api/tasks/${c.T.task[c.s].id}/history` }),
  },
  // A task's e-mail and SMS (features/tasks/message-routes.ts). A cell reaches the handler when it
  // answers 200 or, for a task without a contact or template yet, the handler's own 422.
  ...Object.fromEntries(
    (['email', 'sms'] as const).flatMap((channel) => [
      [
        `GET /api/tasks/:id/${channel}`,
        {
          action: 'tasks.manage',
          obj: 'project',
          req: (c: Cell) => ({ url: `/api/tasks/${c.T.task[c.s].id}/${channel}` }),
        },
      ],
      [
        `PUT /api/tasks/:id/${channel}`,
        {
          action: 'tasks.manage',
          obj: 'project',
          reached: [422],
          req: async (c: Cell) => ({
            url: `/api/tasks/${(await taskOf(c)).id}/${channel}`,
            body: { recipient: 'Site Contact', template_id: crypto.randomUUID() },
          }),
        },
      ],
      [
        `DELETE /api/tasks/:id/${channel}`,
        {
          action: 'tasks.manage',
          obj: 'project',
          req: async (c: Cell) => ({ url: `/api/tasks/${(await taskOf(c)).id}/${channel}` }),
        },
      ],
      [
        `POST /api/tasks/:id/${channel}/send`,
        {
          action: 'tasks.manage',
          obj: 'project',
          reached: [422],
          req: async (c: Cell) => ({ url: `/api/tasks/${(await taskOf(c)).id}/${channel}/send`, body: {} }),
        },
      ],
    ]),
  ),
  'GET /api/tasks/:id/email/attachments': {
    action: 'tasks.manage',
    obj: 'project',
    req: (c) => ({ url: `/api/tasks/${c.T.task[c.s].id}/email/attachments` }),
  },
  'GET /api/tasks/:id/email/template': {
    action: 'tasks.manage',
    obj: 'project',
    reached: [422],
    req: (c) => ({ url: `/api/tasks/${c.T.task[c.s].id}/email/template` }),
  },
  'PUT /api/tasks/:id/email/template': {
    action: 'tasks.manage',
    obj: 'project',
    reached: [422],
    req: async (c) => ({
      url: `/api/tasks/${(await taskOf(c)).id}/email/template`,
      body: { subject: 'Hello', body: '<p>Hi</p>' },
    }),
  },
  'DELETE /api/tasks/:id/email/template': {
    action: 'tasks.manage',
    obj: 'project',
    reached: [422],
    req: async (c) => ({ url: `/api/tasks/${(await taskOf(c)).id}/email/template` }),
  },
  'POST /api/projects/:id/tasks': {
    action: 'tasks.manage',
    obj: 'project',
    req: (c) => ({ url: `/api/projects/${c.T.project[c.s].id}/tasks`, body: taskBody() }),
  },
  'GET /api/projects/:id/storyboard': {
    action: 'tasks.view',
    obj: 'project',
    req: (c) => ({ url: `/api/projects/${c.T.project[c.s].id}/storyboard` }),
  },
  'GET /api/projects/:id/tasks/choices': {
    action: 'tasks.view',
    obj: 'project',
    req: (c) => ({ url: `/api/projects/${c.T.project[c.s].id}/tasks/choices` }),
  },
  'PUT /api/projects/:id/tasks/order': {
    action: 'tasks.manage',
    obj: 'project',
    req: async (c) => {
      const p = await project(c);
      const task = c.fresh ? await make.task(c.w.t, c.T, p.id) : c.T.task[c.s];
      return { url: `/api/projects/${p.id}/tasks/order`, body: { ids: [task.id] } };
    },
  },
  'POST /api/projects/:id/tasks/recalculate': {
    action: 'tasks.manage',
    obj: 'project',
    req: (c) => ({ url: `/api/projects/${c.T.project[c.s].id}/tasks/recalculate` }),
  },
  'POST /api/projects/:id/tasks/assign': {
    action: 'tasks.manage',
    obj: 'project',
    req: (c) => ({
      url: `/api/projects/${c.T.project[c.s].id}/tasks/assign`,
      body: { assigned: 'Company', staff: 'Admin', user_id: c.T.tenant.admin.id },
    }),
  },
  'POST /api/projects/:id/tasks/apply-template': {
    action: 'tasks.manage',
    obj: 'project',
    req: async (c) => ({
      url: `/api/projects/${(await project(c)).id}/tasks/apply-template`,
      body: { template_id: c.T.taskTemplate.in.id },
    }),
  },
  'POST /api/projects/:id/tasks/close-project': {
    action: 'tasks.manage',
    obj: 'project',
    req: async (c) => {
      const p = await project(c);
      if (c.fresh) await make.taskThen(c.w.t, c.T, p.id, 'void');
      return { url: `/api/projects/${p.id}/tasks/close-project` };
    },
  },

  // ----- task templates
  'GET /api/task-templates': { action: 'taskTemplates.manage', req: () => ({ url: '/api/task-templates' }) },
  'POST /api/task-templates': {
    action: 'taskTemplates.manage',
    req: () => ({ url: '/api/task-templates', body: { title: `Template ${uniq()}` } }),
  },
  'GET /api/task-templates/:id': {
    action: 'taskTemplates.manage',
    obj: 'plain',
    req: (c) => ({ url: `/api/task-templates/${c.T.taskTemplate[c.s].id}` }),
  },
  'PUT /api/task-templates/:id': {
    action: 'taskTemplates.manage',
    obj: 'plain',
    req: async (c) => ({
      url: `/api/task-templates/${(c.fresh ? await make.taskTemplate(c.w.t, c.T) : c.T.taskTemplate[c.s]).id}`,
      body: { title: `Template ${uniq()}` },
    }),
  },
  'DELETE /api/task-templates/:id': {
    action: 'taskTemplates.manage',
    obj: 'plain',
    req: async (c) => ({
      url: `/api/task-templates/${(c.fresh ? await make.taskTemplate(c.w.t, c.T) : c.T.taskTemplate[c.s]).id}`,
    }),
  },
  'POST /api/task-templates/:id/tasks': {
    action: 'taskTemplates.manage',
    obj: 'plain',
    req: async (c) => ({
      url: `/api/task-templates/${(c.fresh ? await make.taskTemplate(c.w.t, c.T) : c.T.taskTemplate[c.s]).id}/tasks`,
      body: taskBody(),
    }),
  },
  'PUT /api/task-templates/:id/tasks/:taskId': {
    action: 'taskTemplates.manage',
    obj: 'plain',
    req: async (c) => {
      const template = c.fresh ? await make.taskTemplate(c.w.t, c.T) : c.T.taskTemplate[c.s];
      return { url: `/api/task-templates/${template.id}/tasks/${template.taskId}`, body: taskBody() };
    },
  },
  'DELETE /api/task-templates/:id/tasks/:taskId': {
    action: 'taskTemplates.manage',
    obj: 'plain',
    req: async (c) => {
      const template = c.fresh ? await make.taskTemplate(c.w.t, c.T) : c.T.taskTemplate[c.s];
      return { url: `/api/task-templates/${template.id}/tasks/${template.taskId}` };
    },
  },
  'PUT /api/task-templates/:id/task-order': {
    action: 'taskTemplates.manage',
    obj: 'plain',
    req: async (c) => {
      const template = c.fresh ? await make.taskTemplate(c.w.t, c.T) : c.T.taskTemplate[c.s];
      return { url: `/api/task-templates/${template.id}/task-order`, body: { ids: [template.taskId] } };
    },
  },

  // ----- a project's quotes (company roles only for now)
  'GET /api/projects/:id/quotes': {
    action: 'quotes.view',
    obj: 'project',
    req: (c) => ({ url: `/api/projects/${c.T.project[c.s].id}/quotes` }),
  },
  'POST /api/projects/:id/quotes': {
    action: 'quotes.manage',
    obj: 'project',
    req: (c) => ({ url: `/api/projects/${c.T.project[c.s].id}/quotes` }),
  },
  'GET /api/projects/:id/quotes/:quoteId': {
    action: 'quotes.view',
    obj: 'project',
    req: async (c) => ({ url: await quoteOf(c) }),
  },
  'PUT /api/projects/:id/quotes/:quoteId': {
    action: 'quotes.manage',
    obj: 'project',
    req: async (c) => ({ url: await quoteOf(c), body: { version: 1, sections: [] } }),
  },
  'DELETE /api/projects/:id/quotes/:quoteId': {
    action: 'quotes.manage',
    obj: 'project',
    req: async (c) => ({ url: await quoteOf(c) }),
  },
  'POST /api/projects/:id/quotes/:quoteId/status': {
    action: 'quotes.manage',
    obj: 'project',
    req: async (c) => ({ url: `${await quoteOf(c)}/status`, body: { status: 'Void' } }),
  },
  'POST /api/projects/:id/quotes/:quoteId/revisions': {
    action: 'quotes.manage',
    obj: 'project',
    req: async (c) => ({ url: `${await quoteOf(c)}/revisions` }),
  },
  // ----- a project's bill of materials (issue 13 section 4): the products of its current quote
  'GET /api/projects/:id/bill-of-materials': {
    action: 'quotes.view',
    obj: 'project',
    req: (c) => ({ url: `/api/projects/${c.T.project[c.s].id}/bill-of-materials` }),
  },
  'GET /api/projects/:id/bill-of-materials/:itemId': {
    action: 'quotes.view',
    obj: 'project',
    req: async (c) => ({ url: await bomItemOf(c) }),
  },
  'PATCH /api/projects/:id/bill-of-materials/:itemId': {
    action: 'quotes.manage',
    obj: 'project',
    req: async (c) => ({ url: await bomItemOf(c), body: { order_status: 'Ordered', unit_cost: '5.00' } }),
  },
  // ----- a project's finance (issue 14 section 2): staff only
  'GET /api/projects/:id/finances': {
    action: 'finance.view',
    obj: 'project',
    req: (c) => ({ url: `/api/projects/${c.T.project[c.s].id}/finances` }),
  },
  'PUT /api/projects/:id/finances': {
    action: 'finance.manage',
    obj: 'project',
    // A project saved by an earlier cell is at a later version: the version check is past authorization.
    reached: [409],
    req: (c) => ({
      url: `/api/projects/${c.T.project[c.s].id}/finances`,
      body: { version: 0, revenues: [{ code: 'M1', category: 'service', estimate: '100', actual: '0' }] },
    }),
  },
  'GET /api/projects/:id/finances/pull': {
    action: 'finance.manage',
    obj: 'project',
    // The matrix's projects have no Accepted quote: 409 says so, after authorization.
    reached: [409],
    req: (c) => ({ url: `/api/projects/${c.T.project[c.s].id}/finances/pull?source=quote` }),
  },
  // ----- a quote's files: exports, PDF, imports (issue 13 section 2)
  'POST /api/projects/:id/quotes/:quoteId/export/system.csv': {
    action: 'quotes.view',
    obj: 'project',
    req: async (c) => ({ url: `${await quoteOf(c)}/export/system.csv` }),
  },
  'GET /api/projects/:id/quotes/:quoteId/export/client.xlsx': {
    action: 'quotes.view',
    obj: 'project',
    req: async (c) => ({ url: `${await quoteOf(c)}/export/client.xlsx` }),
  },
  'GET /api/projects/:id/quotes/:quoteId/pdf': {
    action: 'quotes.view',
    obj: 'project',
    req: async (c) => ({ url: `${await quoteOf(c)}/pdf` }),
  },
  // ----- service provider agreements (issue 14 section 1): staff from an Accepted quote, provider users their own
  'GET /api/projects/:id/quotes/:quoteId/agreements': {
    action: 'agreements.manage',
    obj: 'project',
    req: async (c) => ({ url: (await agreementOf(c)).base }),
  },
  'POST /api/projects/:id/quotes/:quoteId/agreements': {
    action: 'agreements.manage',
    obj: 'project',
    req: async (c) => ({ url: (await agreementOf(c)).base }),
  },
  'PUT /api/projects/:id/quotes/:quoteId/agreements/:agreementId': {
    action: 'agreements.manage',
    obj: 'project',
    req: async (c) => {
      const ag = await agreementOf(c);
      return { url: `${ag.base}/${ag.id}`, body: { version: 1, notes: 'Matrix', sections: {} } };
    },
  },
  'PATCH /api/projects/:id/quotes/:quoteId/agreements/:agreementId/void': {
    action: 'agreements.manage',
    obj: 'project',
    req: async (c) => {
      const ag = await agreementOf(c);
      return { url: `${ag.base}/${ag.id}/void` };
    },
  },
  'DELETE /api/projects/:id/quotes/:quoteId/agreements/:agreementId': {
    action: 'agreements.manage',
    obj: 'project',
    req: async (c) => {
      const ag = await agreementOf(c);
      return { url: `${ag.base}/${ag.id}` };
    },
  },
  'GET /api/projects/:id/quotes/:quoteId/agreements/:agreementId/pdf': {
    action: 'agreements.manage',
    obj: 'project',
    req: async (c) => {
      const ag = await agreementOf(c);
      return { url: `${ag.base}/${ag.id}/pdf?type=sow` };
    },
  },
  'GET /api/agreements': {
    action: 'agreements.respond',
    req: () => ({ url: '/api/agreements?page=1&pageSize=20' }),
  },
  // A provider user's own: the agreement's provider is the cell's project's (provider.in for own).
  'GET /api/agreements/:agreementId': {
    action: 'agreements.respond',
    obj: 'project',
    req: async (c) => ({ url: `/api/agreements/${(await agreementOf(c)).id}` }),
  },
  'GET /api/agreements/:agreementId/pdf': {
    action: 'agreements.respond',
    obj: 'project',
    req: async (c) => ({ url: `/api/agreements/${(await agreementOf(c)).id}/pdf?type=ja` }),
  },
  'POST /api/agreements/:agreementId/response': {
    action: 'agreements.respond',
    obj: 'project',
    req: async (c) => ({
      url: `/api/agreements/${(await agreementOf(c)).id}/response`,
      body: { response: 'Declined', reason: 'Matrix' },
    }),
  },
  'POST /api/projects/:id/quotes/import': {
    action: 'quotes.manage',
    obj: 'project',
    req: (c) => ({
      url: `/api/projects/${c.T.project[c.s].id}/quotes/import`,
      body: formData({}, { data: Buffer.from(QUOTE_CSV), filename: 'quote.csv', type: 'text/csv' }),
    }),
  },
  'POST /api/projects/:id/quotes/import-clone': {
    action: 'quotes.manage',
    obj: 'project',
    req: async (c) => {
      const source = await quoteOf(c);
      return {
        url: `/api/projects/${c.T.project[c.s].id}/quotes/import-clone`,
        body: { quote_id: Number(source.split('/').pop()), sections: [] },
      };
    },
  },
  'POST /api/projects/:id/quotes/:quoteId/attach-sections': {
    action: 'quotes.manage',
    obj: 'project',
    req: async (c) => {
      const target = await quoteOf(c);
      const source = await quoteOf(c);
      return { url: `${target}/attach-sections`, body: { quote_id: Number(source.split('/').pop()), sections: [] } };
    },
  },
  // ----- the client answers a quote online (issue 13 section 6): staff send, client users answer
  'POST /api/projects/:id/quotes/:quoteId/send': {
    action: 'quotes.manage',
    obj: 'project',
    req: async (c) => ({ url: `${await quoteOf(c)}/send` }),
  },
  'GET /api/projects/:id/client-quote': {
    action: 'quotes.respond',
    obj: 'project',
    req: async (c) => {
      await sentQuoteOf(c);
      return { url: `/api/projects/${c.T.project[c.s].id}/client-quote` };
    },
  },
  'POST /api/projects/:id/client-quote/respond': {
    action: 'quotes.respond',
    obj: 'project',
    req: async (c) => ({
      url: `/api/projects/${c.T.project[c.s].id}/client-quote/respond`,
      body: { quote_id: await sentQuoteOf(c), decision: 'Rejected', reason: 'Over budget.' },
    }),
  },
  'GET /api/quotes/importable': {
    action: 'quotes.manage',
    req: () => ({ url: '/api/quotes/importable?period=all_time' }),
  },
  'GET /api/quotes/importable/options': {
    action: 'quotes.manage',
    req: () => ({ url: '/api/quotes/importable/options' }),
  },

  // ----- quote requests (issue 13 section 5): client and provider users, each their own draft
  'POST /api/quote-requests': {
    action: 'quoteRequests.create',
    req: () => ({ url: '/api/quote-requests' }),
  },
  'GET /api/quote-requests/account-managers': {
    action: 'quoteRequests.create',
    req: () => ({ url: '/api/quote-requests/account-managers' }),
  },
  'POST /api/quote-requests/:id/files': {
    action: 'quoteRequests.create',
    req: async (c) => ({
      url: `/api/quote-requests/${await quoteRequestOf(c)}/files`,
      body: formData({}, { data: pngBytes(), filename: 'site.png', type: 'image/png' }),
    }),
  },
  'DELETE /api/quote-requests/:id/files/:fileId': {
    action: 'quoteRequests.create',
    req: async (c) => {
      const id = await quoteRequestOf(c);
      if (!c.fresh) return { url: `/api/quote-requests/${id}/files/${crypto.randomUUID()}` };
      const up = await ok(
        await asPrincipal(c, {
          method: 'POST',
          url: `/api/quote-requests/${id}/files`,
          body: formData({}, { data: pngBytes(), filename: 'site.png', type: 'image/png' }),
        }),
        'quote request file',
      );
      return { url: `/api/quote-requests/${id}/files/${up.json.file.id}` };
    },
  },
  'POST /api/quote-requests/:id/submit': {
    action: 'quoteRequests.create',
    // A provider user's request needs an account manager of a client the provider works for.
    reached: [422],
    req: async (c) => ({
      url: `/api/quote-requests/${await quoteRequestOf(c)}/submit`,
      body: {
        project_name: `Requested ${uniq()}`,
        street: '1 Queen St',
        suburb: 'Brisbane City',
        state: 'QLD',
        postcode: '4000',
        contact_name: 'Site Contact',
        summary: 'Replace the roof sheets.',
      },
    }),
  },

  // ----- e-mail and SMS templates
  // ----- works and materials (the catalogue)
  'GET /api/catalogue': { action: 'catalogue.view', req: () => ({ url: '/api/catalogue' }) },
  'GET /api/catalogue/options': { action: 'catalogue.view', req: () => ({ url: '/api/catalogue/options' }) },
  'POST /api/catalogue': { action: 'catalogue.manage', req: () => ({ url: '/api/catalogue', body: workItemBody() }) },
  'GET /api/catalogue/:id': {
    action: 'catalogue.view',
    obj: 'plain',
    req: (c) => ({ url: `/api/catalogue/${c.T.workItem[c.s].id}` }),
  },
  'PUT /api/catalogue/:id': {
    action: 'catalogue.manage',
    obj: 'plain',
    req: async (c) => ({
      url: `/api/catalogue/${(c.fresh ? await make.workItem(c.w.t, c.T) : c.T.workItem[c.s]).id}`,
      body: workItemBody(),
    }),
  },
  // ----- the finance report (issue 14 section 3): staff only
  'GET /api/reports/finance/options': {
    action: 'reports.view',
    req: () => ({ url: '/api/reports/finance/options' }),
  },
  'POST /api/reports/finance/generate': {
    action: 'reports.view',
    req: () => ({ url: '/api/reports/finance/generate', body: { period: 'current_month' } }),
  },
  'POST /api/reports/finance.xlsx': {
    action: 'reports.view',
    req: () => ({ url: '/api/reports/finance.xlsx', body: { period: 'current_month' } }),
  },
  'GET /api/message-templates': {
    action: 'messageTemplates.manage',
    req: () => ({ url: '/api/message-templates' }),
  },
  'POST /api/message-templates': {
    action: 'messageTemplates.manage',
    req: () => ({ url: '/api/message-templates', body: messageTemplateBody() }),
  },
  'POST /api/message-templates/preview': {
    action: 'messageTemplates.manage',
    req: () => ({ url: '/api/message-templates/preview', body: { channel: 'sms', body: 'Hi {{user_name}}' } }),
  },
  'GET /api/message-templates/:id': {
    action: 'messageTemplates.manage',
    obj: 'plain',
    req: (c) => ({ url: `/api/message-templates/${c.T.messageTemplate[c.s].id}` }),
  },
  'PUT /api/message-templates/:id': {
    action: 'messageTemplates.manage',
    obj: 'plain',
    req: async (c) => ({
      url: `/api/message-templates/${(c.fresh ? await make.messageTemplate(c.w.t, c.T) : c.T.messageTemplate[c.s]).id}`,
      body: messageTemplateBody(),
    }),
  },
  'DELETE /api/message-templates/:id': {
    action: 'messageTemplates.manage',
    obj: 'plain',
    req: async (c) => ({
      url: `/api/message-templates/${(c.fresh ? await make.messageTemplate(c.w.t, c.T) : c.T.messageTemplate[c.s]).id}`,
    }),
  },

  // ----- certificate types
  'GET /api/certificate-types': {
    action: ['certificates.view', 'certificateTypes.manage'],
    req: () => ({ url: '/api/certificate-types' }),
  },
  'POST /api/certificate-types': {
    action: 'certificateTypes.manage',
    req: () => ({ url: '/api/certificate-types', body: { name: `Type ${uniq()}` } }),
  },
  'GET /api/certificate-types/:id': {
    action: ['certificates.view', 'certificateTypes.manage'],
    obj: 'plain',
    req: (c) => ({ url: `/api/certificate-types/${c.T.certType[c.s].id}` }),
  },
  'PUT /api/certificate-types/:id': {
    action: 'certificateTypes.manage',
    obj: 'plain',
    req: async (c) => ({
      url: `/api/certificate-types/${(c.fresh ? await make.certType(c.w.t, c.T) : c.T.certType[c.s]).id}`,
      body: { name: `Type ${uniq()}` },
    }),
  },
  'DELETE /api/certificate-types/:id': {
    action: 'certificateTypes.manage',
    obj: 'plain',
    req: async (c) => ({
      url: `/api/certificate-types/${(c.fresh ? await make.certType(c.w.t, c.T) : c.T.certType[c.s]).id}`,
    }),
  },
  'POST /api/certificate-types/:id/samples': {
    action: 'certificateTypes.manage',
    obj: 'plain',
    req: async (c) => ({
      url: `/api/certificate-types/${(c.fresh ? await make.certType(c.w.t, c.T) : c.T.certType[c.s]).id}/samples`,
      body: formData({}, png()),
    }),
  },
  'DELETE /api/certificate-types/:id/samples/:fileId': {
    action: 'certificateTypes.manage',
    obj: 'plain',
    req: async (c) => {
      const sample = c.fresh ? await make.sample(c.w.t, c.T) : c.T.sample[c.s];
      return { url: `/api/certificate-types/${sample.typeId}/samples/${sample.fileId}` };
    },
  },

  // ----- certificates (of a user: in = the provider user's own; of a provider: in = the provider user's provider)
  'GET /api/certifications/:ownerId': {
    action: 'certificates.view',
    obj: 'cert',
    variants: ['user', 'provider'],
    req: (c) => ({ url: `/api/certifications/${certOf(c).ownerId}${certQuery(c.variant)}` }),
  },
  'GET /api/certifications/:ownerId/types/:typeId': {
    action: 'certificates.view',
    obj: 'cert',
    variants: ['user', 'provider'],
    req: (c) => ({
      url: `/api/certifications/${certOf(c).ownerId}/types/${c.T.certType.in.id}${certQuery(c.variant)}`,
    }),
  },
  'POST /api/certifications/:ownerId': {
    action: 'certificates.manage',
    obj: 'cert',
    variants: ['user', 'provider'],
    req: (c) => ({
      url: `/api/certifications/${certOf(c).ownerId}${certQuery(c.variant)}`,
      body: { type_id: c.T.certType.in.id, name: `Cert ${uniq()}` },
    }),
  },
  'PUT /api/certifications/:ownerId/:certId': {
    action: 'certificates.manage',
    obj: 'cert',
    variants: ['user', 'provider'],
    req: async (c) => {
      const cert = await freshCert(c);
      return {
        url: `/api/certifications/${cert.ownerId}/${cert.id}${certQuery(c.variant)}`,
        body: { type_id: c.T.certType.in.id, name: `Cert ${uniq()}` },
      };
    },
  },
  'DELETE /api/certificates/:certId': {
    action: 'certificates.manage',
    obj: 'cert',
    variants: ['user', 'provider'],
    req: async (c) => ({ url: `/api/certificates/${(await freshCert(c)).id}` }),
  },
  'GET /documents/file/:filableId/:fileId': {
    action: 'certificates.view',
    obj: (v) => (v === 'sample' ? 'plain' : 'cert'),
    variants: ['certificate', 'sample'],
    req: (c) => {
      if (c.variant === 'sample') return { url: `/documents/file/${c.T.sample[c.s].typeId}/${c.T.sample[c.s].fileId}` };
      return { url: `/documents/file/${c.T.userCert[c.s].id}/${c.T.userCert[c.s].fileId}` };
    },
  },
};

// ---------------------------------------------------------------------------------------------
// Running the cells

export function expectedAllow(r: RouteDef, p: Principal, kind: Kind | null, variant: string | null): boolean {
  if (r.action === 'public') return true;
  if (!p.actor) return false;
  if (r.allow) return r.allow(p);
  const action = typeof r.action === 'function' ? r.action(variant) : r.action;
  const actions = Array.isArray(action) ? action : [action];
  if (!actions.some((a) => can(p.actor, a))) return false;
  const obj = objOf(r, variant);
  if (!obj || kind === null) return true;
  // From the platform host only the platform's own objects exist (settings).
  if (p.actor.area === 'platform') return kind === 'own' && (obj === 'setting' || obj === 'mailbox');
  if (kind === 'otherTenant') return false;
  if (kind === 'sameTenantOther') return !SCOPED[obj].includes(p.scope);
  return true;
}

export type Verdict = 'allowed' | 'denied' | 'leak' | 'wrong';
export type Outcome = {
  route: string;
  principal: PrincipalName;
  kind: Kind | null;
  variant: string | null;
  expected: 'allow' | 'deny';
  status: number;
  verdict: Verdict;
  detail: string;
  /** Markers of objects the principal may see that the body holds (shows the markers match real bodies). */
  seenOwn: number;
};

export type PlannedCell = { route: string; def: RouteDef; p: Principal; kind: Kind | null; variant: string | null };

export function planCells(w: World, routes: Record<string, RouteDef> = ROUTES): PlannedCell[] {
  const cells: PlannedCell[] = [];
  for (const [route, def] of Object.entries(routes)) {
    for (const variant of def.variants ?? [null]) {
      const kinds: (Kind | null)[] = objOf(def, variant) ? (def.kinds ?? [...KINDS]) : [null];
      for (const base of w.principals) {
        const p = base.name === 'anonymous' && def.area === 'platform' ? { ...base, host: PLATFORM_HOST } : base;
        for (const kind of kinds) cells.push({ route, def, p, kind, variant });
      }
    }
  }
  return cells;
}

const DENIED = new Set([401, 403, 404]);

export async function runCell(w: World, cell: PlannedCell): Promise<Outcome> {
  const { route, def, p, kind, variant } = cell;
  const allow = expectedAllow(def, p, kind, variant);
  const method = route.split(' ')[0] as RequestOptions['method'];
  const c: Cell = {
    w,
    p,
    kind,
    variant,
    fresh: allow && method !== 'GET',
    T: kind === 'otherTenant' ? w.B : w.A,
    s: kind === 'sameTenantOther' ? 'out' : 'in',
  };
  const req = await def.req(c);
  const res = await request(w.t, {
    method,
    url: req.url,
    body: req.body,
    host: p.host,
    cookie: p.cookie,
    remoteAddress: p.remoteAddress,
  });
  const seenOwn = w.markers.filter((m) => m.seenBy.has(p.name) && res.text.includes(m.text)).length;
  const base = {
    route,
    principal: p.name,
    kind,
    variant,
    expected: allow ? ('allow' as const) : ('deny' as const),
    seenOwn,
  };
  const checked = allow && def.holdsAnyData ? [] : w.markers;
  const seen = checked.filter((m) => !m.seenBy.has(p.name) && res.text.includes(m.text)).map((m) => m.text);
  const at = `${method} ${req.url}`;
  if (seen.length)
    return { ...base, status: res.status, verdict: 'leak', detail: `${at}: the body holds ${seen.join(', ')}` };
  if (res.status >= 500)
    return { ...base, status: res.status, verdict: 'wrong', detail: `${at}: ${res.status} ${res.text.slice(0, 200)}` };
  const success = res.status >= 200 && res.status < 300;
  if (allow) {
    if (success || def.reached?.includes(res.status))
      return { ...base, status: res.status, verdict: 'allowed', detail: at };
    return {
      ...base,
      status: res.status,
      verdict: 'wrong',
      detail: `${at}: expected to be allowed, got ${res.status} ${res.text.slice(0, 200)}`,
    };
  }
  if (success)
    return {
      ...base,
      status: res.status,
      verdict: 'leak',
      detail: `${at}: must be refused, got ${res.status} ${res.text.slice(0, 200)}`,
    };
  if (DENIED.has(res.status)) return { ...base, status: res.status, verdict: 'denied', detail: at };
  return {
    ...base,
    status: res.status,
    verdict: 'wrong',
    detail: `${at}: must be refused with 401/403/404, got ${res.status} ${res.text.slice(0, 200)}`,
  };
}

/** Run cells with a few requests in flight at once. */
export async function runAll(w: World, cells: PlannedCell[], concurrency = 6): Promise<Outcome[]> {
  const out: Outcome[] = new Array(cells.length);
  let next = 0;
  const worker = async () => {
    for (;;) {
      const i = next++;
      if (i >= cells.length) return;
      try {
        out[i] = await runCell(w, cells[i]!);
      } catch (error) {
        const cell = cells[i]!;
        out[i] = {
          route: cell.route,
          principal: cell.p.name,
          kind: cell.kind,
          variant: cell.variant,
          expected: expectedAllow(cell.def, cell.p, cell.kind, cell.variant) ? 'allow' : 'deny',
          status: 0,
          verdict: 'wrong',
          detail: `could not run: ${(error as Error).message}`,
          seenOwn: 0,
        };
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return out;
}

export const describeCell = (o: Outcome) =>
  `${o.route}${o.variant ? ` [${o.variant}]` : ''} as ${o.principal}${o.kind ? ` on ${o.kind}` : ''}: ${o.detail}`;
