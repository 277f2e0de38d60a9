/** The provider card of a project's Location of Work (ProjectView.service_provider). */
import { and, asc, desc, eq } from 'drizzle-orm';
import { addressLine, detailsStatus, fullName, type ProjectProviderView } from '@siteflow/core';
import type { Exec } from '../../platform/db/client.js';
import {
  outbox,
  projectProviderStaff,
  providerNotifications,
  serviceProviders,
  users,
} from '../../platform/db/schema.js';
import { tenantJoin } from '../../platform/db/schema/columns.js';
import { inOrder } from '../../platform/db/in-order.js';

/** Providers' notifications about projects with the delivery of their e-mail (pending until the queue has sent it). */
export const notificationsWithDelivery = (tx: Exec) =>
  tx
    .select({
      id: providerNotifications.id,
      createdAt: providerNotifications.createdAt,
      status: outbox.status,
      sentAt: outbox.sentAt,
    })
    .from(providerNotifications)
    .innerJoin(outbox, tenantJoin(providerNotifications, providerNotifications.outboxId, outbox));

/** Three queries whatever the staff count: the provider, its staff on the project, the last notification. */
export async function projectProviderCard(
  tx: Exec,
  projectId: number,
  providerId: string | null,
): Promise<ProjectProviderView | null> {
  if (!providerId) return null;
  const [[p], staff, [last]] = await inOrder(
    () => tx.select().from(serviceProviders).where(eq(serviceProviders.id, providerId)),
    () =>
      tx
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
        .from(projectProviderStaff)
        .innerJoin(users, tenantJoin(projectProviderStaff, projectProviderStaff.userId, users))
        .where(eq(projectProviderStaff.projectId, projectId))
        .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id)),
    () =>
      notificationsWithDelivery(tx)
        .where(and(eq(providerNotifications.projectId, projectId), eq(providerNotifications.providerId, providerId)))
        .orderBy(desc(providerNotifications.createdAt), desc(providerNotifications.id))
        .limit(1),
  );
  if (!p) return null;
  const badge = detailsStatus(p.statusCode);
  const located = p.lat !== null && p.lng !== null;
  return {
    id: p.id,
    name: p.name,
    sp_users: staff.map(fullName).join(', '),
    staff: staff.map((u) => ({ id: u.id, full_name: fullName(u) })),
    status_code: p.statusCode,
    status_label: badge.label,
    status_colour: badge.colour,
    phone: p.phone,
    email: p.email,
    has_location: located,
    sp_location: located ? { lat: p.lat!, lng: p.lng!, address: addressLine(p) } : null,
    notification: last
      ? {
          id: last.id,
          status: last.status,
          created_at: last.createdAt.toISOString(),
          sent_at: last.sentAt?.toISOString() ?? null,
        }
      : null,
  };
}
