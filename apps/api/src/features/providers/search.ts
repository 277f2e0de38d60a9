/**
 * Service-provider search / assignment map (spec 1: "Service-provider search / assignment map",
 * sections 3, 4, 9).
 *
 * One query finds the matches and their total: a latitude/longitude box on
 * service_providers_tenant_lat_idx narrows the candidates when a distance applies, the exact
 * great-circle distance decides; the category, service and certificate conditions are EXISTS
 * probes on their (tenant, ...) indexes. Only the returned page then gets its extras (unavailable
 * marker, certified flag, names, counts, users), one batched query per kind.
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  can,
  isAssignable,
  searchMapStatus,
  type ProjectStatus,
  type ProviderSearchQueryParsed,
  type ProviderSearchResponse,
} from '@siteflow/core';
import { inTenant, type Actor, type Deps, type TenantContext } from '../../platform/context.js';
import type { Tx } from '../../platform/db/client.js';
import { categories, projectCategories, projectServices, providerAvailabilities, services } from '../../platform/db/schema.js';
import { geocode } from '../geo/geocode.js';
import { findVisibleProject } from '../projects/view.js';
import { inOrder } from '../projects/in-order.js';
import { wallClockNow } from '../projects/wall-clock.js';
import { categoriesOf, countsOr, projectCountsOf, servicesOf, userOption, usersOf } from './batch.js';
import { addressLine, boundingBox, dayOf, roundKm } from './present.js';

/** Same radius as core greatCircleKm, so the server and the browser agree on every distance. */
const EARTH_RADIUS_KM = 6371.0088;

type Centre = { lat: number; lng: number; label: string };

/** What the search runs with, once the mode has decided where each value comes from. */
export type SearchCriteria = {
  centre: Centre | null;
  /** 0: no distance limit. */
  distance: number;
  minRating: number | null;
  categoryIds: string[];
  serviceIds: string[];
  /** Inclusive days; one given alone stands for both. */
  from: string | null;
  to: string | null;
  certified: boolean;
  limit: number;
  today: string;
};

type Row = {
  id: string;
  name: string;
  street: string | null;
  suburb: string | null;
  state: string | null;
  postcode: string | null;
  lat: number | null;
  lng: number | null;
  phone: string | null;
  website: string | null;
  status_code: string;
  preferred_postcodes: string[];
  preferred_states: string[];
  performance_rating: number | null;
  customer_rating: number | null;
  km: number | null;
  total: number;
  unavailable: boolean;
  certified: boolean | null;
};

