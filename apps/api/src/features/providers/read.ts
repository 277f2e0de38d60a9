import { and, asc, count, desc, eq, ilike, isNotNull, ne, sql, type SQL } from 'drizzle-orm';
import {
  providerAbilities,
  type ProviderListQuery,
  type ProviderOption,
  type ProviderPage,
  type ProviderUserView,
  type ProviderView,
  userNames,
} from '@siteflow/core';
import { inTenant, type Actor, type Deps, type TenantContext } from '../../platform/context.js';
import type { Exec } from '../../platform/db/client.js';
import { projects, providerAvailabilities, providerCategories, serviceProviders } from '../../platform/db/schema.js';
import { containsAny, escapeLike } from '../../platform/db/like.js';
import { notFound } from '../../platform/errors.js';
import { inOrder } from '../../platform/db/in-order.js';
import {
  categoriesOf,
  countsOr,
  projectCountsOf,
  servicesOf,
  userOption,
  usersOf,
  type ProviderUserRow,
} from './batch.js';
import { locationOf } from '../geo/location.js';
import { addressLine, dayOf, fullName, providerHeading } from './present.js';
import { visibleProviders } from './scope.js';

/** Reads of service providers: the list, the show page, the picker, and the visibility check the writes share. */

type D = Pick<Deps, 'db'>;
type ProviderRow = typeof serviceProviders.$inferSelect;

