/**
 * Factories for the projects issue (clients, client and provider users, categories and services,
 * projects), written through the owner connection like the ones in harness.ts.
 */
import { eq, sql } from 'drizzle-orm';
import { formatProjectCode, type Role } from '@siteflow/core';
import {
  categories,
  categoryServices,
  clients,
  projectCategories,
  projects,
  projectServices,
  providerAvailabilities,
  providerCategories,
  providerServices,
  serviceProviders,
  services,
  siteContacts,
  tenantCounters,
  users,
} from '../src/platform/db/schema.js';
import { asOwner, createUser, uniq, type TestUser, type UserOptions } from './harness.js';

type TenantRef = { id: string };

export type TestClient = { id: string; tradingName: string };

export async function createClientCo(
  tenant: TenantRef,
  opts: Partial<{ tradingName: string; active: boolean }> = {},
): Promise<TestClient> {
  const tradingName = opts.tradingName ?? `Client ${uniq()} Pty Ltd`;
  const [row] = await asOwner(tenant.id, (tx) =>
    tx
      .insert(clients)
      .values({
        tenantId: tenant.id,
        tradingName,
        active: opts.active ?? true,
        suburb: 'Brisbane City',
        state: 'QLD',
        postcode: '4000',
      })
      .returning({ id: clients.id }),
  );
  return { id: row!.id, tradingName };
}

/** A user who belongs to a client or a service provider (`link` names which). */
async function createLinkedUser(
  tenant: TenantRef,
  role: Role,
  opts: UserOptions,
  link: { clientId: string } | { serviceProviderId: string },
): Promise<TestUser> {
  const user = await createUser(tenant, role, opts);
  await asOwner(tenant.id, (tx) => tx.update(users).set(link).where(eq(users.id, user.id)));
  return user;
}

/** A user of a client (client_admin, client_account or client_am). */
export const createClientUser = (
  tenant: TenantRef,
  clientId: string,
  role: Role = 'client_am',
  opts: UserOptions = {},
) => createLinkedUser(tenant, role, opts, { clientId });

export type ProviderOptions = Partial<{
  statusCode: string;
  email: string | null;
  street: string;
  suburb: string;
  state: string;
  postcode: string;
  /** null for a provider with no location. Default: Brisbane City. */
  lat: number | null;
  lng: number | null;
  performanceRating: number | null;
  customerRating: number | null;
  preferredPostcodes: string[];
  preferredStates: string[];
  categoryIds: string[];
  serviceIds: string[];
  /** Unavailable periods, 'YYYY-MM-DD'. */
  unavailable: { start: string; end: string }[];
}>;

/** A service provider; by default approved, located in Brisbane City, with no categories. */
export async function createProvider(
  tenant: TenantRef,
  name = `Provider ${uniq()}`,
  opts: ProviderOptions = {},
): Promise<{ id: string; name: string }> {
  const id = await asOwner(tenant.id, async (tx) => {
    const [row] = await tx
      .insert(serviceProviders)
      .values({
        tenantId: tenant.id,
        name,
        statusCode: opts.statusCode ?? 'approved',
        email:
          opts.email === undefined ? `${name.toLowerCase().replace(/[^a-z0-9]+/g, '.')}@provider.test` : opts.email,
        street: opts.street ?? '1 Queen Street',
        suburb: opts.suburb ?? 'Brisbane City',
        state: opts.state ?? 'QLD',
        postcode: opts.postcode ?? '4000',
        lat: opts.lat === undefined ? -27.4698 : opts.lat,
        lng: opts.lng === undefined ? 153.0251 : opts.lng,
        geoPrecision: opts.lat === null ? null : 'suburb',
        performanceRating: opts.performanceRating ?? null,
        performanceRatingCount: opts.performanceRating == null ? 0 : 1,
        customerRating: opts.customerRating ?? null,
        customerRatingCount: opts.customerRating == null ? 0 : 1,
        preferredPostcodes: opts.preferredPostcodes ?? [],
        preferredStates: opts.preferredStates ?? [],
      })
      .returning({ id: serviceProviders.id });
    const providerId = row!.id;
    if (opts.categoryIds?.length)
      await tx
        .insert(providerCategories)
        .values(opts.categoryIds.map((categoryId) => ({ tenantId: tenant.id, providerId, categoryId })));
    if (opts.serviceIds?.length)
      await tx
        .insert(providerServices)
        .values(opts.serviceIds.map((serviceId) => ({ tenantId: tenant.id, providerId, serviceId })));
    if (opts.unavailable?.length)
      await tx
        .insert(providerAvailabilities)
        .values(opts.unavailable.map((u) => ({ tenantId: tenant.id, providerId, startDate: u.start, endDate: u.end })));
    return providerId;
  });
  return { id, name };
}

