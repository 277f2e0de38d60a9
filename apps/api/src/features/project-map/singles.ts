/**
 * The projects behind the single-project markers of GET /api/project-map (service.ts), with
 * their popup fields, in one batched query.
 */
import { and, inArray, sql, type SQL } from 'drizzle-orm';
import type { ProjectStatus } from '@siteflow/core';
import type { Exec } from '../../platform/db/client.js';
import { projects } from '../../platform/db/schema.js';
import type { Cell } from './clusters.js';

export const pointKey = (lat: number, lng: number) => `${lat},${lng}`;

const popupColumns = {
  id: projects.id,
  name: projects.name,
  status: projects.status,
  endDate: projects.endDate,
  completedOn: projects.completedOn,
  lat: projects.lat,
  lng: projects.lng,
};

/** The projects of the single-project cells (a cell of one has that project's exact position). */
export async function singleProjects(tx: Exec, where: SQL, cells: Cell[]) {
  if (!cells.length) return [];
  const lats = [...new Set(cells.map((c) => c.lat))];
  const lngs = [...new Set(cells.map((c) => c.lng))];
  const wanted = new Set(cells.map((c) => pointKey(c.lat, c.lng)));
  const rows = await tx
    .select(popupColumns)
    .from(projects)
    .where(and(where, inArray(projects.lat, lats), inArray(projects.lng, lngs)));
  return rows
    .filter((r) => r.lat !== null && r.lng !== null && wanted.has(pointKey(r.lat, r.lng)))
    .map((r) => ({ ...r, cellLat: r.lat!, cellLng: r.lng! }));
}

/** Within this many degrees (about a millimetre) of a grid cell's position lies its one project. */
const NEAR = 1e-8;

/**
 * The projects of single-project grid cells: a cell's position is its running sums over its one
 * project, which after other projects left the cell can be off by a rounding error. Each cell
 * takes the matching project nearest its position, one index probe per cell.
 */
export async function nearSingles(tx: Exec, where: SQL, cells: Cell[]) {
  if (!cells.length) return [];
  const points = sql.join(
    cells.map((c) => sql`(${c.lat}::float8, ${c.lng}::float8)`),
    sql`, `,
  );
  const { rows } = await tx.execute<{
    id: number;
    name: string;
    status: ProjectStatus;
    end_date: string | null;
    completed_on: string | null;
    lat: number;
    lng: number;
    cell_lat: number;
    cell_lng: number;
  }>(sql`
    select p.*, v.lat as cell_lat, v.lng as cell_lng
      from (values ${points}) as v(lat, lng)
      cross join lateral (
        select ${projects.id} as id, ${projects.name} as name, ${projects.status} as status, ${projects.endDate} as end_date,
               ${projects.completedOn} as completed_on, ${projects.lat} as lat, ${projects.lng} as lng
          from ${projects}
         where ${where} and ${projects.lat} between v.lat - ${NEAR}::float8 and v.lat + ${NEAR}::float8
           and ${projects.lng} between v.lng - ${NEAR}::float8 and v.lng + ${NEAR}::float8
         order by abs(${projects.lat} - v.lat) + abs(${projects.lng} - v.lng)
         limit 1) p`);
  return rows.map((r) => ({
    id: Number(r.id),
    name: r.name,
    status: r.status,
    endDate: r.end_date,
    completedOn: r.completed_on,
    lat: Number(r.lat),
    lng: Number(r.lng),
    cellLat: Number(r.cell_lat),
    cellLng: Number(r.cell_lng),
  }));
}
