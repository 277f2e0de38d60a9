/**
 * Service-provider search / assignment map (spec 1: "Service-provider search / assignment map",
 * sections 3, 4, 9).
 *
 * One statement finds the matches and reads the page. The candidates come from one index-only range scan of
 * service_providers_tenant_geo_idx (the latitude/longitude box around the centre, with status,
 * rating, id and name in the index), each with its great-circle distance computed once; the
 * exact distance as shown, then the category, service and certificate conditions (EXISTS probes by
 * primary key or on (tenant, provider, type, expiry)) decide which match. The matches are counted
 * and sorted in the same pass, and only the returned page then reads its providers' rows and
 * extras (unavailable marker, certified flag, category and service names, availabilities, project
 * counts, staff) over the page's rows.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import {
  projectSearchAbilities,
  searchMapStatus,
  type ProjectStatus,
  type ProviderSearchQueryParsed,
  type ProviderSearchResponse,
  companyDay,
} from '@siteflow/core';
import { inTenant, type Actor, type Deps, type TenantContext } from '../../platform/context.js';
import type { Tx } from '../../platform/db/client.js';
import { projects } from '../../platform/db/schema.js';
import { notFound } from '../../platform/errors.js';
import { geocode } from '../geo/geocode.js';
import { locationOf, type Located } from '../geo/location.js';
import { visibleProjects } from '../../platform/project-scope.js';
import { addressLine, boundingBox, roundKm } from './present.js';

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

type Row = Located & {
  id: string;
  name: string;
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
  categories_list: string[];
  services_list: string[];
  availabilities: { start_date: string; end_date: string }[];
  sp_users: { id: string; full_name: string }[];
  counts: { scheduled: number; completed: number; last_start: string | null };
};

const idList = (ids: string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

/** Haversine in SQL (plain trigonometry; no extension needed). Null for a provider with no location (least() would skip a null). */
const kmFrom = (c: { lat: number; lng: number }, alias: string) => {
  const p = sql.raw(alias);
  return sql`(case when ${p}.lat is not null and ${p}.lng is not null then
      2 * ${EARTH_RADIUS_KM}::float8 * asin(least(1::float8, sqrt(
      power(sin(radians(${p}.lat - ${c.lat}::float8) / 2), 2)
      + cos(radians(${c.lat}::float8)) * cos(radians(${p}.lat)) * power(sin(radians(${p}.lng - ${c.lng}::float8) / 2), 2)))) end)`;
};

/** The provider holds a valid certificate of every active type mandatory for providers (no expiry counts as valid). */
const certifiedTo = (tenantId: string, validTo: string, alias: 'k' | 'm') => {
  const p = sql.raw(alias);
  return sql`not exists (
    select 1 from certificate_types ct
     where ct.tenant_id = ${tenantId}::uuid and ct.active and ct.mandatory_for_providers
       and not exists (
         select 1 from certificates ce
          where ce.tenant_id = ${tenantId}::uuid and ce.provider_id = ${p}.id and ce.type_id = ct.id
            and (ce.expiry is null or ce.expiry >= ${validTo}::date)))`;
};

/**
 * At or under the distance as shown (km to one decimal; `distance` is whole km): a provider listed
 * at '50.0 km' is kept by a 50 km search, and one at '50.1 km' is not. The float comparisons decide
 * all but a hair's breadth around the edge, where the exact numeric rounding does (a float to
 * numeric cast per row costs more than the distance itself).
 */
const withinShown = (distance: number) =>
  sql`(k.km < ${distance + 0.0499}::float8 or (k.km < ${distance + 0.0501}::float8 and round(k.km::numeric, 1) <= ${distance}))`;