const idList = (ids: string[]) => sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `);

/** Haversine in SQL (plain trigonometry; no extension needed). Null for a provider with no location (least() would skip a null). */
const kmFrom = (c: { lat: number; lng: number }) => sql`(case when sp.lat is not null and sp.lng is not null then
      2 * ${EARTH_RADIUS_KM}::float8 * asin(least(1::float8, sqrt(
      power(sin(radians(sp.lat - ${c.lat}::float8) / 2), 2)
      + cos(radians(${c.lat}::float8)) * cos(radians(sp.lat)) * power(sin(radians(sp.lng - ${c.lng}::float8) / 2), 2)))) end)`;

/** The provider holds a valid certificate of every active type mandatory for providers (no expiry counts as valid). */
const certifiedTo = (validTo: string, alias: 'sp' | 'm') => {
  const p = sql.raw(alias);
  return sql`not exists (
    select 1 from certificate_types ct
     where ct.tenant_id = ${p}.tenant_id and ct.active and ct.mandatory_for_providers
       and not exists (
         select 1 from certificates ce
          where ce.tenant_id = ${p}.tenant_id and ce.provider_id = ${p}.id and ce.type_id = ct.id
            and (ce.expiry is null or ce.expiry >= ${validTo}::date)))`;
};

/** The matching providers, nearest first (no location last), then by name; each row carries how many match in all. */
export async function runSearch(tx: Tx, tenantId: string, c: SearchCriteria): Promise<Row[]> {
  const km = c.centre ? kmFrom(c.centre) : sql`null::float8`;
  const from = c.from ?? c.to;
  const to = c.to ?? c.from;
  const hasDates = !!from && !!to;
  const validTo = to ?? c.today;
  const where: SQL[] = [sql`sp.tenant_id = ${tenantId}::uuid`, sql`sp.status_code <> 'deleted'`];
  if (c.centre && c.distance > 0) {
    const box = boundingBox(c.centre, c.distance);
    where.push(sql`sp.lat between ${box.minLat}::float8 and ${box.maxLat}::float8`);
    where.push(sql`sp.lng between ${box.minLng}::float8 and ${box.maxLng}::float8`);
    // At or under the distance as shown (km to one decimal): a provider listed at '50.0 km' is
    // kept by a 50 km search, and one at '50.1 km' is not.
    where.push(sql`round(${km}::numeric, 1) <= ${c.distance}`);
  }
  if (c.minRating !== null) where.push(sql`sp.performance_rating >= ${c.minRating}::float8`);
  // Any of the chosen categories and any of the chosen services (docs/decisions.md): a dispatcher
  // widens the net, then reads the lists.
  if (c.categoryIds.length)
    where.push(sql`exists (select 1 from provider_categories pc
      where pc.tenant_id = sp.tenant_id and pc.provider_id = sp.id and pc.category_id in (${idList(c.categoryIds)}))`);
  if (c.serviceIds.length)
    where.push(sql`exists (select 1 from provider_services ps
      where ps.tenant_id = sp.tenant_id and ps.provider_id = sp.id and ps.service_id in (${idList(c.serviceIds)}))`);
  if (c.certified) where.push(certifiedTo(validTo, 'sp'));

  // Unavailable: an unavailable period overlaps the dates, inclusive by day (core isUnavailable).
  const unavailable = hasDates
    ? sql`exists (select 1 from provider_availabilities pa
        where pa.tenant_id = m.tenant_id and pa.provider_id = m.id and pa.start_date <= ${to}::date and pa.end_date >= ${from}::date)`
    : sql`false`;
  const certified = c.certified ? sql`true` : hasDates ? certifiedTo(validTo, 'm') : sql`null::boolean`;

  const { rows } = await tx.execute<Row>(sql`
    with m as (
      select sp.*, ${km} as km, count(*) over () as total
        from service_providers sp
       where ${sql.join(where, sql` and `)}
       order by km asc nulls last, lower(sp.name), sp.id
       limit ${c.limit}
    )
    select m.id, m.name, m.street, m.suburb, m.state, m.postcode, m.lat, m.lng, m.phone, m.website, m.status_code,
           m.preferred_postcodes, m.preferred_states, m.performance_rating, m.customer_rating, m.km, m.total::int as total,
           ${unavailable} as unavailable, ${certified} as certified
      from m
     order by m.km asc nulls last, lower(m.name), m.id`);
  return rows;
}

async function projectNamed(tx: Tx, projectId: number) {
  const [cats, svcs] = await inOrder(
    () =>
      tx
        .select({ id: categories.id, name: categories.name })
        .from(projectCategories)
        .innerJoin(categories, and(eq(categories.tenantId, projectCategories.tenantId), eq(categories.id, projectCategories.categoryId)))
        .where(eq(projectCategories.projectId, projectId))
        .orderBy(sql`lower(${categories.name})`),
    () =>
      tx
        .select({ id: services.id, name: services.name })
        .from(projectServices)
        .innerJoin(services, and(eq(services.tenantId, projectServices.tenantId), eq(services.id, projectServices.serviceId)))
        .where(eq(projectServices.projectId, projectId))
        .orderBy(sql`lower(${services.name})`),
  );
  return { cats, svcs };
}

type Address = { street: string | null; suburb: string | null; state: string | null; postcode: string | null };

/** The point an address stands for (gazetteer), or null when nothing is given or found. */
async function centreOf(tx: Tx, a: Address): Promise<Centre | null> {
  if (!a.street && !a.suburb && !a.state && !a.postcode) return null;
  const place = await geocode(tx, { ...a, country: 'Australia' });
  return place ? { lat: place.lat, lng: place.lng, label: addressLine(a) } : null;
}

export const searchProviders = (
  deps: Pick<Deps, 'db' | 'clock'>,
  tenant: TenantContext,
  actor: Actor,
  q: ProviderSearchQueryParsed,
): Promise<ProviderSearchResponse> =>
  inTenant(deps, tenant.id, async (tx) => {
    const today = wallClockNow(deps.clock).slice(0, 10);
    const base = { distance: q.distance, minRating: q.min_rating ?? null, certified: q.certified, limit: q.limit, today };
    let criteria: SearchCriteria;
    let project: ProviderSearchResponse['project'] = null;
    let canAssign = false;
    if (q.project_id !== undefined) {
      // Automatic: the project's place, dates, categories and services; the other fields are ignored.
      const p = await findVisibleProject(tx, actor, q.project_id);
      const { cats, svcs } = await projectNamed(tx, p.id);
      const centre =
        p.lat !== null && p.lng !== null ? { lat: p.lat, lng: p.lng, label: addressLine(p) } : await centreOf(tx, p);
      criteria = {
        ...base,
        centre,
        categoryIds: cats.map((c) => c.id),
        serviceIds: svcs.map((s) => s.id),
        from: dayOf(p.startDate),
        to: dayOf(p.endDate),
      };
      project = {
        id: p.id,
        project_code: p.code,
        name: p.name,
        status: p.status as ProjectStatus,
        street: p.street,
        suburb: p.suburb,
        state: p.state,
        postcode: p.postcode,
        start_date: dayOf(p.startDate),
        end_date: dayOf(p.endDate),
        categories: cats,
        services: svcs,
        service_provider_id: p.serviceProviderId,
      };
      canAssign = isAssignable(p.status) && can(actor, 'projects.assignProvider');
    } else {
      const address = { street: q.street || null, suburb: q.suburb || null, state: q.state ?? null, postcode: q.postcode ?? null };
      criteria = {
        ...base,
        centre: await centreOf(tx, address),
        categoryIds: [...new Set(q.categories)],
        serviceIds: [...new Set(q.services)],
        from: q.start_date ?? null,
        to: q.end_date ?? null,
      };
    }

    const rows = await runSearch(tx, tenant.id, criteria);
    const ids = rows.map((r) => r.id);
    const [cats, svcs, counts, people, periods] = await inOrder(
      () => categoriesOf(tx, ids),
      () => servicesOf(tx, ids),
      () => projectCountsOf(tx, ids),
      () => usersOf(tx, ids),
      () => availabilitiesOf(tx, ids),
    );
    return {
      mode: project ? 'automatic' : 'manual',
      centre: criteria.centre,
      project,
      can_assign: canAssign,
      // Every row carries the total; no row means nothing matched.
      total: rows[0]?.total ?? 0,
      items: rows.map((r) => {
        const badge = searchMapStatus(r.status_code);
        const n = countsOr(counts, r.id);
        return {
          id: r.id,
          service_provider_name: r.name,
          categories_list: (cats.get(r.id) ?? []).map((c) => c.name),
          services_list: (svcs.get(r.id) ?? []).map((s) => s.name),
          business_address: { street: r.street, suburb: r.suburb, state: r.state, postcode: r.postcode, lat: r.lat, lng: r.lng },
          phone: r.phone,
          website: r.website,
          km: roundKm(r.km),
          status_code: r.status_code,
          status_label: badge.label,
          status_colour: badge.colour,
          preferences: { postcodes: r.preferred_postcodes, states: r.preferred_states },
          preferred: r.preferred_postcodes.length > 0 || r.preferred_states.length > 0,
          availabilities: periods.get(r.id) ?? [],
          unavailable: r.unavailable,
          certified: r.certified,
          lastProject: n.lastStart,
          scheduledProjects: n.scheduled,
          completedProjects: n.completed,
          performance_ratings: r.performance_rating,
          customer_ratings: r.customer_rating,
          send_email: true,
          sp_users: (people.get(r.id) ?? []).map(userOption),
        };
      }),
    };
  });

async function availabilitiesOf(tx: Tx, ids: string[]): Promise<Map<string, { start_date: string; end_date: string }[]>> {
  if (!ids.length) return new Map();
  const rows = await tx
    .select({ providerId: providerAvailabilities.providerId, start: providerAvailabilities.startDate, end: providerAvailabilities.endDate })
    .from(providerAvailabilities)
    .where(inArray(providerAvailabilities.providerId, ids))
    .orderBy(providerAvailabilities.startDate);
  const map = new Map<string, { start_date: string; end_date: string }[]>();
  for (const r of rows) {
    const list = map.get(r.providerId) ?? [];
    list.push({ start_date: r.start, end_date: r.end });
    map.set(r.providerId, list);
  }
  return map;
}
