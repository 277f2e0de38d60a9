/** The provider card of a project's Location of Work (ProjectView.service_provider). */
import { sql } from 'drizzle-orm';
import { addressLine, detailsStatus, fullName, type ProjectProviderView } from '@siteflow/core';
import type { Exec } from '../../platform/db/client.js';
import type { Located } from '../geo/location.js';
import {
  outbox,
  projectProviderStaff,
  projects,
  providerNotifications,
  serviceProviders,
  users,
} from '../../platform/db/schema.js';
import { tenantJoin } from '../../platform/db/schema/columns.js';

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

type CardProvider = Located & {
  id: string;
  name: string;
  statusCode: string;
  phone: string | null;
  email: string | null;
  /** Its staff on the project, by name. */
  staff: { id: string; firstName: string; lastName: string }[];
  /** The provider's last notification about the project, with its e-mail's delivery. */
  last: { id: string; createdAt: string; status: string; sentAt: string | null } | null;
};

/**
 * The provider card as one JSON column of the project view's statement (a correlated subquery on
 * `projects`): null without a provider; no query of its own whatever the staff count.
 */
export function providerCardColumn() {
  const staff = sql`(select coalesce(json_agg(json_build_object('id', ${users.id}, 'firstName', ${users.firstName}, 'lastName', ${users.lastName})
      order by ${users.firstName}, ${users.lastName}, ${users.id}), '[]'::json)
    from ${projectProviderStaff} join ${users} on ${users.tenantId} = ${projectProviderStaff.tenantId} and ${users.id} = ${projectProviderStaff.userId}
    where ${projectProviderStaff.tenantId} = ${projects.tenantId} and ${projectProviderStaff.projectId} = ${projects.id})`;
  const last = sql`(select json_build_object('id', ${providerNotifications.id}, 'createdAt', ${providerNotifications.createdAt}, 'status', ${outbox.status}, 'sentAt', ${outbox.sentAt})
    from ${providerNotifications} join ${outbox} on ${outbox.tenantId} = ${providerNotifications.tenantId} and ${outbox.id} = ${providerNotifications.outboxId}
    where ${providerNotifications.tenantId} = ${projects.tenantId} and ${providerNotifications.projectId} = ${projects.id}
      and ${providerNotifications.providerId} = ${projects.serviceProviderId}
    order by ${providerNotifications.createdAt} desc, ${providerNotifications.id} desc limit 1)`;
  return sql<CardProvider | null>`(select json_build_object('id', ${serviceProviders.id}, 'name', ${serviceProviders.name}, 'statusCode', ${serviceProviders.statusCode},
      'phone', ${serviceProviders.phone}, 'email', ${serviceProviders.email}, 'street', ${serviceProviders.street}, 'suburb', ${serviceProviders.suburb},
      'state', ${serviceProviders.state}, 'postcode', ${serviceProviders.postcode}, 'lat', ${serviceProviders.lat}, 'lng', ${serviceProviders.lng},
      'staff', ${staff}, 'last', ${last})
    from ${serviceProviders} where ${serviceProviders.tenantId} = ${projects.tenantId} and ${serviceProviders.id} = ${projects.serviceProviderId})`;
}

/** The card from providerCardColumn's JSON. */
export function projectProviderCard(p: CardProvider | null): ProjectProviderView | null {
  if (!p) return null;
  const { staff, last } = p;
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
          status: last.status as NonNullable<ProjectProviderView['notification']>['status'],
          created_at: new Date(last.createdAt).toISOString(),
          sent_at: last.sentAt ? new Date(last.sentAt).toISOString() : null,
        }
      : null,
  };
}
