import { and, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { projectScope } from '@siteflow/core';
import type { Actor } from './context.js';
import type { Exec } from './db/client.js';
import { projects } from './db/schema.js';
import { notFound } from './errors.js';

const nothing = sql`false`;

/**
 * Which of the tenant's projects the actor may see, as a condition on `projects` (RLS has
 * already narrowed to the tenant): staff all; a client user their client's; a provider user
 * those assigned to their provider; anyone else (or a user missing their client/provider) none.
 * Every list, search, lookup, detail, links and recently-viewed query uses this.
 */
export function visibleProjects(
  actor: Pick<Actor, 'role' | 'clientId' | 'providerId'>,
  table: { clientId: AnyColumn; serviceProviderId: AnyColumn } = projects,
): SQL | undefined {
  const scope = projectScope(actor);
  switch (scope.kind) {
    case 'all':
      return undefined;
    case 'client':
      return scope.clientId ? eq(table.clientId, scope.clientId) : nothing;
    case 'provider':
      return scope.providerId ? eq(table.serviceProviderId, scope.providerId) : nothing;
    default:
      return nothing;
  }
}

/**
 * A name for the shape of the SQL visibleProjects writes for this actor (which columns it compares,
 * or none): a statement prepared under `<name>:<visibilityShape>` has the same text every time.
 */
export function visibilityShape(actor: Pick<Actor, 'role' | 'clientId' | 'providerId'>): string {
  const scope = projectScope(actor);
  if (scope.kind === 'client') return scope.clientId ? 'client' : 'none';
  if (scope.kind === 'provider') return scope.providerId ? 'provider' : 'none';
  return scope.kind;
}

export type ProjectRow = typeof projects.$inferSelect;

/** The project if the actor may see it; 404 otherwise (another tenant's, or outside their scope). */
export async function findVisibleProject(tx: Exec, actor: Actor, id: number): Promise<ProjectRow> {
  const [row] = await tx
    .select()
    .from(projects)
    .where(and(eq(projects.id, id), visibleProjects(actor)));
  if (!row) throw notFound('The project');
  return row;
}

/** The same, locked for update (writes to one project are serialised). */
export async function lockVisibleProject(tx: Exec, actor: Actor, id: number): Promise<ProjectRow> {
  const [row] = await tx
    .select()
    .from(projects)
    .where(and(eq(projects.id, id), visibleProjects(actor)))
    .for('update');
  if (!row) throw notFound('The project');
  return row;
}
