import { and, eq, gte, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { CERTIFICATE_REMINDER_DAYS, formatCertificateExpiry, renderMessage } from '@siteflow/core';
import { tenantUrl, type Config } from '../../config.js';
import type { Clock } from '../../platform/clock.js';
import { inTenant } from '../../platform/context.js';
import type { Db } from '../../platform/db/client.js';
import { certificates, certificateTypes, serviceProviders, tenants, users } from '../../platform/db/schema.js';
import { tenantJoin } from '../../platform/db/schema/columns.js';
import type { Outbox } from '../../platform/mail.js';
import { certificateToday } from './service.js';

export const CERTIFICATE_REMINDER_QUEUE = 'certificate-reminders';
/** Daily at 06:00 company time (the job's tz, certificates/jobs.ts; Brisbane days are what count, see certificateToday). */
export const CERTIFICATE_REMINDER_CRON = '0 6 * * *';

const [FIRST, LAST] = CERTIFICATE_REMINDER_DAYS; // 30, 7
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

export type ReminderDeps = { db: Db; outbox: Outbox; clock: Clock; config: Pick<Config, 'appUrl'> };

/**
 * Beyond the spec: e-mail reminders before a mandatory certificate expires. For every tenant, the
 * certificates whose type is (active and) mandatory for their owner kind and that decide validity
 * (no certificate of the same type and owner expires later), and whose expiry is
 * - within 30 days but more than 7 days away, without reminded_30_at: the 30-day reminder;
 * - within 7 days (today included), without reminded_7_at: the 7-day reminder.
 * The owner is told (a user: their e-mail; a provider: its e-mail and its active sp_admin users) and,
 * for providers, the tenant's active company admins. The messages go through the outbox in the
 * same transaction that sets reminded_*_at, so each is sent once; renewing (changing the expiry)
 * clears both marks. Returns how many certificates were reminded about. `tenantIds` narrows the
 * sweep (tests; a re-run for one company).
 */
export async function sendCertificateReminders(
  deps: ReminderDeps,
  opts: { tenantIds?: string[] } = {},
): Promise<number> {
  const now = deps.clock.now();
  const today = certificateToday(deps.clock, now);
  const soon = addDays(today, FIRST);
  const week = addDays(today, LAST);
  const all = await deps.db
    .select({ id: tenants.id, slug: tenants.slug })
    .from(tenants)
    .where(and(eq(tenants.kind, 'customer'), opts.tenantIds ? inArray(tenants.id, opts.tenantIds) : undefined));
  let sent = 0;
  for (const tenant of all) {
    sent += await inTenant(deps, tenant.id, async (tx, onCommit) => {
      const later = alias(certificates, 'later');
      const due = await tx
        .select({
          id: certificates.id,
          expiry: certificates.expiry,
          name: certificates.name,
          licenseNumber: certificates.licenseNumber,
          userId: certificates.userId,
          providerId: certificates.providerId,
          typeName: certificateTypes.name,
          userEmail: users.email,
          userFirstName: users.firstName,
          userLastName: users.lastName,
          userActive: users.active,
          providerName: serviceProviders.name,
          providerEmail: serviceProviders.email,
        })
        .from(certificates)
        .innerJoin(certificateTypes, tenantJoin(certificates, certificates.typeId, certificateTypes))
        .leftJoin(users, tenantJoin(certificates, certificates.userId, users))
        .leftJoin(serviceProviders, tenantJoin(certificates, certificates.providerId, serviceProviders))
        .where(
          and(
            eq(certificateTypes.active, true),
            or(
              and(isNotNull(certificates.userId), eq(certificateTypes.mandatoryForUsers, true)),
              and(isNotNull(certificates.providerId), eq(certificateTypes.mandatoryForProviders, true)),
            ),
            gte(certificates.expiry, today),
            lte(certificates.expiry, soon),
            or(
              and(sql`${certificates.expiry} > ${week}`, isNull(certificates.reminded30At)),
              and(lte(certificates.expiry, week), isNull(certificates.reminded7At)),
            ),
            sql`not exists (select 1 from ${certificates} ${later} where ${later.tenantId} = ${certificates.tenantId} and ${later.typeId} = ${certificates.typeId}
              and ${later.userId} is not distinct from ${certificates.userId} and ${later.providerId} is not distinct from ${certificates.providerId}
              and ${later.expiry} > ${certificates.expiry})`,
          ),
        )
        .orderBy(certificates.expiry)
        .for('update', { of: certificates, skipLocked: true });
      if (!due.length) return 0;

      // Who else is told about providers' certificates: two queries for the whole batch.
      const providerIds = [...new Set(due.flatMap((d) => (d.providerId ? [d.providerId] : [])))];
      const spAdmins = providerIds.length
        ? await tx
            .select({ providerId: users.serviceProviderId, email: users.email })
            .from(users)
            .where(
              and(inArray(users.serviceProviderId, providerIds), eq(users.role, 'sp_admin'), eq(users.active, true)),
            )
        : [];
      const admins = providerIds.length
        ? await tx
            .select({ email: users.email })
            .from(users)
            .where(and(eq(users.role, 'company_admin'), eq(users.active, true)))
        : [];

      const base = tenantUrl(deps.config, tenant.slug);
      for (const c of due) {
        const expiry = c.expiry!;
        const days = daysBetween(today, expiry);
        const isWeek = expiry <= week;
        const ownerName = c.userId ? `${c.userFirstName ?? ''} ${c.userLastName ?? ''}`.trim() : (c.providerName ?? '');
        const recipients = c.userId
          ? c.userActive && c.userEmail
            ? [c.userEmail]
            : []
          : [
              c.providerEmail,
              ...spAdmins.filter((a) => a.providerId === c.providerId).map((a) => a.email),
              ...admins.map((a) => a.email),
            ];
        const to = [
          ...new Set(
            recipients
              .filter((e): e is string => !!e)
              .map((e) => e.trim().toLowerCase())
              .filter(Boolean),
          ),
        ];
        const link = c.userId
          ? `${base}/users/${c.userId}/certifications`
          : `${base}/service-providers/${c.providerId}/certifications`;
        const when = days === 0 ? 'today' : days === 1 ? 'tomorrow' : `in ${days} days`;
        const subject = `${c.typeName} expires ${when}`;
        const what = [c.name, c.licenseNumber ? `licence ${c.licenseNumber}` : null].filter(Boolean).join(', ');
        const line = `The ${c.typeName} certificate${what ? ` (${what})` : ''} of ${ownerName} expires on ${formatCertificateExpiry(expiry)}, ${when}. It is mandatory: renew it and record the new certificate.`;
        const body = renderMessage(['Hello,', line, { label: 'Certifications', url: link }]);
        for (const address of to) await deps.outbox.email(tx, onCommit, tenant.id, { to: address, subject, ...body });
        await tx
          .update(certificates)
          .set(
            isWeek
              ? {
                  reminded7At: now,
                  reminded30At: sql`coalesce(${certificates.reminded30At}, ${now.toISOString()}::timestamptz)`,
                }
              : { reminded30At: now },
          )
          .where(eq(certificates.id, c.id));
      }
      return due.length;
    });
  }
  return sent;
}
