import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { isClientRole, isProviderRole, placeLine, type ProjectMapOptions } from '@siteflow/core';
import { inTenant, type Actor, type Deps, type TenantContext } from '../../platform/context.js';
import type { Tx } from '../../platform/db/client.js';
import { clients, projects, serviceProviders, users } from '../../platform/db/schema.js';
import { geocode } from '../geo/geocode.js';
import { categoryViews } from '../reference/service.js';

/** The filter options of the project map for this actor, and their own location (see the contract). */
export const projectMapOptions = (
  deps: Pick<Deps, 'db'>,
  tenant: TenantContext,
  actor: Actor,
): Promise<ProjectMapOptions> =>
  inTenant(deps, tenant.id, async (tx) => {
    // One transaction, one statement at a time (a transaction's queries cannot overlap).
    const categories = (await categoryViews(tx))
      .filter((c) => c.active)
      .map(({ id, name, services }) => ({ id, name, services }));
    const accountManagers = await accountManagersOf(tx, actor);
    return { categories, account_managers: accountManagers, home: await homeOf(tx, actor) };
  });

async function accountManagersOf(tx: Tx, actor: Actor) {
  const fullName = sql<string>`${users.firstName} || ' ' || ${users.lastName}`;
  if (isClientRole(actor.role) && actor.clientId) {
    return tx
      .select({ id: users.id, full_name: fullName })
      .from(users)
      .where(and(eq(users.clientId, actor.clientId), eq(users.role, 'client_am'), eq(users.active, true)))
      .orderBy(asc(users.firstName), asc(users.lastName));
  }
  if (isProviderRole(actor.role) && actor.providerId) {
    const ams = tx
      .selectDistinct({ id: projects.clientAmId })
      .from(projects)
      .where(and(eq(projects.serviceProviderId, actor.providerId), isNotNull(projects.clientAmId)));
    return tx
      .select({ id: users.id, full_name: fullName })
      .from(users)
      .where(inArray(users.id, ams))
      .orderBy(asc(users.firstName), asc(users.lastName))
      .limit(200);
  }
  return [];
}

async function homeOf(tx: Tx, actor: Actor): Promise<ProjectMapOptions['home']> {
  if (isProviderRole(actor.role) && actor.providerId) {
    const [p] = await tx
      .select({
        lat: serviceProviders.lat,
        lng: serviceProviders.lng,
        suburb: serviceProviders.suburb,
        state: serviceProviders.state,
        postcode: serviceProviders.postcode,
      })
      .from(serviceProviders)
      .where(eq(serviceProviders.id, actor.providerId));
    return p && p.lat !== null && p.lng !== null ? { lat: p.lat, lng: p.lng, label: placeLine(p) } : null;
  }
  const address =
    isClientRole(actor.role) && actor.clientId
      ? (
          await tx
            .select({
              street: clients.street,
              suburb: clients.suburb,
              state: clients.state,
              postcode: clients.postcode,
            })
            .from(clients)
            .where(eq(clients.id, actor.clientId))
        )[0]
      : (
          await tx
            .select({ street: users.address, suburb: users.suburb, state: users.state, postcode: users.postcode })
            .from(users)
            .where(eq(users.id, actor.userId))
        )[0];
  if (!address || (!address.suburb && !address.postcode && !address.state)) return null;
  const point = await geocode(tx, { ...address, country: 'Australia' });
  return point ? { lat: point.lat, lng: point.lng, label: placeLine(address) } : null;
}
