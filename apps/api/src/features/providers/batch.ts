/**
 * What a page of providers shows beside their own columns, one query per kind for the whole page
 * (never one per provider): category and service names, project counts and the last project, and
 * their users.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Exec } from '../../platform/db/client.js';
import { categories, providerCategories, providerServices, services, users } from '../../platform/db/schema.js';
import { fullName } from './present.js';

const group = <T, V>(rows: T[], key: (r: T) => string, value: (r: T) => V): Map<string, V[]> => {
  const map = new Map<string, V[]>();
  for (const r of rows) {
    const k = key(r);
    const list = map.get(k);
    if (list) list.push(value(r));
    else map.set(k, [value(r)]);
  }
  return map;
};

export type Named = { id: string; name: string };

export async function categoriesOf(tx: Exec, ids: string[]): Promise<Map<string, Named[]>> {
  if (!ids.length) return new Map();
  const rows = await tx
    .select({ providerId: providerCategories.providerId, id: categories.id, name: categories.name })
    .from(providerCategories)
    .innerJoin(
      categories,
      and(eq(categories.tenantId, providerCategories.tenantId), eq(categories.id, providerCategories.categoryId)),
    )
    .where(inArray(providerCategories.providerId, ids))
    .orderBy(asc(sql`lower(${categories.name})`), asc(categories.id));
  return group(
    rows,
    (r) => r.providerId,
    (r) => ({ id: r.id, name: r.name }),
  );
}

export async function servicesOf(tx: Exec, ids: string[]): Promise<Map<string, Named[]>> {
  if (!ids.length) return new Map();
  const rows = await tx
    .select({ providerId: providerServices.providerId, id: services.id, name: services.name })
    .from(providerServices)
    .innerJoin(
      services,
      and(eq(services.tenantId, providerServices.tenantId), eq(services.id, providerServices.serviceId)),
    )
    .where(inArray(providerServices.providerId, ids))
    .orderBy(asc(sql`lower(${services.name})`), asc(services.id));
  return group(
    rows,
    (r) => r.providerId,
    (r) => ({ id: r.id, name: r.name }),
  );
}

export type ProjectCounts = {
  total: number;
  /** Assigned projects not completed, cancelled or closed. */
  scheduled: number;
  /** Completed or closed. */
  completed: number;
  /** The latest start date of an assigned project ('YYYY-MM-DD'). */
  lastStart: string | null;
};

const NO_PROJECTS: ProjectCounts = { total: 0, scheduled: 0, completed: 0, lastStart: null };
export const countsOr = (m: Map<string, ProjectCounts>, id: string) => m.get(id) ?? NO_PROJECTS;

/** Project counts per provider in one grouped query (projects_tenant_provider_idx). */
export async function projectCountsOf(tx: Exec, ids: string[]): Promise<Map<string, ProjectCounts>> {
  if (!ids.length) return new Map();
  const { rows } = await tx.execute<{
    id: string;
    total: number;
    scheduled: number;
    completed: number;
    last_start: string | null;
  }>(sql`
    select service_provider_id as id,
           count(*)::int as total,
           count(*) filter (where status not in ('completed', 'cancelled', 'closed'))::int as scheduled,
           count(*) filter (where status in ('completed', 'closed'))::int as completed,
           to_char(max(start_date), 'YYYY-MM-DD') as last_start
      from projects
     where service_provider_id in (${sql.join(
       ids.map((id) => sql`${id}::uuid`),
       sql`, `,
     )})
     group by service_provider_id`);
  return new Map(
    rows.map((r) => [
      r.id,
      { total: r.total, scheduled: r.scheduled, completed: r.completed, lastStart: r.last_start },
    ]),
  );
}

export type ProviderUserRow = typeof users.$inferSelect;

/** The users (sp_admin, sp_employee) of each provider, by name; only active ones unless `all`. */
export async function usersOf(
  tx: Exec,
  ids: string[],
  opts: { all?: boolean } = {},
): Promise<Map<string, ProviderUserRow[]>> {
  if (!ids.length) return new Map();
  const rows = await tx
    .select()
    .from(users)
    .where(
      and(
        inArray(users.serviceProviderId, ids),
        inArray(users.role, ['sp_admin', 'sp_employee']),
        opts.all ? undefined : eq(users.active, true),
      ),
    )
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
  return group(
    rows,
    (r) => r.serviceProviderId!,
    (r) => r,
  );
}

export const userOption = (u: ProviderUserRow) => ({ id: u.id, full_name: fullName(u) });
