/**
 * What a page of providers shows beside their own columns, one query per kind for the whole page
 * (never one per provider): category and service names, project counts and the last project, and
 * their users.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Exec } from '../../platform/db/client.js';
import { categories, providerCategories, providerServices, services, users } from '../../platform/db/schema.js';
import { tenantJoin } from '../../platform/db/schema/columns.js';
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

/** What each provider offers of one kind (categories or services), by name, in one query. */
async function offeredOf(
  tx: Exec,
  ids: string[],
  offer: {
    link: typeof providerCategories | typeof providerServices;
    item: AnyPgColumn;
    table: typeof categories | typeof services;
  },
): Promise<Map<string, Named[]>> {
  if (!ids.length) return new Map();
  const { link, item, table } = offer;
  const rows = await tx
    .select({ providerId: link.providerId, id: table.id, name: table.name })
    .from(link)
    .innerJoin(table, tenantJoin(link, item, table))
    .where(inArray(link.providerId, ids))
    .orderBy(asc(sql`lower(${table.name})`), asc(table.id));
  return group(
    rows,
    (r) => r.providerId,
    (r) => ({ id: r.id, name: r.name }),
  );
}

export const categoriesOf = (tx: Exec, ids: string[]) =>
  offeredOf(tx, ids, { link: providerCategories, item: providerCategories.categoryId, table: categories });

export const servicesOf = (tx: Exec, ids: string[]) =>
  offeredOf(tx, ids, { link: providerServices, item: providerServices.serviceId, table: services });

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