/** The provider if the actor may see it; 404 otherwise (another tenant's, or not their own). */
export async function findVisibleProvider(tx: Exec, actor: Actor, id: string, lock = false): Promise<ProviderRow> {
  const q = tx
    .select()
    .from(serviceProviders)
    .where(and(eq(serviceProviders.id, id), visibleProviders(actor)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound('The service provider');
  return row;
}

// ---------------------------------------------------------------------------------------------
// List

const SORTS: Record<ProviderListQuery['sort'], SQL[]> = {
  name: [sql`lower(${serviceProviders.name})`],
  status: [sql`${serviceProviders.statusCode}`, sql`lower(${serviceProviders.name})`],
  performance: [sql`${serviceProviders.performanceRating}`, sql`lower(${serviceProviders.name})`],
  customer: [sql`${serviceProviders.customerRating}`, sql`lower(${serviceProviders.name})`],
  suburb: [sql`lower(${serviceProviders.suburb})`, sql`lower(${serviceProviders.name})`],
};

const ids = (rows: { id: string }[]) => rows.map((r) => r.id);

export const listProviders = (
  deps: D,
  tenant: TenantContext,
  actor: Actor,
  q: ProviderListQuery,
): Promise<ProviderPage> =>
  inTenant(deps, tenant.id, async (tx) => {
    const where = and(
      visibleProviders(actor),
      containsAny(q.search, [
        serviceProviders.name,
        serviceProviders.suburb,
        serviceProviders.postcode,
        serviceProviders.email,
      ]),
      q.status ? eq(serviceProviders.statusCode, q.status) : undefined,
      q.state ? eq(serviceProviders.state, q.state) : undefined,
      q.category_id
        ? sql`exists (select 1 from ${providerCategories} pc where pc.tenant_id = ${serviceProviders.tenantId} and pc.provider_id = ${serviceProviders.id} and pc.category_id = ${q.category_id})`
        : undefined,
    );
    const dir = q.order === 'desc' ? sql`desc nulls last` : sql`asc nulls last`;
    const order = [...SORTS[q.sort].map((c) => sql`${c} ${dir}`), sql`${serviceProviders.id} asc`];
    const [rows, [total]] = await inOrder(
      () =>
        tx
          .select()
          .from(serviceProviders)
          .where(where)
          .orderBy(...order)
          .limit(q.pageSize)
          .offset((q.page - 1) * q.pageSize),
      () => tx.select({ n: count() }).from(serviceProviders).where(where),
    );
    const cats = await categoriesOf(tx, ids(rows));
    return {
      items: rows.map((p) => ({
        ...providerHeading(p.id, p.name, p.statusCode),
        suburb: p.suburb,
        state: p.state,
        postcode: p.postcode,
        phone: p.phone,
        email: p.email,
        categories_list: (cats.get(p.id) ?? []).map((c) => c.name),
        performance_ratings: p.performanceRating,
        customer_ratings: p.customerRating,
        has_location: p.lat !== null && p.lng !== null,
      })),
      total: total?.n ?? 0,
      page: q.page,
      pageSize: q.pageSize,
    };
  });

// ---------------------------------------------------------------------------------------------
// Show page

export function presentProviderUser(u: ProviderUserRow): ProviderUserView {
  return {
    id: u.id,
    ...userNames(u),
    email: u.email,
    phone: u.phone,
    role: u.role === 'sp_admin' ? 'sp_admin' : 'sp_employee',
    active: u.active,
  };
}

export async function providerView(tx: Exec, actor: Actor, id: string): Promise<ProviderView> {
  const p = await findVisibleProvider(tx, actor, id);
  const [cats, svcs, availability, people, counts, [last]] = await inOrder(
    () => categoriesOf(tx, [id]),
    () => servicesOf(tx, [id]),
    () =>
      tx
        .select()
        .from(providerAvailabilities)
        .where(eq(providerAvailabilities.providerId, id))
        .orderBy(asc(providerAvailabilities.startDate), asc(providerAvailabilities.id)),
    () => usersOf(tx, [id], { all: true }),
    () => projectCountsOf(tx, [id]),
    () =>
      tx
        .select({ id: projects.id, code: projects.code, name: projects.name, start: projects.startDate })
        .from(projects)
        .where(and(eq(projects.serviceProviderId, id), isNotNull(projects.startDate)))
        .orderBy(desc(projects.startDate), desc(projects.id))
        .limit(1),
  );
  const c = countsOr(counts, id);
  const staff = people.get(id) ?? [];
  return {
    ...providerHeading(p.id, p.name, p.statusCode),
    director_name: p.directorName,
    email: p.email,
    phone: p.phone,
    website: p.website,
    business_address: { ...locationOf(p), precision: p.geoPrecision },
    location: addressLine(p),
    locations: p.lat !== null && p.lng !== null ? [{ lat: p.lat, lng: p.lng }] : [],
    categories: cats.get(id) ?? [],
    services: svcs.get(id) ?? [],
    preferences: { postcodes: p.preferredPostcodes, states: p.preferredStates },
    availabilities: availability.map((a) => ({ id: a.id, start_date: a.startDate, end_date: a.endDate, note: a.note })),
    users: staff.map(presentProviderUser),
    sp_users: staff
      .filter((u) => u.active)
      .map(fullName)
      .join(', '),
    performance_ratings: p.performanceRating,
    performance_rating_count: p.performanceRatingCount,
    customer_ratings: p.customerRating,
    customer_rating_count: p.customerRatingCount,
    finished_creation: c.scheduled,
    completed_projects: c.completed,
    project_count: c.total,
    last_project: last ? { id: last.id, project_code: last.code, name: last.name, date: dayOf(last.start) } : null,
    notes: p.notes,
    abilities: providerAbilities(actor, p),
  };
}

export const getProvider = (deps: D, tenant: TenantContext, actor: Actor, id: string) =>
  inTenant(deps, tenant.id, (tx) => providerView(tx, actor, id));

// ---------------------------------------------------------------------------------------------
// Picker by trading name (project details)

export const providerOptions = (
  deps: D,
  tenant: TenantContext,
  actor: Actor,
  q: string,
): Promise<{ items: ProviderOption[] }> =>
  inTenant(deps, tenant.id, async (tx) => {
    const rows = await tx
      .select()
      .from(serviceProviders)
      .where(
        and(
          visibleProviders(actor),
          ne(serviceProviders.statusCode, 'deleted'),
          q ? ilike(serviceProviders.name, `%${escapeLike(q)}%`) : undefined,
        ),
      )
      .orderBy(asc(sql`lower(${serviceProviders.name})`), asc(serviceProviders.id))
      .limit(20);
    const people = await usersOf(tx, ids(rows));
    return {
      items: rows.map((p) => ({
        ...providerHeading(p.id, p.name, p.statusCode),
        has_location: p.lat !== null && p.lng !== null,
        sp_users: (people.get(p.id) ?? []).map(userOption),
      })),
    };
  });