/** The matching providers, nearest first (no location last), then by name; each row carries how many match in all. */
export async function runSearch(tx: Tx, tenantId: string, c: SearchCriteria): Promise<Row[]> {
  const km = c.centre ? kmFrom(c.centre, 'b') : sql`null::float8`;
  const from = c.from ?? c.to;
  const to = c.to ?? c.from;
  const hasDates = !!from && !!to;
  const validTo = to ?? c.today;
  // The candidates: one index-only range scan of service_providers_tenant_geo_idx (tenant, lat,
  // lng, status, rating, id, name) for the box around the centre. Materialised, so the planner
  // cannot start from a category's providers and look up thousands of them by key. The category and
  // service probes come first (the most selective), then the distance, computed once per survivor,
  // and the certificates last.
  const box: SQL[] = [sql`sp.tenant_id = ${tenantId}::uuid`, sql`sp.status_code <> 'deleted'`];
  const probe: SQL[] = [];
  const hit: SQL[] = [];
  if (c.centre && c.distance > 0) {
    const b = boundingBox(c.centre, c.distance);
    box.push(sql`sp.lat between ${b.minLat}::float8 and ${b.maxLat}::float8`);
    box.push(sql`sp.lng between ${b.minLng}::float8 and ${b.maxLng}::float8`);
    hit.push(withinShown(c.distance));
  }
  if (c.minRating !== null) box.push(sql`sp.performance_rating >= ${c.minRating}::float8`);
  // Any of the chosen categories and any of the chosen services (docs/decisions.md): a dispatcher
  // widens the net, then reads the lists. Probed on the candidates by primary key (tenant, provider, ...).
  if (c.categoryIds.length)
    probe.push(sql`exists (select 1 from provider_categories pc
      where pc.tenant_id = ${tenantId}::uuid and pc.provider_id = b.id and pc.category_id in (${idList(c.categoryIds)}))`);
  if (c.serviceIds.length)
    probe.push(sql`exists (select 1 from provider_services ps
      where ps.tenant_id = ${tenantId}::uuid and ps.provider_id = b.id and ps.service_id in (${idList(c.serviceIds)}))`);
  if (c.certified) hit.push(certifiedTo(tenantId, validTo, 'k'));

  // Unavailable (periods.unavailable): an unavailable period overlaps the dates, inclusive by day (core isUnavailable).
  const certified = c.certified ? sql`true` : hasDates ? certifiedTo(tenantId, validTo, 'm') : sql`null::boolean`;

  const { rows } = await tx.execute<Row>(sql`
    with box as materialized (
      select sp.id, sp.name, sp.lat, sp.lng
        from service_providers sp
       where ${sql.join(box, sql` and `)}
    ),
    hits as materialized (
      select k.id, k.km, count(*) over () as total
        from (select b.id, b.name, ${km} as km
                from box b
               ${probe.length ? sql`where ${sql.join(probe, sql` and `)}` : sql``}
              offset 0) k -- (offset 0: the distance is computed once, not again in each test)
       ${hit.length ? sql`where ${sql.join(hit, sql` and `)}` : sql``}
       order by k.km asc nulls last, lower(k.name), k.id
       limit ${c.limit}
    ),
    m as (
      select sp.*, hits.km, hits.total
        from hits join service_providers sp on sp.tenant_id = ${tenantId}::uuid and sp.id = hits.id
    )
    -- The page's extras: a few rows per provider, each probed by index from the page's rows (as
    -- subqueries of the select list, each planned on its own).
    select m.id, m.name, m.street, m.suburb, m.state, m.postcode, m.lat, m.lng, m.phone, m.website, m.status_code,
           m.preferred_postcodes, m.preferred_states, m.performance_rating, m.customer_rating, m.km, m.total::int as total,
           ${
             hasDates
               ? sql`exists (select 1 from provider_availabilities a where a.tenant_id = ${tenantId}::uuid and a.provider_id = m.id
                       and a.start_date <= ${to}::date and a.end_date >= ${from}::date)`
               : sql`false`
           } as unavailable,
           ${certified} as certified,
           coalesce((select json_agg(c.name order by lower(c.name), c.id)
                       from provider_categories pc join categories c on c.tenant_id = pc.tenant_id and c.id = pc.category_id
                      where pc.tenant_id = ${tenantId}::uuid and pc.provider_id = m.id), '[]') as categories_list,
           coalesce((select json_agg(sv.name order by lower(sv.name), sv.id)
                       from provider_services ps join services sv on sv.tenant_id = ps.tenant_id and sv.id = ps.service_id
                      where ps.tenant_id = ${tenantId}::uuid and ps.provider_id = m.id), '[]') as services_list,
           coalesce((select json_agg(json_build_object('start_date', a.start_date, 'end_date', a.end_date) order by a.start_date, a.id)
                       from provider_availabilities a where a.tenant_id = ${tenantId}::uuid and a.provider_id = m.id), '[]') as availabilities,
           coalesce((select json_agg(json_build_object('id', u.id, 'full_name', trim(u.first_name || ' ' || u.last_name)) order by u.first_name, u.last_name, u.id)
                       from users u
                      where u.tenant_id = ${tenantId}::uuid and u.service_provider_id = m.id and u.active and u.role in ('sp_admin', 'sp_employee')), '[]') as sp_users,
           (select json_build_object(
                     'scheduled', count(*) filter (where p.status not in ('completed', 'cancelled', 'closed')),
                     'completed', count(*) filter (where p.status in ('completed', 'closed')),
                     'last_start', to_char(max(p.start_date), 'YYYY-MM-DD'))
              from projects p where p.tenant_id = ${tenantId}::uuid and p.service_provider_id = m.id) as counts
      from m
     order by m.km asc nulls last, lower(m.name), m.id`);
  return rows;
}

