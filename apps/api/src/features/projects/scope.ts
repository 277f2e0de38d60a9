import { eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { projectScope } from '@siteflow/core';
import type { Actor } from '../../platform/context.js';
import { projects } from '../../platform/db/schema.js';

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
