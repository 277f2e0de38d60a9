/** Assigning a provider (and its staff) to a project, and 'Notify Service Provider'. */
import { and, desc, eq, inArray, notExists, sql } from 'drizzle-orm';
import {
  isAssignable,
  PROVIDER_TEXT,
  type NotifyProviderResult,
  type ProviderAssign,
  type ProjectView,
} from '@siteflow/core';
import type { z } from 'zod';
import { tenantUrl } from '../../config.js';
import { inTenant, type Actor, type Deps, type TenantContext } from '../../platform/context.js';
import type { Tx } from '../../platform/db/client.js';
import {
  outbox,
  projectProviderStaff,
  projects,
  providerNotifications,
  serviceProviders,
  users,
} from '../../platform/db/schema.js';
import { tenantJoin } from '../../platform/db/schema/columns.js';
import { invalid, notFound } from '../../platform/errors.js';
import type { OnCommit } from '../../platform/mail.js';
import { notificationsWithDelivery } from '../projects/provider-card.js';
import { findVisibleProject, lockVisibleProject, projectView, type ProjectRow } from '../projects/view.js';
import { addressLine, fullName, providerNotificationMail } from './present.js';

type AssignData = z.output<typeof ProviderAssign>;
type MailDeps = Pick<Deps, 'db' | 'config' | 'outbox'>;

/** A 422 whose message is the field's own text (the screens show it as the notification). */
const refused = (field: string, message: string) => invalid({ [field]: [message] }, message);

/**
 * E-mails the provider about the project: its own address and the staff assigned to the project
 * (active ones), one message each, through the outbox. The notification follows the first
 * message (the provider's own address when it has one): its status is that message's.
 */
async function sendNotification(
  deps: MailDeps,
  tx: Tx,
  onCommit: OnCommit,
  tenant: TenantContext,
  actor: Actor,
  p: ProjectRow,
  providerId: string,
  field: string,
): Promise<NotifyProviderResult> {
  const [provider] = await tx.select().from(serviceProviders).where(eq(serviceProviders.id, providerId));
  if (!provider) throw refused(field, PROVIDER_TEXT.noProviderToNotify);
  const staff = await tx
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(projectProviderStaff)
    .innerJoin(users, tenantJoin(projectProviderStaff, projectProviderStaff.userId, users))
    .where(
      and(eq(projectProviderStaff.projectId, p.id), eq(users.active, true), eq(users.serviceProviderId, providerId)),
    )
    .orderBy(users.firstName, users.lastName);
  const recipients = [
    ...new Set(
      [provider.email, ...staff.map((s) => s.email)].filter((e): e is string => !!e).map((e) => e.toLowerCase()),
    ),
  ];
  if (!recipients.length) throw refused(field, PROVIDER_TEXT.noProviderEmail);

  const mail = providerNotificationMail({
    companyName: tenant.name,
    providerName: provider.name,
    project: { code: p.code, name: p.name, startDate: p.startDate, endDate: p.endDate, address: addressLine(p) },
    link: `${tenantUrl(deps.config, tenant.slug)}/projects/${p.id}/show`,
    staff: staff.map(fullName),
  });
  for (const to of recipients) await deps.outbox.email(tx, onCommit, tenant.id, { to, ...mail });
  // The outbox row just written for the first recipient: ours is the newest pending one to that
  // address with this subject that no notification records yet (others' uncommitted rows are invisible).
  const [message] = await tx
    .select({ id: outbox.id, status: outbox.status, createdAt: outbox.createdAt, sentAt: outbox.sentAt })
    .from(outbox)
    .where(
      and(
        eq(outbox.to, recipients[0]!),
        eq(outbox.subject, mail.subject),
        eq(outbox.status, 'pending'),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(providerNotifications)
            .where(eq(providerNotifications.outboxId, outbox.id)),
        ),
      ),
    )
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(1);
  const [row] = await tx
    .insert(providerNotifications)
    .values({ tenantId: tenant.id, projectId: p.id, providerId, outboxId: message!.id, sentBy: actor.userId })
    .returning();
  return { id: row!.id, status: message!.status, created_at: row!.createdAt.toISOString(), sent_at: null };
}

/**
 * Assigns the provider and the chosen staff of it, replacing the previous provider and staff; with
 * send_email_sp the provider is e-mailed in the same transaction. Answers the refreshed project.
 */
export const assignProvider = (
  deps: MailDeps,
  tenant: TenantContext,
  actor: Actor,
  projectId: number,
  input: AssignData,
): Promise<ProjectView> =>
  inTenant(deps, tenant.id, async (tx, onCommit) => {
    const p = await lockVisibleProject(tx, actor, projectId);
    const [provider] = await tx
      .select({ id: serviceProviders.id, status: serviceProviders.statusCode })
      .from(serviceProviders)
      .where(eq(serviceProviders.id, input.service_provider));
    if (!provider || provider.status === 'deleted') throw refused('service_provider', PROVIDER_TEXT.noProviderChosen);
    if (!isAssignable(p.status)) throw refused('service_provider', PROVIDER_TEXT.notAssignable);
    const staffIds = [...new Set(input.service_provider_staff)];
    if (staffIds.length) {
      const found = await tx
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            inArray(users.id, staffIds),
            eq(users.serviceProviderId, provider.id),
            inArray(users.role, ['sp_admin', 'sp_employee']),
            eq(users.active, true),
          ),
        );
      if (found.length !== staffIds.length) throw refused('service_provider_staff', PROVIDER_TEXT.staffNotOfProvider);
    }
    await tx
      .update(projects)
      .set({ serviceProviderId: provider.id, updatedAt: sql`now()` })
      .where(eq(projects.id, p.id));
    await tx.delete(projectProviderStaff).where(eq(projectProviderStaff.projectId, p.id));
    if (staffIds.length)
      await tx
        .insert(projectProviderStaff)
        .values(staffIds.map((userId) => ({ tenantId: tenant.id, projectId: p.id, userId })));
    if (input.send_email_sp) await sendNotification(deps, tx, onCommit, tenant, actor, p, provider.id, 'send_email_sp');
    return projectView(tx, actor, p.id);
  });

export const notifyProvider = (
  deps: MailDeps,
  tenant: TenantContext,
  actor: Actor,
  projectId: number,
): Promise<NotifyProviderResult> =>
  inTenant(deps, tenant.id, async (tx, onCommit) => {
    const p = await lockVisibleProject(tx, actor, projectId);
    if (!p.serviceProviderId) throw refused('service_provider', PROVIDER_TEXT.noProviderToNotify);
    return sendNotification(deps, tx, onCommit, tenant, actor, p, p.serviceProviderId, 'service_provider');
  });

/** Where a notification is: pending until the queue has delivered it, then sent (or failed). */
export const notificationStatus = (
  deps: Pick<Deps, 'db'>,
  tenant: TenantContext,
  actor: Actor,
  projectId: number,
  notificationId: string,
): Promise<NotifyProviderResult> =>
  inTenant(deps, tenant.id, async (tx) => {
    await findVisibleProject(tx, actor, projectId);
    const [row] = await notificationsWithDelivery(tx).where(
      and(eq(providerNotifications.id, notificationId), eq(providerNotifications.projectId, projectId)),
    );
    if (!row) throw notFound('The notification');
    return {
      id: row.id,
      status: row.status,
      created_at: row.createdAt.toISOString(),
      sent_at: row.sentAt?.toISOString() ?? null,
    };
  });