type Named = { id: string; name: string };
type ProjectRow = Located & {
  id: number;
  code: string;
  name: string;
  status: ProjectStatus;
  start_day: string | null;
  end_day: string | null;
  service_provider_id: string | null;
  client_id: string;
  categories: Named[];
  services: Named[];
};

/** The chosen project with its categories and services, in one query; 404 unless the actor sees it. */
async function projectOf(tx: Tx, actor: Actor, projectId: number): Promise<ProjectRow> {
  const { rows } = await tx.execute<ProjectRow>(sql`
    select projects.id::int as id, projects.code, projects.name, projects.status, projects.street, projects.suburb, projects.state, projects.postcode, projects.lat, projects.lng,
           to_char(projects.start_date, 'YYYY-MM-DD') as start_day, to_char(projects.end_date, 'YYYY-MM-DD') as end_day, projects.service_provider_id, projects.client_id,
           coalesce((select json_agg(json_build_object('id', c.id, 'name', c.name) order by lower(c.name), c.id)
                       from project_categories pc join categories c on c.tenant_id = pc.tenant_id and c.id = pc.category_id
                      where pc.tenant_id = projects.tenant_id and pc.project_id = projects.id), '[]') as categories,
           coalesce((select json_agg(json_build_object('id', s.id, 'name', s.name) order by lower(s.name), s.id)
                       from project_services ps join services s on s.tenant_id = ps.tenant_id and s.id = ps.service_id
                      where ps.tenant_id = projects.tenant_id and ps.project_id = projects.id), '[]') as services
      from projects
     where ${and(eq(projects.id, projectId), visibleProjects(actor))}`);
  const row = rows[0];
  if (!row) throw notFound('The project');
  return row;
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
    const today = companyDay(deps.clock.now());
    const base = {
      distance: q.distance,
      minRating: q.min_rating ?? null,
      certified: q.certified,
      limit: q.limit,
      today,
    };
    let criteria: SearchCriteria;
    let project: ProviderSearchResponse['project'] = null;
    let abilities = projectSearchAbilities(actor, null);
    if (q.project_id !== undefined) {
      // Automatic: the project's place, dates, categories and services; the other fields are ignored.
      const p = await projectOf(tx, actor, q.project_id);
      const centre =
        p.lat !== null && p.lng !== null ? { lat: p.lat, lng: p.lng, label: addressLine(p) } : await centreOf(tx, p);
      criteria = {
        ...base,
        centre,
        categoryIds: p.categories.map((c) => c.id),
        serviceIds: p.services.map((s) => s.id),
        from: p.start_day,
        to: p.end_day,
      };
      project = {
        id: p.id,
        project_code: p.code,
        name: p.name,
        status: p.status,
        street: p.street,
        suburb: p.suburb,
        state: p.state,
        postcode: p.postcode,
        start_date: p.start_day,
        end_date: p.end_day,
        categories: p.categories,
        services: p.services,
        service_provider_id: p.service_provider_id,
      };
      abilities = projectSearchAbilities(actor, {
        clientId: p.client_id,
        serviceProviderId: p.service_provider_id,
        status: p.status,
      });
    } else {
      const address = {
        street: q.street || null,
        suburb: q.suburb || null,
        state: q.state ?? null,
        postcode: q.postcode ?? null,
      };
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
    return {
      mode: project ? 'automatic' : 'manual',
      centre: criteria.centre,
      project,
      abilities,
      // Every row carries the total; no row means nothing matched.
      total: rows[0]?.total ?? 0,
      items: rows.map((r) => {
        const badge = searchMapStatus(r.status_code);
        return {
          id: r.id,
          service_provider_name: r.name,
          categories_list: r.categories_list,
          services_list: r.services_list,
          business_address: locationOf(r),
          phone: r.phone,
          website: r.website,
          km: roundKm(r.km),
          status_code: r.status_code,
          status_label: badge.label,
          status_colour: badge.colour,
          preferences: { postcodes: r.preferred_postcodes, states: r.preferred_states },
          preferred: r.preferred_postcodes.length > 0 || r.preferred_states.length > 0,
          availabilities: r.availabilities,
          unavailable: r.unavailable,
          certified: r.certified,
          lastProject: r.counts.last_start,
          scheduledProjects: r.counts.scheduled,
          completedProjects: r.counts.completed,
          performance_ratings: r.performance_rating,
          customer_ratings: r.customer_rating,
          send_email: true,
          sp_users: r.sp_users,
        };
      }),
    };
  });
