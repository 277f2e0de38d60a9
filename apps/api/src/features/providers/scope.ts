import { eq, sql, type SQL } from 'drizzle-orm';
import { isProviderRole } from '@siteflow/core';
import type { Actor } from '../../platform/context.js';
import { serviceProviders } from '../../platform/db/schema.js';

/**
 * Which of the tenant's providers the actor may see, as a condition on `service_providers` (RLS
 * has already narrowed to the tenant): a provider user (sp_admin, sp_employee) only their own,
 * everyone else the abilities allow (staff) all of them. Client roles hold no providers.* ability.
 */
export function visibleProviders(actor: Pick<Actor, 'role' | 'providerId'>): SQL | undefined {
  if (!isProviderRole(actor.role)) return undefined;
  return actor.providerId ? eq(serviceProviders.id, actor.providerId) : sql`false`;
}
