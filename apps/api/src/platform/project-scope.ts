import { and, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { projectScope } from '@siteflow/core';
import type { Actor } from './context.js';
import type { Exec } from './db/client.js';
import { compiledSelect, compileWith } from './db/compiled.js';
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

/** The shapes of the SQL visibleProjects writes: which column it compares, or none at all. */
export type VisibilityShape = 'all' | 'client' | 'provider' | 'none';

/**
 * A name for the shape of the SQL visibleProjects writes for this actor (which columns it compares,
 * or none): a statement prepared under `<name>:<visibilityShape>` has the same text every time.
 */
export function visibilityShape(actor: Pick<Actor, 'role' | 'clientId' | 'providerId'>): VisibilityShape {
  const scope = projectScope(actor);
  if (scope.kind === 'client') return scope.clientId ? 'client' : 'none';
  if (scope.kind === 'provider') return scope.providerId ? 'provider' : 'none';
  return scope.kind;
}

/**
 * visibleProjects for a statement compiled once per shape (db/compiled.ts): the same condition,
 * with the client's or provider's id as the placeholder `scope_id`, filled by `scopeId(actor)`.
 */
export function visibleProjectsOfShape(
  shape: VisibilityShape,
  table: { clientId: AnyColumn; serviceProviderId: AnyColumn } = projects,
): SQL | undefined {
  if (shape === 'all') return undefined;
  if (shape === 'client') return eq(table.clientId, sql.placeholder('scope_id'));
  if (shape === 'provider') return eq(table.serviceProviderId, sql.placeholder('scope_id'));
  return nothing;
}

/** The value of `scope_id` in visibleProjectsOfShape for this actor. */
export const scopeId = (actor: Pick<Actor, 'clientId' | 'providerId' | 'role'>): string | null => {
  const scope = projectScope(actor);
  return scope.kind === 'client' ? scope.clientId : scope.kind === 'provider' ? scope.providerId : null;
};

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

/**
 * The same, locked for update (writes to one project are serialised). Every section save starts
 * with it, so its SQL is compiled once (db/compiled.ts).
 */
export async function lockVisibleProject(tx: Exec, actor: Actor, id: number): Promise<ProjectRow> {
  const [row] = await lockStatement(tx, visibilityShape(actor), { id, scope_id: scopeId(actor) });
  if (!row) throw notFound('The project');
  return row;
}

const lockStatement = compiledSelect('project_lock', (shape: VisibilityShape) =>
  compileWith
    .select()
    .from(projects)
    .where(and(eq(projects.id, sql.placeholder('id')), visibleProjectsOfShape(shape)))
    .for('update'),
);
