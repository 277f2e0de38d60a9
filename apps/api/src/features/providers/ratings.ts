/**
 * Ratings (docs/decisions.md, "Where ratings come from"): once a project is completed or closed
 * and has a provider, staff rate the provider's performance and the client's users rate the work
 * (customer rating). One of each per project; the provider's averages and counts are recomputed
 * in the same transaction.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  canOnProject,
  isClientRole,
  isRatable,
  PROVIDER_TEXT,
  ratingAbilities,
  type ProjectRatings,
  type ProjectResource,
  type RatingInput,
} from '@siteflow/core';
import type { z } from 'zod';
import { inTenant, type Actor, type Deps, type TenantContext } from '../../platform/context.js';
import type { Tx } from '../../platform/db/client.js';
import { providerRatings, serviceProviders, users } from '../../platform/db/schema.js';
import { tenantJoin } from '../../platform/db/schema/columns.js';
import { forbidden, invalid } from '../../platform/errors.js';
import { findVisibleProject, lockVisibleProject, type ProjectRow } from '../projects/view.js';
import { fullName, type RatingKind } from './present.js';

type D = Pick<Deps, 'db'>;
type RatingData = z.output<typeof RatingInput>;

/** The project as the policies see it (packages/core/src/policies/project.ts). */
const resource = (p: ProjectRow): ProjectResource => ({
  clientId: p.clientId,
  serviceProviderId: p.serviceProviderId,
  status: p.status,
});

async function ratingsView(tx: Tx, actor: Actor, p: ProjectRow): Promise<ProjectRatings> {
  const providerId = p.serviceProviderId;
  const [provider] = providerId
    ? await tx
        .select({ id: serviceProviders.id, name: serviceProviders.name })
        .from(serviceProviders)
        .where(eq(serviceProviders.id, providerId))
    : [];
  // Only the ratings of the project's current provider count for this project.
  const rows = providerId
    ? await tx
        .select({ r: providerRatings, first: users.firstName, last: users.lastName })
        .from(providerRatings)
        .leftJoin(users, tenantJoin(providerRatings, providerRatings.ratedBy, users))
        .where(and(eq(providerRatings.projectId, p.id), eq(providerRatings.providerId, providerId)))
    : [];
  const of = (kind: RatingKind) => {
    const row = rows.find((x) => x.r.kind === kind);
    if (!row) return null;
    return {
      rating: row.r.rating,
      comment: row.r.comment,
      rated_by: row.first !== null ? fullName({ firstName: row.first, lastName: row.last ?? '' }) : null,
      updated_at: row.r.updatedAt.toISOString(),
    };
  };
  return {
    provider: provider ?? null,
    // Client users never see the performance rating (spec 1 section 6).
    performance: isClientRole(actor.role) ? null : of('performance'),
    customer: of('customer'),
    abilities: ratingAbilities(actor, resource(p)),
  };
}

export const getRatings = (deps: D, tenant: TenantContext, actor: Actor, projectId: number) =>
  inTenant(deps, tenant.id, async (tx) => ratingsView(tx, actor, await findVisibleProject(tx, actor, projectId)));

/**
 * Lock the providers whose averages a rating changes, in id order, before the rating row is
 * written: the insert's foreign-key check takes a share lock on the provider row, and two ratings
 * of one provider that both held it while waiting for the update lock would deadlock (500).
 */
async function lockProviders(tx: Tx, ids: string[]) {
  await tx
    .select({ id: serviceProviders.id })
    .from(serviceProviders)
    .where(inArray(serviceProviders.id, ids))
    .orderBy(serviceProviders.id)
    .for('update');
}

/** Recompute the averages (two decimals) and counts of these providers (locked by lockProviders). */
async function recompute(tx: Tx, providerIds: string[]) {
  const ids = [...new Set(providerIds)];
  if (!ids.length) return;
  const avg = (kind: RatingKind) =>
    sql`(select round(avg(r.rating)::numeric, 2)::float8 from ${providerRatings} r where r.tenant_id = ${serviceProviders.tenantId} and r.provider_id = ${serviceProviders.id} and r.kind = ${kind})`;
  const n = (kind: RatingKind) =>
    sql`(select count(*)::int from ${providerRatings} r where r.tenant_id = ${serviceProviders.tenantId} and r.provider_id = ${serviceProviders.id} and r.kind = ${kind})`;
  await tx
    .update(serviceProviders)
    .set({
      performanceRating: avg('performance'),
      performanceRatingCount: n('performance'),
      customerRating: avg('customer'),
      customerRatingCount: n('customer'),
    })
    .where(inArray(serviceProviders.id, ids));
}

export const rateProject = (
  deps: D,
  tenant: TenantContext,
  actor: Actor,
  projectId: number,
  kind: RatingKind,
  input: RatingData,
) =>
  inTenant(deps, tenant.id, async (tx) => {
    const p = await lockVisibleProject(tx, actor, projectId);
    // Who may rate is a 403, a project that cannot be rated yet a 422.
    if (kind === 'customer' && !canOnProject(actor, 'rateCustomer', resource(p))) throw forbidden();
    if (!isRatable(resource(p)))
      throw invalid({ rating: [PROVIDER_TEXT.ratingNotAllowed] }, PROVIDER_TEXT.ratingNotAllowed);
    const providerId = p.serviceProviderId!;
    const [before] = await tx
      .select({ providerId: providerRatings.providerId })
      .from(providerRatings)
      .where(and(eq(providerRatings.projectId, p.id), eq(providerRatings.kind, kind)));
    // A rating moved from a replaced provider leaves that provider's averages too.
    const providerIds = before && before.providerId !== providerId ? [providerId, before.providerId] : [providerId];
    await lockProviders(tx, providerIds);
    await tx
      .insert(providerRatings)
      .values({
        tenantId: tenant.id,
        providerId,
        projectId: p.id,
        kind,
        rating: input.rating,
        comment: input.comment,
        ratedBy: actor.userId,
      })
      .onConflictDoUpdate({
        target: [providerRatings.tenantId, providerRatings.projectId, providerRatings.kind],
        set: { providerId, rating: input.rating, comment: input.comment, ratedBy: actor.userId, updatedAt: sql`now()` },
      });
    await recompute(tx, providerIds);
    return ratingsView(tx, actor, p);
  });