/** A user of a service provider (sp_admin or sp_employee). */
export const createProviderUser = (
  tenant: TenantRef,
  providerId: string,
  role: Role = 'sp_admin',
  opts: UserOptions = {},
) => createLinkedUser(tenant, role, opts, { serviceProviderId: providerId });

export type TestCatalogue = {
  categories: { id: string; name: string }[];
  services: { id: string; name: string }[];
};

/**
 * Two categories and three services: the first category offers services 0 and 1, the second
 * offers service 2.
 */
export async function createCatalogue(tenant: TenantRef): Promise<TestCatalogue> {
  const tag = uniq();
  return asOwner(tenant.id, async (tx) => {
    const cats = await tx
      .insert(categories)
      .values([`Electrical ${tag}`, `Plumbing ${tag}`].map((name) => ({ tenantId: tenant.id, name })))
      .returning({ id: categories.id, name: categories.name });
    const svcs = await tx
      .insert(services)
      .values([`Wiring ${tag}`, `Lighting ${tag}`, `Drains ${tag}`].map((name) => ({ tenantId: tenant.id, name })))
      .returning({ id: services.id, name: services.name });
    await tx.insert(categoryServices).values([
      { tenantId: tenant.id, categoryId: cats[0]!.id, serviceId: svcs[0]!.id },
      { tenantId: tenant.id, categoryId: cats[0]!.id, serviceId: svcs[1]!.id },
      { tenantId: tenant.id, categoryId: cats[1]!.id, serviceId: svcs[2]!.id },
    ]);
    return { categories: cats, services: svcs };
  });
}

export type ProjectOptions = Partial<{
  name: string;
  status: (typeof projects.$inferInsert)['status'];
  managerId: string;
  administratorId: string;
  amId: string | null;
  providerId: string | null;
  orderReference: string;
  street: string;
  suburb: string;
  state: string;
  postcode: string;
  startDate: string | null;
  endDate: string | null;
  categoryId: string;
  serviceId: string;
}>;

export type TestProject = { id: number; code: string; name: string };

/** A project inserted directly (numbered from the tenant's counter, like the API). */
export async function createProject(
  tenant: TenantRef & { admin: { id: string } },
  client: TestClient,
  opts: ProjectOptions = {},
): Promise<TestProject> {
  const name = opts.name ?? `Project ${uniq()}`;
  return asOwner(tenant.id, async (tx) => {
    const [counter] = await tx
      .insert(tenantCounters)
      .values({ tenantId: tenant.id, name: 'project', value: 1 })
      .onConflictDoUpdate({
        target: [tenantCounters.tenantId, tenantCounters.name],
        set: { value: sql`${tenantCounters.value} + 1` },
      })
      .returning({ value: tenantCounters.value });
    const seq = counter!.value;
    const [p] = await tx
      .insert(projects)
      .values({
        tenantId: tenant.id,
        seq,
        code: formatProjectCode(seq),
        name,
        status: opts.status ?? 'order',
        startDate: opts.startDate === undefined ? '2026-11-21 08:00' : opts.startDate,
        endDate: opts.endDate === undefined ? '2026-11-21 17:00' : opts.endDate,
        clientId: client.id,
        clientName: client.tradingName,
        clientAmId: opts.amId ?? null,
        orderReference: opts.orderReference ?? `PO-${uniq()}`,
        projectManagerId: opts.managerId ?? tenant.admin.id,
        projectAdministratorId: opts.administratorId ?? tenant.admin.id,
        street: opts.street ?? '1 Test Street',
        suburb: opts.suburb ?? 'Testville',
        state: opts.state ?? 'QLD',
        postcode: opts.postcode ?? '4000',
        serviceProviderId: opts.providerId ?? null,
      })
      .returning({ id: projects.id, code: projects.code });
    if (opts.categoryId)
      await tx.insert(projectCategories).values({ tenantId: tenant.id, projectId: p!.id, categoryId: opts.categoryId });
    if (opts.serviceId)
      await tx.insert(projectServices).values({ tenantId: tenant.id, projectId: p!.id, serviceId: opts.serviceId });
    await tx.insert(siteContacts).values({ tenantId: tenant.id, projectId: p!.id, position: 0, name: 'Site Sam' });
    return { id: p!.id, code: p!.code, name };
  });
}
