/**
 * GET /api/projects/{id}/directions: the driving route from the project's service provider
 * (A, its business address) to the project (B), for the directions map (spec 1 Project details,
 * spec 2 §2.8). Client roles see the project location only.
 */
import { and, eq } from 'drizzle-orm';
import { DIRECTIONS_ERRORS, directionsErrorOf, isClientRole, type DirectionsView } from '@siteflow/core';
import { inTenant, type Actor, type Deps, type TenantContext } from '../../platform/context.js';
import { serviceProviders } from '../../platform/db/schema.js';
import { findVisibleProject } from '../projects/view.js';
import type { Router } from '../geo/router.js';

export type DirectionsDeps = Pick<Deps, 'db'> & { router: Router };

const hasPoint = (p: { lat: number | null; lng: number | null }): p is { lat: number; lng: number } =>
  p.lat !== null && p.lng !== null;

export async function projectDirections(
  deps: DirectionsDeps,
  tenant: TenantContext,
  actor: Actor,
  id: number,
  signal?: AbortSignal,
): Promise<DirectionsView> {
  // Read in the tenant's transaction; the route is asked for after it ends (no transaction held across a network call).
  const { project, provider } = await inTenant(deps, tenant.id, async (tx) => {
    const project = await findVisibleProject(tx, actor, id);
    if (isClientRole(actor.role) || !project.serviceProviderId) return { project, provider: null };
    const [provider] = await tx
      .select({
        id: serviceProviders.id,
        name: serviceProviders.name,
        street: serviceProviders.street,
        suburb: serviceProviders.suburb,
        state: serviceProviders.state,
        postcode: serviceProviders.postcode,
        lat: serviceProviders.lat,
        lng: serviceProviders.lng,
      })
      .from(serviceProviders)
      .where(and(eq(serviceProviders.tenantId, tenant.id), eq(serviceProviders.id, project.serviceProviderId)));
    return { project, provider: provider ?? null };
  });

  const b = { lat: project.lat, lng: project.lng };
  const view: DirectionsView = {
    status: 'OK',
    message: null,
    project: {
      id: project.id,
      title: project.name,
      order_number: project.orderReference,
      status: project.status,
      location: {
        street: project.street,
        suburb: project.suburb,
        state: project.state,
        postcode: project.postcode,
        lat: b.lat,
        lng: b.lng,
      },
    },
    provider: provider && {
      id: provider.id,
      name: provider.name,
      location: {
        street: provider.street,
        suburb: provider.suburb,
        state: provider.state,
        postcode: provider.postcode,
        lat: provider.lat,
        lng: provider.lng,
      },
    },
    route: null,
  };
  const notFound = { ...view, status: 'NOT_FOUND' as const, message: DIRECTIONS_ERRORS.NOT_FOUND };

  // Client roles: the project marker only.
  if (isClientRole(actor.role)) return hasPoint(b) ? view : notFound;
  if (!provider) return { ...view, status: 'NO_PROVIDER' };
  const a = { lat: provider.lat, lng: provider.lng };
  if (!hasPoint(a) || !hasPoint(b)) return notFound;

  const result = await deps.router.route(a, b, signal);
  if (result.status !== 'OK') return { ...view, status: result.status, message: directionsErrorOf(result.status) };
  const { distance_m, duration_s, approximate, source, geometry } = result;
  return { ...view, route: { distance_m, duration_s, approximate, source, geometry } };
}
